// The tutorial's section headings (English), by section id: the page's headings (page.js) and the quiz's
// ‘learn it in the tutorial’ links (pe-ffn-quiz.js) name a section with the same words.
export default {
  why: '1. Why a Transformer needs position information',
  naive: '2. The simplest idea: add the position number itself?',
  formula: '3. The formula is long, the meaning is simple',
  waves: '4. Sine and cosine turn a position into a combination of waves',
  clock: '5. Understanding it with a clock',
  add: '6. The position vector is added to the token embedding',
  relative: '7. Why sine and cosine together: relative position',
  learned: '8. How it differs from learned position embeddings',
  compare: '8-1. Side by side: sinusoidal, learned, RoPE',
  lab: '8-2. The position lab: train a model and see whether it learns order',
  pitfalls: '9. What beginners easily miss in the formula',
  ffn: '10. The feed-forward network (FFN): a one-to-one session per word',
  block: '11. The flow inside one block: one station of a conveyor belt',
  tradeoff: '12. Weighing performance against cost (the trade-off)',
  practice: '13. How it is used in practice',
  summary: '14. Summary',
  glossary: 'Glossary (Korean · English)',
};

// Picks the questions of one quiz: buildQuizSet(bank, core, { topic, count, seed }) draws `count`
// questions for a topic from the bank and from generated practice, in an order fixed by the seed, so
// a share link with the same seed and topic gives the same quiz. A count the teacher asked for always
// wins; without one a topic gives DEFAULT_COUNT questions, a `whole` topic all of its pool.
// choiceOrder() gives the seeded display order of a question's choices (grading still uses the
// original choice numbers).
import { createRandom, hashSeed } from './prng.js';
import { generate, normalizeSeed, TOPICS } from './generate.js';
import { QUIZ_COUNT } from './limits.js';

const PE_SECTIONS = ['000-1', '000-2', '000-3', '000-4', '000-5', '000-6', '000-7', '000-8', '000-9', '000-10', '001-0', '001-1', '001-2', '001-llm'];
// Learned tables and RoPE: the tutorial's section that sets them beside the sinusoid asks these.
const ROPE_SECTIONS = ['000-7', '001-llm'];
const ROPE_TOPICS = ['rope-angle', 'rope-columns', 'learned-params', 'learned-past'];
const FFN_SECTIONS = ['001-3', '001-4', '001-why', '001-how', '001-summary'];
/** Questions in a quiz when no count is asked for (the element's and the package command's default). */
export const DEFAULT_COUNT = QUIZ_COUNT.default;

/**
 * Named topics. `sections`: bank sections to draw from (null = all, [] = none); `origin`: only
 * questions of that origin; `generate`: generation topics mixed in; `share`: the part of the quiz
 * that is generated (1 = all); `ordered`: keep the bank's order (the documents' own sequence);
 * `whole`: without a count, every question of the pool (the documents' 12 examples); with one, the
 * first `count` of them.
 * Null-prototype: a topic named like an Object.prototype member ("constructor") is just unknown.
 */
export const QUIZ_TOPICS = Object.assign(Object.create(null), {
  all: { sections: null, generate: TOPICS, share: 0.3 },
  document: { sections: null, origin: 'document', generate: [], ordered: true, whole: true },
  pe: { sections: PE_SECTIONS, generate: ['pe-value', 'pe-column', 'pe-rotation', ...ROPE_TOPICS], share: 0.3 },
  rope: { sections: ROPE_SECTIONS, generate: ROPE_TOPICS, share: 0.3 },
  ffn: { sections: FFN_SECTIONS, generate: ['ffn-params', 'ffn-dff', 'ffn-forward', 'attention', 'attention-causal', 'softmax-row', 'layer-norm', 'block-params'], share: 0.3 },
  lab: { sections: ['lab'], generate: ['lab-params', 'lab-bound', 'lab-causal-share'], share: 0.4 },
  practice: { sections: [], generate: TOPICS, share: 1 },
});

/** What a topic name means: a named topic, a generation topic, or a bank section id. Null if unknown. */
export function resolveTopic(topic, bank) {
  const name = String(topic || 'all').trim();
  if (Object.hasOwn(QUIZ_TOPICS, name)) return { name, ...QUIZ_TOPICS[name] };
  if (TOPICS.includes(name)) return { name, sections: [], generate: [name], share: 1 };
  if ((bank.sections || []).some((s) => s.id === name)) return { name, sections: [name], generate: [], share: 0 };
  return null;
}

/**
 * Returns { questions, topic, known } for a quiz. Unknown topics fall back to 'all' (known: false).
 * `count` undefined: the topic's default (the whole pool of a `whole` topic, else DEFAULT_COUNT).
 * Generated questions need `core`; for a custom bank pass { generated: false } to use the bank only.
 */
export function buildQuizSet(bank, core, { topic = 'all', count: asked, seed = 1, generated = true } = {}) {
  const s = normalizeSeed(seed);
  let spec = resolveTopic(topic, bank);
  const known = spec !== null;
  if (!spec) spec = { name: 'all', ...QUIZ_TOPICS.all };
  const gen = generated && core ? spec.generate : [];
  const pool = bank.questions.filter((q) => (spec.sections === null || spec.sections.includes(q.section))
    && (!spec.origin || q.origin === spec.origin));
  const count = asked ?? (spec.whole ? pool.length : DEFAULT_COUNT);
  const rnd = createRandom((s ^ hashSeed(spec.name)) >>> 0);
  let nGen = gen.length ? Math.round(count * (spec.share ?? 0)) : 0;
  const nBank = Math.min(count - nGen, pool.length);
  if (gen.length && nBank + nGen < count) nGen = count - nBank; // a small bank is topped up with practice
  const fromBank = spec.ordered ? pool.slice(0, nBank) : rnd.shuffle(pool).slice(0, nBank);
  const fromGen = nGen > 0 ? generate(core, { seed: s, count: nGen, topics: gen }) : [];
  const questions = spec.ordered ? [...fromBank, ...fromGen] : rnd.shuffle([...fromBank, ...fromGen]);
  return { questions, topic: spec.name, known };
}

/**
 * The seeded display order of a multiple-choice question's choices: an array of 1-based choice
 * numbers. The documents' own examples keep their order, so that their answers ("정답 2") still match.
 */
export function choiceOrder(q, seed) {
  const n = q.choices ? q.choices.length : 0;
  const order = Array.from({ length: n }, (_, i) => i + 1);
  if (q.origin === 'document') return order;
  return createRandom(hashSeed(`${normalizeSeed(seed)}:${q.id}`)).shuffle(order);
}

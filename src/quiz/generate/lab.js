// Generated questions on what the position lab (<pe-lab>) shows, registered in ../generate.js. Every
// answer comes from the training engine and is checked against the hand formula the question teaches:
//   lab-params        the parameter count of a lab-sized Transformer (core.createTransformer's
//                     paramCount), against the sum of its arrays' sizes; distractors leave out the
//                     learned table or the output layer
//   lab-bound         the most a position-blind bidirectional model gets right on reverse on average,
//                     E[largest count] / n (createTask's positionBlindBound), against a count over every
//                     possible input; a share to three decimals (26.8% is read as 0.268: the topic
//                     declares %, answer-words.js); the distractor is chance, 1/K
//   lab-causal-share  with the causal mask and equal scores, the weight the first token gets at
//                     position t: a model without positions whose query and key weights are zero,
//                     traced by the module, gives 1/(t + 1); distractors 1/t and 1/T (no mask)
// A generator takes (core, rnd) and returns the question's fields, as those of ../generate.js do.
import ko from '../../i18n/ko/quiz-lab.js';
import en from '../../i18n/en/quiz-lab.js';
import { fill } from '../localize.js';
import { createTask } from '../../js/tasks.js';
import { fixed, round3, thousands, check, bilingualFor } from './shared.js';
import { NORM, POSITION } from '../../js/defaults.js';
import { KIND } from '../kinds/index.js';

const bilingual = bilingualFor({ ko, en });
const VOCAB = 16;      // the lab's: 14 symbols, the separator and the query token
const LAB_T = 18;      // the lab's reverse of 8 symbols: | 8 symbols | 8 queries
const SHARE_TOLERANCE = 0.001; // a share to three decimals (or a percentage to one)

/** The arrays of the contract's Transformer (docs/API.md), summed by hand. */
function paramsByHand({ vocab, dModel: d, dFF: f, layers, position, maxLength, norm }) {
  const layer = 4 * d * d + 4 * d + 2 * d + d * f + f + f * d + d + 2 * d;
  return vocab * d + (position === POSITION.LEARNED ? maxLength * d : 0) + layers * layer + (norm === NORM.PRE ? 2 * d : 0) + d * vocab + vocab;
}

/** E[largest count] / n over every input of n symbols drawn from K, by enumeration. */
function boundByCount(K, n) {
  let total = 0;
  const counts = new Array(K).fill(0);
  const digits = new Array(n).fill(0);
  for (let i = 0; i < K ** n; i++) {
    counts.fill(0);
    for (let j = 0, x = i; j < n; j++, x = Math.floor(x / K)) digits[j] = x % K;
    for (const s of digits) counts[s]++;
    total += Math.max(...counts);
  }
  return total / K ** n / n;
}

export const LAB_GENERATORS = {
  'lab-params'(core, rnd) {
    const dModel = rnd.pick([16, 32, 64]);
    const dFF = rnd.pick([2 * dModel, 4 * dModel, 128]);
    const layers = rnd.int(1, 2);
    const position = rnd.pick([POSITION.SINUSOIDAL, POSITION.LEARNED, POSITION.ROPE, POSITION.NONE]);
    const config = { vocab: VOCAB, dModel, heads: 2, dFF, layers, position, maxLength: LAB_T };
    const model = core.createTransformer(config);
    const answer = model.paramCount;
    model.dispose();
    check(answer === paramsByHand({ ...config, norm: NORM.POST }), `paramCount ${JSON.stringify(config)}`);
    const perLayer = 4 * dModel * dModel + 2 * dModel * dFF + dFF + 9 * dModel;
    const table = position === POSITION.LEARNED ? LAB_T * dModel : 0;
    const v = {
      dModel, dFF, layers, position, T: LAB_T, vocab: VOCAB,
      embedding: thousands(VOCAB * dModel), table: thousands(table), perLayer: thousands(perLayer),
      blocks: thousands(layers * perLayer), output: thousands(dModel * VOCAB + VOCAB), total: thousands(answer),
    };
    const noTable = answer - table;
    const noOutput = answer - (dModel * VOCAB + VOCAB);
    return bilingual((s) => ({
      prompt: fill(s.params.prompt, { ...v, scheme: s.schemes[position] }),
      explanation: fill(position === POSITION.LEARNED ? s.params.explanationLearned : s.params.explanation, v),
      hints: [s.params.hint], unit: s.params.unit,
      distractors: [s.params.distractorTable, s.params.distractorOutput],
    }), { type: KIND.NUMBER, section: 'lab', difficulty: 3, tags: ['위치 실험실', '파라미터 수'], answer, tolerance: 0,
      params: { ...config } }, [{ match: position === POSITION.LEARNED ? noTable : NaN, misconception: 'lab-table-free' }, { match: noOutput }]);
  },

  'lab-bound'(core, rnd) {
    const K = rnd.pick([4, 6, 8, 14]);
    const n = rnd.pick([2, 3, 4]);
    const bound = createTask('reverse', { vocab: K + 2, length: n }).positionBlindBound;
    const counted = boundByCount(K, n);
    check(Math.abs(bound - counted) < 1e-12, `bound K=${K} n=${n}`);
    const answer = Math.round(1000 * counted) / 1000; // the exact count's rounding (a tie such as 0.5625 rounds up)
    const chance = Math.round(1000 / K) / 1000;
    const v = { K, n, bound: fixed(bound, 5), answer, chance, tolerance: SHARE_TOLERANCE, total: thousands(K ** n) };
    return bilingual((s) => ({
      prompt: fill(s.bound.prompt, v), explanation: fill(s.bound.explanation, v), hints: [fill(s.bound.hint, v)],
      distractors: [fill(s.bound.distractorChance, v)],
    }), { type: KIND.NUMBER, section: 'lab', difficulty: 3, tags: ['위치 실험실', '순열 등변성'], answer, tolerance: SHARE_TOLERANCE,
      params: { K, n, exact: bound } }, [{ match: chance, misconception: 'lab-blind-chance' }]);
  },

  'lab-causal-share'(core, rnd) {
    const t = rnd.int(3, 11);
    const T = t + 1 + rnd.int(1, 4);
    const model = core.createTransformer({ vocab: VOCAB, dModel: 8, heads: 2, layers: 1, position: POSITION.NONE, causal: true, maxLength: T, seed: rnd.int(0, 1000) });
    for (const name of ['layers.0.wq', 'layers.0.bq', 'layers.0.wk', 'layers.0.bk']) model.setParameter(name, new Float32Array(model.getParameter(name).length));
    const tokens = Array.from({ length: T }, (_, i) => (i === 0 ? 0 : 2 + rnd.int(0, 13)));
    const { trace } = model.forward(tokens, { batch: 1, trace: true });
    model.dispose();
    const weight = trace.layers[0].weights[t * T]; // head 0, row t, column 0
    check(Math.abs(weight - 1 / (t + 1)) < 1e-6, `weight at t=${t}`);
    const answer = round3(weight);
    const v = { t, T, t1: t + 1, weight: fixed(1 / (t + 1), 4), tolerance: SHARE_TOLERANCE };
    return bilingual((s) => ({
      prompt: fill(s.share.prompt, v), explanation: fill(s.share.explanation, v), hints: [fill(s.share.hint, v)],
      distractors: [fill(s.share.distractorSelf, v), fill(s.share.distractorAll, v)],
    }), { type: KIND.NUMBER, section: 'lab', difficulty: 2, tags: ['위치 실험실', '인과 마스크'], answer, tolerance: SHARE_TOLERANCE,
      params: { t, T, exact: 1 / (t + 1) } }, [{ match: round3(1 / t), misconception: 'lab-mask-self' }, { match: round3(1 / T) }]);
  },
};

// Generated questions on the encoder block (issue 16), registered in ../generate.js. Every answer is
// computed by the wasm module and checked against the hand formula the question teaches:
//   attention-causal  (i, j) pairs with a non-zero weight: n² without a mask, n(n + 1)/2 with the
//                     causal mask, counted in the trace of core.createEncoderBlock
//   softmax-row       one row of attention weights from given scores: a one-dimensional block whose
//                     query is 1 and whose keys are the scores, so that s_0u = s_u exactly
//   layer-norm        LayerNorm of a four-value vector, by core.layerNorm, worked by hand
//   block-params      4d² + 2·d·d_ff + d_ff + 9d, read from block.paramCount (BERT-base: 7,087,872)
// A generator takes (core, rnd) and returns the question's fields, as those of ../generate.js do.
import ko from '../../i18n/ko/quiz-block.js';
import en from '../../i18n/en/quiz-block.js';
import { fill } from '../localize.js';
import { fixed, round3, thousands, vec, check, bilingualFor } from './shared.js';
import { KIND } from '../kinds/index.js';

const bilingual = bilingualFor({ ko, en });
const TOLERANCE = 0.001;

/** True when x is within 5e-5 of a rounding boundary of the third decimal (the float32 answer and a
 * double-precision one could then round apart). */
const nearBoundary = (x) => Math.abs(((Math.abs(x) * 1000) % 1) - 0.5) < 0.05;

/** Seeded blocks' parameter counts, per module instance and size (BERT-base takes ~28 MB to build). */
const paramCounts = new WeakMap();
function blockParamCount(core, dModel, dFF, heads) {
  if (!paramCounts.has(core)) paramCounts.set(core, new Map());
  const cache = paramCounts.get(core);
  const key = `${dModel}x${dFF}`;
  if (!cache.has(key)) {
    const block = core.createEncoderBlock({ dModel, heads, dFF, seed: 0 });
    cache.set(key, block.paramCount);
    block.dispose();
  }
  return cache.get(key);
}

/** One forward with trace; returns the trace. */
function traceOf(core, options, x) {
  const block = core.createEncoderBlock(options);
  try {
    return block.forward(x, { trace: true }).trace;
  } finally {
    block.dispose();
  }
}

export const BLOCK_GENERATORS = {
  'attention-causal'(core, rnd) {
    const n = rnd.next() < 0.25 ? 10 : rnd.int(3, 40);
    const causal = rnd.next() < 0.7;
    // A small seeded block: every allowed pair gets a weight above 0, every masked one exactly 0.
    const trace = traceOf(core, { dModel: 4, heads: 1, dFF: 4, causal, seed: n }, new Float32Array(n * 4).fill(0.5));
    let kept = 0;
    for (const w of trace.weights) if (w !== 0) kept++;
    const total = trace.scores.length;
    check(total === n * n && kept === (causal ? (n * (n + 1)) / 2 : n * n), `pairs of ${n} tokens`);
    const answer = kept;
    const matches = causal ? [n * n, (n * (n - 1)) / 2] : [(n * (n + 1)) / 2];
    return bilingual((s) => {
      const v = { n, last: n - 1, kept: thousands(kept), total: thousands(total), masked: thousands(total - kept) };
      const c = s.causal;
      return {
        prompt: fill(causal ? c.promptCausal : c.promptFull, v),
        explanation: fill(causal ? c.explanationCausal : c.explanationFull, v),
        hints: [causal ? c.hintCausal : c.hintFull], unit: c.unit,
        distractors: causal ? [fill(c.distractorNoMask, v), c.distractorNoSelf] : [c.distractorMasked],
      };
    }, { type: KIND.NUMBER, section: '001-how', difficulty: causal ? 2 : 1, tags: ['셀프 어텐션', '인과 마스크', '계산'],
      answer, tolerance: 0, params: { n, causal } }, matches.map((match) => ({ match })));
  },

  'softmax-row'(core, rnd) {
    let scores;
    let weights;
    let token;
    for (let attempt = 0; attempt < 100; attempt++) {
      const count = rnd.int(3, 4);
      scores = Array.from({ length: count }, () => rnd.int(-4, 6) / 2);
      token = rnd.int(0, count - 1);
      // dModel = 1: Q_t = 0·x + 1 = 1 and K_u = 1·x_u + 0 = s_u, so row 0's scores are the s_u themselves.
      const one = new Float32Array([1]);
      const zero = new Float32Array([0]);
      const trace = traceOf(core, {
        dModel: 1, heads: 1, dFF: 1, wq: zero, bq: one, wk: one, bk: zero, wv: one, wo: one, w1: one, w2: one,
      }, new Float32Array(scores));
      weights = Array.from(trace.weights.subarray(0, count));
      const exps = scores.map(Math.exp);
      const sum = exps.reduce((a, b) => a + b, 0);
      check(weights.every((w, j) => Math.abs(w - exps[j] / sum) < 1e-6), `softmax of ${vec(scores)}`);
      if (new Set(scores).size > 1 && !nearBoundary(weights[token])) break;
    }
    const count = scores.length;
    const exps = scores.map(Math.exp);
    const sum = exps.reduce((a, b) => a + b, 0);
    const answer = round3(weights[token]);
    const scoreSum = scores.reduce((a, b) => a + b, 0);
    const matches = [scoreSum !== 0 ? round3(scores[token] / scoreSum) : NaN, round3(1 / count)];
    return bilingual((s) => {
      const v = { count, token, scores: vec(scores), exps: vec(exps.map((e) => fixed(e, 4))), sum: fixed(sum, 4),
        weights: vec(weights.map((w) => fixed(w, 4))), exact: fixed(weights[token], 6), rounded: fixed(answer, 3), tolerance: TOLERANCE };
      return {
        prompt: `${fill(s.softmax.prompt, v)} ${fill(s.roundingNote, v)}`,
        explanation: fill(s.softmax.explanation, v), hints: [s.softmax.hint],
        distractors: [s.softmax.distractorRatio, fill(s.softmax.distractorUniform, v)],
      };
    }, { type: KIND.NUMBER, section: '001-4', difficulty: 2, tags: ['셀프 어텐션', '소프트맥스', '계산'],
      answer, tolerance: TOLERANCE, params: { scores, token, exact: weights[token] } }, matches.map((match) => ({ match })));
  },

  'layer-norm'(core, rnd) {
    let z;
    let out;
    let index;
    for (let attempt = 0; attempt < 100; attempt++) {
      z = Array.from({ length: 4 }, () => rnd.int(-3, 8));
      // A whole-number mean keeps the hand calculation short.
      z[3] += (4 - (z.reduce((a, b) => a + b, 0) % 4)) % 4;
      index = rnd.int(0, 3);
      out = Array.from(core.layerNorm(new Float32Array(z), 4));
      if (new Set(z).size > 1 && !nearBoundary(out[index])) break;
    }
    const mean = z.reduce((a, b) => a + b, 0) / 4;
    const variance = z.reduce((a, b) => a + (b - mean) ** 2, 0) / 4;
    const std = Math.sqrt(variance + 1e-5);
    const byHand = z.map((v) => (v - mean) / std);
    check(out.every((y, j) => Math.abs(y - byHand[j]) < 1e-5), `LayerNorm of ${vec(z)}`);
    const answer = round3(out[index]);
    const matches = [round3((z[index] - mean) / Math.sqrt((variance * 4) / 3 + 1e-5)), z[index] - mean];
    return bilingual((s) => {
      const v = { z: vec(z), index, which: s.layerNorm.ordinals[index], mean: fixed(mean, 4), variance: fixed(variance, 4),
        std: fixed(std, 4), zi: z[index], exact: fixed(out[index], 6), rounded: fixed(answer, 3),
        sumText: z.join(' + ').replace(/\+ -/g, '− '), squares: z.map((x) => (x >= mean ? `${fixed(x - mean, 4)}²` : `(${fixed(x - mean, 4)})²`)).join(' + '),
        all: vec(out.map((y) => fixed(y, 3))), tolerance: TOLERANCE };
      return {
        prompt: `${fill(s.layerNorm.prompt, v)} ${fill(s.roundingNote, v)}`,
        explanation: fill(s.layerNorm.explanation, v), hints: [s.layerNorm.hint],
        distractors: [s.layerNorm.distractorUnbiased, s.layerNorm.distractorNoScale],
      };
    }, { type: KIND.NUMBER, section: '001-4', difficulty: 3, tags: ['층 정규화', '계산'],
      answer, tolerance: TOLERANCE, params: { z, index, exact: out[index] } }, matches.map((match) => ({ match })));
  },

  'block-params'(core, rnd) {
    const bert = rnd.next() < 0.3;
    const dModel = bert ? 768 : rnd.pick([32, 64, 128, 256, 512]);
    const dFF = bert ? 3072 : dModel * rnd.pick([4, 4, 2]);
    const heads = bert ? 12 : rnd.pick([2, 4, 8]);
    const total = blockParamCount(core, dModel, dFF, heads);
    const attW = 4 * dModel * dModel;
    const ffn = 2 * dModel * dFF + dFF + dModel;
    check(total === attW + 4 * dModel + ffn + 4 * dModel, `paramCount ${dModel}x${dFF}`);
    const matches = [total - 4 * dModel, attW + 2 * dModel * dFF];
    return bilingual((s) => {
      const v = { dModel, dFF, heads, attW: thousands(attW), attB: thousands(4 * dModel), ffn: thousands(ffn),
        ln: thousands(4 * dModel), total: thousands(total) };
      return {
        prompt: fill(bert ? s.params.promptBert : s.params.prompt, v), explanation: fill(s.params.explanation, v),
        hints: [s.params.hint], unit: s.params.unit,
        distractors: [fill(s.params.distractorNoNorm, v), s.params.distractorNoBias],
      };
    }, { type: KIND.NUMBER, section: '001-4', difficulty: bert ? 2 : 3, tags: ['파라미터 수', '인코더 블록'],
      answer: total, tolerance: 0, params: { dModel, dFF, heads } }, matches.map((match) => ({ match })));
  },
};

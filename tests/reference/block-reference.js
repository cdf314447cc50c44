// Independent double-precision references for layer normalisation and the encoder block, written
// from the formulas of API.md ("Layer normalisation", "Encoder block"), sharing no code with src/.
// Slow and simple on purpose: every intermediate stays a double.
import { activationsRef, mulberry32 } from './reference.js';
import { ropeRef } from './rope-reference.js';

/** Each row of dModel values: (z - mean) / sqrt(var + eps) * gamma + beta, var biased. */
export function layerNormRef(x, dModel, { gamma, beta, eps = 1e-5 } = {}) {
  const out = new Float64Array(x.length);
  for (let r = 0; r < x.length / dModel; r++) {
    let mean = 0;
    for (let j = 0; j < dModel; j++) mean += x[r * dModel + j];
    mean /= dModel;
    let variance = 0;
    for (let j = 0; j < dModel; j++) variance += (x[r * dModel + j] - mean) ** 2;
    variance /= dModel;
    const scale = 1 / Math.sqrt(variance + eps);
    for (let j = 0; j < dModel; j++) {
      out[r * dModel + j] = (x[r * dModel + j] - mean) * scale * (gamma ? gamma[j] : 1) + (beta ? beta[j] : 0);
    }
  }
  return out;
}

/** y (rows, n) = x (rows, k) W (k, n) + b, in double. */
export function linear(x, w, b, rows, k, n) {
  const y = new Float64Array(rows * n);
  for (let i = 0; i < rows; i++) {
    for (let c = 0; c < n; c++) y[i * n + c] = b ? b[c] : 0;
    for (let m = 0; m < k; m++) {
      const xm = x[i * k + m];
      for (let c = 0; c < n; c++) y[i * n + c] += xm * w[m * n + c];
    }
  }
  return y;
}

const add = (a, b) => a.map((v, i) => v + b[i]);

/** ALiBi's slope of head h of `heads` (API.md, "Training a small Transformer"): 2^(-8 (h + 1) / heads). */
export const alibiSlopeRef = (h, heads) => Math.pow(2, (-8 * (h + 1)) / heads);

/**
 * The block of API.md in double: returns { output, trace: { q, k, v, scores, weights, attention, h1,
 * hidden, ffn }, saved: { a, concat, z, preActivation } } as Float64Arrays (`saved`: the attention's
 * input, the heads' outputs before Wo, the FFN's input and its pre-activation, which a backward needs).
 * `weights` holds wq .. beta2 (missing biases zeros, gammas ones). The model's variants: `rope` rotates
 * Q and K after the bias (interleaved, base 10000, position t); `alibi` adds -m_h |i - j| to the scores.
 */
export function encoderBlockRef(x, { dModel, heads, dFF, activation = 'relu', norm = 'post', causal = false, eps = 1e-5, rope = false, alibi = false }, weights) {
  const w = weights;
  const T = x.length / dModel, E = dModel / heads;
  const act = activationsRef[activation];
  const ln = (z, g, b) => layerNormRef(z, dModel, { gamma: g, beta: b, eps });
  const xd = Float64Array.from(x);
  const a = norm === 'pre' ? ln(xd, w.gamma1, w.beta1) : xd;
  const rotate = (m) => (rope ? ropeRef(m, T, dModel, { headDim: E }) : m);
  const q = rotate(linear(a, w.wq, w.bq, T, dModel, dModel));
  const k = rotate(linear(a, w.wk, w.bk, T, dModel, dModel));
  const v = linear(a, w.wv, w.bv, T, dModel, dModel);
  const scores = new Float64Array(heads * T * T), probs = new Float64Array(heads * T * T);
  const concat = new Float64Array(T * dModel);
  for (let h = 0; h < heads; h++) {
    for (let i = 0; i < T; i++) {
      const row = (h * T + i) * T;
      let max = -Infinity;
      for (let j = 0; j < T; j++) {
        let dot = 0;
        for (let e = 0; e < E; e++) dot += q[i * dModel + h * E + e] * k[j * dModel + h * E + e];
        scores[row + j] = dot / Math.sqrt(E) - (alibi ? alibiSlopeRef(h, heads) * Math.abs(i - j) : 0);
        if (!causal || j <= i) max = Math.max(max, scores[row + j]);
      }
      let sum = 0;
      for (let j = 0; j < T; j++) if (!causal || j <= i) sum += Math.exp(scores[row + j] - max);
      for (let j = 0; j < T; j++) probs[row + j] = !causal || j <= i ? Math.exp(scores[row + j] - max) / sum : 0;
      for (let e = 0; e < E; e++) {
        let o = 0;
        for (let j = 0; j < T; j++) o += probs[row + j] * v[j * dModel + h * E + e];
        concat[i * dModel + h * E + e] = o;
      }
    }
  }
  const attention = linear(concat, w.wo, w.bo, T, dModel, dModel);
  const h1 = norm === 'post' ? ln(add(xd, attention), w.gamma1, w.beta1) : add(xd, attention);
  const z = norm === 'pre' ? ln(h1, w.gamma2, w.beta2) : h1;
  const preActivation = linear(z, w.w1, w.b1, T, dModel, dFF);
  const hidden = preActivation.map(act);
  const ffn = linear(hidden, w.w2, w.b2, T, dFF, dModel);
  const output = norm === 'post' ? ln(add(h1, ffn), w.gamma2, w.beta2) : add(h1, ffn);
  return { output, trace: { q, k, v, scores, weights: probs, attention, h1, hidden, ffn }, saved: { a, concat, z, preActivation } };
}

/** The seeded weights of API.md's encoder block: one stream, wq, bq, ..., w2, b2; gammas ones, betas zeros. */
export function seededBlockWeightsRef(dModel, dFF, seed = 0) {
  const next = mulberry32(seed);
  const draw = (n, fanIn) => Float32Array.from({ length: n }, () => (2 * next() - 1) / Math.sqrt(fanIn));
  const w = {};
  for (const name of ['q', 'k', 'v', 'o']) {
    w[`w${name}`] = draw(dModel * dModel, dModel);
    w[`b${name}`] = draw(dModel, dModel);
  }
  w.w1 = draw(dModel * dFF, dModel);
  w.b1 = draw(dFF, dModel);
  w.w2 = draw(dFF * dModel, dFF);
  w.b2 = draw(dModel, dFF);
  w.gamma1 = new Float32Array(dModel).fill(1);
  w.gamma2 = new Float32Array(dModel).fill(1);
  w.beta1 = new Float32Array(dModel);
  w.beta2 = new Float32Array(dModel);
  return w;
}

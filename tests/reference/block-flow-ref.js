// An independent double-precision encoder block for the tests of <block-flow> and the block quiz
// topics: written from API.md's "Layer normalisation" and "Encoder block" sections, sharing no code
// with src/. Slow and simple on purpose. Arrays come back as Float64Arrays with the trace's names.
import { ffnRef, mulberry32 } from './reference.js';

/** The seeded block weights of API.md: one stream, order wq bq wk bk wv bv wo bo w1 b1 w2 b2. */
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
  return w;
}

/** Row-wise LayerNorm in double, gamma ones and beta zeros unless given. */
export function layerNormRef(x, dModel, { eps = 1e-5, gamma, beta } = {}) {
  const out = new Float64Array(x.length);
  for (let r = 0; r < x.length / dModel; r++) {
    let mean = 0;
    for (let j = 0; j < dModel; j++) mean += x[r * dModel + j];
    mean /= dModel;
    let variance = 0;
    for (let j = 0; j < dModel; j++) variance += (x[r * dModel + j] - mean) ** 2;
    variance /= dModel;
    const inv = 1 / Math.sqrt(variance + eps);
    for (let j = 0; j < dModel; j++) {
      out[r * dModel + j] = (x[r * dModel + j] - mean) * inv * (gamma ? gamma[j] : 1) + (beta ? beta[j] : 0);
    }
  }
  return out;
}

/** a W + b for (tokens x n) a and (n x m) W. */
function linear(a, w, b, n, m) {
  const tokens = a.length / n;
  const out = new Float64Array(tokens * m);
  for (let t = 0; t < tokens; t++) {
    for (let o = 0; o < m; o++) {
      let s = b ? b[o] : 0;
      for (let i = 0; i < n; i++) s += a[t * n + i] * w[i * m + o];
      out[t * m + o] = s;
    }
  }
  return out;
}

/** Multi-head self-attention: { q, k, v, scores, weights, attention }. */
export function attentionRef(a, { dModel, heads, causal = false, wq, bq, wk, bk, wv, bv, wo, bo }) {
  const T = a.length / dModel;
  const hd = dModel / heads;
  const q = linear(a, wq, bq, dModel, dModel);
  const k = linear(a, wk, bk, dModel, dModel);
  const v = linear(a, wv, bv, dModel, dModel);
  const scores = new Float64Array(heads * T * T);
  const weights = new Float64Array(heads * T * T);
  const concat = new Float64Array(T * dModel);
  for (let h = 0; h < heads; h++) {
    for (let i = 0; i < T; i++) {
      const row = (h * T + i) * T;
      for (let j = 0; j < T; j++) {
        let s = 0;
        for (let c = h * hd; c < (h + 1) * hd; c++) s += q[i * dModel + c] * k[j * dModel + c];
        scores[row + j] = s / Math.sqrt(hd);
      }
      const last = causal ? i : T - 1;
      let m = -Infinity;
      for (let j = 0; j <= last; j++) m = Math.max(m, scores[row + j]);
      let sum = 0;
      for (let j = 0; j <= last; j++) sum += Math.exp(scores[row + j] - m);
      for (let j = 0; j <= last; j++) weights[row + j] = Math.exp(scores[row + j] - m) / sum;
      for (let c = h * hd; c < (h + 1) * hd; c++) {
        let o = 0;
        for (let j = 0; j <= last; j++) o += weights[row + j] * v[j * dModel + c];
        concat[i * dModel + c] = o;
      }
    }
  }
  return { q, k, v, scores, weights, attention: linear(concat, wo, bo, dModel, dModel) };
}

/** The whole block forward in double: { output, trace: { q, k, v, scores, weights, attention, h1, ffn, hidden } }. */
export function encoderBlockRef(x, { dModel, heads, dFF, activation = 'relu', norm = 'post', causal = false, eps = 1e-5, weights }) {
  const add = (a, b) => a.map((v, i) => v + b[i]);
  const ln = (z) => layerNormRef(z, dModel, { eps });
  const ffnOf = (z) => ffnRef(z, { dModel, dFF, activation, w1: weights.w1, b1: weights.b1, w2: weights.w2, b2: weights.b2 });
  const x64 = Float64Array.from(x);
  const attIn = norm === 'post' ? x64 : ln(x64);
  const att = attentionRef(attIn, { dModel, heads, causal, ...weights });
  const sum1 = add(x64, att.attention);
  const h1 = norm === 'post' ? ln(sum1) : sum1;
  const f = ffnOf(norm === 'post' ? h1 : ln(h1));
  const sum2 = add(h1, f.output);
  const output = norm === 'post' ? ln(sum2) : sum2;
  return { output, trace: { ...att, h1, ffn: f.output, hidden: f.hidden } };
}

const round3 = (x) => Math.round(x * 1000) / 1000;

/**
 * The answer of a generated encoder-block question (src/quiz/generate/block.js) from its params,
 * computed here in double precision; undefined for other topics.
 */
export function blockQuizAnswerRef({ params: p }) {
  switch (p.topic) {
    case 'attention-causal': return p.causal ? (p.n * (p.n + 1)) / 2 : p.n * p.n;
    case 'softmax-row': {
      const e = p.scores.map((s) => Math.exp(s));
      return round3(e[p.token] / e.reduce((a, b) => a + b, 0));
    }
    case 'layer-norm': return round3(layerNormRef(p.z, 4)[p.index]);
    case 'block-params': return 4 * p.dModel ** 2 + 2 * p.dModel * p.dFF + p.dFF + 9 * p.dModel;
    default: return undefined;
  }
}

// An independent double-precision reference of the trainable Transformer of API.md ("Training a small
// Transformer"): seeded parameters, forward with trace, the loss, a backward for every parameter
// derived by hand from the formulas, global-norm clipping and AdamW as PyTorch 1.13 computes them.
// Shares no code with src/; the block's forward is block-reference.js's. Slow and simple on purpose:
// every intermediate stays a double. Checked against finite differences (tests/js/transformer-
// reference.test.js) and against PyTorch in float64 (tests/python/torch_transformer.py).
//
// Dimension letters: B sequences of T tokens, D = dModel, F = dFF, V = vocab, H heads of E = D / H.
import { activationsRef, erf, mulberry32, peTableRef } from './reference.js';
import { alibiSlopeRef, encoderBlockRef, layerNormRef, linear } from './block-reference.js';
import { ropeAngleRef, pairColumns } from './rope-reference.js';

/** The options of API.md with their defaults filled in. */
export function resolveConfigRef(options) {
  const o = { heads: 1, layers: 1, maxLength: 512, position: 'sinusoidal', causal: false, norm: 'post', activation: 'relu', eps: 1e-5, seed: 0, ...options };
  return { ...o, dFF: options.dFF ?? 4 * o.dModel };
}

/** Every parameter's [name, shape], in the contract's order. */
export function parameterShapesRef(config) {
  const { vocab, dModel: D, dFF: F, layers, maxLength, position, norm } = resolveConfigRef(config);
  const shapes = [['embedding', [vocab, D]]];
  if (position === 'learned') shapes.push(['position', [maxLength, D]]);
  for (let l = 0; l < layers; l++) {
    for (const n of ['q', 'k', 'v', 'o']) shapes.push([`layers.${l}.w${n}`, [D, D]], [`layers.${l}.b${n}`, [D]]);
    shapes.push([`layers.${l}.gamma1`, [D]], [`layers.${l}.beta1`, [D]], [`layers.${l}.w1`, [D, F]], [`layers.${l}.b1`, [F]],
      [`layers.${l}.w2`, [F, D]], [`layers.${l}.b2`, [D]], [`layers.${l}.gamma2`, [D]], [`layers.${l}.beta2`, [D]]);
  }
  if (norm === 'pre') shapes.push(['final.gamma', [D]], ['final.beta', [D]]);
  shapes.push(['output.w', [D, vocab]], ['output.b', [vocab]]);
  return shapes;
}

const sizeOf = (shape) => shape.reduce((a, b) => a * b, 1);

/** The bound `a` of a drawn parameter ((2u - 1) a), or undefined for gammas (ones) and betas (zeros). */
function drawBound(name, { dModel: D, dFF: F }) {
  const leaf = name.split('.').pop();
  if (leaf.startsWith('gamma') || leaf.startsWith('beta')) return undefined;
  if (name === 'position') return 1;
  if (name.startsWith('layers.')) return 1 / Math.sqrt(leaf === 'w2' || leaf === 'b2' ? F : D);
  return 1 / Math.sqrt(D); // embedding, output.w, output.b
}

/** The seeded parameters of API.md: { name: Float32Array }, drawn from one Mulberry32 stream in order. */
export function seededParamsRef(config) {
  const c = resolveConfigRef(config);
  const next = mulberry32(c.seed);
  const params = {};
  for (const [name, shape] of parameterShapesRef(c)) {
    const a = drawBound(name, c), n = sizeOf(shape);
    if (a === undefined) params[name] = new Float32Array(n).fill(name.split('.').pop().startsWith('gamma') ? 1 : 0);
    else params[name] = Float32Array.from({ length: n }, () => (2 * next() - 1) * a);
  }
  return params;
}

/** Layer l's weights under the block reference's names. */
function blockWeights(params, l) {
  const w = {};
  for (const n of ['wq', 'bq', 'wk', 'bk', 'wv', 'bv', 'wo', 'bo', 'w1', 'b1', 'w2', 'b2', 'gamma1', 'beta1', 'gamma2', 'beta2']) w[n] = params[`layers.${l}.${n}`];
  return w;
}

const blockConfig = (c) => ({ dModel: c.dModel, heads: c.heads, dFF: c.dFF, activation: c.activation, norm: c.norm, causal: c.causal, eps: c.eps, rope: c.position === 'rope', alibi: c.position === 'alibi' });

/** One sequence forward: { logits (T V), x (the first block's input), blocks: [block results], y (before Wout) }. */
function sequenceForward(params, c, seq) {
  const T = seq.length, D = c.dModel;
  const x = new Float64Array(T * D);
  const table = c.position === 'sinusoidal' ? peTableRef(T, D) : c.position === 'learned' ? params.position : undefined;
  for (let t = 0; t < T; t++) {
    for (let j = 0; j < D; j++) x[t * D + j] = params.embedding[seq[t] * D + j] * Math.sqrt(D) + (table ? table[t * D + j] : 0);
  }
  const blocks = [];
  let h = x;
  for (let l = 0; l < c.layers; l++) {
    const r = encoderBlockRef(h, blockConfig(c), blockWeights(params, l));
    blocks.push({ input: h, ...r });
    h = r.output;
  }
  const y = c.norm === 'pre' ? layerNormRef(h, D, { gamma: params['final.gamma'], beta: params['final.beta'], eps: c.eps }) : h;
  return { logits: linear(y, params['output.w'], params['output.b'], T, D, c.vocab), x, blocks, last: h, y };
}

const TRACE = ['q', 'k', 'v', 'scores', 'weights', 'attention', 'h1', 'hidden', 'ffn'];

/**
 * The model's forward in double for `batch` sequences of tokens (an array of B T integers):
 * { logits: Float64Array(B T V), trace: { layers: [{ q, k, ..., ffn }] } } with a leading batch
 * dimension on every trace array, and `sequences` (each sequence's intermediates, for the backward).
 */
export function transformerForwardRef(params, config, tokens, { batch = 1 } = {}) {
  const c = resolveConfigRef(config);
  const T = tokens.length / batch;
  const sequences = [];
  for (let b = 0; b < batch; b++) sequences.push(sequenceForward(params, c, Array.from(tokens).slice(b * T, (b + 1) * T)));
  const concat = (arrays) => {
    const out = new Float64Array(arrays.reduce((n, a) => n + a.length, 0));
    let at = 0;
    for (const a of arrays) { out.set(a, at); at += a.length; }
    return out;
  };
  const layers = [];
  for (let l = 0; l < c.layers; l++) {
    layers.push(Object.fromEntries(TRACE.map((name) => [name, concat(sequences.map((s) => s.blocks[l].trace[name]))])));
  }
  return { logits: concat(sequences.map((s) => s.logits)), trace: { layers }, sequences };
}

/**
 * Cross-entropy with -1 ignored, the mean over counted targets (0 when none counts):
 * { loss, count, dlogits } with dlogits = d loss / d logits = (softmax - onehot) / count on counted rows.
 */
export function crossEntropyRef(logits, targets, vocab) {
  const rows = targets.length;
  let count = 0;
  for (let r = 0; r < rows; r++) if (targets[r] !== -1) count++;
  const dlogits = new Float64Array(rows * vocab);
  let sum = 0;
  for (let r = 0; r < rows; r++) {
    if (targets[r] === -1) continue;
    const row = logits.subarray(r * vocab, (r + 1) * vocab);
    let max = -Infinity;
    for (const v of row) max = Math.max(max, v);
    let z = 0;
    for (const v of row) z += Math.exp(v - max);
    sum += Math.log(z) + max - row[targets[r]];
    for (let v = 0; v < vocab; v++) dlogits[r * vocab + v] = (Math.exp(row[v] - max) / z - (v === targets[r] ? 1 : 0)) / count;
  }
  return { loss: count ? sum / count : 0, count, dlogits };
}

/** The model's loss in double. */
export function transformerLossRef(params, config, tokens, targets, { batch = 1 } = {}) {
  const c = resolveConfigRef(config);
  return crossEntropyRef(transformerForwardRef(params, c, tokens, { batch }).logits, targets, c.vocab).loss;
}

// ---- backward pieces: each takes the output's gradient first, then what the forward saw ----

/** dX (rows k) = dY (rows n) Wᵀ, W (k, n). */
function linearInputGrad(dy, w, rows, k, n) {
  const dx = new Float64Array(rows * k);
  for (let i = 0; i < rows; i++) {
    for (let m = 0; m < k; m++) {
      let s = 0;
      for (let c = 0; c < n; c++) s += dy[i * n + c] * w[m * n + c];
      dx[i * k + m] = s;
    }
  }
  return dx;
}

/** dW (k, n) += Xᵀ dY and db (n) += Σ_rows dY. */
function linearParamGrad(dw, db, dy, x, rows, k, n) {
  for (let i = 0; i < rows; i++) {
    for (let m = 0; m < k; m++) {
      const xm = x[i * k + m];
      for (let c = 0; c < n; c++) dw[m * n + c] += xm * dy[i * n + c];
    }
    for (let c = 0; c < n; c++) db[c] += dy[i * n + c];
  }
}

/** A linear layer's backward: accumulates into grads[wName], grads[bName]; returns dX. */
function linearBackward(grads, wName, bName, params, dy, x, rows, k, n) {
  linearParamGrad(grads[wName], grads[bName], dy, x, rows, k, n);
  return linearInputGrad(dy, params[wName], rows, k, n);
}

/**
 * Layer norm's backward per row, from its input x: with x̂ = (x - mean) r, r = 1 / sqrt(var + eps),
 * dγ += dy x̂, dβ += dy, and dx = r (g - mean(g) - x̂ mean(g x̂)) where g = dy γ.
 */
function layerNormBackward(dgamma, dbeta, dy, x, gamma, D, eps) {
  const dx = new Float64Array(x.length);
  const xhat = new Float64Array(D), g = new Float64Array(D);
  for (let row = 0; row < x.length / D; row++) {
    const o = row * D;
    let mean = 0;
    for (let j = 0; j < D; j++) mean += x[o + j];
    mean /= D;
    let variance = 0;
    for (let j = 0; j < D; j++) variance += (x[o + j] - mean) ** 2;
    const r = 1 / Math.sqrt(variance / D + eps);
    let meanG = 0, meanGX = 0;
    for (let j = 0; j < D; j++) {
      xhat[j] = (x[o + j] - mean) * r;
      g[j] = dy[o + j] * gamma[j];
      dgamma[j] += dy[o + j] * xhat[j];
      dbeta[j] += dy[o + j];
      meanG += g[j] / D;
      meanGX += (g[j] * xhat[j]) / D;
    }
    for (let j = 0; j < D; j++) dx[o + j] = r * (g[j] - meanG - xhat[j] * meanGX);
  }
  return dx;
}

const SQRT_2_PI = Math.sqrt(2 / Math.PI);

/** Each activation's exact derivative, as PyTorch's autograd takes it (relu: 0 at 0). */
export const activationDerivativesRef = {
  relu: (z) => (z > 0 ? 1 : 0),
  gelu: (z) => 0.5 * (1 + erf(z / Math.SQRT2)) + (z * Math.exp(-0.5 * z * z)) / Math.sqrt(2 * Math.PI),
  gelu_tanh: (z) => {
    const u = SQRT_2_PI * (z + 0.044715 * z ** 3), th = Math.tanh(u);
    return 0.5 * (1 + th) + 0.5 * z * (1 - th * th) * SQRT_2_PI * (1 + 3 * 0.044715 * z * z);
  },
  silu: (z) => {
    const s = 1 / (1 + Math.exp(-z));
    return s * (1 + z * (1 - s));
  },
};

/** Rotates each head's pairs by -θ (the transpose of RoPE's rotation: the gradient's way back). */
function unrotate(g, T, D, E) {
  const out = new Float64Array(g.length);
  for (let t = 0; t < T; t++) {
    for (let h = 0; h < D; h += E) {
      for (let i = 0; i < E / 2; i++) {
        const theta = ropeAngleRef(t, i, E), cos = Math.cos(theta), sin = Math.sin(theta);
        const [c0, c1] = pairColumns(i, E);
        const j0 = t * D + h + c0, j1 = t * D + h + c1;
        out[j0] = g[j0] * cos + g[j1] * sin;
        out[j1] = -g[j0] * sin + g[j1] * cos;
      }
    }
  }
  return out;
}

/**
 * Self-attention's backward for one sequence, from d(Attn) and the block's forward: accumulates the
 * grads of wq .. bo under `prefix` and returns d(a), the gradient of the attention's input.
 * Per head: dO = dAttn Woᵀ; dV_j = Σ_i w_ij dO_i; dw_ij = dO_i · V_j; softmax's Jacobian gives
 * ds_ij = w_ij (dw_ij - Σ_j' w_ij' dw_ij') (0 where masked); s = Q·K / sqrt(E) (+ a constant bias)
 * gives dQ_i = Σ_j ds_ij K_j / sqrt(E), dK_j = Σ_i ds_ij Q_i / sqrt(E), with the rotated Q, K.
 */
function attentionBackward(grads, params, prefix, dAttn, block, c, T) {
  const D = c.dModel, H = c.heads, E = D / H, scale = 1 / Math.sqrt(E);
  const { q, k, v, weights: w } = block.trace, { a, concat } = block.saved;
  const dConcat = linearBackward(grads, `${prefix}wo`, `${prefix}bo`, params, dAttn, concat, T, D, D);
  const dq = new Float64Array(T * D), dk = new Float64Array(T * D), dv = new Float64Array(T * D);
  const dw = new Float64Array(T);
  for (let h = 0; h < H; h++) {
    for (let i = 0; i < T; i++) {
      const row = (h * T + i) * T;
      let dot = 0;
      for (let j = 0; j < T; j++) {
        let s = 0;
        for (let e = 0; e < E; e++) {
          s += dConcat[i * D + h * E + e] * v[j * D + h * E + e];
          dv[j * D + h * E + e] += w[row + j] * dConcat[i * D + h * E + e];
        }
        dw[j] = s;
        dot += w[row + j] * s;
      }
      for (let j = 0; j < T; j++) {
        const ds = w[row + j] * (dw[j] - dot) * scale;
        if (ds === 0) continue;
        for (let e = 0; e < E; e++) {
          dq[i * D + h * E + e] += ds * k[j * D + h * E + e];
          dk[j * D + h * E + e] += ds * q[i * D + h * E + e];
        }
      }
    }
  }
  const dqPre = c.position === 'rope' ? unrotate(dq, T, D, E) : dq;
  const dkPre = c.position === 'rope' ? unrotate(dk, T, D, E) : dk;
  const da = linearBackward(grads, `${prefix}wq`, `${prefix}bq`, params, dqPre, a, T, D, D);
  const daK = linearBackward(grads, `${prefix}wk`, `${prefix}bk`, params, dkPre, a, T, D, D);
  const daV = linearBackward(grads, `${prefix}wv`, `${prefix}bv`, params, dv, a, T, D, D);
  for (let i = 0; i < da.length; i++) da[i] += daK[i] + daV[i];
  return da;
}

/** The FFN's backward: act(z W1 + b1) W2 + b2; returns dz. */
function ffnBackward(grads, params, prefix, dFfn, block, c, T) {
  const D = c.dModel, F = c.dFF, derivative = activationDerivativesRef[c.activation];
  const { z, preActivation } = block.saved;
  const dHidden = linearBackward(grads, `${prefix}w2`, `${prefix}b2`, params, dFfn, block.trace.hidden, T, F, D);
  const dPre = dHidden.map((g, i) => g * derivative(preActivation[i]));
  return linearBackward(grads, `${prefix}w1`, `${prefix}b1`, params, dPre, z, T, D, F);
}

const add = (a, b) => a.map((v, i) => v + b[i]);

/** One block's backward from dy (its output's gradient); returns dx (its input's gradient). */
function blockBackward(grads, params, l, dy, block, c, T) {
  const p = `layers.${l}.`, D = c.dModel;
  const ln = (name, d, input) => layerNormBackward(grads[`${p}gamma${name}`], grads[`${p}beta${name}`], d, input, params[`${p}gamma${name}`], D, c.eps);
  const { input: x } = block, { h1, attention, ffn } = block.trace;
  if (c.norm === 'post') {
    // h1 = LN1(x + Attn(x)), y = LN2(h1 + FFN(h1))
    const du2 = ln(2, dy, add(h1, ffn));
    const dh1 = add(du2, ffnBackward(grads, params, p, du2, block, c, T));
    const du1 = ln(1, dh1, add(x, attention));
    return add(du1, attentionBackward(grads, params, p, du1, block, c, T));
  }
  // h1 = x + Attn(LN1(x)), y = h1 + FFN(LN2(h1))
  const dh1 = add(dy, ln(2, ffnBackward(grads, params, p, dy, block, c, T), h1));
  return add(dh1, ln(1, attentionBackward(grads, params, p, dh1, block, c, T), x));
}

/**
 * The loss and its gradient for every parameter, by the backward derived above:
 * { loss, grads: { name: Float64Array }, logits, trace } (the forward's too). With no target counted,
 * the loss and every gradient are 0.
 */
export function transformerGradientsRef(params, config, tokens, targets, { batch = 1 } = {}) {
  const c = resolveConfigRef(config);
  const T = tokens.length / batch, D = c.dModel, V = c.vocab;
  const grads = Object.fromEntries(parameterShapesRef(c).map(([name, shape]) => [name, new Float64Array(sizeOf(shape))]));
  const { logits, trace, sequences } = transformerForwardRef(params, c, tokens, { batch });
  const { loss, dlogits } = crossEntropyRef(logits, targets, V);
  sequences.forEach((s, b) => {
    const dy = linearBackward(grads, 'output.w', 'output.b', params, dlogits.subarray(b * T * V, (b + 1) * T * V), s.y, T, D, V);
    let d = c.norm === 'pre' ? layerNormBackward(grads['final.gamma'], grads['final.beta'], dy, s.last, params['final.gamma'], D, c.eps) : dy;
    for (let l = c.layers - 1; l >= 0; l--) d = blockBackward(grads, params, l, d, s.blocks[l], c, T);
    for (let t = 0; t < T; t++) {
      const token = tokens[b * T + t];
      for (let j = 0; j < D; j++) {
        grads.embedding[token * D + j] += d[t * D + j] * Math.sqrt(D);
        if (c.position === 'learned') grads.position[t * D + j] += d[t * D + j];
      }
    }
  });
  return { loss, grads, logits, trace };
}

/**
 * torch.nn.utils.clip_grad_norm_(params, maxNorm) of PyTorch 1.13, in place: the 2-norm of the
 * parameters' 2-norms, then every gradient times min(1, maxNorm / (norm + 1e-6)). Returns the norm.
 */
export function clipGradNormRef(grads, maxNorm) {
  let squares = 0;
  for (const g of Object.values(grads)) {
    let s = 0;
    for (const v of g) s += v * v;
    squares += s;
  }
  const norm = Math.sqrt(squares);
  const coef = Math.min(1, maxNorm / (norm + 1e-6));
  for (const g of Object.values(grads)) for (let i = 0; i < g.length; i++) g[i] *= coef;
  return norm;
}

/**
 * torch.optim.AdamW of PyTorch 1.13 (one group, amsgrad off), in double, over a copy of `params`:
 * step() does p *= 1 - lr wd; m = β1 m + (1 - β1) g; v = β2 v + (1 - β2) g²;
 * p -= lr / (1 - β1^t) · m / (sqrt(v) / sqrt(1 - β2^t) + eps).
 */
export class AdamWRef {
  constructor(params, { lr = 1e-3, betas = [0.9, 0.999], eps = 1e-8, weightDecay = 0.01, clipNorm } = {}) {
    Object.assign(this, { lr, betas, eps, weightDecay, clipNorm, steps: 0 });
    this.params = Object.fromEntries(Object.entries(params).map(([n, p]) => [n, Float64Array.from(p)]));
    this.m = Object.fromEntries(Object.entries(params).map(([n, p]) => [n, new Float64Array(p.length)]));
    this.v = Object.fromEntries(Object.entries(params).map(([n, p]) => [n, new Float64Array(p.length)]));
  }

  /** Applies one update with `grads` (clipped first if clipNorm is set; modified in place). */
  update(grads) {
    if (this.clipNorm !== undefined) clipGradNormRef(grads, this.clipNorm);
    const [beta1, beta2] = this.betas;
    const t = ++this.steps;
    const stepSize = this.lr / (1 - beta1 ** t), correction2 = Math.sqrt(1 - beta2 ** t);
    for (const [name, p] of Object.entries(this.params)) {
      const g = grads[name], m = this.m[name], v = this.v[name];
      for (let i = 0; i < p.length; i++) {
        p[i] *= 1 - this.lr * this.weightDecay;
        m[i] = beta1 * m[i] + (1 - beta1) * g[i];
        v[i] = beta2 * v[i] + (1 - beta2) * g[i] * g[i];
        p[i] -= (stepSize * m[i]) / (Math.sqrt(v[i]) / correction2 + this.eps);
      }
    }
  }

  /** trainer.step: the loss before the update, then the update. */
  step(config, tokens, targets, { batch = 1 } = {}) {
    const { loss, grads } = transformerGradientsRef(this.params, config, tokens, targets, { batch });
    this.update(grads);
    return loss;
  }
}

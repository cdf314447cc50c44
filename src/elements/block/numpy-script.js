// The NumPy script that <block-flow> offers for download: given the block's configuration, its seed
// and the input x (the sentence's embedding + PE, as numbers), it writes a self-contained Python
// program that draws the same seeded weights with Mulberry32 in NumPy, runs the encoder block in
// float64 and prints and saves every trace array (q, k, v, scores, weights, attention, h1, hidden,
// ffn, output). It is the learner's independent check of the module's numbers; the test
// tests/js/numpy-script.test.js runs it with Debian's python3-numpy and compares every array.
//
// For <block-flow> (block-ui): `blockNumpyScript(options)` returns the script's text; offer it as
// `block.py` (text/x-python). Only seeded weights are described (the element's case): the script
// recomputes them from `seed` instead of carrying them. Every value is written as a Python literal of
// its type (src/js/python.js).
import { pyBool, pyFloat, pyInt, pyList, pyStr } from '../../js/python.js';
import { ACTIVATION, ACTIVATIONS, DEFAULTS, LIMITS, MAX_SEED, NORM, NORMS } from '../../js/defaults.js';
import * as check from '../../js/validate.js';
import { kindTable } from '../../js/kinds.js';

/** Each activation as a NumPy function of z. */
const NUMPY_ACTIVATIONS = kindTable('block/numpy-script.js', ACTIVATIONS, {
  [ACTIVATION.RELU]: 'lambda z: np.maximum(z, 0.0)',
  [ACTIVATION.GELU]: 'lambda z: 0.5 * z * (1.0 + erf(z / math.sqrt(2.0)))',
  [ACTIVATION.GELU_TANH]: 'lambda z: 0.5 * z * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (z + 0.044715 * z**3)))',
  [ACTIVATION.SILU]: 'lambda z: z / (1.0 + np.exp(-z))',
});

/** Rows of x as Python list lines, one token per line, its label (any text) quoted in a comment. */
function pyRows(x, dModel, words) {
  const lines = [];
  for (let t = 0; t < x.length / dModel; t++) {
    const row = pyList(x.subarray(t * dModel, (t + 1) * dModel), pyFloat);
    lines.push(`    ${row},${words?.[t] !== undefined ? `  # ${pyStr(String(words[t]))}` : ''}`);
  }
  return lines.join('\n');
}

/**
 * The script's text. Options: dModel, heads, dFF, activation ('relu'), norm ('post'), causal
 * (false), eps (1e-5), seed (0), x (Float32Array of tokens * dModel values), tokens (optional: one
 * label per row, written as comments).
 */
export function blockNumpyScript(options) {
  if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
  const { dModel, heads, dFF, activation = ACTIVATIONS[DEFAULTS.activation], norm = NORMS[DEFAULTS.norm], causal = DEFAULTS.causal,
    eps = DEFAULTS.eps, seed = DEFAULTS.seed, x, tokens: words } = options;
  // The limits and checks of createEncoderBlock, whose seeded weights the script draws again.
  check.integer('dModel', dModel, 1, LIMITS.BLOCK_MAX_DIM);
  check.integer('heads', heads, 1, dModel);
  if (dModel % heads !== 0) throw new RangeError(`heads must divide dModel = ${dModel}, got ${heads}`);
  check.integer('dFF', dFF, 1, LIMITS.MAX_DIM);
  check.oneOf('activation', activation, ACTIVATIONS);
  check.oneOf('norm', norm, NORMS);
  check.boolean('causal', causal);
  check.finiteAbove('eps', eps, 0);
  check.integer('seed', seed, 0, MAX_SEED);
  if (!(x instanceof Float32Array)) throw new TypeError('x must be a Float32Array');
  if (x.length === 0 || x.length % dModel !== 0) throw new RangeError(`x must hold a whole number (at least 1) of tokens of dModel = ${dModel} values, got ${x.length}`);
  if (words !== undefined && !Array.isArray(words)) throw new TypeError('tokens must be an array of labels');
  const T = x.length / dModel;

  return `#!/usr/bin/env python3
"""One Transformer encoder block, recomputed in NumPy from its seed (pe-ffn-wasm, <block-flow>).

The weights are drawn as the module draws them (Mulberry32 seeded with SEED, in the order
wq, bq, wk, bk, wv, bv, wo, bo, w1, b1, w2, b2, each (2u - 1) / sqrt(fan_in) rounded to float32;
gammas are ones, betas zeros), then the block runs in float64:
    post-norm:  h1 = LN1(x + Attn(x)),   y = LN2(h1 + FFN(h1))
    pre-norm:   h1 = x + Attn(LN1(x)),   y = h1 + FFN(LN2(h1))
Run:  python3 block.py                 prints every array and saves them to block_trace.npz
      python3 block.py --json out.json also writes them as JSON
"""
import json
import math
import sys

import numpy as np

D_MODEL, HEADS, D_FF = ${pyInt(dModel)}, ${pyInt(heads)}, ${pyInt(dFF)}
ACTIVATION, NORM, CAUSAL, EPS, SEED = ${pyStr(activation)}, ${pyStr(norm)}, ${pyBool(causal)}, ${pyFloat(eps)}, ${pyInt(seed)}
TOKENS = ${pyInt(T)}
# x: the input of the block (embedding + positional encoding), one row per token
X = np.array([
${pyRows(x, dModel, words)}
], dtype=np.float32)


def mulberry32(seed, start, n):
    """u in [0, 1) for draws start .. start + n - 1 of the stream; each draw depends on its state only."""
    m = np.uint64(0xFFFFFFFF)
    state = (np.uint64(seed) + np.arange(start + 1, start + n + 1, dtype=np.uint64) * np.uint64(0x6D2B79F5)) & m
    imul = lambda a, b: (a * b) & m  # the low 32 bits, as JavaScript's Math.imul
    t = imul(state ^ (state >> np.uint64(15)), state | np.uint64(1))
    t = t ^ ((t + imul(t ^ (t >> np.uint64(7)), t | np.uint64(61))) & m)
    return (t ^ (t >> np.uint64(14))).astype(np.float64) / 2.0**32


drawn = 0


def draw(shape, fan_in):
    global drawn
    n = int(np.prod(shape))
    u = mulberry32(SEED, drawn, n)
    drawn += n
    return ((2.0 * u - 1.0) / math.sqrt(fan_in)).astype(np.float32).reshape(shape)


D, F = D_MODEL, D_FF
wq, bq = draw((D, D), D), draw((D,), D)
wk, bk = draw((D, D), D), draw((D,), D)
wv, bv = draw((D, D), D), draw((D,), D)
wo, bo = draw((D, D), D), draw((D,), D)
w1, b1 = draw((D, F), D), draw((F,), D)
w2, b2 = draw((F, D), F), draw((D,), F)
gamma1 = gamma2 = np.ones(D, dtype=np.float32)
beta1 = beta2 = np.zeros(D, dtype=np.float32)


def layer_norm(z, gamma, beta):
    mean = z.mean(axis=-1, keepdims=True)
    var = ((z - mean) ** 2).mean(axis=-1, keepdims=True)  # biased, as PyTorch's nn.LayerNorm
    return (z - mean) / np.sqrt(var + EPS) * gamma + beta


erf = np.vectorize(math.erf)
ACT = {
${ACTIVATIONS.map((name) => `    ${JSON.stringify(name)}: ${NUMPY_ACTIVATIONS[name]},`).join('\n')}
}[ACTIVATION]

f64 = lambda a: a.astype(np.float64)
x = f64(X)
T, E = x.shape[0], D // HEADS
a = layer_norm(x, f64(gamma1), f64(beta1)) if NORM == "${NORM.PRE}" else x
q, k, v = a @ f64(wq) + f64(bq), a @ f64(wk) + f64(bk), a @ f64(wv) + f64(bv)
heads = lambda m: m.reshape(T, HEADS, E).transpose(1, 0, 2)  # (heads, tokens, head_dim)
scores = heads(q) @ heads(k).transpose(0, 2, 1) / math.sqrt(E)  # (heads, tokens, tokens)
allowed = np.tril(np.ones((T, T), dtype=bool)) if CAUSAL else np.ones((T, T), dtype=bool)
masked = np.where(allowed, scores, -np.inf)
e = np.exp(masked - masked.max(axis=-1, keepdims=True))  # masked pairs: exp(-inf) = 0
weights = e / e.sum(axis=-1, keepdims=True)
attention = (weights @ heads(v)).transpose(1, 0, 2).reshape(T, D) @ f64(wo) + f64(bo)
h1 = layer_norm(x + attention, f64(gamma1), f64(beta1)) if NORM == "${NORM.POST}" else x + attention
z = layer_norm(h1, f64(gamma2), f64(beta2)) if NORM == "${NORM.PRE}" else h1
hidden = ACT(z @ f64(w1) + f64(b1))
ffn = hidden @ f64(w2) + f64(b2)
output = layer_norm(h1 + ffn, f64(gamma2), f64(beta2)) if NORM == "${NORM.POST}" else h1 + ffn

trace = {"q": q, "k": k, "v": v, "scores": scores, "weights": weights, "attention": attention,
         "h1": h1, "hidden": hidden, "ffn": ffn, "output": output}
np.set_printoptions(precision=6, suppress=True, linewidth=120)
for name, value in trace.items():
    print(f"{name} {value.shape}:\\n{value}\\n")
np.savez("block_trace.npz", **trace)
print("saved every array to block_trace.npz")
if "--json" in sys.argv:
    path = sys.argv[sys.argv.index("--json") + 1]
    with open(path, "w") as out:
        json.dump({name: value.ravel().tolist() for name, value in trace.items()}, out)
`;
}

// Test data for the trainable Transformer's checks, shared by the reference's own tests, the PyTorch
// comparison and the contract tests against the module: parameters with every gamma and beta moved
// off 1 and 0 (so that their gradients count), and batches with about a quarter of the targets -1.
import { mulberry32 } from './reference.js';
import { seededParamsRef } from './transformer-reference.js';

/** Seeded parameters (as Float32Arrays) with gammas and betas perturbed by up to ±0.4. */
export function perturbedParams(config) {
  const params = seededParamsRef(config);
  const next = mulberry32((config.seed ?? 0) + 1);
  for (const [name, p] of Object.entries(params)) {
    if (/gamma|beta/.test(name)) for (let i = 0; i < p.length; i++) p[i] += 0.4 * (2 * next() - 1);
  }
  return params;
}

/** { tokens, targets } (Int32Arrays) of B sequences of T, about a quarter of the targets -1. */
export function randomBatch(vocab, B, T, seed) {
  const next = mulberry32(seed);
  const tokens = Int32Array.from({ length: B * T }, () => Math.floor(next() * vocab));
  const targets = Int32Array.from({ length: B * T }, () => (next() < 0.25 ? -1 : Math.floor(next() * vocab)));
  return { tokens, targets };
}

/** max |a - b| / (1 + M), M the largest magnitude of the reference b: the contract's measure of arrays. */
export function relativeMaxDiff(a, b) {
  if (a.length !== b.length) throw new Error(`length ${a.length} != ${b.length}`);
  let d = 0, m = 0;
  for (let i = 0; i < a.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    m = Math.max(m, Math.abs(b[i]));
    if (Number.isNaN(a[i]) !== Number.isNaN(b[i])) return Infinity;
  }
  return d / (1 + m);
}

/**
 * The contract's measure of a gradient g against the reference r: ‖g - r‖₂ / (‖r‖₂ + 1e-3 sqrt(n)),
 * which is at most 1e-4 exactly when ‖g - r‖₂ ≤ 1e-4 ‖r‖₂ + 1e-7 sqrt(n).
 */
export function gradientError(g, r) {
  if (g.length !== r.length) throw new Error(`length ${g.length} != ${r.length}`);
  let d = 0, n = 0;
  for (let i = 0; i < g.length; i++) { d += (g[i] - r[i]) ** 2; n += r[i] ** 2; }
  return Math.sqrt(d) / (Math.sqrt(n) + 1e-3 * Math.sqrt(g.length));
}

/** Keeps the largest value per key: worst.add('logits', x); worst.toString() -> 'logits 1.2e-13, ...'. */
export class Worst {
  values = {};

  add(key, value) {
    this.values[key] = Math.max(this.values[key] ?? 0, value);
    return value;
  }

  toString() {
    return Object.entries(this.values).map(([k, v]) => `${k} ${v.toExponential(1)}`).join(', ');
  }
}

// Independent double-precision references for the tests: written from the formulas in API.md,
// sharing no code with src/. Slow and simple on purpose.

/** PE(p, j) for the given layout, in double precision. */
export function peRef(p, j, dModel, { base = 10000, layout = 'interleaved' } = {}) {
  const half = Math.ceil(dModel / 2);
  const isSin = layout === 'concat' ? j < half : j % 2 === 0;
  const k = layout === 'concat' ? (isSin ? j : j - half) : Math.floor(j / 2);
  const angle = p / Math.pow(base, (2 * k) / dModel);
  return isSin ? Math.sin(angle) : Math.cos(angle);
}

/** The whole table as an array of doubles, row-major [t][j]. */
export function peTableRef(length, dModel, { base, offset = 0, layout } = {}) {
  const out = new Float64Array(length * dModel);
  for (let t = 0; t < length; t++) {
    for (let j = 0; j < dModel; j++) out[t * dModel + j] = peRef(t + offset, j, dModel, { base, layout });
  }
  return out;
}

/** erf by its Maclaurin series (|x| < 4, error ~1e-13 there) and ±1 beyond (erfc(4) < 2e-8). */
export function erf(x) {
  if (Number.isNaN(x)) return NaN;
  if (Math.abs(x) >= 4) return Math.sign(x);
  let sum = 0;
  let term = x; // x^(2n+1) (-1)^n / n!
  for (let n = 0; n < 200; n++) {
    const add = term / (2 * n + 1);
    sum += add;
    if (Math.abs(add) < 1e-17) break;
    term *= (-x * x) / (n + 1);
  }
  return (2 / Math.sqrt(Math.PI)) * sum;
}

export const activationsRef = {
  relu: (z) => (Number.isNaN(z) ? NaN : Math.max(0, z)),
  gelu: (z) => 0.5 * z * (1 + erf(z / Math.SQRT2)),
  gelu_tanh: (z) => 0.5 * z * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (z + 0.044715 * z ** 3))),
  silu: (z) => z / (1 + Math.exp(-z)),
};

/** FFN forward in double: returns { output, hidden } as Float64Arrays. */
export function ffnRef(x, { dModel, dFF, activation = 'relu', w1, b1, w2, b2 }) {
  const act = activationsRef[activation];
  const tokens = x.length / dModel;
  const hidden = new Float64Array(tokens * dFF);
  const preActivation = new Float64Array(tokens * dFF);
  const output = new Float64Array(tokens * dModel);
  const z = new Float64Array(dFF);
  for (let t = 0; t < tokens; t++) {
    for (let f = 0; f < dFF; f++) z[f] = b1 ? b1[f] : 0;
    for (let i = 0; i < dModel; i++) {
      const xi = x[t * dModel + i];
      for (let f = 0; f < dFF; f++) z[f] += xi * w1[i * dFF + f];
    }
    for (let f = 0; f < dFF; f++) {
      preActivation[t * dFF + f] = z[f];
      hidden[t * dFF + f] = act(z[f]);
    }
    for (let m = 0; m < dModel; m++) {
      let y = b2 ? b2[m] : 0;
      for (let f = 0; f < dFF; f++) y += hidden[t * dFF + f] * w2[f * dModel + m];
      output[t * dModel + m] = y;
    }
  }
  return { output, hidden, preActivation };
}

/** Mulberry32 as API.md specifies it: a function returning u in [0, 1). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seeded weights of API.md: w1, b1, w2, b2 drawn in that order from one stream. */
export function seededWeightsRef(dModel, dFF, seed = 0) {
  const next = mulberry32(seed);
  const draw = (n, fanIn) => Float32Array.from({ length: n }, () => (2 * next() - 1) / Math.sqrt(fanIn));
  const w1 = draw(dModel * dFF, dModel);
  const b1 = draw(dFF, dModel);
  const w2 = draw(dFF * dModel, dFF);
  const b2 = draw(dModel, dFF);
  return { w1, b1, w2, b2 };
}

/** Uniform values in [-scale, scale] from a seed (test inputs). */
export function uniformArray(n, seed, scale = 1) {
  const next = mulberry32(seed ^ 0x9e3779b9);
  return Float32Array.from({ length: n }, () => (2 * next() - 1) * scale);
}

/** Largest |a[i] - b[i]|, with NaN treated as equal only to NaN. */
export function maxAbsDiff(a, b) {
  if (a.length !== b.length) throw new Error(`length ${a.length} != ${b.length}`);
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(a[i]) || Number.isNaN(b[i])) {
      if (!(Number.isNaN(a[i]) && Number.isNaN(b[i]))) return Infinity;
      continue;
    }
    worst = Math.max(worst, Math.abs(a[i] - b[i]));
  }
  return worst;
}

export function maxAbs(a) {
  let m = 0;
  for (const v of a) m = Math.max(m, Math.abs(v));
  return m;
}

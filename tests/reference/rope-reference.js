// An independent double-precision reference for RoPE, written from docs/API.md ("Rotary position
// embedding"), sharing no code with src/. Slow and simple on purpose. Runs in Node and in browsers.

/** The two columns of pair i inside a head: interleaved (2i, 2i + 1), half (i, i + headDim / 2). */
export function pairColumns(i, headDim, layout = 'interleaved') {
  return layout === 'half' ? [i, i + headDim / 2] : [2 * i, 2 * i + 1];
}

/** The angle of pair i at position p. */
export function ropeAngleRef(p, i, headDim, base = 10000) {
  return p / Math.pow(base, (2 * i) / headDim);
}

/** x (length, dModel) rotated, as a new Float64Array. */
export function ropeRef(x, length, dModel, { headDim = dModel, base = 10000, offset = 0, layout = 'interleaved' } = {}) {
  const y = new Float64Array(length * dModel);
  for (let t = 0; t < length; t++) {
    for (let h = 0; h < dModel; h += headDim) {
      for (let i = 0; i < headDim / 2; i++) {
        const theta = ropeAngleRef(t + offset, i, headDim, base);
        const [c0, c1] = pairColumns(i, headDim, layout);
        const j0 = t * dModel + h + c0, j1 = t * dModel + h + c1;
        const a = x[j0], b = x[j1];
        y[j0] = a * Math.cos(theta) - b * Math.sin(theta);
        y[j1] = a * Math.sin(theta) + b * Math.cos(theta);
      }
    }
  }
  return y;
}

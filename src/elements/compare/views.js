// The numbers <pe-compare> shows: tables and rotations from the module, dot products of its float32
// rows summed in double. Pure functions of the core and their arguments (tested in Node).
//
// API:
//   gram(rows, n, d, have = n)            -> Float64Array(n * n): S[p][q] = rows[p] . rows[q]; NaN where
//        p or q >= have (a learned table has no row there)
//   rotatedRows(core, v, n, dModel, rope) -> Float32Array(n * dModel): row t is v rotated to position t
//        (core.applyRotary on n copies of v; rope = { headDim, base, layout })
//   crossScores(qRows, kRows, n, dModel, cols) -> Float64Array(n * n): S[p][q] = q(p) . k(q) over
//        columns 0 .. cols - 1 (one head)
//   diagonalSpread(S, n)                  -> largest (max - min) along any diagonal p - q = const (NaN
//        cells skipped): 0 when S depends on p - q only
//   pairingColumns(headDim)               -> per column j of a head: { interleaved: [pair, role],
//        half: [pair, role], perm } with role 0 (first value of the pair) or 1, and perm[j] the
//        interleaved column that half-pairing column j takes (half = P . interleaved . P^-1)
//   pairingCheck(core, x, dModel, rope, position) -> { interleaved, half, columnDiff, permutedDiff }:
//        one row rotated with each pairing, |difference| per column, and the largest difference
//        between half(x) and P(interleaved(P^-1 x)) (0: the permutation maps one onto the other)

export function gram(rows, n, d, have = n) {
  const s = new Float64Array(n * n);
  for (let p = 0; p < n; p++) {
    for (let q = p; q < n; q++) {
      let sum = NaN;
      if (p < have && q < have) {
        sum = 0;
        for (let j = 0; j < d; j++) sum += rows[p * d + j] * rows[q * d + j];
      }
      s[p * n + q] = sum;
      s[q * n + p] = sum;
    }
  }
  return s;
}

export function rotatedRows(core, v, n, dModel, rope) {
  const rows = new Float32Array(n * dModel);
  for (let t = 0; t < n; t++) rows.set(v, t * dModel);
  return core.applyRotary(rows, n, dModel, rope);
}

export function crossScores(qRows, kRows, n, dModel, cols) {
  const s = new Float64Array(n * n);
  for (let p = 0; p < n; p++) {
    for (let q = 0; q < n; q++) {
      let sum = 0;
      for (let j = 0; j < cols; j++) sum += qRows[p * dModel + j] * kRows[q * dModel + j];
      s[p * n + q] = sum;
    }
  }
  return s;
}

export function diagonalSpread(s, n) {
  let worst = 0;
  for (let delta = -(n - 1); delta <= n - 1; delta++) {
    let lo = Infinity, hi = -Infinity;
    for (let p = Math.max(0, delta); p < n && p - delta < n; p++) {
      const v = s[p * n + (p - delta)];
      if (Number.isNaN(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (hi >= lo) worst = Math.max(worst, hi - lo);
  }
  return worst;
}

export function pairingColumns(headDim) {
  const h = headDim / 2;
  return Array.from({ length: headDim }, (_, j) => ({
    interleaved: [j >> 1, j & 1],
    half: [j % h, j < h ? 0 : 1],
    perm: j < h ? 2 * j : 2 * (j - h) + 1,
  }));
}

export function pairingCheck(core, x, dModel, rope, position) {
  const opts = { headDim: rope.headDim, base: rope.base, offset: position };
  const interleaved = core.applyRotary(x.slice(), 1, dModel, { ...opts, layout: 'interleaved' });
  const half = core.applyRotary(x.slice(), 1, dModel, { ...opts, layout: 'half' });
  const columnDiff = interleaved.map((v, j) => Math.abs(v - half[j]));
  // Within each head: column j of the half layout is column perm[j] of the interleaved one.
  const perm = pairingColumns(rope.headDim).map((c) => c.perm);
  const permuted = new Float32Array(dModel);
  const back = new Float32Array(dModel);
  for (let h0 = 0; h0 < dModel; h0 += rope.headDim) {
    for (let j = 0; j < rope.headDim; j++) permuted[h0 + perm[j]] = x[h0 + j]; // P^-1 x
  }
  const turned = core.applyRotary(permuted, 1, dModel, { ...opts, layout: 'interleaved' });
  for (let h0 = 0; h0 < dModel; h0 += rope.headDim) {
    for (let j = 0; j < rope.headDim; j++) back[h0 + j] = turned[h0 + perm[j]]; // P ( . )
  }
  let permutedDiff = 0;
  for (let j = 0; j < dModel; j++) permutedDiff = Math.max(permutedDiff, Math.abs(back[j] - half[j]));
  return { interleaved, half, columnDiff, permutedDiff };
}

// The numbers behind <pe-compare> (src/elements/compare/views.js), in Node against independent
// references: Gram matrices, q moved to every position, RoPE scores depending on p - r only, the
// pairing permutation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { maxAbsDiff, uniformArray } from '../reference/reference.js';
import { pairColumns, ropeRef } from '../reference/rope-reference.js';
import { crossScores, diagonalSpread, gram, pairingCheck, pairingColumns, rotatedRows } from '../../src/elements/compare/views.js';

const core = await loadCore();

test('gram: S[p][q] = rows[p] . rows[q]; NaN where the table has no row', () => {
  const rows = uniformArray(5 * 3, 1, 1);
  const s = gram(rows, 5, 3, 4);
  for (let p = 0; p < 5; p++) {
    for (let q = 0; q < 5; q++) {
      const want = p < 4 && q < 4 ? rows[p * 3] * rows[q * 3] + rows[p * 3 + 1] * rows[q * 3 + 1] + rows[p * 3 + 2] * rows[q * 3 + 2] : NaN;
      if (Number.isNaN(want)) assert.ok(Number.isNaN(s[p * 5 + q]));
      else assert.ok(Math.abs(s[p * 5 + q] - want) < 1e-12);
    }
  }
});

test('diagonalSpread: 0 for a matrix of p - q, the largest change along a diagonal otherwise', () => {
  const n = 6;
  const toeplitz = Float64Array.from({ length: n * n }, (_, i) => Math.cos(Math.floor(i / n) - (i % n)));
  assert.equal(diagonalSpread(toeplitz, n), 0);
  toeplitz[2 * n + 1] += 0.25; // one cell of the diagonal p - q = 1
  assert.equal(diagonalSpread(toeplitz, n), 0.25);
  toeplitz[0] = NaN;
  assert.equal(diagonalSpread(toeplitz, n), 0.25, 'NaN cells are skipped');
});

test('rotatedRows and crossScores: q moved to every position; q(p) . k(r) depends on p - r only', () => {
  for (const layout of ['interleaved', 'half']) {
    const d = 32, n = 40, rope = { headDim: 16, base: 10000, layout };
    const q = uniformArray(d, 2, 1), k = uniformArray(d, 3, 1);
    const rows = rotatedRows(core, q, n, d, rope);
    const tiled = new Float32Array(n * d);
    for (let t = 0; t < n; t++) tiled.set(q, t * d);
    assert.ok(maxAbsDiff(rows, ropeRef(tiled, n, d, rope)) <= 1e-6 * 2);
    const s = crossScores(rows, rotatedRows(core, k, n, d, rope), n, d, 16);
    const spread = diagonalSpread(s, n);
    assert.ok(spread < 2e-6, `${layout}: spread ${spread}`);
    assert.ok(Math.abs(s[5 * n + 5] - q.subarray(0, 16).reduce((a, v, j) => a + v * k[j], 0)) < 1e-5, 'the diagonal is q . k');
  }
});

test('pairing: P maps column j of the half layout to the interleaved column holding the same value', () => {
  for (const headDim of [2, 4, 6, 16, 30]) {
    const cols = pairingColumns(headDim);
    assert.deepEqual([...cols.map((c) => c.perm)].sort((a, b) => a - b), Array.from({ length: headDim }, (_, j) => j), 'a permutation');
    cols.forEach((c, j) => {
      const [i, role] = c.half;
      assert.equal(pairColumns(i, headDim, 'half')[role], j);
      assert.equal(pairColumns(i, headDim, 'interleaved')[role], c.perm);
    });
    const d = headDim * 3;
    const x = uniformArray(d, headDim, 1);
    const check = pairingCheck(core, x, d, { headDim, base: 10000 }, 37);
    assert.equal(check.permutedDiff, 0, `headDim ${headDim}: half(x) = P interleaved(P^-1 x) bit for bit`);
    if (headDim > 2) assert.ok(check.columnDiff.some((v) => v > 0), 'the two pairings differ on the same x');
    assert.ok(maxAbsDiff(check.half, ropeRef(x, 1, d, { headDim, offset: 37, layout: 'half' })) <= 2e-6);
  }
});

// The speed issue's target list: each line says holds or missed from the figures of a run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { targetLines } from './targets.js';

/** A timed result of `ms` per call at best; its rounds drift alike with every other's. */
const timedAt = (ms, extra) => ({ status: 'ok', best: ms, samples: [ms, 1.5 * ms, ms], ...extra });
const atGflops = (gflops) => timedAt(1 / gflops, { gflops });

/** A full-size run where the package is `factor` times the best peer and PE takes `peTime` ms. */
function run({ factor, peTime }) {
  const ffnShape = (tokens, dModel, dFF) => ({
    shape: { tokens, dModel, dFF },
    results: {
      'tfjs-wasm': atGflops(10), 'ort-wasm': atGflops(8), 'plain-js': atGflops(1),
      'pkg-simd128-fresh': atGflops(10 * factor), 'pkg-simd128-out': atGflops(10 * factor),
      'pkg-relaxed-fresh': atGflops(10 * factor), 'pkg-relaxed-out': atGflops(10 * factor),
    },
  });
  const peShape = (length) => ({
    shape: { length, dModel: 512 },
    results: {
      'pkg-out-tensor': timedAt(peTime, { mvals: 1000 / peTime }), 'pkg-out-array': timedAt(peTime),
      'pkg-fresh': timedAt(peTime), 'plain-js': timedAt(40, { mvals: 25 }),
      'fill-reused': timedAt(1), 'fill-fresh': timedAt(1), 'tfjs-wasm': { status: 'wrong', maxErr: 1e-4 },
    },
  });
  return {
    size: 'full',
    ffn: [ffnShape(10, 16, 64), ffnShape(1, 768, 3072), ffnShape(64, 512, 2048), ffnShape(128, 768, 3072)],
    pe: [peShape(2048), peShape(8192)],
  };
}
const meta = { wasmBytes: { simd128: 36907, relaxed: 40001 }, initMs: { medianMs: 0.2 } };

test('every target holds or misses by the measured figure', () => {
  const fast = targetLines(run({ factor: 6, peTime: 1.2 }), meta).join('\n');
  assert.match(fast, /✓ FFN T=64 and T=128, SIMD128 ≥ 1\.1× the best peer: T=64 fresh 6\.00 \(6\.00\)/);
  assert.match(fast, /✓ FFN T=10, d=16 ≥ 5× the best peer/);
  assert.match(fast, /✗ PE out tensor ≥ 40× plain JS: L=2048 33\.33 \(33\.33\)/);
  assert.match(fast, /✗ PE out Float32Array ≥ 40× plain JS: L=2048 33\.33/);
  assert.match(targetLines(run({ factor: 6, peTime: 0.8 }), meta).join('\n'), /✓ PE out Float32Array ≥ 40× plain JS: L=2048 50\.00 \(50\.00\), L=8192 50\.00 \(50\.00\)/);
  assert.match(fast, /✓ PE out tensor, time ≤ 2× fill: L=2048 1\.20 \(1\.20\), L=8192 1\.20 \(1\.20\)/);
  assert.match(fast, /✓ PE fresh array, time ≤ 1\.5× new \+ fill/);
  assert.match(fast, /✗ each \.wasm ≤ 40 KB \(KB of 1000 bytes\): simd128 36\.91, relaxed 40\.00/);
  assert.match(fast, /✓ init\(\) ≤ 10 ms median/);

  const slow = targetLines(run({ factor: 1.2, peTime: 1.6 }), meta).join('\n');
  assert.match(slow, /✓ FFN T=64 and T=128, SIMD128/);
  assert.match(slow, /✗ FFN T=64 and T=128, relaxed SIMD ≥ 1\.5× the best peer: T=64 fresh 1\.20 \(1\.20\)/);
  assert.match(slow, /✗ FFN T=10, d=16 ≥ 5×/);
  assert.match(slow, /✗ PE fresh array, time ≤ 1\.5× new \+ fill: L=2048 1\.60 \(1\.60\)/);
});

test('a missing figure is a miss, and smoke runs have no list', () => {
  const r = run({ factor: 6, peTime: 1 });
  r.ffn[0].results['pkg-relaxed-out'] = { status: 'unavailable', note: 'no relaxed SIMD' };
  assert.match(targetLines(r, meta).join('\n'), /✗ FFN T=10, d=16 ≥ 5× the best peer: .*relaxed out n\/a/);
  assert.deepEqual(targetLines({ ...r, size: 'smoke' }, meta), []);
});

test('a target is checked on the paired ratio, which a lucky spell of one contestant does not move', () => {
  const r = run({ factor: 6, peTime: 1.8 });
  // fill had one fast round (0.5) that the tensor, timed in another round, did not share.
  r.pe[0].results['fill-reused'] = timedAt(0.5, { samples: [1, 0.5, 1, 1, 1] });
  r.pe[0].results['pkg-out-tensor'] = timedAt(1.8, { samples: [1.8, 1.8, 1.9, 1.8, 1.8] });
  assert.match(targetLines(r, meta).join('\n'), /✓ PE out tensor, time ≤ 2× fill: L=2048 1\.80 \(3\.60\)/);
});

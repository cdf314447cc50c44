// The block bench at smoke sizes, in this process: every contestant that runs here passes the
// correctness check (the package always), every timed one has one sample per round, and the time
// split (on the bench build of the module) has every part with a positive time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { loadCore, pkg } from '../js/target.js';
import { BENCH_WASM, blockContestants, blockMarkdown, runBlockBench } from './block-bench.js';
import { TIMING } from './run-bench.js';

test('block bench --smoke: checked contestants, paired samples, a time split of five parts', async () => {
  const core = await loadCore();
  const ort = await import('onnxruntime-web').then((m) => { m.env.wasm.numThreads = 1; m.env.logLevel = 'error'; return m; }, () => null);
  const contestants = blockContestants({ cores: { simd128: core, relaxed: null }, relaxedNote: 'not in this test', tf: null, tfNote: 'not in this test', ort, ortNote: 'onnxruntime-web did not load' });
  const splitCore = await pkg.init({ wasm: fileURLToPath(new URL(`../../${BENCH_WASM}`, import.meta.url)) });
  const rows = await runBlockBench({ smoke: true, contestants, splitCore, timing: TIMING.smoke });
  assert.equal(rows.length, 1);
  const { results, split } = rows[0];
  for (const id of ['pkg-simd128-fresh', 'pkg-simd128-out']) {
    assert.equal(results[id].status, 'ok', `${id}: ${results[id].note ?? ''}`);
    assert.equal(results[id].samples.length, TIMING.smoke.samples);
    assert.ok(results[id].gflops > 0);
  }
  if (ort) assert.equal(results['ort-wasm'].status, 'ok', results['ort-wasm'].note ?? `max err ${results['ort-wasm'].maxErr}`);
  assert.deepEqual(Object.keys(split.phases), ['norms', 'projections', 'scores + softmax', 'weighted sum', 'FFN']);
  assert.ok(Object.values(split.phases).every((ms) => ms > 0) && split.forwardMs > 0);
  assert.match(blockMarkdown(rows, Object.fromEntries(contestants.map((c) => [c.id, c.label])), 'simd128'), /\| norms \|/);
});

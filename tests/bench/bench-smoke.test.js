// Runs `npm run bench` at smoke sizes (a few seconds) so that npm test covers the bench's code path:
// every contestant that can run here must pass the correctness check, and the JSON has its shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { TIMING } from './run-bench.js';

const bench = fileURLToPath(new URL('./bench.js', import.meta.url));

test('bench --smoke: every contestant checks out and the JSON report has its shape', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'pe-ffn-bench-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const json = join(dir, 'bench.json');
  const { stdout } = await promisify(execFile)(process.execPath,
    [bench, '--smoke', '--json', json], { timeout: 60_000 });
  assert.match(stdout, /\| shape \|/, 'prints markdown tables');
  const { meta, labels, results } = JSON.parse(await readFile(json, 'utf8'));

  assert.equal(results.size, 'smoke');
  assert.ok(meta.wasmBytes.simd128 > 0 && meta.wasmBytes.relaxed > 0, 'both .wasm sizes reported');
  assert.ok(meta.initMs.medianMs > 0 && meta.initMs.firstMs > 0, 'init() times reported');
  assert.ok(results.ffn.length >= 1 && results.pe.length >= 1 && results.activations.length >= 1);
  assert.match(stdout, /time ÷ ReLU/, 'prints the activations table');
  assert.ok(results.rope.length >= 1, 'the RoPE family ran');
  assert.ok(results.peWide.length >= 1 && results.peWide[0].shape.dModel > 4096, 'the wide PE table ran');
  assert.match(stdout, /time: out array ÷ out tensor \|/, 'prints the wide PE table with its ratio');
  for (const [kind, key] of [['ffn', 'gflops'], ['pe', 'mvals'], ['peWide', 'mvals'], ['activations', 'gflops'], ['rope', 'mvals']]) {
    for (const row of results[kind]) {
      for (const [id, r] of Object.entries(row.results)) {
        const what = `${kind} ${JSON.stringify(row.shape)} ${labels[kind][id]}`;
        assert.ok(['ok', 'wrong', 'unavailable'].includes(r.status), `${what}: ${r.status} ${r.note ?? ''}`);
        if (r.status === 'ok') assert.ok(r[key] > 0 && r.best > 0 && r.median >= r.best, what);
        // One sample per round, in round order: the paired ratios need them.
        if (r.status === 'ok') assert.ok(r.samples.length === TIMING.smoke.samples && r.samples.includes(r.best), what);
        // Only float32-angle PE peers may fail the 1e-6 check; this package and every FFN must pass.
        if (r.status === 'wrong') assert.ok(kind === 'pe' && /tfjs|ort/.test(id), `${what}: wrong, max err ${r.maxErr}`);
        if (id.startsWith('pkg-') && !id.startsWith('pkg-relaxed')) assert.equal(r.status, 'ok', what);
      }
    }
  }
});

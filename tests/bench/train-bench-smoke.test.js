// Runs the training bench at smoke size (tests/bench/train-bench.js --smoke): every contestant that
// can run here trains the same 3 steps as the module (its losses checked), is timed, and the JSON
// report has its shape. PyTorch and tfjs are optional peers: missing, they are reported, not failed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const bench = fileURLToPath(new URL('./train-bench.js', import.meta.url));
const json = fileURLToPath(new URL('../../test-artifacts/train-bench-smoke.json', import.meta.url));

test('train-bench --smoke: every contestant checks out; the report names the BLAS and the ceilings', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [bench, '--smoke'], { timeout: 240_000 });
  assert.match(stdout, /\| contestant \| steps\/s/, 'prints the table');
  const train = JSON.parse(await readFile(json, 'utf8'));
  assert.equal(train.size, 'smoke');
  assert.ok(train.ceiling.simd128 > 0, 'the SIMD128 ceiling is measured');
  const [cfg] = train.configs;
  for (const [id, r] of Object.entries(cfg.results)) {
    assert.ok(['ok', 'unavailable'].includes(r.status), `${id}: ${r.status} ${r.note ?? ''}`);
    if (r.status === 'ok') assert.ok(r.samples.length >= 1 && r.best > 0, `${id} was timed`);
  }
  assert.equal(cfg.results['pkg-simd128'].status, 'ok');
  assert.equal(cfg.results['plain-js'].status, 'ok', 'the double reference trains the same losses');
  const torch = cfg.results['torch-machine'];
  if (torch.status === 'ok') assert.ok(torch.info.libraries.length >= 1 && torch.info.threads === 1, 'PyTorch says which BLAS it ran, on one thread');
  assert.ok(cfg.gflops.forward > 0 && cfg.gflops.backward > 0);
});

// The per-kernel profile's pieces at smoke size (tests/bench/profile-bench.js): every kernel of a step
// runs alone in the bench build at the step's shapes, refuses a region too small for its arrays, and
// the report adds up to the measured step with a share and GFLOPS per product.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { STATUSES } from '../../src/js/abi.js';
import { BENCH_WASM, stepKernels } from './profile-bench.js';
import { TRAIN_CONFIGS } from './train-browser.js';

test('every kernel of a step runs alone at its shapes; a region too small is refused', async () => {
  const core = await init({ wasm: BENCH_WASM });
  const [cfg] = TRAIN_CONFIGS.smoke;
  const kernels = stepKernels(cfg, 1000);
  assert.equal(new Set(kernels.map((k) => k.kind)).size, 11, 'products, input and weight gradients, attention both ways, layer norm both ways, AdamW, cross-entropy, ReLU both ways');
  const floats = 1 << 20, region = core.heap.alloc(floats * 4, 'region');
  core.heap.f32(region, floats).fill(0.25);
  const noMemory = STATUSES.findIndex((s) => s.name === 'PF_ERR_NO_MEMORY');
  for (const k of kernels) {
    const [a, b = 0, c = 0, d = 0] = k.sizes;
    assert.equal(core.exports.pf_bench_kernel(k.kind, a, b, c, d, region, floats, 2), 0, k.name);
    assert.equal(core.exports.pf_bench_kernel(k.kind, a, b, c, d, region, 8, 1), noMemory, `${k.name}: 8 floats are too few`);
  }
  assert.equal(core.exports.pf_bench_kernel(99, 1, 1, 1, 1, region, floats, 1) !== 0, true, 'an unknown kind is refused');
  core.heap.free(region);
});

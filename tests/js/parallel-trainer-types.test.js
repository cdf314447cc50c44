// The parallel trainer's declarations (src/js/index.d.ts) compile under --strict with NodeNext and
// Bundler resolution, and refuse misuse (a step awaited as a number, workers of the wrong type).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile } from './typecheck.js';

const use = `
import { init, type ParallelTrainer, type ParallelTrainerOptions } from '../../src/js/index.js';
const core = await init();
const model = core.createTransformer({ vocab: 16, dModel: 16, heads: 2, maxLength: 8 });
const options: ParallelTrainerOptions = { workers: 2, shards: 4, lr: 1e-3, clipNorm: 1 };
const pt: ParallelTrainer = await model.createParallelTrainer(options);
pt.lr = 5e-4;
const loss: number = await pt.step(Int32Array.of(1, 2, 3, 4), [2, 3, 4, -1], { batch: 2 });
const counts: number = pt.steps + pt.workers + pt.shards;
await pt.dispose();
model.dispose();
export { loss, counts };
`;
const misuse = `
import { init } from '../../src/js/index.js';
const core = await init();
const model = core.createTransformer({ vocab: 16, dModel: 16 });
const pt = await model.createParallelTrainer({ workers: '2' });
const loss: number = pt.step([1], [2]);
export { loss };
`;

test('the parallel trainer type-checks under --strict (NodeNext and Bundler); misuse is refused', () => {
  for (const r of compile('types-parallel-trainer', { 'use.ts': use, 'misuse.ts': misuse })) {
    const errors = r.stdout.trim().split('\n');
    assert.equal(errors.length, 2, r.stdout + r.stderr); // use.ts compiles cleanly
    assert.match(errors[0], /^misuse\.ts\(5,.*'string' is not assignable to type 'number/);
    assert.match(errors[1], /^misuse\.ts\(6,.*'Promise<number>' is not assignable to type 'number'/);
  }
});

// A model file loaded back into the lab reports its test's progress (issue 34, item 5): finalTest with
// onProgress counts every part up to the total, in order, and gives the same numbers, bit for bit, as
// the test in one pass (the forward pass computes each sequence's rows on their own).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { labPlan } from '../../src/elements/lab/plan.js';
import { finalTest } from '../../src/elements/lab/session.js';

const core = await loadCore();

for (const experiment of ['position', 'longer']) {
  test(`finalTest counts its parts and matches the one-pass test (${experiment})`, () => {
    const plan = labPlan({ experiment, task: 'reverse', schemes: ['sinusoidal'], masks: [true], length: 4, steps: 10, seed: 3, dModel: 16, heads: 2, dFFs: [32], layers: 1 });
    const model = core.createTransformer(plan.runs[0].model);
    try {
      const calls = [];
      const stepped = finalTest(model, plan, (done, total) => calls.push([done, total]));
      const whole = finalTest(model, plan);
      assert.deepEqual(stepped, whole);
      const total = calls[0][1];
      assert.equal(total, Math.ceil(plan.finalSequences / 32) * (1 + (plan.testLengths?.length ?? 0)));
      assert.deepEqual(calls, Array.from({ length: total }, (_, i) => [i + 1, total]));
    } finally {
      model.dispose();
    }
  });
}

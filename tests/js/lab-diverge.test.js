// A lab run that diverges is told, not hidden (issue 34, item 8, the lab's part): session.advance()
// reports the first step at which a run's training loss is not a finite number, once per run, and the
// runs that stay finite report nothing. (The element then stops the training: tests/browser/pe-lab-life.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { labPlan } from '../../src/elements/lab/plan.js';
import { createSession } from '../../src/elements/lab/session.js';

const core = await loadCore();
const plan = (lr) => ({
  ...labPlan({ experiment: 'position', task: 'reverse', schemes: ['sinusoidal', 'learned'], masks: [false], length: 4, steps: 30, seed: 5, dModel: 16, heads: 2, dFFs: [32], layers: 1 }),
  lr,
});

/** Trains a plan to the end in small slices; -> { diverged (every report), losses per run }. */
function trainAll(p) {
  const session = createSession(core, p);
  try {
    const diverged = [];
    while (!session.done) diverged.push(...session.advance(1).diverged);
    return { diverged, losses: p.runs.map((_, i) => Array.from(session.losses(i))) };
  } finally {
    session.dispose();
  }
}

test('at lr 1e3 each run reports the first step whose loss is not finite, once', () => {
  const { diverged, losses } = trainAll(plan(1e3));
  const expected = losses.map((l, index) => ({ index, step: l.findIndex((x) => !Number.isFinite(x)) + 1 })).filter((d) => d.step > 0);
  assert.ok(expected.length > 0, `the losses: ${losses.map((l) => l.slice(0, 8).join(' ')).join(' | ')}`);
  assert.deepEqual([...diverged].sort((a, b) => a.index - b.index), expected);
});

test('at the lab\'s own learning rate nothing is reported', () => {
  const { diverged, losses } = trainAll(labPlan({ experiment: 'position', task: 'reverse', schemes: ['sinusoidal'], masks: [false], length: 4, steps: 30, seed: 5, dModel: 16, heads: 2, dFFs: [32], layers: 1 }));
  assert.ok(losses.flat().every(Number.isFinite));
  assert.deepEqual(diverged, []);
});

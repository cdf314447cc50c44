// The position lab's training, without a browser (src/elements/lab/plan.js, session.js,
// model-file.js): the plans the experiments make, a run's numbers independent of how it is sliced and
// of the other runs and workers (what makes a share link replay bit for bit), the held-out loss
// against the module's, the final test by length, and the lab's model files (saved with their
// metadata, loaded back, refused with a reason).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { labPlan, masksOf, parseDFFs, parseSchemes } from '../../src/elements/lab/plan.js';
import { createSession, heldOutLoss, probeSet } from '../../src/elements/lab/session.js';
import { LAB_KEYS, labMetadata, loadedRun, savedFile } from '../../src/elements/lab/model-file.js';
import { SCHEMES, TRAINING } from '../../src/elements/lab/presets.js';
import { PRESETS } from '../../src/elements/lab/experiments/index.js';
import { readSafetensors, tensorValues, writeSafetensors } from '../../src/js/safetensors.js';

const core = await loadCore();
const settings = (over = {}) => ({
  experiment: 'position', task: 'reverse', schemes: ['none', 'sinusoidal', 'learned'], masks: [false, true],
  length: 4, steps: 12, seed: 5, dModel: 16, heads: 2, dFFs: [32], layers: 1, ...over,
});
const bits = (a) => Array.from(new Uint32Array(Float64Array.from(a).buffer));

test('parsing: schemes in their order, unknown words reported; d_ff lists in range, in the order given', () => {
  assert.deepEqual(parseSchemes(' RoPE, none,banana,learned,none '), { schemes: ['none', 'learned', 'rope'], unknown: ['banana'] });
  assert.deepEqual(parseDFFs('512, 8,x,0,2000,8, 32', 1, 1024), { values: [512, 8, 32], bad: ['x', '0', '2000'] });
  assert.deepEqual(masksOf('both'), [false, true]);
  assert.deepEqual(masksOf('on'), [true]);
  assert.deepEqual(masksOf('off'), [false]);
});

test('plans: runs are schemes x masks x d_ff; a learned table has exactly the trained rows; at most maxRuns', () => {
  const p = labPlan(settings());
  assert.equal(p.runs.length, 6);
  assert.deepEqual(p.runs.map((r) => [r.scheme, r.causal]), [['none', false], ['none', true], ['sinusoidal', false], ['sinusoidal', true], ['learned', false], ['learned', true]]);
  assert.equal(p.sequenceLength, 10);
  assert.ok(p.runs.every((r) => r.model.maxLength === 10), 'one length: every table is the trained one');
  const longer = labPlan(settings({ experiment: 'longer' }));
  assert.deepEqual(longer.trainLengths, [1, 4]);
  assert.deepEqual(longer.testLengths, [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.equal(longer.runs.find((r) => r.scheme === 'learned').model.maxLength, 10);
  assert.equal(longer.runs.find((r) => r.scheme === 'none').model.maxLength, 18);
  const many = labPlan(settings({ schemes: [...SCHEMES], dFFs: [8, 16] }));
  assert.equal(many.runs.length, TRAINING.maxRuns);
  assert.equal(many.cut, SCHEMES.length * 2 * 2 - TRAINING.maxRuns);
  assert.equal(labPlan(settings({ steps: 500 })).evalEvery, 10);
  // Every preset makes a plan within the limit.
  for (const [experiment, p] of Object.entries(PRESETS)) {
    const plan = labPlan({ ...settings(), experiment, task: p.task, schemes: parseSchemes(p.schemes).schemes, masks: masksOf(p.causal), steps: p.steps, length: 8, dModel: 32, dFFs: parseDFFs(p['d-ff'], 1, 1024).values, layers: 2 });
    assert.equal(plan.cut, 0, experiment);
  }
});

test('a run\'s losses and evaluations do not depend on slicing, on the other runs or on the worker that trains it', () => {
  const plan = labPlan(settings());
  const whole = createSession(core, plan);
  while (!whole.done) whole.advance(0);          // one step per slice
  const a = createSession(core, plan, [0, 2, 4]);
  const b = createSession(core, plan, [5, 3, 1]);
  for (const s of [a, b]) while (!s.done) s.advance(1e9);   // every step in one slice
  const split = (i) => (i % 2 === 0 ? a : b);
  for (let i = 0; i < plan.runs.length; i++) {
    assert.deepEqual(bits(split(i).losses(i)), bits(whole.losses(i)), `run ${i}: the same losses bit for bit`);
  }
  const final = whole.finish();
  const parts = [...a.finish(), ...b.finish()].sort((x, y) => x.index - y.index);
  assert.deepEqual(parts, final);
  // Another plan with more steps takes the same first steps (what a shortened share link replays).
  const longer = createSession(core, labPlan(settings({ steps: 20 })), [2]);
  while (longer.step < 12) longer.advance(0);
  assert.deepEqual(bits(longer.losses(2).subarray(0, 12)), bits(whole.losses(2)));
  for (const s of [whole, a, b, longer]) s.dispose();
});

test('evaluations: at every evalEvery steps and the last; the held-out loss is the module\'s own loss', () => {
  const plan = labPlan(settings({ steps: 25, schemes: ['sinusoidal'], masks: [false] }));
  const session = createSession(core, plan);
  const steps = [];
  while (!session.done) steps.push(...session.advance(0).evals.map((e) => e.step));
  assert.deepEqual(steps, Array.from({ length: 25 }, (_, i) => i + 1), 'evalEvery is 1 for 25 steps');
  const probe = probeSet(plan);
  const model = session.model(0);
  const logits = model.forward(probe.tokens, { batch: probe.batch });
  const mine = heldOutLoss(logits, probe.targets, plan.vocab);
  const theirs = model.loss(probe.tokens, probe.targets, { batch: probe.batch });
  console.log(`# held-out loss ${mine} (double from the logits) vs the module's ${theirs}: ${Math.abs(mine - theirs).toExponential(2)}`);
  assert.ok(Math.abs(mine - theirs) <= 1e-5 * (1 + theirs));
  session.dispose();
});

test('the final test by length: a learned table has no row past training (null), the others are tested', () => {
  const plan = labPlan(settings({ experiment: 'longer', schemes: ['learned', 'rope'], masks: [true], steps: 4 }));
  const session = createSession(core, plan);
  while (!session.done) session.advance(1e9);
  const [learned, rope] = session.finish();
  assert.deepEqual(learned.accuracyByLength.map((a) => a.accuracy === null), [false, false, false, false, true, true, true, true]);
  assert.ok(rope.accuracyByLength.every((a) => a.accuracy >= 0 && a.accuracy <= 1));
  assert.equal(learned.params, session.model(0).paramCount);
  const snap = session.snapshot(0, 3);
  assert.equal(snap.layers.length, 1);
  assert.equal(snap.layers[0].length, 2 * plan.sequenceLength ** 2);
  assert.equal(snap.positions.length, plan.sequenceLength * 16);
  assert.equal(session.snapshot(1, 3).positions, null);
  session.dispose();
});

test('model files: saved with the lab\'s metadata, loaded back and tested; refused with a reason', () => {
  const plan = labPlan(settings({ schemes: ['learned'], masks: [false], steps: 6 }));
  const session = createSession(core, plan);
  while (!session.done) session.advance(1e9);
  const bytes = savedFile(session.model(0), plan, 0);
  const loaded = core.loadTransformer(bytes);
  const probe = probeSet(plan);
  assert.deepEqual(loaded.forward(probe.tokens, { batch: probe.batch }), session.model(0).forward(probe.tokens, { batch: probe.batch }));
  assert.deepEqual(labMetadata(bytes), { task: 'reverse', length: 4, seed: 5, experiment: 'position', steps: 6 });
  const result = loadedRun(core, bytes, labPlan(settings({ task: 'copy', length: 6 })));
  assert.equal(result.plan.task, 'reverse', 'tested on the task it was trained on');
  const { index, params, ...trained } = session.finish()[0];
  assert.deepEqual(result.final, trained);
  assert.equal(params, loaded.paramCount);
  // Hostile or foreign metadata is ignored, not trusted.
  const { metadata, tensors } = readSafetensors(bytes);
  const values = tensors.map((t) => ({ name: t.name, shape: t.shape, data: tensorValues(bytes, t) }));
  const odd = writeSafetensors(values, { ...metadata, [LAB_KEYS.task]: '__proto__', [LAB_KEYS.length]: '1e9', [LAB_KEYS.seed]: '-1', [LAB_KEYS.experiment]: 'constructor' });
  assert.deepEqual(labMetadata(odd), { steps: 6 });
  assert.equal(loadedRun(core, odd, plan).plan.task, 'reverse', 'the lab\'s own task instead');
  // A model that cannot be tested says why.
  const big = core.createTransformer({ vocab: 20, dModel: 8, heads: 2, position: 'sinusoidal' });
  assert.throws(() => loadedRun(core, big.save(), plan), /vocabulary of 20 tokens; the lab's tasks use 16/);
  const short = core.createTransformer({ vocab: 16, dModel: 8, heads: 2, position: 'learned', maxLength: 6 });
  assert.throws(() => loadedRun(core, short.save(), plan), /reads at most 6 tokens; the task's sequences have 10/);
  assert.throws(() => loadedRun(core, new Uint8Array(16), plan), /loadTransformer|safetensors/);
  big.dispose(); short.dispose(); loaded.dispose(); session.dispose();
});

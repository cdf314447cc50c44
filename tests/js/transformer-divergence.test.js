// Divergence is told, not hidden (issue 34 item 8): at lr 1e3 the parameters turn to NaN within a few
// steps. The trainer says so (lastStepFinite false from that step on, firstNonFiniteStep its number),
// model.save() refuses with a RangeError naming the parameter, and a file of such weights is not loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, pkg } from './target.js';
import { readSafetensors, tensorValues, writeSafetensors } from '../../src/js/safetensors.js';

const core = await loadCore();
const config = { vocab: 16, dModel: 32, heads: 4, dFF: 64, layers: 2, seed: 1 };
const task = pkg.createTask('sort', { vocab: 16, length: 8, seed: 2 });
const batches = Array.from({ length: 12 }, () => task.batch(8));

/** Is every parameter of the model a finite number? (the independent check, through the public API) */
const allFinite = (model) => model.parameterNames.every((name) => model.getParameter(name).every(Number.isFinite));

test('at lr 1e3 the trainer tells the step that diverged; save() then refuses, naming the parameter', () => {
  const model = core.createTransformer(config);
  try {
    const trainer = model.createTrainer({ lr: 1e3 });
    assert.equal(trainer.lastStepFinite, true, 'before any step');
    assert.equal(trainer.firstNonFiniteStep, null);
    const seen = [];
    for (const b of batches) {
      const loss = trainer.step(b.tokens, b.targets, { batch: 8 });
      const finite = Number.isFinite(loss) && allFinite(model);
      seen.push(`${trainer.steps}: ${loss.toPrecision(3)} ${finite}`);
      assert.equal(trainer.lastStepFinite, finite, `step ${trainer.steps}: loss ${loss}`);
    }
    console.log(`# lr 1e3, step: loss, all finite — ${seen.join('; ')}`);
    const first = trainer.firstNonFiniteStep;
    assert.ok(Number.isInteger(first) && first >= 1 && first < batches.length, `diverged at step ${first}`);
    assert.equal(trainer.steps, batches.length, 'steps counts every step taken');
    assert.equal(trainer.lastStepFinite, false);
    assert.throws(() => model.save(), (error) => error instanceof RangeError
      && /^model\.save\(\): the parameter (\S+) holds (NaN|-?Infinity) at index \d+, not a finite number/.test(error.message)
      && model.parameterNames.includes(error.message.match(/the parameter (\S+)/)[1]));
  } finally {
    model.dispose();
  }
});

test('at lr 1e-3 every step is finite; one non-finite value set by hand is named by save() exactly', () => {
  const model = core.createTransformer(config);
  try {
    const trainer = model.createTrainer({ lr: 1e-3 });
    for (const b of batches.slice(0, 4)) trainer.step(b.tokens, b.targets, { batch: 8 });
    assert.equal(trainer.lastStepFinite, true);
    assert.equal(trainer.firstNonFiniteStep, null);
    const bytes = model.save();
    for (const [name, index, bad] of [['layers.1.gamma2', 5, NaN], ['output.w', 511, -Infinity], ['embedding', 0, Infinity]]) {
      const before = model.getParameter(name);
      const values = before.slice();
      values[index] = bad;
      model.setParameter(name, values);
      assert.throws(() => model.save(), { name: 'RangeError', message: `model.save(): the parameter ${name} holds ${bad} at index ${index}, not a finite number (the training diverged: try a smaller learning rate); nothing was written` });
      model.setParameter(name, before);
    }
    assert.deepEqual(model.save(), bytes, 'finite again: saved as before');
    // A step from a non-finite parameter is told at once, and stays told.
    const values = model.getParameter('output.b');
    values[3] = NaN;
    model.setParameter('output.b', values);
    trainer.step(batches[0].tokens, batches[0].targets, { batch: 8 });
    assert.equal(trainer.lastStepFinite, false);
    assert.equal(trainer.firstNonFiniteStep, 5);
  } finally {
    model.dispose();
  }
});

test('a file of a diverged model (written without save()) is not loaded', () => {
  const model = core.createTransformer(config);
  try {
    const bytes = model.save();
    const file = readSafetensors(bytes);
    const tensors = file.tensors.map((t) => ({ name: t.name, shape: t.shape, data: tensorValues(bytes, t) }));
    tensors.find((t) => t.name === 'layers.0.bq').data[2] = NaN;
    assert.throws(() => core.loadTransformer(writeSafetensors(tensors, file.metadata)), { name: 'Error', message: /^loadTransformer: layers\.0\.bq holds NaN at index 2, not a finite number/ });
  } finally {
    model.dispose();
  }
});

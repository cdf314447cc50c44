// model.createParallelTrainer (API.md, "Training on every core") in Node's worker_threads: the losses
// and every parameter bit-identical for 1, 2 and 3 workers (groups of unequal sizes, more workers than
// groups, targets that do not count, a batch where none counts); the update is the batch's mean gradient
// (model.gradients); the model
// locked while a step is pending and steps in call order; bad input refused before any worker is
// messaged; a worker that fails or cannot load; dispose (of the trainer or the model) while pending.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { splitGroups, useWorkerSpawn } from '../../src/js/parallel-trainer.js';
import { spawnNodeWorkerFrom } from '../../src/js/parallel-spawn.js';

const core = await loadCore();
const config = { vocab: 11, dModel: 16, heads: 2, dFF: 24, layers: 2, maxLength: 8, norm: 'pre', seed: 5 };
const REAL_WORKER = new URL('../../src/js/parallel-worker.js', import.meta.url);

/** Seeded batches of `batch` sequences of length T; some targets -1, and one batch where none counts. */
function batches(count, batch, T) {
  let s = 12345;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 8) / (1 << 24);
  return Array.from({ length: count }, (_, k) => {
    const tokens = Int32Array.from({ length: batch * T }, () => Math.floor(next() * config.vocab));
    const targets = Int32Array.from({ length: batch * T }, () => (k === 2 || next() < 0.2 ? -1 : Math.floor(next() * config.vocab)));
    return { tokens, targets, batch };
  });
}

async function train(options, data) {
  const model = core.createTransformer(config);
  const pt = await model.createParallelTrainer(options);
  try {
    const losses = [];
    for (const b of data) losses.push(await pt.step(b.tokens, b.targets, { batch: b.batch }));
    assert.equal(pt.steps, data.length);
    return { losses, bytes: model.save() };
  } finally {
    await pt.dispose();
    model.dispose();
  }
}

test('groups: min(shards, batch) contiguous ones, the first batch % groups one longer', () => {
  assert.deepEqual(splitGroups(7, 5).map((g) => g.count), [2, 2, 1, 1, 1]);
  assert.deepEqual(splitGroups(7, 5).map((g) => g.first), [0, 2, 4, 5, 6]);
  assert.deepEqual(splitGroups(3, 8).map((g) => g.count), [1, 1, 1]);
  assert.deepEqual(splitGroups(16, 8).map((g) => g.count), Array(8).fill(2));
  for (let batch = 1; batch <= 40; batch++) {
    for (const shards of [1, 2, 3, 7, 8, 64]) {
      const groups = splitGroups(batch, shards);
      assert.equal(groups.length, Math.min(batch, shards));
      assert.equal(groups.reduce((n, g) => (assert.equal(g.first, n), n + g.count), 0), batch);
      assert.ok(Math.max(...groups.map((g) => g.count)) - Math.min(...groups.map((g) => g.count)) <= 1);
    }
  }
});

test('1, 2 and 3 workers give the same losses and parameters, bit for bit', async () => {
  const data = batches(4, 7, 6);
  const options = { shards: 5, lr: 0.01, clipNorm: 0.5 };
  const one = await train({ ...options, workers: 1 }, data);
  for (const workers of [2, 3]) {
    const other = await train({ ...options, workers }, data);
    assert.ok(other.losses.every((l, i) => Object.is(l, one.losses[i])), `losses of ${workers} workers: ${other.losses} against ${one.losses}`);
    assert.ok(Buffer.from(other.bytes).equals(Buffer.from(one.bytes)), `parameters of ${workers} workers`);
  }
  assert.equal(one.losses[2], 0, 'a batch where no target counts: loss 0');
  // more workers than groups: the idle ones change nothing
  const few = await train({ ...options, shards: 2, workers: 3 }, data);
  const fewOne = await train({ ...options, shards: 2, workers: 1 }, data);
  assert.ok(Buffer.from(few.bytes).equals(Buffer.from(fewOne.bytes)) && few.losses.every((l, i) => Object.is(l, fewOne.losses[i])));
});

test('the combined gradient is the batch mean gradient of model.gradients (one AdamW step with eps 1 shows it)', async () => {
  // Step 1 of AdamW with weightDecay 0 moves p by -lr g / (|g| + eps): with eps 1 that is g itself, up to a
  // factor known in double, so the update reads back the gradient the workers' groups were combined into.
  const [b] = batches(1, 7, 6);
  const model = core.createTransformer(config);
  const { loss, grads } = model.gradients(b.tokens, b.targets, { batch: 7 });
  const before = Object.fromEntries(model.parameterNames.map((name) => [name, model.getParameter(name)]));
  const pt = await model.createParallelTrainer({ workers: 2, shards: 5, lr: 1, eps: 1, weightDecay: 0 });
  const parallelLoss = await pt.step(b.tokens, b.targets, { batch: 7 });
  await pt.dispose();
  let largest = 0, scale = 0;
  for (const name of model.parameterNames) {
    const after = model.getParameter(name);
    for (let i = 0; i < after.length; i++) {
      const g = grads[name][i];
      const expected = before[name][i] - g / (Math.abs(g) + 1);
      largest = Math.max(largest, Math.abs(after[i] - expected));
      scale = Math.max(scale, Math.abs(g));
    }
  }
  console.log(`parallel step against model.gradients: largest update difference ${largest.toExponential(2)} (largest |g| ${scale.toFixed(3)}), loss ${Math.abs(parallelLoss - loss).toExponential(2)}`);
  assert.ok(largest < 2e-6, `update within 2e-6 of the mean gradient's: ${largest}`);
  assert.ok(Math.abs(parallelLoss - loss) < 1e-6 * Math.abs(loss));
  model.dispose();
});

test('the model is locked while steps are pending; steps run in call order; the model sees the update', async () => {
  const data = batches(2, 4, 5);
  const model = core.createTransformer(config);
  const pt = await model.createParallelTrainer({ workers: 2, shards: 4 });
  const before = model.getParameter('embedding');
  const first = pt.step(data[0].tokens, data[0].targets, { batch: 4 });
  const second = pt.step(data[1].tokens, data[1].targets, { batch: 4 });
  for (const call of [() => model.forward([1, 2]), () => model.getParameter('embedding'), () => model.save(),
    () => model.createTrainer(), () => model.setParameter('embedding', before), () => model.loss([1], [2])]) {
    assert.throws(call, { name: 'Error', message: /a parallel step is running/ });
  }
  await assert.rejects(model.createParallelTrainer({ workers: 1 }), /a parallel step is running/);
  const losses = [await first, await second];
  assert.ok(!model.getParameter('embedding').every((v, i) => Object.is(v, before[i])), 'the parameters changed');
  assert.equal(pt.steps, 2);
  await pt.dispose();
  const sequential = await train({ workers: 1, shards: 4 }, data);
  assert.ok(losses.every((l, i) => Object.is(l, sequential.losses[i])), 'the steps ran in call order');
  assert.ok(Buffer.from(model.save()).equals(Buffer.from(sequential.bytes)));
  model.dispose();
});

test('bad input is refused before any worker is messaged, naming the argument', async () => {
  const steps = [];
  useWorkerSpawn(async (onMessage, onFail) => {
    const worker = await spawnNodeWorkerFrom(REAL_WORKER)(onMessage, onFail);
    return { ...worker, post: (message, transfer) => (message.type === 'step' && steps.push(message), worker.post(message, transfer)) };
  });
  const model = core.createTransformer(config);
  try {
    const pt = await model.createParallelTrainer({ workers: 2 });
    const ok = [1, 2, 3, 4];
    const cases = [
      [() => pt.step([1, 2, 11, 4], ok, { batch: 2 }), RangeError, /tokens/],
      [() => pt.step(ok, [1, 2, 3, 11], { batch: 2 }), RangeError, /targets/],
      [() => pt.step(ok, 'abcd', { batch: 2 }), TypeError, /targets/],
      [() => pt.step(ok, undefined, { batch: 2 }), TypeError, /targets/],
      [() => pt.step(new Float32Array(4), ok), TypeError, /tokens/],
      [() => pt.step(ok, ok, { batch: 3 }), RangeError, /tokens/],
      [() => pt.step(ok, ok, { batch: 0 }), RangeError, /batch/],
      [() => pt.step(ok, ok, { batch: 1.5 }), RangeError, /batch/],
      [() => pt.step(ok, ok, 'x'), TypeError, /options/],
      [() => pt.step(new Int32Array(2 * 9), new Int32Array(2 * 9), { batch: 2 }), RangeError, /maxLength/],
    ];
    for (const [call, type, message] of cases) {
      const result = call();
      assert.ok(result instanceof Promise, 'step returns a Promise');
      await assert.rejects(result, (error) => error instanceof type && message.test(error.message), String(call));
    }
    assert.equal(steps.length, 0, 'no worker was messaged');
    assert.equal(model.forward([1]).length, config.vocab, 'the model is not locked');
    for (const [options, name, type] of [[{ workers: 0 }, 'workers', RangeError], [{ workers: 65 }, 'workers', RangeError],
      [{ workers: 1.5 }, 'workers', RangeError], [{ shards: 0 }, 'shards', RangeError], [{ shards: 1025 }, 'shards', RangeError],
      [{ lr: -1 }, 'lr', RangeError], [{ betas: [0.9] }, 'betas', RangeError], [{ clipNorm: 'x' }, 'clipNorm', TypeError], [5, 'options', TypeError]]) {
      await assert.rejects(model.createParallelTrainer(options), (e) => e instanceof type && e.message.includes(name), JSON.stringify(options));
    }
    assert.equal(await pt.step(ok, ok, { batch: 2 }) > 0, true);
    assert.equal(steps.length, 2, 'a good step messages both workers');
    await pt.dispose();
    await assert.rejects(pt.step(ok, ok), /disposed/);
  } finally {
    useWorkerSpawn(null);
    model.dispose();
  }
});

test('a worker that fails rejects the step, leaves the parameters and disposes the trainer', async () => {
  const data = batches(1, 4, 5);
  const model = core.createTransformer(config);
  try {
    useWorkerSpawn(spawnNodeWorkerFrom(new URL('./fixtures/parallel-worker-exits.js', import.meta.url)));
    const pt = await model.createParallelTrainer({ workers: 2 });
    const before = model.save();
    await assert.rejects(pt.step(data[0].tokens, data[0].targets, { batch: 4 }), { name: 'Error', message: /worker [12] of 2 failed: it exited with code 3/ });
    assert.ok(Buffer.from(model.save()).equals(Buffer.from(before)), 'the parameters are unchanged');
    await assert.rejects(pt.step(data[0].tokens, data[0].targets, { batch: 4 }), /disposed.*worker [12] failed/);
    // a module that cannot load: the trainer is never made
    useWorkerSpawn(spawnNodeWorkerFrom(new URL('./fixtures/no-such-worker.js', import.meta.url)));
    await assert.rejects(model.createParallelTrainer({ workers: 2 }), { name: 'Error', message: /worker [12] of 2 failed: Cannot find module/ });
  } finally {
    useWorkerSpawn(null);
  }
  assert.equal(model.forward([1]).length, config.vocab, 'the model is not locked');
  model.dispose();
});

test('dispose while a step is pending rejects it; disposing the model disposes its parallel trainers', async () => {
  const data = batches(1, 4, 5);
  const model = core.createTransformer(config);
  const before = model.save();
  const pt = await model.createParallelTrainer({ workers: 2 });
  const pending = pt.step(data[0].tokens, data[0].targets, { batch: 4 });
  const queued = pt.step(data[0].tokens, data[0].targets, { batch: 4 });
  await pt.dispose();
  await assert.rejects(pending, { name: 'Error', message: /disposed/ });
  await assert.rejects(queued, { name: 'Error', message: /disposed/ });
  assert.ok(Buffer.from(model.save()).equals(Buffer.from(before)), 'the parameters are unchanged, the model unlocked');
  const other = await model.createParallelTrainer({ workers: 1 });
  const step = other.step(data[0].tokens, data[0].targets, { batch: 4 });
  model.dispose();
  await assert.rejects(step, /disposed/);
  await assert.rejects(other.step(data[0].tokens, data[0].targets, { batch: 4 }), /disposed/);
  assert.throws(() => { other.lr = 0.1; }, /disposed/);
});

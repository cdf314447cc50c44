// Lifetimes under hostile arguments (issue 34 item 3): every method of an object over C memory reads its
// arguments first and takes its pointer last. A getter or Proxy trap among the arguments disposes the
// object, or frees it and makes another one (which the allocator tends to place at the freed address):
// the call throws an Error saying the object was disposed, and the other object is untouched, checked
// bit for bit against a twin that no hostile call came near.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';

const core = await loadCore();
const config = { vocab: 7, dModel: 8, heads: 2, dFF: 12, layers: 1, maxLength: 6, seed: 4 };
const tokens = [1, 2, 3, 4], targets = [2, 3, 4, 5];
const disposed = (method) => (error) => error instanceof Error && new RegExp(`^${method.replace(/[.()]/g, '\\$&')}: this .* has been disposed$`).test(error.message);

/** The model's parameters, all of them, as one array. */
const weights = (model) => model.parameterNames.flatMap((name) => [...model.getParameter(name)]);
const sameBits = (a, b) => a.length === b.length && a.every((v, k) => Object.is(v, b[k]));

/** An Array of tokens whose element `at` runs `act` when read (once). */
function hostileTokens(values, at, act) {
  const array = [...values];
  Object.defineProperty(array, at, { get: () => (act(), values[at]) });
  return array;
}

/** A Proxy over an Array of tokens whose `length` runs `act` when read. */
function hostileProxy(values, act) {
  return new Proxy([...values], { get: (target, key) => (key === 'length' && act(), target[key]) });
}

test('trainer.step: a getter that disposes the trainer and makes another one leaves the other one untouched', () => {
  for (const make of [(act) => hostileTokens(targets, 2, act), (act) => hostileProxy(targets, act), (act) => ({ get batch() { act(); return 1; } })]) {
    const model = core.createTransformer(config), twin = core.createTransformer(config);
    try {
      const first = model.createTrainer({ lr: 0.5 });
      first.step(tokens, targets);
      twin.createTrainer({ lr: 0.5 }).step(tokens, targets); // the twin's model is where the model is now
      let other = null;
      const act = () => {
        first.dispose();
        other = model.createTrainer({ lr: 0.01 });
      };
      const hostile = make(act);
      const call = Array.isArray(hostile) ? () => first.step(tokens, hostile) : () => first.step(tokens, targets, hostile);
      assert.throws(call, disposed('trainer.step()'));
      assert.equal(other.steps, 0, 'the other trainer took no step');
      assert.equal(other.lr, 0.01);
      assert.equal(other.lastStepFinite, true);
      assert.ok(sameBits(weights(model), weights(twin)), 'no step ran on the model');
      // The other trainer's moments and step count are its own: two steps give the twin's two steps.
      const twinTrainer = twin.createTrainer({ lr: 0.01 });
      for (let i = 0; i < 2; i++) assert.ok(Object.is(other.step(tokens, targets), twinTrainer.step(tokens, targets)));
      assert.ok(sameBits(weights(model), weights(twin)), 'the other trainer steps as a fresh one does');
    } finally {
      model.dispose();
      twin.dispose();
    }
  }
});

test('trainer.step: a getter that disposes the model (and so its trainer) and makes another model throws; the new model is untouched', () => {
  const model = core.createTransformer(config), twin = core.createTransformer(config);
  let other = null;
  try {
    const trainer = model.createTrainer({ lr: 0.5 });
    const hostile = hostileTokens(tokens, 1, () => {
      model.dispose();
      other = core.createTransformer(config);
    });
    assert.throws(() => trainer.step(hostile, targets), disposed('trainer.step()'));
    assert.equal(trainer.steps, 0);
    assert.ok(sameBits(weights(other), weights(twin)), 'the new model holds its seeded values');
  } finally {
    model.dispose();
    twin.dispose();
    other?.dispose();
  }
});

test('model.forward, loss, gradients, createTrainer: a getter that disposes the model and makes another throws; the other computes as its twin', () => {
  const calls = [
    ['model.forward()', (m, act) => m.forward(hostileProxy(tokens, act))],
    ['model.forward()', (m, act) => m.forward(tokens, { get out() { act(); return undefined; } })],
    ['model.loss()', (m, act) => m.loss(tokens, hostileTokens(targets, 3, act))],
    ['model.gradients()', (m, act) => m.gradients(hostileTokens(tokens, 0, act), targets)],
    ['model.createTrainer()', (m, act) => m.createTrainer({ get lr() { act(); return 0.1; } })],
    ['model.createTrainer()', (m, act) => m.createTrainer({ betas: hostileTokens([0.9, 0.99], 1, act) })],
    ['model.loss()', (m, act) => m.loss(tokens, targets, new Proxy({}, { get: (_, key) => (key === 'batch' && act(), undefined) }))],
  ];
  const twin = core.createTransformer(config);
  try {
    const expected = twin.forward(tokens);
    for (const [method, call] of calls) {
      const model = core.createTransformer(config);
      let other = null;
      try {
        assert.throws(() => call(model, () => {
          model.dispose();
          other = core.createTransformer(config);
        }), disposed(method), method);
        assert.ok(sameBits(other.forward(tokens), expected), `${method}: the other model computes as its twin`);
        assert.ok(sameBits(weights(other), weights(twin)));
      } finally {
        model.dispose();
        other?.dispose();
      }
    }
  } finally {
    twin.dispose();
  }
});

test('ffn.forward and block.forward: a getter that disposes the layer and makes another throws; the other computes as its twin', () => {
  const x = new Float32Array(8).map((_, i) => Math.sin(i + 1));
  const layers = [
    ['ffn.forward()', () => core.createFFN({ dModel: 4, dFF: 8, seed: 3 }), (layer, act) => layer.forward(x, { get hidden() { act(); return true; } })],
    ['ffn.forward()', () => core.createFFN({ dModel: 4, dFF: 8, seed: 3 }), (layer, act) => layer.forward(x, { get out() { act(); return undefined; } })],
    ['block.forward()', () => core.createEncoderBlock({ dModel: 4, heads: 2, dFF: 8, seed: 3 }), (layer, act) => layer.forward(x, { get trace() { act(); return false; } })],
    ['block.forward()', () => core.createEncoderBlock({ dModel: 4, heads: 2, dFF: 8, seed: 3 }), (layer, act) => layer.forward(x, { get out() { act(); return undefined; } })],
    ['block.forward()', () => core.createEncoderBlock({ dModel: 4, heads: 2, dFF: 8, seed: 3 }), (layer, act) => layer.forward(x, new Proxy({}, { get: (_, key) => (key === 'trace' && act(), undefined) }))],
  ];
  for (const [method, make, call] of layers) {
    const twin = make(), layer = make();
    let other = null;
    try {
      assert.throws(() => call(layer, () => {
        layer.dispose();
        other = make();
      }), disposed(method), method);
      assert.ok(sameBits(other.forward(x), twin.forward(x)), `${method}: the other layer computes as its twin`);
    } finally {
      for (const l of [twin, layer, other]) l?.dispose();
    }
  }
});

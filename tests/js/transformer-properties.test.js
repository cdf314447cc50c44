// The contract's properties of the trainable Transformer (core.createTransformer): seeded parameters
// equal to the reference's draw bit for bit; determinism of logits, gradients and training across
// models and instances; a sequence's logits independent of its batch; the causal prefix; the
// permutation property of 'none' without a mask; targets that all are -1; the trainer's options and
// lr; save / loadTransformer round trips; hostile files refused with an Error in linear time; every
// bad argument refused naming it; dispose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { parameterShapesRef, resolveConfigRef, seededParamsRef } from '../reference/transformer-reference.js';
import { randomBatch } from '../reference/transformer-cases.js';
import { readSafetensors, writeSafetensors } from '../../src/js/safetensors.js';
import { BOUND, SCALE, growth } from './linear-growth.js';
import { POSITIONS } from '../../src/js/abi.js'; // every scheme pf_abi.h lists

const core = await loadCore();
const sameBits = (a, b) => a.length === b.length && a.every((v, k) => Object.is(v, b[k]));
const small = { vocab: 11, dModel: 16, heads: 4, dFF: 24, layers: 2, maxLength: 32 };

function requireApi() {
  assert.equal(typeof core.createTransformer, 'function', 'core.createTransformer is missing: the training engine (branch train-core) is not in this build');
}

/** Runs fn(model) and disposes the model. */
function withModel(options, fn) {
  requireApi();
  const model = core.createTransformer(options);
  try {
    return fn(model);
  } finally {
    model.dispose();
  }
}

test('seeded parameters: the contract\'s names, order, shapes and the reference\'s draw, bit for bit', () => {
  for (const position of POSITIONS) {
    for (const norm of ['post', 'pre']) {
      const options = { ...small, position, norm, seed: 4242 };
      withModel(options, (model) => {
        const want = seededParamsRef(options);
        const shapes = parameterShapesRef(options);
        assert.deepEqual([...model.parameterNames], shapes.map(([n]) => n));
        for (const [name, shape] of shapes) {
          assert.deepEqual([...model.parameterShape(name)], shape, name);
          assert.ok(sameBits(model.getParameter(name), want[name]), `${position} ${norm}: ${name}`);
        }
        assert.equal(model.paramCount, shapes.reduce((n, [, s]) => n + s.reduce((a, b) => a * b, 1), 0));
        assert.deepEqual({ ...model.config }, resolveConfigRef(options));
        assert.ok(Object.isFrozen(model.config));
      });
    }
  }
});

test('deterministic: two models (two instances) give bit-identical logits, gradients, and parameters after 5 steps', async () => {
  requireApi();
  const other = await loadCore();
  for (const position of POSITIONS) {
    const options = { ...small, position, causal: position === 'alibi', seed: 9 };
    const a = core.createTransformer(options), b = other.createTransformer(options);
    try {
      const { tokens, targets } = randomBatch(11, 3, 12, 5);
      assert.ok(sameBits(a.forward(tokens, { batch: 3 }), b.forward(tokens, { batch: 3 })), `${position}: logits`);
      const ga = a.gradients(tokens, targets, { batch: 3 }), gb = b.gradients(tokens, targets, { batch: 3 });
      assert.ok(Object.is(ga.loss, gb.loss));
      for (const name of a.parameterNames) assert.ok(sameBits(ga.grads[name], gb.grads[name]), `${position}: gradient of ${name}`);
      const ta = a.createTrainer({ lr: 0.01, clipNorm: 1 }), tb = b.createTrainer({ lr: 0.01, clipNorm: 1 });
      for (let s = 0; s < 5; s++) {
        const batch = randomBatch(11, 3, 12, 100 + s);
        assert.ok(Object.is(ta.step(batch.tokens, batch.targets, { batch: 3 }), tb.step(batch.tokens, batch.targets, { batch: 3 })), `${position}: step ${s}`);
      }
      for (const name of a.parameterNames) assert.ok(sameBits(a.getParameter(name), b.getParameter(name)), `${position}: ${name} after 5 steps`);
    } finally {
      a.dispose();
      b.dispose();
    }
  }
});

test('a sequence\'s logits are bit-identical in any batch and alone; every token type gives the same', () => {
  for (const position of POSITIONS) {
    withModel({ ...small, position, seed: 2 }, (model) => {
      const { tokens } = randomBatch(11, 5, 9, 3);
      const all = model.forward(tokens, { batch: 5 });
      for (let b = 0; b < 5; b++) {
        const alone = model.forward(tokens.subarray(b * 9, (b + 1) * 9));
        assert.ok(sameBits(alone, all.subarray(b * 9 * 11, (b + 1) * 9 * 11)), `${position}: sequence ${b}`);
      }
      for (const other of [Uint8Array.from(tokens), Uint16Array.from(tokens), Uint32Array.from(tokens), Array.from(tokens)]) {
        assert.ok(sameBits(model.forward(other, { batch: 5 }), all), `${position}: ${other.constructor.name}`);
      }
    });
  }
});

test('causal: the logits of the first n positions are bit-identical to a forward of the first n tokens', () => {
  for (const position of POSITIONS) {
    for (const norm of ['post', 'pre']) {
      withModel({ ...small, position, norm, causal: true, seed: 6 }, (model) => {
        const T = 20, { tokens } = randomBatch(11, 2, T, 8);
        const full = model.forward(tokens, { batch: 2 });
        for (const n of [1, 2, 5, 6, 7, 12, 19]) {
          const prefix = Int32Array.from([...tokens.subarray(0, n), ...tokens.subarray(T, T + n)]);
          const part = model.forward(prefix, { batch: 2 });
          for (let b = 0; b < 2; b++) {
            assert.ok(sameBits(part.subarray(b * n * 11, (b + 1) * n * 11), full.subarray(b * T * 11, (b * T + n) * 11)), `${position} ${norm}: n=${n}, sequence ${b}`);
          }
        }
      });
    }
  }
});

test('none without a mask cannot see order: permuting a sequence permutes its logits (within 2e-4 (1 + M))', () => {
  let worst = 0;
  for (const norm of ['post', 'pre']) {
    withModel({ ...small, position: 'none', norm, seed: 12 }, (model) => {
      const T = 14, { tokens } = randomBatch(11, 1, T, 21);
      const perm = Array.from({ length: T }, (_, i) => (i * 5 + 3) % T);
      const a = model.forward(tokens), b = model.forward(Int32Array.from(perm, (i) => tokens[i]));
      let m = 0;
      for (const v of a) m = Math.max(m, Math.abs(v));
      for (let t = 0; t < T; t++) {
        for (let v = 0; v < 11; v++) worst = Math.max(worst, Math.abs(b[t * 11 + v] - a[perm[t] * 11 + v]) / (1 + m));
      }
    });
  }
  assert.ok(worst <= 2e-4, `${worst}`);
  console.log(`# permutation property of 'none': largest |d| / (1 + M) ${worst.toExponential(1)}`);
  withModel({ ...small, position: 'sinusoidal', seed: 12 }, (model) => { // and a model with positions does see it
    const a = model.forward([1, 2, 3, 4]), b = model.forward([4, 3, 2, 1]);
    assert.ok(Math.abs(a[0] - b[3 * 11]) > 1e-3, 'sinusoidal positions change the logits of a moved token');
  });
});

test('no target counted: the loss is 0, every gradient 0, and a step still decays the weights and counts', () => {
  withModel({ ...small, seed: 1 }, (model) => {
    const tokens = [1, 2, 3, 4], none = [-1, -1, -1, -1];
    assert.equal(model.loss(tokens, none), 0);
    const { loss, grads } = model.gradients(tokens, none);
    assert.equal(loss, 0);
    for (const name of model.parameterNames) assert.ok(grads[name].every((g) => g === 0), name);
    const before = model.getParameter('layers.0.w1');
    const trainer = model.createTrainer({ lr: 0.1, weightDecay: 0.5 });
    assert.equal(trainer.step(tokens, none), 0);
    assert.equal(trainer.steps, 1);
    const after = model.getParameter('layers.0.w1');
    for (let i = 0; i < before.length; i++) assert.ok(Math.abs(after[i] - before[i] * 0.95) <= 1e-7 * Math.abs(before[i]), `w1[${i}]: ${after[i]} vs ${before[i] * 0.95}`);
  });
});

test('trainer.lr applies from the next step; the trainer\'s options and lr are checked', () => {
  withModel({ ...small, seed: 3 }, (model) => {
    const trainer = model.createTrainer();
    assert.throws(() => { trainer.lr = 0; }, { name: 'RangeError', message: /lr/ });
    assert.throws(() => { trainer.lr = NaN; }, { name: 'RangeError', message: /lr/ });
    trainer.lr = 0.5;
    assert.equal(trainer.lr, 0.5);
    for (const [options, name] of [[{ lr: 0 }, 'lr'], [{ lr: -1 }, 'lr'], [{ eps: 0 }, 'eps'], [{ weightDecay: -0.1 }, 'weightDecay'],
      [{ clipNorm: 0 }, 'clipNorm'], [{ betas: [0.9, 1] }, 'betas'], [{ betas: [-0.1, 0.9] }, 'betas'], [{ lr: Infinity }, 'lr']]) {
      assert.throws(() => model.createTrainer(options), { name: 'RangeError', message: new RegExp(name) }, JSON.stringify(options));
    }
    assert.throws(() => model.createTrainer({ lr: '0.1' }), { name: 'TypeError', message: /lr/ });
    assert.throws(() => model.createTrainer({ betas: 0.9 }), { name: 'TypeError', message: /betas/ });
  });
});

test('save and loadTransformer: options as strings, parameters in order, bit-identical model; files of other writers load', () => {
  for (const position of POSITIONS) {
    const options = { ...small, position, norm: position === 'rope' ? 'pre' : 'post', causal: position === 'alibi', activation: 'gelu_tanh', eps: 1e-6, seed: 77 };
    withModel(options, (model) => {
      const trainer = model.createTrainer({ lr: 0.01 });
      const batch = randomBatch(11, 2, 10, 1);
      trainer.step(batch.tokens, batch.targets, { batch: 2 });
      const bytes = model.save();
      assert.ok(bytes instanceof Uint8Array);
      const file = readSafetensors(bytes);
      assert.deepEqual(file.tensors.map((t) => t.name), [...model.parameterNames]);
      for (const [key, value] of Object.entries(model.config)) assert.equal(file.metadata[key], String(value), `metadata ${key}`);
      for (const loaded of [core.loadTransformer(bytes), core.loadTransformer(bytes.slice().buffer)]) {
        try {
          assert.deepEqual({ ...loaded.config }, { ...model.config });
          for (const name of model.parameterNames) assert.ok(sameBits(loaded.getParameter(name), model.getParameter(name)), name);
          assert.ok(sameBits(loaded.forward(batch.tokens, { batch: 2 }), model.forward(batch.tokens, { batch: 2 })));
        } finally {
          loaded.dispose();
        }
      }
      // The Python package's way: tensors sorted by name, its own metadata key, header padded differently.
      const shuffled = writeSafetensors([...model.parameterNames].sort().map((name) => ({ name, shape: [...model.parameterShape(name)], data: model.getParameter(name) })),
        { format: 'pt', ...Object.fromEntries(Object.entries(model.config).map(([k, v]) => [k, String(v)])) });
      const loaded = core.loadTransformer(shuffled);
      try {
        assert.ok(sameBits(loaded.forward(batch.tokens, { batch: 2 }), model.forward(batch.tokens, { batch: 2 })), `${position}: another writer's file`);
      } finally {
        loaded.dispose();
      }
    });
  }
});

/** A model file with one change: tensors (name -> { shape, data } or undefined to drop), metadata patched. */
function patchedFile(model, { tensors = {}, metadata = {} } = {}) {
  const list = [];
  for (const name of model.parameterNames) {
    const t = name in tensors ? tensors[name] : { shape: [...model.parameterShape(name)], data: model.getParameter(name) };
    if (t) list.push({ name, ...t });
  }
  for (const [name, t] of Object.entries(tensors)) if (t && !model.parameterNames.includes(name)) list.push({ name, ...t });
  const meta = { ...Object.fromEntries(Object.entries(model.config).map(([k, v]) => [k, String(v)])), ...metadata };
  for (const [k, v] of Object.entries(meta)) if (v === undefined) delete meta[k];
  return writeSafetensors(list, meta);
}

test('loadTransformer refuses every inconsistency with an Error saying what is wrong, and bytes of the wrong type with a TypeError', () => {
  withModel({ ...small, position: 'learned', seed: 5 }, (model) => {
    const good = model.save();
    const header = new DataView(good.buffer).getUint32(0, true);
    const hostile = [
      ['not safetensors', new Uint8Array(16), /header|JSON|safetensors/i],
      ['a header length past the end', (() => { const f = good.slice(); new DataView(f.buffer).setUint32(0, good.length, true); return f; })(), /length/],
      ['a truncated file', good.slice(0, good.length - 4), /belong to no tensor|outside|data/],
      ['bytes after the data', Uint8Array.from([...good, 0, 0, 0, 0]), /belong to no tensor/],
      ['nesting four deep', (() => { const f = good.slice(); f.set(new TextEncoder().encode('[['), 8 + header - 2); return f; })(), /nest|JSON|bracket/],
      ['dtype F16', (() => { const f = good.slice(); const text = new TextDecoder().decode(f.subarray(8, 8 + header)).replace('"F32"', '"F16"'); f.set(new TextEncoder().encode(text), 8); return f; })(), /F16|dtype/],
      ['a missing parameter', patchedFile(model, { tensors: { 'layers.1.b2': undefined } }), /layers\.1\.b2/],
      ['an unknown parameter', patchedFile(model, { tensors: { 'layers.2.wq': { shape: [1], data: new Float32Array(1) } } }), /layers\.2\.wq/],
      ['a shape that does not match the options', patchedFile(model, { tensors: { 'layers.0.w1': { shape: [24, 16], data: model.getParameter('layers.0.w1') } } }), /layers\.0\.w1/],
      ['a position table of another maxLength', patchedFile(model, { tensors: { position: { shape: [31, 16], data: new Float32Array(31 * 16) } } }), /position/],
      ['a vocab that is not a number', patchedFile(model, { metadata: { vocab: 'eleven' } }), /vocab/],
      ['an unknown position scheme', patchedFile(model, { metadata: { position: 'absolute' } }), /position/],
      ['no vocab in the metadata', patchedFile(model, { metadata: { vocab: undefined } }), /vocab/],
      ['heads that do not divide dModel', patchedFile(model, { metadata: { heads: '3' } }), /heads/],
    ];
    for (const [what, bytes, message] of hostile) {
      assert.throws(() => core.loadTransformer(bytes), (error) => {
        assert.equal(error.constructor, Error, `${what}: an Error, got ${error.constructor.name}: ${error.message}`);
        assert.match(error.message, message, what);
        return true;
      }, what);
    }
    for (const bad of ['bytes', [1, 2], new Int8Array(16), null, undefined]) assert.throws(() => core.loadTransformer(bad), { name: 'TypeError', message: /bytes/ });
    assert.ok(core.loadTransformer(good).dispose() === undefined, 'the instance is still usable');
  });
});

test('loadTransformer is linear in the file: 1 MB of hostile header takes about as long as 32 × 32 KB', () => {
  requireApi();
  const fileOf = (text) => {
    const json = new TextEncoder().encode(text), f = new Uint8Array(8 + json.length);
    new DataView(f.buffer).setUint32(0, json.length, true);
    f.set(json, 8);
    return f;
  };
  for (const [what, make] of [['open brackets', (n) => fileOf(`{"a":${'['.repeat(n)}`)], ['many metadata keys', (n) => fileOf(`{"__metadata__":{${Array.from({ length: Math.floor(n / 16) }, (_, i) => `"k${i}":"v${i}"`).join(',')}}}`)]]) {
    const g = growth((f) => assert.throws(() => core.loadTransformer(f), Error), make(1 << 15), make((1 << 15) * SCALE));
    assert.ok(g.growth <= BOUND, `${what}: ${g.growth.toFixed(1)}x`);
    console.log(`# loadTransformer, ${what}: growth per byte ${g.growth.toFixed(2)}x, 1 MB in ${g.large.toFixed(0)} ms`);
  }
});

test('bad options and arguments are refused naming the parameter, before anything is touched', () => {
  requireApi();
  const bad = [
    [{ dModel: 8 }, TypeError, /vocab/], [{ vocab: 1, dModel: 8 }, RangeError, /vocab/], [{ vocab: 65537, dModel: 8 }, RangeError, /vocab/],
    [{ vocab: 8 }, TypeError, /dModel/], [{ vocab: 8, dModel: 1025 }, RangeError, /dModel/], [{ vocab: 8, dModel: 8.5 }, RangeError, /dModel/],
    [{ vocab: 8, dModel: 8, heads: 3 }, RangeError, /heads/], [{ vocab: 8, dModel: 6, heads: 2, position: 'rope' }, RangeError, /heads/],
    [{ vocab: 8, dModel: 8, dFF: 0 }, RangeError, /dFF/], [{ vocab: 8, dModel: 8, layers: 65 }, RangeError, /layers/],
    [{ vocab: 8, dModel: 8, maxLength: 4097 }, RangeError, /maxLength/], [{ vocab: 8, dModel: 8, position: 'absolute' }, RangeError, /position/],
    [{ vocab: 8, dModel: 8, causal: 1 }, TypeError, /causal/], [{ vocab: 8, dModel: 8, norm: 'middle' }, RangeError, /norm/],
    [{ vocab: 8, dModel: 8, activation: 'tanh' }, RangeError, /activation/], [{ vocab: 8, dModel: 8, eps: 0 }, RangeError, /eps/],
    [{ vocab: 8, dModel: 8, seed: -1 }, RangeError, /seed/], [{ vocab: '8', dModel: 8 }, TypeError, /vocab/],
  ];
  for (const [options, type, message] of bad) assert.throws(() => core.createTransformer(options), { name: type.name, message }, JSON.stringify(options));
  assert.throws(() => core.createTransformer(), TypeError);
  withModel({ vocab: 5, dModel: 8, heads: 2, maxLength: 6 }, (model) => {
    const calls = [
      [() => model.forward(new Float32Array(4)), TypeError, /tokens/],
      [() => model.forward([0, 1.5]), TypeError, /tokens/],
      [() => model.forward([0, 5]), RangeError, /tokens/],
      [() => model.forward([0, -1]), RangeError, /tokens/],
      [() => model.forward([]), RangeError, /tokens/],
      [() => model.forward([0, 1, 2, 3, 4, 0, 1]), RangeError, /tokens/],
      [() => model.forward([0, 1, 2], { batch: 2 }), RangeError, /tokens/],
      [() => model.forward([0, 1], { batch: 0 }), RangeError, /batch/],
      [() => model.forward([0, 1], { batch: 1.5 }), RangeError, /batch/],
      [() => model.forward([0, 1], { trace: 1 }), TypeError, /trace/],
      [() => model.forward([0, 1], { out: new Float32Array(9) }), RangeError, /out/],
      [() => model.loss([0, 1], [0]), RangeError, /targets/],
      [() => model.loss([0, 1], [0, 5]), RangeError, /targets/],
      [() => model.loss([0, 1], [0, -2]), RangeError, /targets/],
      [() => model.gradients([0, 1], 'ab'), TypeError, /targets/],
      [() => model.getParameter('layers.1.wq'), RangeError, /name/],
      [() => model.parameterShape('nope'), RangeError, /name/],
      [() => model.setParameter('embedding', new Float32Array(39)), RangeError, /values/],
      [() => model.setParameter('embedding', new Float64Array(40)), TypeError, /values/],
    ];
    for (const [call, type, message] of calls) assert.throws(call, { name: type.name, message }, call.toString());
    const out = new Float32Array(10).fill(7);
    assert.equal(model.forward([0, 1], { out }), out);
    assert.ok(out.every((v) => v !== 7), 'out receives the logits');
  });
});

test('dispose: every method but dispose throws an Error, the description stays, a disposed model\'s trainer throws', () => {
  requireApi();
  const model = core.createTransformer({ vocab: 5, dModel: 8, seed: 1 });
  const trainer = model.createTrainer();
  const names = [...model.parameterNames], count = model.paramCount;
  model.dispose();
  model.dispose();
  for (const call of [() => model.forward([0]), () => model.loss([0], [1]), () => model.gradients([0], [1]), () => model.save(),
    () => model.getParameter('embedding'), () => model.setParameter('embedding', new Float32Array(40)), () => model.createTrainer(),
    () => trainer.step([0], [1])]) {
    assert.throws(call, (error) => error.constructor === Error || error instanceof Error, call.toString());
  }
  assert.deepEqual([...model.parameterNames], names);
  assert.equal(model.paramCount, count);
  assert.equal(model.config.vocab, 5);
  trainer.dispose();
});

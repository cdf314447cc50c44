// The position-wise FFN against the independent double-precision reference: all activations, with and
// without biases, hidden output and pre-activations, seeded weights (bit-exact with the documented Mulberry32 stream),
// determinism, out/tensor paths, and dispose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { activationsRef, ffnRef, maxAbs, maxAbsDiff, seededWeightsRef, uniformArray } from '../reference/reference.js';

const core = await loadCore();
const ACTIVATIONS = ['relu', 'gelu', 'gelu_tanh', 'silu'];

const sameBits = (a, b) => a.length === b.length && a.every((v, k) => Object.is(v, b[k]));

/**
 * Asserts the contract's bound 1e-4 * (1 + M) for output, hidden and pre-activations; for ReLU also
 * that hidden is max(preActivation, 0) bit for bit (the same sums). Asking for the pre-activations
 * changes no bit of output or hidden. Returns the differences.
 */
function checkAgainstReference(layer, x, weights) {
  const { output, hidden, preActivation } = layer.forward(x, { hidden: true, preActivation: true });
  const plain = layer.forward(x, { hidden: true });
  assert.ok(sameBits(output, plain.output) && sameBits(hidden, plain.hidden), 'preActivation changes no result');
  const ref = ffnRef(x, { dModel: layer.dModel, dFF: layer.dFF, activation: layer.activation, ...weights });
  const dOut = maxAbsDiff(output, ref.output), dHidden = maxAbsDiff(hidden, ref.hidden);
  const dPre = maxAbsDiff(preActivation, ref.preActivation);
  assert.ok(dOut <= 1e-4 * (1 + maxAbs(ref.output)), `output max |diff| ${dOut}`);
  assert.ok(dHidden <= 1e-4 * (1 + maxAbs(ref.hidden)), `hidden max |diff| ${dHidden}`);
  assert.ok(dPre <= 1e-4 * (1 + maxAbs(ref.preActivation)), `preActivation max |diff| ${dPre}`);
  if (layer.activation === 'relu') {
    assert.ok(preActivation.every((z, k) => Object.is(hidden[k], z > 0 ? z : 0)), 'hidden = relu(preActivation)');
  }
  return { dOut, dHidden };
}

for (const activation of ACTIVATIONS) {
  for (const [dModel, dFF, tokens] of [[1, 1, 1], [3, 5, 7], [16, 64, 10], [33, 130, 9]]) {
    for (const withBias of [true, false]) {
      test(`forward ${activation} d=${dModel} dff=${dFF} T=${tokens} ${withBias ? 'biases' : 'no biases'}`, () => {
        const w = {
          w1: uniformArray(dModel * dFF, 1), w2: uniformArray(dFF * dModel, 2),
          ...(withBias ? { b1: uniformArray(dFF, 3), b2: uniformArray(dModel, 4) } : {}),
        };
        const layer = core.createFFN({ dModel, dFF, activation, ...w });
        checkAgainstReference(layer, uniformArray(tokens * dModel, 5), w);
        layer.dispose();
      });
    }
  }
}

test('accuracy at the contract limit: dModel = dFF = 4096, inputs and weights in [-1, 1]', () => {
  const dModel = 4096, dFF = 4096;
  const w = { w1: uniformArray(dModel * dFF, 11), b1: uniformArray(dFF, 12), w2: uniformArray(dFF * dModel, 13), b2: uniformArray(dModel, 14) };
  const layer = core.createFFN({ dModel, dFF, activation: 'gelu', ...w });
  const { dOut, dHidden } = checkAgainstReference(layer, uniformArray(2 * dModel, 15), w);
  console.log(`FFN 4096x4096 gelu: max |diff| output ${dOut.toExponential(2)}, hidden ${dHidden.toExponential(2)}`);
  layer.dispose();
});

test('seeded weights follow the documented Mulberry32 stream exactly (given weights give bit-identical output)', () => {
  for (const [dModel, dFF, seed] of [[4, 16, 0], [8, 32, 42], [5, 3, 4294967295]]) {
    const seeded = core.createFFN({ dModel, dFF, seed, activation: 'silu' });
    const given = core.createFFN({ dModel, dFF, activation: 'silu', ...seededWeightsRef(dModel, dFF, seed) });
    const x = uniformArray(3 * dModel, seed);
    assert.deepEqual(seeded.forward(x), given.forward(x));
    checkAgainstReference(seeded, x, seededWeightsRef(dModel, dFF, seed));
    seeded.dispose();
    given.dispose();
  }
});

test('a given bias replaces its drawn values; the other arrays stay as drawn', () => {
  const ref = seededWeightsRef(6, 10, 7);
  const b1 = uniformArray(10, 99);
  const layer = core.createFFN({ dModel: 6, dFF: 10, seed: 7, b1 });
  const twin = core.createFFN({ dModel: 6, dFF: 10, ...ref, b1 });
  const x = uniformArray(12, 3);
  assert.deepEqual(layer.forward(x), twin.forward(x));
  layer.dispose();
  twin.dispose();
});

test('seed defaults to 0; different seeds give different weights', () => {
  const x = uniformArray(8, 1);
  const a = core.createFFN({ dModel: 8, dFF: 8 });
  const b = core.createFFN({ dModel: 8, dFF: 8, seed: 0 });
  const c = core.createFFN({ dModel: 8, dFF: 8, seed: 1 });
  assert.deepEqual(a.forward(x), b.forward(x));
  assert.notDeepEqual(a.forward(x), c.forward(x));
  [a, b, c].forEach((l) => l.dispose());
});

test('weights are copied in: later changes to the caller arrays do not affect the layer', () => {
  const w1 = uniformArray(12, 1), w2 = uniformArray(12, 2);
  const layer = core.createFFN({ dModel: 3, dFF: 4, w1, w2 });
  const x = uniformArray(6, 3);
  const before = layer.forward(x);
  w1.fill(0);
  w2.fill(0);
  assert.deepEqual(layer.forward(x), before);
  layer.dispose();
});

test('deterministic: the same rows give bit-identical outputs whatever the token count', () => {
  const layer = core.createFFN({ dModel: 24, dFF: 96, seed: 5, activation: 'gelu_tanh' });
  const x = uniformArray(13 * 24, 8);
  const all = layer.forward(x);
  for (let t = 0; t < 13; t++) assert.deepEqual(layer.forward(x.subarray(t * 24, t * 24 + 24)), all.subarray(t * 24, t * 24 + 24));
  assert.deepEqual(layer.forward(x), all);
  layer.dispose();
});

test('tiny hand-checked case: relu(x W1 + b1) W2 + b2 with integer weights', () => {
  // x = [1, 2]; W1 = [[1, -1, 0], [0, 1, -2]]; b1 = [0, 0, 1] -> z = [1, 1, -3] -> relu [1, 1, 0]
  // W2 = [[1, 0], [2, 1], [5, 5]]; b2 = [0.5, -1] -> [1 + 2 + 0.5, 0 + 1 - 1] = [3.5, 0]
  const layer = core.createFFN({
    dModel: 2, dFF: 3,
    w1: new Float32Array([1, -1, 0, 0, 1, -2]), b1: new Float32Array([0, 0, 1]),
    w2: new Float32Array([1, 0, 2, 1, 5, 5]), b2: new Float32Array([0.5, -1]),
  });
  const { output, hidden } = layer.forward(new Float32Array([1, 2]), { hidden: true });
  assert.deepEqual(Array.from(hidden), [1, 1, 0]);
  assert.deepEqual(Array.from(output), [3.5, 0]);
  assert.equal(layer.paramCount, 2 * 2 * 3 + 3 + 2);
  layer.dispose();
});

test('each activation alone, value by value, within a few millionths of its formula in double', () => {
  // With dModel = 1, x = 1, W1 = z and b1 = 0, the pre-activations are the z values themselves, so
  // hidden shows the module's activation of each z (its wasm SIMD code, tails of a row included).
  // z stops at -3.5: below, the reference's erf series loses the digits that 1 + erf needs.
  const z = Float32Array.from({ length: 8 * 64 + 64 * 5 + 3 }, (_, k) => -3.5 + k / 64);
  const bound = { relu: 0, gelu: 3e-6, gelu_tanh: 3e-6, silu: 5e-7 };
  for (const activation of ACTIVATIONS) {
    const layer = core.createFFN({ dModel: 1, dFF: z.length, activation, w1: z, w2: new Float32Array(z.length) });
    const { hidden, preActivation } = layer.forward(new Float32Array([1, 1, 1]), { hidden: true, preActivation: true });
    assert.ok(sameBits(preActivation.subarray(0, z.length), z), 'the pre-activations are the z values');
    let worst = 0;
    for (let k = 0; k < hidden.length; k++) {
      const want = activationsRef[activation](z[k % z.length]);
      worst = Math.max(worst, Math.abs(hidden[k] - want) / Math.max(Math.abs(want), 1e-30));
    }
    assert.ok(worst <= bound[activation], `${activation}: max relative error ${worst}`);
    layer.dispose();
  }
});

test('NaN in gives NaN out for every activation', () => {
  for (const activation of ACTIVATIONS) {
    const layer = core.createFFN({ dModel: 2, dFF: 2, activation, w1: new Float32Array([1, 0, 0, 1]), w2: new Float32Array([1, 0, 0, 1]) });
    const { output, hidden } = layer.forward(new Float32Array([NaN, -1, 2, -3]), { hidden: true });
    // NaN * 0 is NaN, so the first token's every value is NaN; the second token stays finite.
    assert.ok(hidden.subarray(0, 2).every(Number.isNaN) && output.subarray(0, 2).every(Number.isNaN), activation);
    assert.ok(hidden.subarray(2).every(Number.isFinite) && output.subarray(2).every(Number.isFinite), activation);
    layer.dispose();
  }
});

test('out: arrays, tensors and views of core.memory are written and returned; hidden and preActivation with out', () => {
  const layer = core.createFFN({ dModel: 4, dFF: 12, seed: 3 });
  const x = uniformArray(20, 4);
  const ref = layer.forward(x);
  const arr = new Float32Array(20);
  assert.equal(layer.forward(x, { out: arr }), arr);
  assert.deepEqual(arr, ref);
  const xt = core.alloc(20), ot = core.alloc(20);
  xt.data.set(x);
  assert.equal(layer.forward(xt, { out: ot }), ot);
  assert.deepEqual(ot.data, ref);
  const viewOut = ot.data;
  viewOut.fill(0);
  const both = layer.forward(xt.data, { out: viewOut, hidden: true });
  assert.equal(both.output, viewOut);
  assert.deepEqual(ot.data, ref);
  assert.equal(both.hidden.length, 5 * 12);
  assert.ok(!(both.hidden.buffer === core.memory.buffer), 'hidden is the caller\'s own array');
  const pre = layer.forward(xt, { out: ot, preActivation: true });
  assert.equal(pre.output, ot);
  assert.equal(pre.hidden, undefined);
  assert.ok(pre.preActivation.every((z, k) => Object.is(both.hidden[k], z > 0 ? z : 0)), 'relu(pre) = hidden');
  xt.free();
  ot.free();
  layer.dispose();
});

test('returned arrays are copies that later calls do not overwrite', () => {
  const layer = core.createFFN({ dModel: 4, dFF: 8, seed: 1 });
  const first = layer.forward(uniformArray(4, 1));
  const keep = first.slice();
  layer.forward(uniformArray(4, 2));
  assert.deepEqual(first, keep);
  assert.notEqual(first.buffer, core.memory.buffer);
  layer.dispose();
});

test('0 tokens give empty results', () => {
  const layer = core.createFFN({ dModel: 4, dFF: 8 });
  assert.equal(layer.forward(new Float32Array(0)).length, 0);
  const r = layer.forward(new Float32Array(0), { hidden: true, preActivation: true });
  assert.equal(r.output.length, 0);
  assert.equal(r.hidden.length, 0);
  assert.equal(r.preActivation.length, 0);
  layer.dispose();
});

test('properties, dispose twice, forward after dispose throws, properties stay readable', () => {
  const layer = core.createFFN({ dModel: 768, dFF: 3072, activation: 'gelu' });
  assert.equal(layer.dModel, 768);
  assert.equal(layer.dFF, 3072);
  assert.equal(layer.activation, 'gelu');
  assert.equal(layer.paramCount, 2 * 768 * 3072 + 3072 + 768);
  layer.dispose();
  layer.dispose();
  assert.throws(() => layer.forward(new Float32Array(768)), { name: 'Error', message: /disposed/ });
  assert.equal(layer.paramCount, 4722432);
  assert.equal(layer.activation, 'gelu');
});

test('arrays too large for the memory name the option that asked for them (hidden, preActivation), not x', () => {
  const wide = core.createFFN({ dModel: 1, dFF: 65536 });
  const x = new Float32Array(8192); // fits; its (tokens, dFF) hidden rows would be 2 GiB
  try {
    for (const option of ['hidden', 'preActivation']) {
      assert.throws(() => wide.forward(x, { [option]: true }), (e) => e.constructor === RangeError && e.message.startsWith(`${option}: `), option);
    }
    assert.equal(wide.forward(x.subarray(0, 4)).length, 4);
  } finally {
    wide.dispose();
  }
});

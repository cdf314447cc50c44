// Bad input: every refused call throws the right error type naming the parameter, touches nothing
// (x and out unchanged), leaves the instance correct, and leaks nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { ffnRef, maxAbsDiff, peTableRef, seededWeightsRef } from '../reference/reference.js';

const core = await loadCore();
const layer = core.createFFN({ dModel: 4, dFF: 8, seed: 2 });
const other = await loadCore();
const foreign = other.alloc(16);
const freed = core.alloc(16);
freed.free();
const f32 = (n) => new Float32Array(n).fill(0.5);
const shared = core.alloc(16);

// [call, error type, parameter named in the message, accepted range in the message (optional)]
const badCalls = [
  [() => core.positionalEncoding('5', 4), TypeError, 'length', '0 to 16777216'],
  [() => core.positionalEncoding(5.5, 4), RangeError, 'length', '0 to 16777216'],
  [() => core.positionalEncoding(-1, 4), RangeError, 'length'],
  [() => core.positionalEncoding(16777217, 4), RangeError, 'length'],
  [() => core.positionalEncoding(4, 0), RangeError, 'dModel', 'got 0'],
  [() => core.positionalEncoding(4, 65537), RangeError, 'dModel', '1 to 65536'],
  [() => core.positionalEncoding(4, NaN), RangeError, 'dModel'],
  [() => core.positionalEncoding(4, 4n), TypeError, 'dModel'],
  [() => core.positionalEncoding(4, 4, { base: 1 }), RangeError, 'base', 'greater than 1'],
  [() => core.positionalEncoding(4, 4, { base: Infinity }), RangeError, 'base'],
  [() => core.positionalEncoding(4, 4, { base: '10000' }), TypeError, 'base'],
  [() => core.positionalEncoding(4, 4, { offset: -1 }), RangeError, 'offset'],
  [() => core.positionalEncoding(4, 4, { offset: 2147483646 }), RangeError, 'offset', '2147483647'],
  [() => core.positionalEncoding(4, 4, { layout: 'stacked' }), RangeError, 'layout', "'interleaved', 'concat'"],
  [() => core.positionalEncoding(4, 4, { layout: 1 }), TypeError, 'layout'],
  [() => core.positionalEncoding(4, 4, { out: f32(15) }), RangeError, 'out', '16'],
  [() => core.positionalEncoding(4, 4, { out: new Float64Array(16) }), TypeError, 'out'],
  [() => core.positionalEncoding(4, 4, { out: Array(16).fill(0) }), TypeError, 'out'],
  [() => core.positionalEncoding(4, 4, null), TypeError, 'options'],
  [() => core.positionalEncoding(16777216, 65536), RangeError, 'length * dModel'],
  [() => core.positionalEncoding(4, 4, { out: foreign }), Error, 'out', 'another'],
  [() => core.addPositionalEncoding(f32(15), 4, 4), RangeError, 'x'],
  [() => core.addPositionalEncoding(null, 4, 4), TypeError, 'x'],
  [() => core.addPositionalEncoding(f32(16), 4, 4, { offset: 1.5 }), RangeError, 'offset'],
  [() => core.addPositionalEncoding(freed, 4, 4), Error, 'x', 'freed'],
  [() => core.peValue(-1, 0, 4), RangeError, 'position'],
  [() => core.peValue(2 ** 31, 0, 4), RangeError, 'position'],
  [() => core.peValue(0, 4, 4), RangeError, 'j', '0 to 3'],
  [() => core.peValue(0, 0, 4, { base: 0.5 }), RangeError, 'base'],
  [() => core.peValue(0, 0, 4, { layout: 'CONCAT' }), RangeError, 'layout'],
  [() => core.createFFN(), TypeError, 'options'],
  [() => core.createFFN({ dFF: 4 }), TypeError, 'dModel'],
  [() => core.createFFN({ dModel: 4, dFF: 0 }), RangeError, 'dFF', '1 to 65536'],
  [() => core.createFFN({ dModel: 4, dFF: 4, activation: 'tanh' }), RangeError, 'activation', "'relu'"],
  [() => core.createFFN({ dModel: 4, dFF: 4, w1: f32(16) }), TypeError, 'w1'],
  [() => core.createFFN({ dModel: 4, dFF: 4, w1: f32(15), w2: f32(16) }), RangeError, 'w1', '16'],
  [() => core.createFFN({ dModel: 4, dFF: 4, w1: f32(16), w2: f32(16), b2: f32(5) }), RangeError, 'b2'],
  [() => core.createFFN({ dModel: 4, dFF: 4, seed: -1 }), RangeError, 'seed', '0 to 4294967295'],
  [() => core.createFFN({ dModel: 4, dFF: 4, seed: 2 ** 32 }), RangeError, 'seed'],
  [() => core.createFFN({ dModel: 4, dFF: 4, b1: [1, 2, 3, 4] }), TypeError, 'b1'],
  [() => core.createFFN({ dModel: 65536, dFF: 65536 }), RangeError, 'dFF'],
  [() => core.createFFN({ dModel: 16384, dFF: 16384 }), RangeError, 'dFF'],
  [() => layer.forward(f32(5)), RangeError, 'x', 'dModel = 4'],
  [() => layer.forward([1, 2, 3, 4]), TypeError, 'x'],
  [() => layer.forward(f32(4), { hidden: 'yes' }), TypeError, 'hidden'],
  [() => layer.forward(f32(4), { preActivation: 1 }), TypeError, 'preActivation'],
  [() => layer.forward(f32(4), { out: f32(3) }), RangeError, 'out', '4'],
  [() => layer.forward(shared, { out: shared }), RangeError, 'out', 'share memory'],
  [() => { const a = f32(8); return layer.forward(a.subarray(0, 4), { out: a.subarray(2, 6) }); }, RangeError, 'out'],
  [() => layer.forward(f32(4), 7), TypeError, 'options'],
  [() => core.alloc(-1), RangeError, 'n'],
  [() => core.alloc('3'), TypeError, 'n'],
  [() => core.alloc(2 ** 29), RangeError, 'n', 'bytes'],
];

function instanceStillCorrect() {
  const table = core.positionalEncoding(5, 6, { offset: 3 });
  assert.ok(maxAbsDiff(table, peTableRef(5, 6, { offset: 3 })) <= 1e-6);
  const x = new Float32Array([0.1, -0.2, 0.3, -0.4]);
  const ref = ffnRef(x, { dModel: 4, dFF: 8, ...seededWeightsRef(4, 8, 2) });
  assert.ok(maxAbsDiff(layer.forward(x), ref.output) <= 1e-5);
}

test(`a table of ${badCalls.length} bad calls: right error type, parameter named, instance still correct`, () => {
  assert.ok(badCalls.length >= 25);
  for (const [call, type, name, accepted] of badCalls) {
    let error;
    try {
      call();
    } catch (e) {
      error = e;
    }
    const source = call.toString().replace(/^\(\) => /, '');
    assert.ok(error, `no error from ${source}`);
    assert.equal(error.constructor, type, `${source}: ${error.constructor.name} (${error.message})`);
    assert.ok(error.message.includes(name), `${source}: message "${error.message}" does not name ${name}`);
    if (accepted) assert.ok(error.message.includes(accepted), `${source}: message "${error.message}" lacks "${accepted}"`);
    assert.ok(!(error instanceof WebAssembly.RuntimeError));
    instanceStillCorrect();
  }
});

test('refused calls leave x and out unchanged', () => {
  const out = f32(16).fill(3);
  assert.throws(() => core.positionalEncoding(4, 4, { out, layout: 'bad' }), RangeError);
  assert.ok(out.every((v) => v === 3));
  const x = f32(16).fill(2);
  assert.throws(() => core.addPositionalEncoding(x, 4, 4, { base: -1 }), RangeError);
  assert.ok(x.every((v) => v === 2));
  const t = core.alloc(16);
  t.data.fill(4);
  assert.throws(() => core.addPositionalEncoding(t, 4, 4, { offset: 2 ** 31 - 2 }), RangeError);
  assert.ok(t.data.every((v) => v === 4));
  const o = f32(4).fill(9);
  assert.throws(() => layer.forward(f32(4), { out: o, hidden: 1 }), TypeError);
  assert.ok(o.every((v) => v === 9));
  t.free();
});

test('200 failing calls do not grow the memory', () => {
  const size = core.memory.buffer.byteLength;
  for (let i = 0; i < 200; i++) {
    const [call] = badCalls[i % badCalls.length];
    try { call(); } catch { /* expected */ }
  }
  assert.equal(core.memory.buffer.byteLength, size);
  instanceStillCorrect();
});

test('init rejects instead of throwing, with TypeError naming wasm for a wrong type', async () => {
  const { init } = await import('./target.js').then((m) => m.pkg);
  const pending = init({ wasm: 42 });
  assert.ok(pending instanceof Promise);
  await assert.rejects(pending, { name: 'TypeError', message: /wasm/ });
  await assert.rejects(init(null), { name: 'TypeError', message: /options/ });
  await assert.rejects(init({ wasm: null }), { name: 'TypeError', message: /wasm/ });
});

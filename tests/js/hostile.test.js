// The hostile calls of issue 14, one test each: none traps, none reads freed memory, each is answered
// as the contract says (right result, or an error of the right class naming the parameter), and the
// instance stays exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { ffnRef, maxAbsDiff, peTableRef, seededWeightsRef, uniformArray } from '../reference/reference.js';

const core = await loadCore();
const layer = core.createFFN({ dModel: 4, dFF: 8, seed: 2 });

function instanceStillExact() {
  assert.ok(maxAbsDiff(core.positionalEncoding(5, 6, { offset: 3 }), peTableRef(5, 6, { offset: 3 })) <= 1e-6);
  const x = new Float32Array([0.1, -0.2, 0.3, -0.4]);
  assert.ok(maxAbsDiff(layer.forward(x), ffnRef(x, { dModel: 4, dFF: 8, ...seededWeightsRef(4, 8, 2) }).output) <= 1e-5);
  core.alloc(64).free();
}

/** Runs `call`, expecting `type` with a message naming `name`; never a WebAssembly.RuntimeError. */
function refused(call, type, name) {
  assert.throws(call, (error) => {
    assert.ok(!(error instanceof WebAssembly.RuntimeError), `a trap: ${error.message}`);
    assert.equal(error.constructor, type, `${error.constructor.name}: ${error.message}`);
    assert.match(error.message, new RegExp(`\\b${name}\\b`));
    return true;
  });
  instanceStillExact();
}

for (const property of ['length', 'byteOffset']) {
  test(`a tensor's data with an overridden ${property} is written by its real extent`, () => {
    const lie = { length: 2 ** 26, byteOffset: 1024 }[property];
    const real = (tensor) => new Float32Array(core.memory.buffer, tensor.ptr, tensor.length); // not the lying view
    const t = core.alloc(4 * 8);
    const v = t.data;
    Object.defineProperty(v, property, { value: lie });
    assert.equal(core.positionalEncoding(4, 8, { out: v }), v);
    assert.ok(maxAbsDiff(real(t), peTableRef(4, 8)) <= 1e-6);
    const x = uniformArray(4, 1);
    const w = core.alloc(4);
    const wv = w.data;
    Object.defineProperty(wv, property, { value: lie });
    assert.equal(layer.forward(x, { out: wv }), wv);
    assert.deepEqual(real(w), layer.forward(x));
    t.free();
    w.free();
    instanceStillExact();
  });
}

test('a plain Float32Array claiming core.memory as its buffer is written itself, not the module', () => {
  const v = new Float32Array(4 * 8);
  Object.defineProperty(v, 'buffer', { value: core.memory.buffer });
  assert.equal(core.positionalEncoding(4, 8, { out: v }), v);
  assert.ok(maxAbsDiff(new Float32Array(v.slice()), peTableRef(4, 8)) <= 1e-6);
  const x = uniformArray(4, 1);
  Object.defineProperty(x, 'buffer', { value: core.memory.buffer });
  assert.deepEqual(layer.forward(x), layer.forward(uniformArray(4, 1)));
  instanceStillExact();
});

test('a view of core.memory that is no tensor\'s is refused as out, x and a weight (RangeError naming it)', () => {
  const stray = () => new Float32Array(core.memory.buffer, 1024, 65536);
  refused(() => core.positionalEncoding(16, 4096, { out: stray() }), RangeError, 'out');
  refused(() => core.addPositionalEncoding(stray(), 16, 4096), RangeError, 'x');
  refused(() => core.createFFN({ dModel: 256, dFF: 256, w1: stray(), w2: stray() }), RangeError, 'w1');
  const t = core.alloc(8);
  const pastTheEnd = () => new Float32Array(core.memory.buffer, t.ptr + 4, 8); // starts inside, ends outside
  refused(() => layer.forward(new Float32Array(8), { out: pastTheEnd() }), RangeError, 'out');
  const inside = new Float32Array(core.memory.buffer, t.ptr + 16, 4); // wholly inside: accepted
  assert.deepEqual(layer.forward(uniformArray(4, 2), { out: inside }), layer.forward(uniformArray(4, 2)));
  t.free();
  refused(() => layer.forward(new Float32Array(4), { out: inside }), RangeError, 'out'); // its tensor was freed
});

test('an x shrunk by a `hidden` getter is answered for what x holds when the call reads it', () => {
  layer.forward(uniformArray(16, 9)); // leaves this call's values in the scratch area
  const rab = new ArrayBuffer(64, { maxByteLength: 64 });
  const x = new Float32Array(rab); // tracks the buffer's length
  x.set(uniformArray(16, 3));
  const result = layer.forward(x, { get hidden() { rab.resize(16); return false; } });
  assert.equal(result.length, 4);
  assert.deepEqual(result, layer.forward(uniformArray(16, 3).slice(0, 4)));
  instanceStillExact();
});

test('each option is read once: a w1 that is undefined on a second read still gives the layer w1 and w2', () => {
  const w1 = uniformArray(32, 4), w2 = uniformArray(32, 5);
  let reads = 0;
  const options = { dModel: 4, dFF: 8, get w1() { return reads++ === 0 ? w1 : undefined; }, w2 };
  const given = core.createFFN(options);
  assert.equal(reads, 1);
  const x = uniformArray(8, 6);
  assert.ok(maxAbsDiff(given.forward(x), ffnRef(x, { dModel: 4, dFF: 8, w1, w2 }).output) <= 1e-5);
  given.dispose();
  const counted = {};
  const proxy = new Proxy({ dModel: 4, dFF: 8, seed: 1 }, { get(target, key) { counted[key] = (counted[key] ?? 0) + 1; return target[key]; } });
  core.createFFN(proxy).dispose();
  assert.ok(Object.values(counted).every((n) => n === 1), JSON.stringify(counted));
});

test('a tensor freed inside a later option\'s getter is refused as freed, never read', () => {
  const w1 = core.alloc(32);
  w1.data.set(uniformArray(32, 7));
  const w2 = uniformArray(32, 8);
  let other;
  const options = { dModel: 4, dFF: 8, w1, w2, get b2() { w1.free(); other = core.alloc(32); other.data.fill(9); return undefined; } };
  refused(() => core.createFFN(options), Error, 'w1');
  other.free();
  const x = core.alloc(4);
  refused(() => layer.forward(x, { get out() { x.free(); return undefined; } }), Error, 'x');
  const out = core.alloc(4 * 4);
  refused(() => core.positionalEncoding(4, 4, { out, get layout() { out.free(); return 'concat'; } }), Error, 'out');
});

test('a freed layer inside a forward option\'s getter is an Error, not a read of freed memory', () => {
  const doomed = core.createFFN({ dModel: 4, dFF: 8 });
  refused(() => doomed.forward(new Float32Array(4), { get hidden() { doomed.dispose(); return true; } }), Error, 'disposed');
});

test('revoked Proxies are TypeErrors naming the parameter, as options and as arrays', () => {
  const revoked = () => { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return proxy; };
  refused(() => core.positionalEncoding(4, 4, revoked()), TypeError, 'options');
  refused(() => core.positionalEncoding(4, 4, { out: revoked() }), TypeError, 'out');
  refused(() => core.addPositionalEncoding(revoked(), 4, 4), TypeError, 'x');
  refused(() => core.peValue(0, 0, 4, revoked()), TypeError, 'options');
  refused(() => core.createFFN(revoked()), TypeError, 'options');
  refused(() => core.createFFN({ dModel: 4, dFF: 8, w1: revoked(), w2: revoked() }), TypeError, 'w1');
  refused(() => layer.forward(revoked()), TypeError, 'x');
  refused(() => layer.forward(new Float32Array(4), revoked()), TypeError, 'options');
  refused(() => core.positionalEncoding(4, 4, new Proxy({}, { get() { throw new Error('boom'); } })), TypeError, 'options');
});

test('fake tensors and Proxies of real arrays are TypeErrors naming the parameter', () => {
  const fake = Object.create(Object.getPrototypeOf(core.alloc(0)));
  refused(() => core.addPositionalEncoding(fake, 1, 4), TypeError, 'x');
  refused(() => core.positionalEncoding(1, 4, { out: fake }), TypeError, 'out');
  refused(() => layer.forward(new Proxy(new Float32Array(4), {})), TypeError, 'x');
  refused(() => core.createFFN({ dModel: 1, dFF: 1, w1: fake, w2: fake }), TypeError, 'w1');
  const t = core.alloc(4);
  refused(() => core.addPositionalEncoding(new Proxy(t, {}), 1, 4), TypeError, 'x');
  t.free();
  assert.throws(() => fake.ptr, TypeError);
  assert.throws(() => fake.data, TypeError);
});

test('with the memory full, every call that needs memory is a RangeError naming a parameter', async () => {
  const full = await loadCore();
  const small = full.createFFN({ dModel: 4, dFF: 8, seed: 2 });
  const tensors = [];
  for (let n = (256 * 2 ** 20) / 4; n >= 4; n >>= 1) {
    for (;;) {
      try { tensors.push(full.alloc(n)); } catch { break; }
    }
  }
  const isNamed = (names) => (error) => error.constructor === RangeError && new RegExp(`^(${names})\\b`).test(error.message);
  assert.throws(() => full.alloc(1024), isNamed('n'));
  assert.throws(() => full.createFFN({ dModel: 64, dFF: 256 }), isNamed('dFF'));
  assert.throws(() => small.forward(new Float32Array(4 * 5000)), isNamed('x'));
  assert.throws(() => small.forward(new Float32Array(4), { hidden: true }), isNamed('x'));
  assert.throws(() => full.positionalEncoding(64, 4096), isNamed('dModel|length'));
  tensors.forEach((t) => t.free());
  const x = uniformArray(4, 1);
  assert.ok(maxAbsDiff(small.forward(x), ffnRef(x, { dModel: 4, dFF: 8, ...seededWeightsRef(4, 8, 2) }).output) <= 1e-5);
  assert.ok(maxAbsDiff(full.positionalEncoding(3, 4096), peTableRef(3, 4096)) <= 1e-6);
});

test('detached arrays are TypeErrors naming the parameter; a view from before the memory grew too', () => {
  const gone = new Float32Array(16);
  structuredClone(gone.buffer, { transfer: [gone.buffer] });
  refused(() => core.addPositionalEncoding(gone, 4, 4), TypeError, 'x');
  refused(() => layer.forward(gone), TypeError, 'x');
  const t = core.alloc(16);
  const stale = t.data;
  const big = core.alloc(16 << 20); // grows the memory: `stale` is detached
  refused(() => core.positionalEncoding(4, 4, { out: stale }), TypeError, 'out');
  big.free();
  t.free();
});

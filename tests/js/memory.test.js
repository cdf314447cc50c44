// Tensors in the shared linear memory: views that survive growth, freeing, foreign and freed tensors,
// the 896 MiB promise, independent instances, and no growth over thousands of calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { uniformArray } from '../reference/reference.js';

const core = await loadCore();

test('alloc gives a tensor whose data is a Float32Array view of core.memory', () => {
  const t = core.alloc(10);
  assert.equal(t.length, 10);
  assert.equal(typeof t.ptr, 'number');
  assert.ok(t.data instanceof Float32Array);
  assert.equal(t.data.buffer, core.memory.buffer);
  assert.equal(t.data.byteOffset, t.ptr);
  assert.equal(t.data.length, 10);
  t.data.set([1, 2, 3]);
  assert.deepEqual(Array.from(new Float32Array(core.memory.buffer, t.ptr, 3)), [1, 2, 3]);
  t.free();
});

test('alloc(0) gives an empty tensor that frees normally', () => {
  const t = core.alloc(0);
  assert.equal(t.length, 0);
  assert.equal(t.data.length, 0);
  t.free();
});

test('data stays valid after the memory grows (the view is rebuilt)', () => {
  const t = core.alloc(16);
  t.data.set(uniformArray(16, 1));
  const before = core.memory.buffer.byteLength;
  const big = core.alloc(8 << 20); // 32 MiB forces growth
  assert.ok(core.memory.buffer.byteLength > before);
  assert.deepEqual(t.data, uniformArray(16, 1));
  assert.equal(t.data.buffer, core.memory.buffer);
  big.free();
  t.free();
});

test('a view of core.memory gives the same results as its tensor even when the call grows memory', async () => {
  const fresh = await loadCore();
  const dModel = 64, dFF = 4096, tokens = 64; // hidden output: 1 MiB, more than the free memory
  const layer = fresh.createFFN({ dModel, dFF, seed: 9 });
  const x = fresh.alloc(tokens * dModel);
  x.data.set(uniformArray(tokens * dModel, 2));
  const view = x.data;
  const before = fresh.memory.buffer.byteLength;
  const fromView = layer.forward(view, { hidden: true });
  assert.ok(fresh.memory.buffer.byteLength > before, 'the call grew the memory');
  const fromTensor = layer.forward(x, { hidden: true });
  assert.deepEqual(fromView.output, fromTensor.output);
  assert.deepEqual(fromView.hidden, fromTensor.hidden);
  const table = fresh.alloc(3 * 5);
  const tableView = table.data;
  fresh.alloc(4 << 20); // grow: tableView is now detached, its tensor is not
  assert.equal(tableView.length, 0);
  fresh.positionalEncoding(3, 5, { out: table });
  assert.deepEqual(table.data, fresh.positionalEncoding(3, 5));
  layer.dispose();
});

test('free twice throws; data after free throws; passing a freed tensor throws an Error that says so', () => {
  const t = core.alloc(4);
  t.free();
  assert.throws(() => t.free(), { name: 'Error', message: /already been freed/ });
  assert.throws(() => t.data, { name: 'Error', message: /freed/ });
  assert.throws(() => core.positionalEncoding(1, 4, { out: t }), { name: 'Error', message: /out .*freed/ });
  assert.throws(() => core.addPositionalEncoding(t, 1, 4), { name: 'Error', message: /x .*freed/ });
});

test('a tensor of another instance is refused with an Error that says so', async () => {
  const other = await loadCore();
  const t = other.alloc(8);
  assert.throws(() => core.positionalEncoding(2, 4, { out: t }), { name: 'Error', message: /another pe-ffn-wasm instance/ });
  const layer = core.createFFN({ dModel: 4, dFF: 4 });
  assert.throws(() => layer.forward(t), { name: 'Error', message: /another/ });
  layer.dispose();
  t.free();
});

test('each init() has its own memory', async () => {
  const a = await loadCore();
  const b = await loadCore();
  assert.notEqual(a.memory, b.memory);
  const ta = a.alloc(4);
  ta.data.fill(5);
  const tb = b.alloc(4);
  assert.notDeepEqual(Array.from(tb.data), [5, 5, 5, 5]);
  assert.equal(a.version, b.version);
});

test('tensors can use 896 MiB at once, and the memory is reused after free', async () => {
  const big = await loadCore();
  const n = (896 * 2 ** 20) / 4;
  const t = big.alloc(n);
  t.data[0] = 1;
  t.data[n - 1] = 2;
  const table = big.positionalEncoding(4, 8, { out: big.alloc(32) });
  assert.equal(table.data[1], 1);
  assert.equal(t.data[n - 1], 2);
  const size = big.memory.buffer.byteLength;
  assert.ok(size >= 896 * 2 ** 20 && size <= 2 ** 31);
  t.free();
  big.alloc(n).free();
  assert.equal(big.memory.buffer.byteLength, size, 'a second 896 MiB tensor reuses the freed space');
});

test('a PE table that finds the memory full throws a RangeError, loses nothing, and works once there is room', async () => {
  const full = await loadCore();
  const out = full.alloc(4 * 4096);
  out.data.fill(7);
  const tensors = [];
  for (let n = (256 * 2 ** 20) / 4; n >= 1024; n >>= 1) {       // fill the memory, large pieces first
    for (;;) {
      try { tensors.push(full.alloc(n)); } catch { break; }
    }
  }
  // d = 4096 needs a 1 MiB rotation table that no longer fits
  assert.throws(() => full.positionalEncoding(4, 4096, { out }), { name: 'RangeError', message: /^dModel: .*memory/i }); // names the parameter
  assert.equal(out.data.length, 4 * 4096);
  assert.ok(out.data.every((v) => v === 7), 'the failed call wrote nothing');
  tensors.forEach((t) => t.free());
  full.positionalEncoding(4, 4096, { out });
  assert.deepEqual(out.data, full.positionalEncoding(4, 4096));
});

test('with no memory left to keep a workspace in, PE and RoPE calls work with one of their own, bit for bit', async () => {
  // The kernels' kept workspaces come from memory that was never a tensor (sbrk). Once the memory has
  // grown to its limit and been given to tensors, freed tensors leave room only to malloc: each call
  // then prepares a workspace of its own there, and must give the same bits.
  const normal = await loadCore();
  const x = uniformArray(3 * 4096, 11); // workspaces of ~1.1 MiB (PE) and ~110 KiB (RoPE): more than is left
  const want = { pe: normal.positionalEncoding(40, 4096, { offset: 999 }), rope: normal.applyRotary(x.slice(), 3, 4096, { offset: 77 }) };
  const full = await loadCore();
  const tensors = [];
  for (let n = (256 * 2 ** 20) / 4; n >= 1024; n >>= 1) {
    for (;;) {
      try { tensors.push(full.alloc(n)); } catch { break; }
    }
  }
  tensors.forEach((t) => t.free());
  for (let round = 0; round < 2; round++) {
    const pe = full.positionalEncoding(40, 4096, { offset: 999 });
    const rope = full.applyRotary(x.slice(), 3, 4096, { offset: 77 });
    assert.ok(pe.every((v, i) => Object.is(v, want.pe[i])), 'PE through a workspace of its own');
    assert.ok(rope.every((v, i) => Object.is(v, want.rope[i])), 'RoPE through a workspace of its own');
  }
});

test('no growth over 2,000 create/forward/dispose cycles, PE calls and alloc/free', async () => {
  const fresh = await loadCore();
  const x = uniformArray(5 * 16, 4);
  const cycle = () => {
    const layer = fresh.createFFN({ dModel: 16, dFF: 64, seed: 1, activation: 'gelu' });
    layer.forward(x, { hidden: true });
    layer.dispose();
    fresh.positionalEncoding(30, 16);
    fresh.alloc(100).free();
  };
  for (let i = 0; i < 50; i++) cycle();
  const size = fresh.memory.buffer.byteLength;
  for (let i = 0; i < 2000; i++) cycle();
  assert.equal(fresh.memory.buffer.byteLength, size);
});

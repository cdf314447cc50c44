// The trainable Transformer's JavaScript API beyond train-ref's contract tests: tensors as out and as
// parameter values (and views of core.memory that a call may detach), the trace against the plain
// forward, options read once, a trainer disposed alone, a batch too large for the memory, and memory
// that does not grow over thousands of calls — successful and refused ones, models made and disposed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';

const core = await loadCore();
const small = { vocab: 7, dModel: 8, heads: 2, dFF: 12, layers: 2, maxLength: 10, seed: 4 };
const sameBits = (a, b) => a.length === b.length && a.every((v, k) => Object.is(v, b[k]));

test('out and parameter values may be tensors or views of core.memory; the results are the same bits', () => {
  const model = core.createTransformer(small);
  try {
    const tokens = [1, 2, 3, 4, 5, 6];
    const plain = model.forward(tokens, { batch: 2 });
    const out = core.alloc(plain.length);
    assert.equal(model.forward(tokens, { batch: 2, out }), out);
    assert.ok(sameBits(out.data, plain));
    const { logits, trace } = model.forward(tokens, { batch: 2, out: out.data, trace: true });
    assert.equal(logits.length, plain.length);
    assert.ok(sameBits(logits, plain), 'traced logits are the plain ones');
    assert.deepEqual(Object.keys(trace.layers[0]), ['q', 'k', 'v', 'scores', 'weights', 'attention', 'h1', 'hidden', 'ffn']);
    assert.equal(trace.layers.length, 2);
    assert.equal(trace.layers[1].scores.length, 2 * 2 * 3 * 3);
    assert.equal(trace.layers[1].hidden.length, 6 * 12);
    const w = core.alloc(7 * 8);
    w.data.set(model.getParameter('embedding').map((v) => v * 2));
    model.setParameter('embedding', w);
    assert.ok(sameBits(model.getParameter('embedding'), w.data));
    model.setParameter('embedding', w.data);
    assert.ok(!sameBits(model.forward(tokens, { batch: 2 }), plain), 'a new embedding changes the logits');
    out.free();
    w.free();
  } finally {
    model.dispose();
  }
});

test('options are read once: a getter that disposes the model is seen before anything is touched', () => {
  const model = core.createTransformer(small);
  let reads = 0;
  const options = { get batch() { reads++; model.dispose(); return 1; } };
  assert.throws(() => model.forward([1, 2], options), (error) => error instanceof Error && /disposed/.test(error.message));
  assert.equal(reads, 1);
  let seeds = 0;
  const m2 = core.createTransformer({ ...small, get seed() { seeds++; return 5; } });
  assert.equal(seeds, 1);
  assert.equal(m2.config.seed, 5);
  m2.dispose();
});

test('a trainer disposed alone throws; its model and other trainers go on', () => {
  const model = core.createTransformer(small);
  try {
    const a = model.createTrainer(), b = model.createTrainer({ lr: 0.01 });
    a.dispose();
    a.dispose();
    assert.throws(() => a.step([1, 2], [2, 3]), /disposed/);
    assert.equal(typeof b.step([1, 2], [2, 3]), 'number');
    assert.equal(b.steps, 1);
    assert.equal(model.forward([1, 2]).length, 14);
  } finally {
    model.dispose();
  }
});

test('a batch too large for the memory is a RangeError naming batch; the instance stays usable', () => {
  const model = core.createTransformer({ vocab: 64, dModel: 256, heads: 8, layers: 4, maxLength: 4096, seed: 1 });
  try {
    const tokens = new Uint8Array(16 * 4096);
    assert.throws(() => model.gradients(tokens, tokens, { batch: 16 }), { name: 'RangeError', message: /batch/ });
    assert.equal(model.forward([1, 2, 3]).length, 3 * 64);
  } finally {
    model.dispose();
  }
});

test('memory does not grow over thousands of calls, refused calls and models made and disposed', () => {
  const model = core.createTransformer({ ...small, position: 'rope', causal: true });
  const trainer = model.createTrainer({ clipNorm: 1 });
  const tokens = Int32Array.from({ length: 30 }, (_, i) => i % 7), targets = tokens.map((t) => (t + 1) % 7);
  const round = () => {
    model.forward(tokens, { batch: 3 });
    model.forward(tokens, { batch: 3, trace: true });
    model.loss(tokens, targets, { batch: 3 });
    model.gradients(tokens, targets, { batch: 3 });
    trainer.step(tokens, targets, { batch: 3 });
    assert.throws(() => model.forward([9]), RangeError);
    assert.throws(() => model.loss(tokens, [1], { batch: 3 }), RangeError);
    const other = core.createTransformer(small);
    other.createTrainer();
    core.loadTransformer(other.save()).dispose();
    other.dispose();
  };
  for (let i = 0; i < 20; i++) round();
  const before = core.memory.buffer.byteLength;
  for (let i = 0; i < 1000; i++) round();
  assert.equal(core.memory.buffer.byteLength, before, 'no growth over 1000 rounds of 10 calls');
  model.dispose();
});

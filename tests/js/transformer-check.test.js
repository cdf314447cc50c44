// Outside checks of the trainable Transformer's API (issue 25), written from the contract alone: each
// test is a defect found by attacking the API, kept so that it stays fixed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore, pkg } from './target.js';

const core = await loadCore();
const small = { vocab: 7, dModel: 8, heads: 2, dFF: 9, layers: 2, maxLength: 12, seed: 3 };
const sameBits = (a, b) => a.length === b.length && a.every((v, k) => Object.is(v, b[k]));

test('loadTransformer reads a Node Buffer (fs.readFileSync) and ignores a Uint8Array\'s own slice, subarray and length', () => {
  const model = core.createTransformer(small);
  const bytes = model.save();
  const want = model.getParameter('output.w');
  model.dispose();
  // Buffer's slice is a view, not a copy: the file read with fs.readFileSync was refused with a bare
  // "RangeError: offset is out of bounds" (its values were the whole file's)
  const buffers = [Buffer.from(bytes), Buffer.concat([Buffer.alloc(3), Buffer.from(bytes)]).subarray(3)];
  // own properties that lie: the engine's internal slots are what counts
  const lying = new Uint8Array(bytes);
  lying.slice = (a, b) => new Uint8Array(b - a); // was loaded: every parameter 0
  lying.subarray = () => new Uint8Array(0);
  Object.defineProperty(lying, 'length', { value: bytes.length + 4096 });
  for (const file of [...buffers, lying]) {
    const loaded = core.loadTransformer(file);
    try {
      assert.ok(sameBits(loaded.getParameter('output.w'), want), file.constructor.name);
    } finally {
      loaded.dispose();
    }
  }
});

test('a trace too large for the memory is refused before the call\'s memory is allocated', () => {
  // 2 sequences of 4,096 tokens: the logits and workspace fit (about 580 MB), their trace does not
  // (2.2 GB). The trace was checked only after the call's region had been allocated: the refused call
  // grew the module's memory from a few MB to 580 MB, for good (a wasm memory never shrinks).
  const model = core.createTransformer({ vocab: 16, dModel: 64, heads: 4, layers: 2, maxLength: 4096 });
  try {
    const tokens = new Uint8Array(2 * 4096);
    const before = core.memory.buffer.byteLength;
    assert.throws(() => model.forward(tokens, { batch: 2, trace: true }), (e) => e instanceof RangeError && /^batch\b/.test(e.message));
    assert.equal(core.memory.buffer.byteLength, before, 'the memory did not grow');
    assert.equal(model.forward(tokens.subarray(0, 8), { batch: 2, trace: true }).trace.layers.length, 2, 'a small trace still works');
  } finally {
    model.dispose();
  }
});

test('tokenAccuracy refuses targets that are not -1 or a token, and reads each target once', () => {
  const { tokenAccuracy } = pkg;
  const logits = new Float32Array([0, 1, 0, 0, 1, 0, 0, 1, 0]); // 3 rows of vocab 3, arg-max 1 in each
  // targets out of range (a task of another vocab, a -2) or strings were counted as wrong answers
  assert.throws(() => tokenAccuracy(logits, [1, 1, 3], 3), /^RangeError: targets/);
  assert.throws(() => tokenAccuracy(logits, new Int32Array([1, -2, 1]), 3), /^RangeError: targets/);
  assert.throws(() => tokenAccuracy(logits, [1, '1', 1], 3), /^TypeError: targets\[1\]/);
  assert.throws(() => tokenAccuracy(logits, [1, 1.5, 1], 3), /^TypeError: targets\[1\]/);
  let reads = 0;
  const targets = [1, 1, -1];
  Object.defineProperty(targets, 0, { get: () => (++reads === 1 ? 1 : 0) });
  assert.deepEqual(tokenAccuracy(logits, targets, 3), { accuracy: 1, correct: 2, counted: 2 });
  assert.equal(reads, 1, 'each target is read once');
});

test('after dispose every method but dispose throws, parameterShape too', () => {
  const model = core.createTransformer(small);
  model.dispose();
  // parameterShape still answered after dispose; the contract says every method but dispose throws
  assert.throws(() => model.parameterShape('embedding'), (e) => e.constructor === Error);
  assert.deepEqual([model.config.vocab, model.paramCount > 0, model.parameterNames[0]], [7, true, 'embedding']);
});

// Outside checks of the trainable Transformer's API (issue 25), written from the contract alone: each
// test is a defect found by attacking the API, kept so that it stays fixed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';

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

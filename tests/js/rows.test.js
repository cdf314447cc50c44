// The one row-chunking loop (src/js/rows.js) under positionalEncoding, addPositionalEncoding,
// layerNorm and applyRotary: plain Float32Arrays (chunks through the scratch area) give the same bits
// as tensors (one call), densely around every chunk boundary (SCRATCH_FLOATS / dModel rows), for a
// plain x into a tensor out and the reverse; no temporary grows with the array; core.scratch is gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { uniformArray } from '../reference/reference.js';

const core = await loadCore();
const CHUNK = 1 << 16; // SCRATCH_FLOATS of src/js/memory.js: the values of one chunk

/** The same call on a tensor and on plain arrays (x in, out) in every combination; all bit-identical. */
function sameEverywhere(label, length, dModel, call) {
  const x = uniformArray(length * dModel, length + dModel, 2);
  const tx = core.alloc(x.length), tout = core.alloc(x.length);
  try {
    tx.data.set(x);
    call(tx, tout);
    const want = tout.data.slice();
    const outs = [
      ['plain x, plain out', () => { const out = new Float32Array(x.length); call(x.slice(), out); return out; }],
      ['plain x, tensor out', () => { tout.data.fill(7); call(x.slice(), tout); return tout.data.slice(); }],
      ['tensor x, plain out', () => { tx.data.set(x); const out = new Float32Array(x.length); call(tx, out); return out; }],
    ];
    for (const [path, run] of outs) {
      const got = run();
      assert.ok(got.every((v, i) => Object.is(v, want[i])), `${label} L=${length} d=${dModel}: ${path} differs from the tensors' bits`);
    }
  } finally {
    tx.free();
    tout.free();
  }
}

test('every kernel gives the same bits through the chunks as in one call, around every chunk boundary', () => {
  const cases = [];
  for (const dModel of [64, 1000, 4096, 40000]) {
    const rows = Math.max(1, Math.floor(CHUNK / dModel));
    for (const length of [1, rows - 1, rows, rows + 1, 2 * rows + 1, 3 * rows]) if (length >= 1) cases.push([length, dModel]);
  }
  cases.push([3, 65536]); // the widest row: one row per chunk
  for (const [length, dModel] of cases) {
    sameEverywhere('positionalEncoding', length, dModel, (_, out) => core.positionalEncoding(length, dModel, { out, offset: 37 }));
    sameEverywhere('addPositionalEncoding', length, dModel, (x, out) => {
      const target = out instanceof Float32Array ? out : out.data;
      target.set(x instanceof Float32Array ? x : x.data);
      core.addPositionalEncoding(out, length, dModel, { offset: 1000 });
    });
    sameEverywhere('layerNorm', length, dModel, (x, out) => core.layerNorm(x, dModel, { out, gamma: uniformArray(dModel, 3, 1), beta: uniformArray(dModel, 4, 1) }));
    if (dModel % 8 === 0) sameEverywhere('applyRotary', length, dModel, (x, out) => core.applyRotary(x, length, dModel, { out, headDim: 8, offset: 250 }));
  }
});

test('a long plain array grows no temporary: the memory after a 64 MiB table is what one chunk needs', async () => {
  const fresh = await loadCore();
  fresh.positionalEncoding(1, 64);
  const before = fresh.memory.buffer.byteLength;
  const x = new Float32Array(16 << 20);
  fresh.positionalEncoding(4096, 4096, { out: x });
  fresh.layerNorm(x, 4096, { out: new Float32Array(x.length) });
  fresh.applyRotary(x, 4096, 4096, { headDim: 128 });
  const grown = (fresh.memory.buffer.byteLength - before) / 2 ** 20;
  console.log(`memory grown over three 64 MiB plain arrays: ${grown} MiB`);
  assert.ok(grown < 8, `${grown} MiB`);
});

test('the scratch area is no longer part of the instance\'s surface', () => {
  assert.equal(core.scratch, undefined);
  assert.ok(!Object.keys(core).includes('heap') && !Object.keys(core).includes('exports'));
});

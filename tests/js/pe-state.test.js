// The core keeps no state that shows in results: one instance that alternates widths, bases, layouts,
// offsets and the out/fresh/add paths gives bit-identical tables to a fresh instance per call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';

const calls = [
  { length: 100, dModel: 64 },
  { length: 60, dModel: 64, offset: 100 },
  { length: 70, dModel: 64, offset: 160, layout: 'concat', add: true },
  { length: 33, dModel: 64, offset: 160, base: 2 },
  { length: 5, dModel: 8192, offset: 7, layout: 'concat' },
  { length: 70, dModel: 8192, offset: 12, layout: 'concat' }, // continues the wide table
  { length: 40, dModel: 8192, offset: 82, add: true },
  { length: 129, dModel: 4096, offset: 999_900, base: 500_000, layout: 'concat', tensor: true },
  { length: 64, dModel: 4095, offset: 1_000_029, base: 500_000 },
  { length: 3, dModel: 65_536, offset: 2_147_483_645, base: 1e9, add: true },
  { length: 300, dModel: 5, base: 1.5, tensor: true },
  { length: 100, dModel: 64 },
];

function run(core, c) {
  const options = { base: c.base, offset: c.offset, layout: c.layout };
  const n = c.length * c.dModel;
  if (c.add) return core.addPositionalEncoding(Float32Array.from({ length: n }, (_, i) => (i % 7) - 3), c.length, c.dModel, options);
  if (!c.tensor) return core.positionalEncoding(c.length, c.dModel, options);
  const t = core.alloc(n);
  core.positionalEncoding(c.length, c.dModel, { ...options, out: t });
  const copy = t.data.slice();
  t.free();
  return copy;
}

test('one instance alternating widths and bases equals a fresh instance per call, bit for bit', async () => {
  const shared = await loadCore();
  for (const c of calls) {
    const fresh = await loadCore();
    assert.deepEqual(run(shared, c), run(fresh, c), JSON.stringify(c));
  }
});

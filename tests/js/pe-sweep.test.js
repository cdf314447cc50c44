// The PE sweep (tests/sweep/pe.js) through the JS API in Node; SWEEP=full makes it much denser.
// Prints one line per family with its largest error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { sweepPe } from '../sweep/pe.js';
import { describe } from '../sweep/family.js';

const build = process.env.PE_FFN_WASM ? ` [${process.env.PE_FFN_WASM}]` : '';

test('PE sweep: widths 1 .. 65,536, both layouts, offsets near 0 / 1e6 / 2^31, six bases', { timeout: 600_000 }, async () => {
  const core = await loadCore();
  const { widths, families } = sweepPe(core, { scale: process.env.SWEEP === 'full' ? 'full' : 'default' });
  console.log(`sweep pe${build}: ${widths} widths`);
  for (const f of families) console.log(describe(f, build));
  for (const f of families) assert.equal(f.over, 0, `${describe(f)}: ${f.over} over the bound`);
});

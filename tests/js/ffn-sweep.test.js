// The FFN sweep (tests/sweep/ffn.js) through the JS API in Node; SWEEP=full makes it denser.
// Prints one line per family with its largest error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { sweepFfn } from '../sweep/ffn.js';
import { describe } from '../sweep/family.js';

const build = process.env.PE_FFN_WASM ? ` [${process.env.PE_FFN_WASM}]` : '';

test('FFN sweep: shapes around panels, tiles, blocks and passes, every activation', { timeout: 600_000 }, async () => {
  const core = await loadCore();
  const { shapes, families } = sweepFfn(core, { scale: process.env.SWEEP === 'full' ? 'full' : 'default' });
  console.log(`sweep ffn${build}: ${shapes} shapes`);
  for (const f of families) console.log(describe(f, build));
  for (const f of families) assert.equal(f.over, 0, `${describe(f)}: ${f.over} over the bound`);
});

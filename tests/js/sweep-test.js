// One node:test for a sweep of tests/sweep through the JS API in Node (SWEEP=full makes it denser):
// prints the count of what it covered and one line per family with its largest error, and fails on
// any family with values over its bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { describe } from '../sweep/family.js';

const build = process.env.PE_FFN_WASM ? ` [${process.env.PE_FFN_WASM}]` : '';

/** sweep(core, { scale }) -> { families, [counted]: n }, as sweepPe / sweepFfn return. */
export function sweepTest(name, title, sweep, counted) {
  test(title, { timeout: 600_000 }, async () => {
    const core = await loadCore();
    const result = sweep(core, { scale: process.env.SWEEP === 'full' ? 'full' : 'default' });
    console.log(`sweep ${name}${build}: ${result[counted]} ${counted}`);
    for (const f of result.families) console.log(describe(f, build));
    for (const f of result.families) assert.equal(f.over, 0, `${describe(f)}: ${f.over} over the bound`);
  });
}

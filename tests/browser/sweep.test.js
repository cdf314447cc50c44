// The PE and FFN sweeps (tests/sweep/, smaller than Node's) in real headless Chromium, for both
// builds: dist/pe_ffn.wasm (SIMD128) and dist/pe_ffn_relaxed.wasm (relaxed SIMD, which Chromium runs
// without a flag). One line per family with its largest error. SWEEP=full runs Node's default size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, openPage } from './harness.js';
import { describe } from '../sweep/family.js';

const shared = useServerAndBrowser();
const scale = process.env.SWEEP === 'full' ? 'default' : 'quick';

for (const build of ['pe_ffn.wasm', 'pe_ffn_relaxed.wasm']) {
  test(`sweeps in Chromium, dist/${build}`, { timeout: 600_000 }, async () => {
    const page = await openPage(shared.browser);
    await page.goto(`${shared.server.url}tests/browser/fixtures/sweep.html`);
    const result = await page.evaluate(async ({ build, scale }) => {
      const { init } = await import('/src/js/index.js');
      const { sweepPe } = await import('/tests/sweep/pe.js');
      const { sweepFfn } = await import('/tests/sweep/ffn.js');
      const wasm = new URL(`/dist/${build}`, location.href);
      if (!WebAssembly.validate(new Uint8Array(await (await fetch(wasm)).arrayBuffer()))) return { invalid: true };
      const core = await init({ wasm });
      return { pe: sweepPe(core, { scale }), ffn: sweepFfn(core, { scale }) };
    }, { build, scale });
    assert.ok(!result.invalid, `Chromium does not validate dist/${build}`);
    console.log(`sweep in Chromium [${build}]: ${result.pe.widths} PE widths, ${result.ffn.shapes} FFN shapes`);
    const families = [...result.pe.families, ...result.ffn.families];
    for (const f of families) console.log(describe(f, ` [Chromium, ${build}]`));
    for (const f of families) assert.equal(f.over, 0, `${describe(f)}: ${f.over} over the bound`);
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}

// applyRotary in real headless Chromium, on the module init() picks there (relaxed SIMD) and on both
// builds by name: against the double-precision reference, every in/out path giving the same bits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useServerAndBrowser } from './harness.js';

const shared = useServerAndBrowser();

test('applyRotary in Chromium: both builds within 1e-6 (1 + M) of the reference, paths bit-identical', { timeout: 60000 }, async () => {
  const page = await openPage(shared.browser);
  try {
    await page.goto(`${shared.server.url}tests/browser/fixtures/rope-battery.html`);
    const result = await page.evaluate(() => window.ropeResult);
    assert.equal(result.error, undefined, result.error);
    for (const [build, r] of Object.entries(result)) {
      console.log(`RoPE in Chromium (${build}): largest |diff| / (1 + M) ${r.largest.toExponential(2)}`);
      assert.deepEqual(r.problems, [], build);
      assert.ok(r.largest > 0 && r.largest <= 1e-6, build);
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

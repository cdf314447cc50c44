// The PE elements embedded in a bare HTML page that imports only the package's bundle
// (dist/elements.js, built by build.sh), served by a plain static server: each renders the module's
// numbers, the lang attribute of one element overrides the page's, and the console stays clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { launchChromium, openPage, startStaticServer, saveArtifact, repoRoot } from './harness.js';
import { init } from '../../src/js/index.js';

const TAGS = ['pe-table', 'pe-heatmap', 'pe-clock', 'pe-relative', 'pe-add'];

test('each PE element works alone in a bare page that imports only dist/elements.js', { timeout: 60000, skip: !existsSync(`${repoRoot}dist/elements.js`) && 'run build.sh first' }, async () => {
  const core = await init();
  const server = await startStaticServer(repoRoot);
  const browser = await launchChromium();
  try {
    const page = await openPage(browser, { viewport: { width: 900, height: 900 } });
    await page.goto(`${server.url}tests/browser/fixtures/bare-elements.html`);
    await page.waitForFunction((tags) => tags.every((t) => document.querySelector(t)?.shadowRoot?.querySelector('.card')), TAGS, { timeout: 20000 });
    await page.evaluate((tags) => Promise.all(tags.map((t) => document.querySelector(t).updateComplete)), TAGS);

    // <pe-table length=6 d-model=8>: 48 cells equal to the module's values at the shown rounding.
    const cells = await page.evaluate(() => [...document.querySelector('pe-table').shadowRoot.querySelectorAll('td[data-j]')]
      .map((td) => [Number(td.dataset.t), Number(td.dataset.j), td.textContent]));
    assert.equal(cells.length, 48);
    for (const [t, j, text] of cells) {
      assert.ok(Math.abs(Number(text.replace('\u2212', '-')) - core.peValue(t, j, 8)) <= 0.5e-4 + 1e-7, `PE(${t}, ${j})`);
    }
    // The heat map draws one pixel per entry; the clock has d_model / 2 hands.
    assert.deepEqual(await page.evaluate(() => { const c = document.querySelector('pe-heatmap').shadowRoot.querySelector('canvas.map'); return [c.width, c.height]; }), [32, 30]);
    assert.equal(await page.evaluate(() => document.querySelector('pe-clock').shadowRoot.querySelectorAll('.clocks li').length), 4);
    // The rotation check agrees with the module to float32 rounding.
    const maxDiff = await page.evaluate(() => document.querySelector('pe-relative').shadowRoot.querySelector('.rot-max').textContent);
    assert.match(maxDiff, /[0-9.]+e-[0-9]+/);
    assert.ok(Number(/([0-9.]+e-[0-9]+)/.exec(maxDiff)[1]) < 1e-5, maxDiff);
    // lang="en" on one element wins over <html lang="ko">.
    assert.match(await page.evaluate(() => document.querySelector('pe-add').shadowRoot.querySelector('h3').textContent), /Adding position/);
    assert.match(await page.evaluate(() => document.querySelector('pe-table').shadowRoot.querySelector('h3').textContent), /위치 인코딩/);
    await saveArtifact('bare-elements.png', await page.screenshot({ fullPage: true }));
    assert.deepEqual(page.problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
});

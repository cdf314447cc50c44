// The built tutorial site (vite build with web/vite.config.js, tests/browser/built-site.js) works from a
// sub-path of a plain static server: the page, its elements and the .wasm load with relative URLs, with
// no console problems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, openPage, startStaticServer, revealElements } from './harness.js';
import { builtSite } from './built-site.js';

test('the built site works from /some/sub/path/ of a static server', { timeout: 90000 }, async () => {
  const outDir = await builtSite();
  let server;
  let browser;
  try {
    const assets = await readdir(join(outDir, 'assets'));
    assert.ok(assets.some((f) => f.endsWith('.wasm')), 'the .wasm is an asset of the site');
    server = await startStaticServer(outDir, { mount: '/some/sub/path/' });
    browser = await launchChromium();
    const page = await openPage(browser);
    const start = Date.now();
    assert.match(server.url, /\/some\/sub\/path\/$/);
    await page.goto(`${server.url}?d_model=8&length=5`);
    await page.waitForSelector('#main[data-complete]', { timeout: 20000 });
    await revealElements(page);
    await page.waitForFunction(() => document.querySelector('pe-table')?.shadowRoot?.querySelector('td[data-j]'), null, { timeout: 20000 });
    console.log(`# built site: every element brought into view and <pe-table> numbers after ${Date.now() - start} ms`);
    const cells = await page.evaluate(() => document.querySelector('pe-table').shadowRoot.querySelectorAll('td[data-j]').length);
    assert.equal(cells, 40);
    await page.waitForFunction(() => document.querySelector('pe-add')?.shadowRoot?.querySelector('.card'), null, { timeout: 20000 });
    assert.deepEqual(page.problems, []);
  } finally {
    await browser?.close();
    await server?.close();
  }
});

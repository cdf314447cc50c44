// The built tutorial site (vite build with web/vite.config.js) works from a sub-path of a plain static
// server: the page, its elements and the .wasm load with relative URLs, with no console problems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, openPage, startStaticServer, repoRoot, revealElements } from './harness.js';

test('the built site works from /some/sub/path/ of a static server', { timeout: 90000 }, async () => {
  const { build } = await import('vite');
  const site = await mkdtemp(join(tmpdir(), 'pe-ffn-site-'));
  const outDir = join(site, 'some', 'sub', 'path');
  let server;
  let browser;
  try {
    await build({ configFile: `${repoRoot}web/vite.config.js`, logLevel: 'error', build: { outDir, emptyOutDir: true } });
    const assets = await readdir(join(outDir, 'assets'));
    assert.ok(assets.some((f) => f.endsWith('.wasm')), 'the .wasm is an asset of the site');
    server = await startStaticServer(site);
    browser = await launchChromium();
    const page = await openPage(browser);
    const start = Date.now();
    await page.goto(`${server.url}some/sub/path/?d_model=8&length=5`);
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
    await rm(site, { recursive: true, force: true });
  }
});

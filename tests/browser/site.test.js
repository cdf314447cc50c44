// The built tutorial site (vite build of web/) as a learner meets it, served by a plain static server:
// what the tutorial loads before the reader scrolls stays within the weight budget (everything
// counted: HTML, CSS, JS, wasm, fonts), at desktop and phone width, and the elements come when the
// reader nears them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, openPage, startStaticServer, repoRoot } from './harness.js';
import { measureWeight, weightTable, WEIGHT_BUDGET_GZIP } from '../bench/page-metrics.js';

let outDir;
let server;
let browser;

before(async () => {
  const { build } = await import('vite');
  outDir = await mkdtemp(join(tmpdir(), 'pe-ffn-site-'));
  await build({ configFile: `${repoRoot}web/vite.config.js`, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  server = await startStaticServer(outDir);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`before the reader scrolls, the tutorial loads at most 120 KB gzip (${viewport.width} px)`, { timeout: 60000 }, async () => {
    const { page } = await measureWeight(browser, { url: server.url, outDir, viewport });
    console.log(`# ${viewport.width} px:\n${weightTable(page).replace(/^/gm, '# ')}`);
    assert.ok(page.total.gzip <= WEIGHT_BUDGET_GZIP, `${page.total.gzip} bytes gzip > ${WEIGHT_BUDGET_GZIP}`);
    assert.ok(page.files.some((f) => f.path.endsWith('.wasm')), 'the module is part of the first load');
    assert.equal(page.kinds.html?.files, 1, 'the page itself is counted');
  });
}

test('an element\'s code and the quiz bank come only when the reader nears them', { timeout: 60000 }, async () => {
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  const requested = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto(server.url);
  await page.waitForSelector('#main[data-complete]');
  await page.waitForLoadState('networkidle');
  const defined = () => page.evaluate(() => ['pe-table', 'pe-ffn-quiz', 'ffn-tradeoff'].filter((t) => customElements.get(t)));
  assert.deepEqual(await defined(), [], 'no element far below the first screen is loaded');
  assert.ok(!requested.some((p) => /pe-ffn-quiz/.test(p)), 'the quiz (and its bank) is not loaded');
  await page.evaluate(() => document.querySelector('pe-table').scrollIntoView());
  await page.waitForFunction(() => document.querySelector('pe-table').shadowRoot?.querySelector('td[data-j]'), null, { timeout: 20000 });
  assert.deepEqual(await defined(), ['pe-table']);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The built tutorial site (vite build of web/) as a learner meets it, served by a plain static server:
// what the tutorial loads before the reader scrolls stays within the weight budget (everything
// counted: HTML, CSS, JS, wasm, fonts), at desktop and phone width; the elements come when the
// reader nears them; after the first visit the tutorial and the quiz work with the network cut (the
// server stopped and the browser offline), quiz progress kept; a new deploy (tests/browser/built-site.js
// 'next-deploy': every file renamed) is offered, not forced, and a page open across it keeps working
// (its service worker serves its own version) or, without a worker, offers the reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openPage, startStaticServer, revealElements } from './harness.js';
import { builtSite, useBuiltSite } from './built-site.js';
import { init } from '../../src/js/index.js';
import { measureWeight, weightTable, WEIGHT_BUDGET_GZIP } from '../bench/page-metrics.js';
import ko from '../../src/i18n/ko/offline.js';

const site = useBuiltSite();

/** The tutorial's custom elements: tag -> 'ok' when its card rendered, else what it shows. */
const elementStates = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#main *')]
  .filter((el) => el.localName.includes('-')).map((el) => [el.localName, el.shadowRoot?.querySelector('.card') ? 'ok' : el.shadowRoot?.textContent.slice(0, 120) ?? 'undefined'])));

/** Waits until every element of the tutorial has rendered its card; the error lists those that did not. */
async function everyElementRendered(page, timeout = 30000) {
  await page.waitForFunction(() => [...document.querySelectorAll('#main *')].filter((el) => el.localName.includes('-'))
    .every((el) => el.shadowRoot?.querySelector('.card')), null, { timeout }).catch(async (err) => {
    throw new Error(`${err.message}: ${JSON.stringify(await elementStates(page))}`);
  });
}

/** The tags of the tutorial's elements whose code has not loaded yet. */
const undefinedElements = (page) => page.evaluate(() => [...new Set([...document.querySelectorAll('#main *')]
  .filter((el) => el.localName.includes('-') && !customElements.get(el.localName)).map((el) => el.localName))]);

/** The version a page shows: 'next' for the next deploy, 'first' for the site as first deployed. */
const versionOf = (page) => page.evaluate(() => document.querySelector('meta[name="test-version"]')?.content ?? 'first');

/**
 * Runs `body({ page, deploy })` on a page of the site served on an origin of its own; `deploy()` puts
 * the next version in its place on that server ('next-deploy': no file of the first is left).
 */
async function acrossDeploy(pageOptions, body) {
  const own = await startStaticServer(site.dir);
  const next = await builtSite('next-deploy');
  const page = await openPage(site.browser, pageOptions);
  try {
    await body({ page, url: own.url, deploy: () => own.setRoot(next) });
  } finally {
    await page.context().close();
    await own.close();
  }
}

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`before the reader scrolls, the tutorial loads at most 120 KB gzip (${viewport.width} px)`, { timeout: 60000 }, async () => {
    const { page } = await measureWeight(site.browser, { url: site.server.url, outDir: site.dir, viewport });
    console.log(`# ${viewport.width} px:\n${weightTable(page).replace(/^/gm, '# ')}`);
    assert.ok(page.total.gzip <= WEIGHT_BUDGET_GZIP, `${page.total.gzip} bytes gzip > ${WEIGHT_BUDGET_GZIP}`);
    assert.ok(page.files.some((f) => f.path.endsWith('.wasm')), 'the module is part of the first load');
    assert.equal(page.kinds.html?.files, 1, 'the page itself is counted');
  });
}

test('an element\'s code and the quiz bank come only when the reader nears them', { timeout: 60000 }, async () => {
  const page = await openPage(site.browser, { viewport: { width: 1280, height: 900 } });
  const requested = [];
  page.on('request', (req) => requested.push(new URL(req.url()).pathname));
  await page.goto(site.server.url);
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

// Every step below has its own timeout that names what it waited for; the test's own limit is their
// sum, so a slow step fails with its name rather than as an anonymous test timeout (seen once in CI).
test('after the first visit, the tutorial computes its tables and the quiz works with the network cut', { timeout: 300000 }, async () => {
  const core = await init();
  const own = await startStaticServer(site.dir);   // its own origin, stopped below
  const page = await openPage(site.browser, { viewport: { width: 1280, height: 900 } });
  const context = page.context();
  try {
    await page.goto(`${own.url}?d_model=8&length=6`);
    await page.waitForSelector('#main[data-complete]');
    // The worker installs once the page is idle, precaches everything, and says so.
    await page.waitForSelector('.offline-notice', { timeout: 30000 });
    assert.ok(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)));
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = [];
      for (const name of names) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      return urls;
    });
    for (const wanted of [/\/index\.html$/, /\/quiz\.html$/, /pe-ffn-quiz-.*\.js$/, /pe-table-.*\.js$/]) {
      assert.ok(precached.some((u) => wanted.test(u)), `precached: ${wanted}`);
    }
    // One .wasm: the build this engine runs (Chromium validates relaxed SIMD), not both.
    assert.deepEqual(precached.filter((u) => /\.wasm$/.test(u)).map((u) => u.replace(/-[\w-]+\.wasm$/, '.wasm').split('/').pop()), ['pe_ffn_relaxed.wasm']);
    assert.ok(!precached.some((u) => /quiz-lms-download|quiz-exports/.test(u)), 'teachers\' code is not precached');

    await own.close();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('#main[data-complete]', { timeout: 20000 });
    await revealElements(page);
    await page.waitForFunction(() => document.querySelector('pe-table').shadowRoot?.querySelectorAll('td[data-j]').length === 48, null, { timeout: 20000 });
    const cells = await page.evaluate(() => [...document.querySelector('pe-table').shadowRoot.querySelectorAll('td[data-j]')]
      .map((td) => [Number(td.dataset.t), Number(td.dataset.j), Number(td.textContent.replace('\u2212', '-'))]));
    for (const [t, j, shown] of cells) assert.ok(Math.abs(shown - core.peValue(t, j, 8)) <= 0.5e-4 + 1e-7, `PE(${t}, ${j}) offline`);
    await everyElementRendered(page);

    // The quiz page, never opened online: precached too. Progress is kept across an offline reload.
    await page.goto(`${own.url}quiz.html?quiz-topic=all&quiz-seed=3&quiz-count=2&mode=all`);
    await page.waitForSelector('pe-ffn-quiz >> article.q', { timeout: 20000 });
    const first = await page.locator('pe-ffn-quiz >> article.q').nth(0).getAttribute('data-id');
    await page.locator(`pe-ffn-quiz >> [data-focus="solution-${first}"]`).click();
    await page.locator(`pe-ffn-quiz >> article.q[data-id="${first}"] .feedback`).waitFor();
    await page.reload();
    await page.waitForSelector('pe-ffn-quiz >> article.q');
    assert.equal(await page.locator(`pe-ffn-quiz >> article.q[data-id="${first}"] .feedback`).count(), 1, 'the answer survived the offline reload');
    const problems = page.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a new version is offered, not forced: the page keeps running until the reader opens it', { timeout: 180000 }, async () => {
  await acrossDeploy({}, async ({ page, url, deploy }) => {
    await page.goto(url);
    await page.waitForSelector('.offline-notice', { timeout: 30000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    deploy();
    await page.reload();
    await page.waitForSelector('.offline-notice button.primary', { timeout: 30000 });
    assert.equal(await versionOf(page), 'first', 'the old version keeps running while the new one waits');
    assert.match(await page.locator('.offline-notice').textContent(), /새 버전/);
    await page.reload();
    assert.equal(await versionOf(page), 'first', 'a plain reload does not force the new version');
    await page.waitForSelector('.offline-notice button.primary', { timeout: 30000 });
    await Promise.all([page.waitForEvent('load'), page.locator('.offline-notice button.primary').click()]);
    await page.waitForFunction(() => document.querySelector('meta[name="test-version"]')?.content === 'next', null, { timeout: 20000 });
    assert.deepEqual(page.problems, []);
  });
});

test('a page open across a new deploy keeps loading its elements: the worker that installed with it serves its version', { timeout: 240000 }, async () => {
  await acrossDeploy({ viewport: { width: 1280, height: 900 } }, async ({ page, url, deploy }) => {
    await page.goto(`${url}?d_model=8&length=6`);
    await page.waitForSelector('#main[data-complete]');
    await page.waitForSelector('.offline-notice', { timeout: 30000 });   // installed, everything precached
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 })
      .catch(() => { throw new Error('the worker does not control the page that installed it'); });
    const later = await undefinedElements(page);
    assert.ok(later.length >= 3, `elements far below are not loaded yet: ${later.join(', ')}`);
    deploy();
    const chunk = (await readdir(join(site.dir, 'assets'))).find((f) => f.startsWith(`${later[0]}-`));
    assert.equal((await fetch(`${url}assets/${chunk}`)).status, 404, `the deploy removed ${chunk}`);
    await revealElements(page);
    await everyElementRendered(page);
    assert.equal(await versionOf(page), 'first');
    assert.deepEqual(page.problems, []);
  });
});

test('a page without a worker whose code is gone after a deploy offers the reload, which opens the new version', { timeout: 240000 }, async () => {
  await acrossDeploy({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' }, async ({ page, url, deploy }) => {
    await page.goto(url);
    await page.waitForSelector('#main[data-complete]');
    const later = await undefinedElements(page);
    assert.ok(later.includes('ffn-tradeoff'), `<ffn-tradeoff> is not loaded yet (${later.join(', ')})`);
    deploy();
    await page.evaluate(() => document.querySelector('ffn-tradeoff').scrollIntoView());
    await page.waitForSelector('.offline-notice button.primary', { timeout: 20000 });
    assert.equal(await page.locator('.offline-notice p').textContent(), ko.stale);
    assert.ok(page.problems.length > 0, 'the missing chunk was reported');
    await Promise.all([page.waitForEvent('load'), page.locator('.offline-notice button.primary').click()]);
    // The old page's reports of its missing files end before the new page loads (they may still come
    // after the offer, one per file of the lazy element: under load they did).
    page.problems.length = 0;
    await page.waitForSelector('#main[data-complete]');
    assert.equal(await versionOf(page), 'next');
    await revealElements(page);
    await everyElementRendered(page);
    // Playwright says so when it refuses the worker, as this context asks.
    assert.deepEqual(page.problems.filter((p) => !/Service Worker registration blocked by Playwright/.test(p)), []);
  });
});

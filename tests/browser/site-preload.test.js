// The built tutorial's first requests (web/preload-first.js, web/main.js): the .wasm the core picks is
// preloaded from the HTML and that one download is what the loader compiles; a link to a section
// fetches that section's elements with the page's own script, before the first layout; a page opened
// at the top fetches no element code up front, nor does a link to a name every object has (#constructor).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './harness.js';
import { useBuiltSite } from './built-site.js';

const site = useBuiltSite();

/** Opens the page; returns the page and the paths it requested, in order. */
async function load(hash) {
  const page = await openPage(site.browser, { viewport: { width: 1280, height: 900 } });
  const requests = [];
  page.on('request', (req) => requests.push(new URL(req.url()).pathname));
  await page.goto(`${site.server.url}${hash}`);
  await page.waitForSelector('#main[data-complete]');
  return { page, requests };
}

test('the .wasm is preloaded from the HTML and downloaded once: the loader takes the preload', { timeout: 60000 }, async () => {
  const { page, requests } = await load('');
  try {
    const preload = await page.evaluate(() => {
      const link = document.querySelector('link[rel="preload"][as="fetch"]');
      return link && { href: new URL(link.href).pathname, crossOrigin: link.crossOrigin, type: link.type };
    });
    assert.ok(preload, 'a preload link in <head>');
    assert.match(preload.href, /pe_ffn_relaxed-.*\.wasm$/, 'Chromium runs relaxed SIMD: the relaxed build');
    assert.equal(preload.crossOrigin, 'anonymous');
    // The core is ready, and from that one download (a second fetch would show as a second request).
    await page.evaluate(() => document.querySelector('pe-table').scrollIntoView());
    await page.waitForFunction(() => document.querySelector('pe-table').shadowRoot?.querySelector('td[data-j]'), null, { timeout: 20000 });
    assert.deepEqual(requests.filter((p) => p.endsWith('.wasm')), [preload.href]);
    // A preload the page did not use, or used with other credentials, is a console warning.
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('a link to a section fetches its elements at once; the top of the page fetches none up front', { timeout: 60000 }, async () => {
  const linked = await load('#formula');
  try {
    assert.ok(linked.requests.some((p) => /\/assets\/pe-table-.*\.js$/.test(p)), 'the element\'s code is fetched');
    assert.ok(await linked.page.evaluate(() => document.querySelector('link[rel="modulepreload"][href*="pe-table-"]') !== null),
      'the HTML adds a modulepreload for the linked section\'s element');
    await linked.page.waitForFunction(() => document.querySelector('pe-table').shadowRoot?.querySelector('td[data-j]'), null, { timeout: 20000 });
    assert.deepEqual(linked.page.problems, []);
  } finally {
    await linked.page.context().close();
  }
  const top = await load('');
  try {
    assert.equal(await top.page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"][href*="pe-table-"]').length), 0);
    assert.ok(!top.requests.some((p) => /\/assets\/pe-table-/.test(p)), 'no element code before the reader nears it');
  } finally {
    await top.page.context().close();
  }
});

test('a link to a name every object has (#constructor, #__proto__, …) or a broken escape opens the page without an error', { timeout: 90000 }, async () => {
  for (const hash of ['#constructor', '#__proto__', '#toString', '#hasOwnProperty', '#valueOf', '#%', '#%E0%A4%A']) {
    const { page, requests } = await load(hash);
    try {
      assert.deepEqual(page.problems, [], hash);
      assert.ok(!requests.some((p) => /\/assets\/pe-table-/.test(p)), `${hash}: no element code up front`);
    } finally {
      await page.context().close();
    }
  }
});

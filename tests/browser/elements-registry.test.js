// The elements in Chromium as the manifest describes them: every tag of custom-elements.json is
// registered by the package's bundle with the same observedAttributes (and nothing else is), and the
// design tokens follow prefers-color-scheme, data-theme on any ancestor, and a page's own values.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, openPage, startStaticServer, repoRoot, requireBuildProducts } from './harness.js';

requireBuildProducts('bundles', 'dist/elements.js', 'custom-elements.json');

const manifest = JSON.parse(await readFile(join(repoRoot, 'custom-elements.json'), 'utf8'));
const elements = manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement);

let repoServer;
let browser;

before(async () => {
  repoServer = await startStaticServer(repoRoot);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await repoServer?.close();
});

test('the manifest lists exactly what Chromium registers, with the same observed attributes', { timeout: 60000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.goto(`${repoServer.url}tests/browser/fixtures/element-alone.html`);
    await page.waitForFunction(() => window.elementsReady === true);
    const registered = await page.evaluate((tags) => tags.map((tag) => {
      const cls = customElements.get(tag);
      return { tag, defined: Boolean(cls), observed: cls ? [...cls.observedAttributes].sort() : [] };
    }), elements.map((e) => e.tagName));
    for (const { tag, defined, observed } of registered) {
      assert.ok(defined, `<${tag}> is registered by dist/elements.js`);
      assert.deepEqual(observed, elements.find((e) => e.tagName === tag).attributes.map((a) => a.name).sort(), `<${tag}> observedAttributes`);
    }
    // Nothing registered that the manifest leaves out: every element class the bundle exports is listed.
    const exported = await page.evaluate(async () => Object.values(await import('../../../dist/elements.js'))
      .filter((v) => typeof v === 'function' && v.prototype instanceof HTMLElement && v.tag).map((v) => v.tag).sort());
    assert.deepEqual(exported, elements.map((e) => e.tagName).sort());
  } finally {
    await page.context().close();
  }
});

test('the theme follows prefers-color-scheme, and data-theme on any ancestor overrides it', { timeout: 60000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.goto(`${repoServer.url}tests/browser/fixtures/element-alone.html`);
    await page.waitForFunction(() => window.elementsReady === true);
    const { tokens } = await import('../../src/elements/shared/tokens.js');
    const cardColours = () => page.evaluate(async () => {
      const el = document.querySelector('main').firstElementChild || document.querySelector('main').appendChild(document.createElement('pe-table'));
      await el.updateComplete;
      const card = el.shadowRoot.querySelector('.card');
      const s = getComputedStyle(card);
      return { fg: getComputedStyle(el).color, bg: s.backgroundColor };
    });
    const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    await page.emulateMedia({ colorScheme: 'light' });
    assert.deepEqual(await cardColours(), { fg: rgb(tokens['--pe-fg'].light), bg: rgb(tokens['--pe-surface'].light) });
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await cardColours(), { fg: rgb(tokens['--pe-fg'].dark), bg: rgb(tokens['--pe-surface'].dark) });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    assert.deepEqual(await cardColours(), { fg: rgb(tokens['--pe-fg'].light), bg: rgb(tokens['--pe-surface'].light) });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => { document.documentElement.removeAttribute('data-theme'); document.querySelector('main').setAttribute('data-theme', 'dark'); });
    assert.deepEqual(await cardColours(), { fg: rgb(tokens['--pe-fg'].dark), bg: rgb(tokens['--pe-surface'].dark) });
    // A page's own value for a token wins over the package's (the tokens sit in a cascade layer).
    await page.addStyleTag({ content: 'main { --pe-surface: #fafa00; }' });
    assert.equal((await cardColours()).bg, rgb('#fafa00'));
  } finally {
    await page.context().close();
  }
});

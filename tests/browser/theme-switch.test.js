// The theme switch of the built tutorial and quiz pages (web/theme-switch.js, web/theme-boot.js), in
// headless Chromium: a labelled select (System / Light / Dark, in the page language) that works with
// the keyboard, sets data-theme on <html>, is kept across reloads and pages, and is applied before the
// body is parsed (no flash of the other theme); the page and the elements take the chosen tokens.
// Screenshots of both pages in both themes, ko/en, 1280/390 px go to test-artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPage, saveArtifact } from './harness.js';
import { useBuiltSite } from './built-site.js';
import { tokens } from '../../src/elements/shared/tokens.js';
import ko from '../../src/i18n/ko/theme.js';
import en from '../../src/i18n/en/theme.js';

const site = useBuiltSite();

const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** Records <html data-theme> at the moment <body> is inserted, i.e. before anything can paint. */
const recordThemeAtBody = () => {
  new MutationObserver((records, observer) => {
    if (!document.body) return;
    window.themeAtBody = document.documentElement.getAttribute('data-theme');
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};

/** The page's and an element's colours: body background, and the first element card's background. */
const colours = (page, tag) => page.evaluate(async (tag) => {
  const el = document.querySelector(tag);
  if (!customElements.get(tag)) { el.scrollIntoView(); await customElements.whenDefined(tag); }
  await el.updateComplete;
  const card = el.shadowRoot.querySelector('.card, article.q, .toolbar');
  return { page: getComputedStyle(document.body).backgroundColor, element: getComputedStyle(card).backgroundColor };
}, tag);

const pageSelect = (page) => page.locator('.theme-pick select');

test('the built pages put the boot script first in <head>, before any style sheet', async () => {
  for (const name of ['index.html', 'quiz.html']) {
    const html = await readFile(join(site.dir, name), 'utf8');
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    const boot = head.indexOf('pe-ffn-theme');
    assert.ok(boot > 0, `${name}: the boot script is inline in <head>`);
    assert.ok(boot < head.indexOf('<link rel="stylesheet"'), `${name}: it runs before the style sheets load`);
    assert.ok(boot < head.search(/<script type="module"/), `${name}: and before the module scripts`);
  }
});

test('System / Light / Dark: keyboard, label, data-theme, kept across reloads and pages, no flash', { timeout: 90000 }, async () => {
  const page = await openPage(site.browser, { viewport: { width: 1280, height: 900 } });
  try {
    await page.addInitScript(recordThemeAtBody);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(site.server.url);
    const select = pageSelect(page);
    // A real label (its accessible name), Korean words, nothing chosen yet: the system decides.
    assert.equal(await page.locator('label[for="theme-choice"]').textContent(), ko.label);
    assert.equal(await select.evaluate((s) => s.labels[0].textContent), ko.label);
    assert.deepEqual(await select.locator('option').allTextContents(), [ko.system, ko.light, ko.dark]);
    assert.equal(await select.inputValue(), 'system');
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), null);
    assert.deepEqual(await colours(page, 'pe-table'), { page: rgb(tokens['--pe-page-bg'].light), element: rgb(tokens['--pe-surface'].light) });

    // Keyboard only: Tab to the select, arrows to "Dark".
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assert.equal(await select.inputValue(), 'dark');
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'dark');
    assert.equal(await page.evaluate(() => localStorage.getItem('pe-ffn-theme')), 'dark');
    assert.deepEqual(await colours(page, 'pe-table'), { page: rgb(tokens['--pe-page-bg'].dark), element: rgb(tokens['--pe-surface'].dark) });

    // Reload: dark before the body exists, the select shows the choice.
    await page.reload();
    assert.equal(await page.evaluate(() => window.themeAtBody), 'dark');
    assert.equal(await select.inputValue(), 'dark');
    assert.deepEqual(await colours(page, 'pe-table'), { page: rgb(tokens['--pe-page-bg'].dark), element: rgb(tokens['--pe-surface'].dark) });

    // The quiz page shares the choice; in English the switch speaks English.
    await page.goto(`${site.server.url}quiz.html?lang=en`);
    await page.waitForSelector('pe-ffn-quiz >> article.q');
    assert.equal(await page.evaluate(() => window.themeAtBody), 'dark');
    assert.equal(await select.inputValue(), 'dark');
    assert.equal(await page.locator('label[for="theme-choice"]').textContent(), en.label);
    assert.deepEqual(await select.locator('option').allTextContents(), [en.system, en.light, en.dark]);
    assert.deepEqual(await colours(page, 'pe-ffn-quiz'), { page: rgb(tokens['--pe-page-bg'].dark), element: rgb(tokens['--pe-surface'].dark) });

    // "Light" wins over a dark system; "System" hands the decision back to it.
    await page.emulateMedia({ colorScheme: 'dark' });
    await select.selectOption('light');
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), 'light');
    assert.deepEqual(await colours(page, 'pe-ffn-quiz'), { page: rgb(tokens['--pe-page-bg'].light), element: rgb(tokens['--pe-surface'].light) });
    await select.selectOption('system');
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('pe-ffn-theme')), null);
    assert.deepEqual(await colours(page, 'pe-ffn-quiz'), { page: rgb(tokens['--pe-page-bg'].dark), element: rgb(tokens['--pe-surface'].dark) });

    // The language switch renames the control.
    await page.locator('button[data-lang="ko"]').click();
    await page.waitForFunction((label) => document.querySelector('label[for="theme-choice"]').textContent === label, ko.label);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('screenshots: both pages, light and dark, ko and en, 1280 and 390 px', { timeout: 120000 }, async () => {
  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark']) {
      const page = await openPage(site.browser, { viewport: { width, height: width > 400 ? 900 : 844 } });
      try {
        await page.addInitScript((theme) => localStorage.setItem('pe-ffn-theme', theme), theme);
        for (const lang of ['ko', 'en']) {
          await page.goto(`${site.server.url}?lang=${lang}`);
          await page.waitForSelector('#main[data-complete]');
          assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), theme);
          await saveArtifact(`theme-${theme}-tutorial-${lang}-${width}.png`, await page.screenshot());
          await page.goto(`${site.server.url}quiz.html?lang=${lang}`);
          await page.waitForSelector('pe-ffn-quiz >> article.q');
          await saveArtifact(`theme-${theme}-quiz-${lang}-${width}.png`, await page.screenshot());
        }
      } finally {
        await page.context().close();
      }
    }
  }
});

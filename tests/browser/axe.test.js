// Accessibility with axe-core (the engine behind Lighthouse), WCAG 2.2 A/AA and best practices, in
// real headless Chromium: the built tutorial and quiz pages, and every element of the package
// embedded alone in a bare page (the elements come from custom-elements.json, so a new element is
// checked without editing this file), in Korean and English, at 1280 and 390 px, in the light and the
// dark theme. No serious or critical violation may remain; colour contrast is part of WCAG AA. The
// dark theme changes colours only, not the DOM: a page checked in the light theme is switched to the
// dark one and checked again with the rules that read colours (COLOUR_RULES).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, openPage, startStaticServer, repoRoot, revealElements, saveArtifact, requireBuildProducts } from './harness.js';
import { builtSite } from './built-site.js';

requireBuildProducts('bundles', 'dist/elements.js', 'custom-elements.json');

const axeSource = await readFile(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
const manifest = JSON.parse(await readFile(join(repoRoot, 'custom-elements.json'), 'utf8'));
const elements = manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const VIEWPORTS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
const THEMES = ['light', 'dark'];
const LANGS = ['ko', 'en'];
// The rules of TAGS whose verdict depends on colours (axe-core 4.14: getRules(TAGS)).
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const rulesFor = (theme) => (theme === 'light' ? null : COLOUR_RULES);

let siteServer;
let repoServer;
let browser;

before(async () => {
  siteServer = await startStaticServer(await builtSite());
  repoServer = await startStaticServer(repoRoot);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await siteServer?.close();
  await repoServer?.close();
});

/** Runs axe on the page (or on one selector) with TAGS' rules (or only `rules`); returns the violations. */
async function axe(page, include, rules = null) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async ({ include, runOnly }) => {
    // Scrolling boxes join the tab order from a ResizeObserver, which reports after the next layout;
    // an element may re-render once more for its real width. Wait for three frames without a render.
    let renders = 0;
    const count = () => { renders++; };
    document.addEventListener('pe-ffn-render', count);
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let quiet = 0, seen = -1; quiet < 3;) {
      await frame();
      quiet = renders === seen ? quiet + 1 : 0;
      seen = renders;
    }
    document.removeEventListener('pe-ffn-render', count);
    const result = await window.axe.run(include ? { include: [[include]] } : document, { runOnly, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, target: v.nodes.slice(0, 3).map((n) => n.target.join(' >> ')), summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') }));
  }, { include, runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS } });
}

function report(label, violations) {
  const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = violations.filter((v) => !grave.includes(v));
  console.log(`# ${label}: ${grave.length} serious/critical, ${minor.length} minor${minor.length ? ` (${minor.map((v) => `${v.id} ${v.impact} x${v.nodes}`).join(', ')})` : ''}`);
  for (const v of violations) console.log(`#   ${v.id} x${v.nodes}: ${v.target.join(' | ')} -- ${v.summary}`);
  return grave;
}

async function themed(viewport, theme) {
  const page = await openPage(browser, { viewport });
  await page.emulateMedia({ colorScheme: theme });
  return page;
}

for (const viewport of VIEWPORTS) {
  test(`the tutorial and the quiz page: no serious or critical violation (${viewport.width} px, ko/en, light/dark)`, { timeout: 300000 }, async () => {
    const failures = [];
    // Each page is loaded once, checked in the light theme, then switched to the dark one (its
    // elements redraw) and checked again with the colour rules; `shot` saves each theme's screenshot.
    const check = async (page, name, shot = null) => {
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        const grave = report(`${name} ${theme} ${viewport.width}`, await axe(page, undefined, rulesFor(theme)));
        if (grave.length) failures.push({ page: `${name} ${theme}`, grave });
        if (shot) await saveArtifact(`theme-${theme}-${shot}-${viewport.width}.png`, await page.screenshot({ fullPage: false }));
      }
    };
    for (const lang of LANGS) {
      const page = await themed(viewport, THEMES[0]);
      try {
        await page.goto(`${siteServer.url}?lang=${lang}`);
        await page.waitForSelector('#main[data-complete]');
        await revealElements(page);
        await page.evaluate(async () => {
          const elements = [...document.querySelectorAll('#main *')].filter((el) => el.updateComplete);
          await Promise.all(elements.map((el) => el.updateComplete));
          // What is folded away (data tables, downloads, code) is checked too: unfold it all.
          for (const root of [document, ...elements.map((el) => el.shadowRoot)]) {
            for (const details of root.querySelectorAll('details')) details.open = true;
          }
        });
        await check(page, `tutorial ${lang}`);
        await page.emulateMedia({ colorScheme: THEMES[0] });
        await page.goto(`${siteServer.url}quiz.html?lang=${lang}`);
        await page.waitForSelector('pe-ffn-quiz >> article.q');
        await check(page, `quiz ${lang}`, lang === 'ko' ? 'quiz' : null);
      } finally {
        await page.context().close();
      }
    }
    assert.deepEqual(failures, []);
  });
}

test('every element alone in a bare page: no serious or critical violation (ko/en, 1280/390, light/dark)', { timeout: 300000 }, async () => {
  assert.ok(elements.length >= 9);
  const failures = [];
  for (const viewport of VIEWPORTS) {
    const page = await themed(viewport, THEMES[0]);
    try {
      await page.goto(`${repoServer.url}tests/browser/fixtures/element-alone.html`);
      await page.waitForFunction(() => window.elementsReady === true);
      for (const lang of LANGS) {
        for (const { tagName } of elements) {
          await page.emulateMedia({ colorScheme: THEMES[0] });
          await page.evaluate(async ({ tag, lang }) => {
            document.documentElement.lang = lang;
            const el = document.createElement(tag);
            document.querySelector('main').replaceChildren(el);
            await new Promise((resolve) => el.addEventListener('pe-ffn-render', resolve, { once: true }));
            await el.updateComplete;
            // What is folded away (data tables, downloads, code) is checked too: unfold it all.
            for (const details of el.shadowRoot.querySelectorAll('details')) details.open = true;
          }, { tag: tagName, lang });
          // Checked in the light theme, then switched to the dark one (see COLOUR_RULES).
          for (const theme of THEMES) {
            await page.emulateMedia({ colorScheme: theme });
            const grave = report(`<${tagName}> ${lang} ${theme} ${viewport.width}`, await axe(page, 'main', rulesFor(theme)));
            if (grave.length) failures.push({ element: tagName, lang, theme, width: viewport.width, grave });
          }
        }
      }
    } finally {
      await page.context().close();
    }
  }
  assert.deepEqual(failures, []);
});

test('a box that scrolls is in the tab order exactly while it overflows, at any width', { timeout: 120000 }, async () => {
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  try {
    await page.goto(`${repoServer.url}tests/browser/fixtures/element-alone.html`);
    await page.waitForFunction(() => window.elementsReady === true);
    const { SCROLL_BOXES } = await import('../../src/elements/shared/scroll-regions.js');
    // Every box of every element: whether it overflows, and whether Tab reaches it.
    const survey = () => page.evaluate(async ({ tags, selector }) => {
      const main = document.querySelector('main');
      if (!main.children.length) {
        main.replaceChildren(...tags.map((tag) => document.createElement(tag)));
        await Promise.all([...main.children].map((el) => new Promise((resolve) => el.addEventListener('pe-ffn-render', resolve, { once: true }))));
      }
      await Promise.all([...main.children].map((el) => el.updateComplete));
      // Twice: opening a <details> may draw content with <details> of its own (<pe-lab>'s inside panel).
      for (let pass = 0; pass < 2; pass++) {
        for (const el of main.children) for (const d of el.shadowRoot.querySelectorAll('details')) d.open = true;
        for (let i = 0; i < 4; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return [...main.children].flatMap((el) => [...el.shadowRoot.querySelectorAll(selector)]
        .filter((box) => box.getClientRects().length)
        .map((box) => ({
          where: `${el.localName} .${[...box.classList].join('.') || box.localName}`,
          overflows: box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1,
          focusable: box.tabIndex === 0,
          named: box.getAttribute('role') !== 'group' || Boolean(box.getAttribute('aria-label')),
        })));
    }, { tags: elements.map((e) => e.tagName), selector: SCROLL_BOXES });
    const narrow = await survey();
    await page.setViewportSize({ width: 1800, height: 900 });
    const wide = await survey();
    for (const boxes of [narrow, wide]) {
      assert.deepEqual(boxes.filter((b) => b.overflows !== b.focusable || !b.named), []);
    }
    const scrolling = (boxes) => boxes.filter((b) => b.overflows).length;
    console.log(`# scrolling boxes: ${scrolling(narrow)} of ${narrow.length} at 390 px, ${scrolling(wide)} of ${wide.length} at 1800 px`);
    // The survey means something only if both cases occur, and widening lets some boxes fit.
    assert.ok(scrolling(narrow) > scrolling(wide) && scrolling(wide) < wide.length);
  } finally {
    await page.context().close();
  }
});

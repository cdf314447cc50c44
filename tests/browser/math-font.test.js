// The formulas' font (scripts/math-font.mjs, docs/performance.md "Formulas and their font"): on the
// built tutorial, every glyph of every formula, in the page and in the elements' shadow roots, fixed
// and live, Korean and English, folded parts unfolded and every step of <block-flow> shown, is drawn
// with the shipped subset of Noto Sans Math, never with a fallback font (Chromium on Debian otherwise
// mixes DejaVu Sans with another font's brackets). What Chromium drew with is its own record
// (CSS.getPlatformFontsForNode), so a character missing from the subset shows here as a fallback
// family. A radical's sign belongs to no token, and Chromium draws none at all when the font lacks it
// (the √ of s = q·k / √d_head went missing that way): a probe <mo> holding the sign beside each msqrt
// and mroot, in the same fonts, says which font draws it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openPage, revealElements, saveArtifact } from './harness.js';
import { useBuiltSite } from './built-site.js';
import { LAYOUT_GLYPHS, MATH_FONT_FAMILY } from '../../scripts/math-font.mjs';

const site = useBuiltSite();

/**
 * { family: glyphs } over every MathML token of the page (shadow roots included) and over the sign of
 * every radical (its probe), with the counts of tokens and radicals.
 */
async function mathFonts(page) {
  const radicals = await page.evaluate((glyphs) => {
    const all = (root) => [...root.querySelectorAll('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])]);
    const found = all(document).filter((el) => glyphs[el.localName]);
    for (const el of found) {
      const probe = document.createElementNS('http://www.w3.org/1998/Math/MathML', 'mo');
      probe.dataset.layoutGlyphProbe = el.localName;
      probe.textContent = glyphs[el.localName];
      el.after(probe);
    }
    return found.length;
  }, LAYOUT_GLYPHS);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const fonts = {};
  const tokens = [];
  const visit = (node) => {
    if (/^(mi|mn|mo|mtext|ms)$/.test(node.localName)) tokens.push(node);
    for (const child of [...(node.children || []), ...(node.shadowRoots || [])]) visit(child);
  };
  visit(root);
  for (const node of tokens) {
    const { fonts: used } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: node.nodeId });
    for (const f of used) {
      const key = `${f.familyName}${f.isCustomFont ? ' (web font)' : ''}`;
      fonts[key] = (fonts[key] || 0) + f.glyphCount;
    }
  }
  await cdp.detach();
  await page.evaluate(() => {
    const all = (root) => [...root.querySelectorAll('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])]);
    for (const probe of all(document).filter((el) => el.dataset?.layoutGlyphProbe)) probe.remove();
  });
  return { fonts, tokens: tokens.length - radicals, radicals };
}

/** mathFonts() added up over the page as it is and over each step of <block-flow>, folded parts open. */
async function mathFontsOfEveryState(page) {
  const total = { fonts: {}, tokens: 0, radicals: 0 };
  const add = ({ fonts, tokens, radicals }) => {
    for (const [key, count] of Object.entries(fonts)) total.fonts[key] = (total.fonts[key] || 0) + count;
    total.tokens += tokens;
    total.radicals += radicals;
  };
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('#main *')) for (const d of el.shadowRoot?.querySelectorAll('details') ?? []) d.open = true;
  });
  add(await mathFonts(page));
  for (const step of [2, 3, 4, 5]) {
    await page.evaluate(async (step) => {
      const flow = document.querySelector('block-flow');
      flow.setAttribute('step', String(step));
      await flow.updateComplete;
      for (const d of flow.shadowRoot.querySelectorAll('details')) d.open = true;
    }, step);
    await page.evaluate(() => document.fonts.ready);
    add(await mathFonts(page));
  }
  return total;
}

for (const lang of ['ko', 'en']) {
  test(`every formula glyph of the tutorial (${lang}) is drawn with the shipped math font`, { timeout: 90000 }, async () => {
    const page = await openPage(site.browser, { viewport: { width: 1280, height: 900 } });
    const fontRequests = [];
    page.on('requestfinished', (req) => { if (/\.woff2$/.test(req.url())) fontRequests.push(new URL(req.url()).pathname); });
    try {
      await page.goto(`${site.server.url}?lang=${lang}`);
      await page.waitForSelector('#main[data-complete]');
      await revealElements(page);
      // A live formula too: focusing a PE table cell shows its formula with the numbers put in.
      await page.evaluate(() => document.querySelector('pe-table').scrollIntoView());
      await page.locator('pe-table td[data-j]').first().focus();
      await page.waitForFunction(() => document.querySelector('pe-table').shadowRoot.querySelector('.formula-box math'));
      await page.evaluate(() => document.fonts.ready);
      const { fonts, tokens, radicals } = await mathFontsOfEveryState(page);
      console.log(`# ${lang}: ${tokens} tokens, ${radicals} radicals: ${JSON.stringify(fonts)}`);
      assert.ok(tokens > 300, `the page's formulas are there (${tokens} tokens)`);
      assert.ok(radicals >= 2, `the radicals of attention and LayerNorm are there (${radicals})`);
      assert.deepEqual(Object.keys(fonts), [`${MATH_FONT_FAMILY} (web font)`], `fonts drawn: ${JSON.stringify(fonts)}`);
      assert.deepEqual(fontRequests.filter((p) => /math-font/.test(p)).length, 1, 'the subset is fetched once');
      assert.deepEqual(page.problems, []);
      // For the eye: h' and h'' with \big brackets, the sum and stretchy brackets, the matrices, the
      // attention formula's radical (step 2 of <block-flow>).
      await page.evaluate(() => document.querySelector('block-flow').setAttribute('step', '2'));
      for (const [name, locator] of [
        ['primes', page.locator('.display-math', { hasText: 'LayerNorm' }).first()],
        ['pe-compare-sum', page.locator('pe-compare math', { hasText: '\u2211' }).first()],
        ['pe-relative-matrices', page.locator('pe-relative math:has(mtable)').first()],
        ['block-flow-attention-sqrt', page.locator('block-flow .formula math:has(msqrt)').first()],
      ]) {
        await locator.scrollIntoViewIfNeeded();
        await saveArtifact(`math-font-${lang}-${name}.png`, await locator.screenshot());
      }
    } finally {
      await page.context().close();
    }
  });
}

test('the math font is a small woff2 subset, and the service worker precaches it for offline reading', async () => {
  const assets = await readdir(join(site.dir, 'assets'));
  const font = assets.find((f) => /^math-font-.*\.woff2$/.test(f));
  assert.ok(font, 'the build emits the subset');
  const bytes = await readFile(join(site.dir, 'assets', font));
  assert.equal(bytes.subarray(0, 4).toString('latin1'), 'wOF2');
  assert.ok(bytes.length < 40000, `${bytes.length} bytes: a subset, not the 270 KB font`);
  assert.match(await readFile(join(site.dir, 'sw.js'), 'utf8'), new RegExp(font.replace('.', '\\.')));
});

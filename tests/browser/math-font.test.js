// The formulas' font (scripts/math-font.mjs, docs/performance.md "Formulas and their font"): on the
// built tutorial, every glyph of every formula, in the page and in the elements' shadow roots, fixed
// and live, Korean and English, is drawn with the shipped subset of Noto Sans Math, never with a
// fallback font (Chromium on Debian otherwise mixes DejaVu Sans with another font's brackets). What
// Chromium drew with is its own record (CSS.getPlatformFontsForNode), so a character missing from the
// subset shows here as a fallback family.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, openPage, startStaticServer, repoRoot, revealElements, saveArtifact } from './harness.js';
import { MATH_FONT_FAMILY } from '../../scripts/math-font.mjs';

let outDir;
let server;
let browser;

before(async () => {
  const { build } = await import('vite');
  outDir = await mkdtemp(join(tmpdir(), 'pe-ffn-math-font-'));
  await build({ configFile: `${repoRoot}web/vite.config.js`, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  server = await startStaticServer(outDir);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** { family: glyphs } over every MathML token of the page (shadow roots included), and the count. */
async function mathFonts(page) {
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
  return { fonts, tokens: tokens.length };
}

for (const lang of ['ko', 'en']) {
  test(`every formula glyph of the tutorial (${lang}) is drawn with the shipped math font`, { timeout: 90000 }, async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const fontRequests = [];
    page.on('requestfinished', (req) => { if (/\.woff2$/.test(req.url())) fontRequests.push(new URL(req.url()).pathname); });
    try {
      await page.goto(`${server.url}?lang=${lang}`);
      await page.waitForSelector('#main[data-complete]');
      await revealElements(page);
      // A live formula too: focusing a PE table cell shows its formula with the numbers put in.
      await page.evaluate(() => document.querySelector('pe-table').scrollIntoView());
      await page.locator('pe-table td[data-j]').first().focus();
      await page.waitForFunction(() => document.querySelector('pe-table').shadowRoot.querySelector('.formula-box math'));
      await page.evaluate(() => document.fonts.ready);
      const { fonts, tokens } = await mathFonts(page);
      assert.ok(tokens > 300, `the page's formulas are there (${tokens} tokens)`);
      assert.deepEqual(Object.keys(fonts), [`${MATH_FONT_FAMILY} (web font)`], `fonts drawn: ${JSON.stringify(fonts)}`);
      assert.deepEqual(fontRequests.filter((p) => /math-font/.test(p)).length, 1, 'the subset is fetched once');
      assert.deepEqual(page.problems, []);
      // For the eye: h' and h'' with \big brackets, the sum and stretchy brackets, the matrices.
      for (const [name, locator] of [
        ['primes', page.locator('.display-math', { hasText: 'LayerNorm' }).first()],
        ['pe-compare-sum', page.locator('pe-compare math', { hasText: '\u2211' }).first()],
        ['pe-relative-matrices', page.locator('pe-relative math:has(mtable)').first()],
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
  const assets = await readdir(join(outDir, 'assets'));
  const font = assets.find((f) => /^math-font-.*\.woff2$/.test(f));
  assert.ok(font, 'the build emits the subset');
  const bytes = await readFile(join(outDir, 'assets', font));
  assert.equal(bytes.subarray(0, 4).toString('latin1'), 'wOF2');
  assert.ok(bytes.length < 40000, `${bytes.length} bytes: a subset, not the 270 KB font`);
  assert.match(await readFile(join(outDir, 'sw.js'), 'utf8'), new RegExp(font.replace('.', '\\.')));
});

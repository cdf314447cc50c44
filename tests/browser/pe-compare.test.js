// <pe-compare> alone in a bare page that imports only dist/elements.js, in headless Chromium: its
// numbers against the independent references (the sinusoid, RoPE rows, parameter counts), the
// learned table past its length, RoPE's scores by p - r only, the pairing permutation, a .npy table
// loaded through the src attribute and through the file picker (and a broken one refused), and
// screenshots at 1280 and 390 px in Korean and English with nothing wider than the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { artifactsDir, openPage, saveArtifact, useServerAndBrowser, requireBuildProducts } from './harness.js';
import { maxAbsDiff, peTableRef } from '../reference/reference.js';
import { ropeRef } from '../reference/rope-reference.js';
import { encodeNpy } from '../../src/elements/shared/data-export.js';

requireBuildProducts('bundles', 'dist/elements.js');
const needsBuild = { timeout: 90000 };
const shared = useServerAndBrowser();

async function withCompare(viewport, lang, check) {
  const page = await openPage(shared.browser, { viewport });
  try {
    await page.goto(`${shared.server.url}tests/browser/fixtures/pe-compare.html`);
    await page.evaluate((l) => document.querySelector('pe-compare').setAttribute('lang', l), lang);
    await page.waitForFunction(() => document.querySelector('pe-compare')?.shadowRoot?.querySelector('.pairing-check')?.textContent, null, { timeout: 20000 });
    await page.evaluate(() => document.querySelector('pe-compare').updateComplete);
    await check(page);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
}

const text = (page, selector) => page.evaluate((sel) => document.querySelector('pe-compare').shadowRoot.querySelector(sel).textContent, selector);
const setAttr = (page, name, value) => page.evaluate(([n, v]) => { const el = document.querySelector('pe-compare'); el.setAttribute(n, v); return el.updateComplete; }, [name, value]);

test('<pe-compare>: the numbers are the module\'s and match the references', needsBuild, async () => {
  await withCompare({ width: 1280, height: 900 }, 'en', async (page) => {
    const data = await page.evaluate(() => {
      const d = document.querySelector('pe-compare').data;
      return { pe: Array.from(d.pe), q: Array.from(d.q), qVector: Array.from(d.qVector), spreads: d.spreads, permutedDiff: d.pairing.permutedDiff };
    });
    assert.ok(maxAbsDiff(data.pe, peTableRef(64, 64)) <= 1e-6, 'the sinusoid');
    const tiled = Array.from({ length: 64 }, () => data.qVector).flat();
    assert.ok(maxAbsDiff(data.q, ropeRef(tiled, 64, 64, { headDim: 16 })) <= 1e-6 * 2, 'q moved to every position');
    assert.ok(data.spreads.rope < 2e-6, `RoPE's scores depend on p - r only (spread ${data.spreads.rope})`);
    assert.ok(data.spreads.learned > 1e-2, 'an untrained table has no such pattern');
    assert.equal(data.permutedDiff, 0);
    assert.match(await text(page, '.way-learned .params'), /48 × 64 = 3,072/);
    assert.match(await text(page, '.way-sin .params'), /: 0$/);
    assert.match(await text(page, '.models'), /512 × hidden_size 768 = 393,216/);
    assert.match(await text(page, '.models'), /1,024 × hidden_size 768 = 786,432/);
    assert.match(await text(page, 'table.beyond tr:nth-child(2) td'), /no row.*0 … 47.*position 60/);
    assert.match(await text(page, '.table-status'), /untrained/);
    await setAttr(page, 'position', '10');
    const row = await text(page, 'table.beyond tr:nth-child(2) td');
    const values = await page.evaluate(() => Array.from(document.querySelector('pe-compare').data.learned.subarray(640, 644)));
    const shown = values.map((v) => v.toFixed(3).replace(/^-0\.000$/, '0.000').replace('-', '\u2212')).join(', ');
    assert.equal(row, `row 10 of the table: [${shown}, …]`, 'a position inside the table reads its row');
    await setAttr(page, 'max-positions', '8');
    assert.match(await text(page, 'table.beyond tr:nth-child(2) td'), /no row.*0 … 7/, 'the slider shortens the table');
    assert.match(await text(page, 'table.beyond tr:nth-child(3) td'), /θ = 10\.000 rad/);
    await setAttr(page, 'head-dim', '6'); // not a divisor of 64: the nearest even divisor, with a note
    assert.match(await text(page, ".notes"), /used 4 instead of 6/); // 4 and 8 are as near: the smaller
  });
});

test('<pe-compare>: a .npy table through src and the file picker; a broken file is refused', needsBuild, async () => {
  const positions = 100, dModel = 32;
  const table = Float32Array.from({ length: positions * dModel }, (_, i) => Math.sin(Math.floor(i / dModel) / (1 + (i % dModel))));
  await saveArtifact('pe-compare-table.npy', encodeNpy(table, [positions, dModel]));
  await withCompare({ width: 1280, height: 900 }, 'ko', async (page) => {
    const loaded = page.evaluate(() => new Promise((resolve) => document.querySelector('pe-compare').addEventListener('pe-compare-table', (e) => resolve(e.detail), { once: true })));
    await setAttr(page, 'src', '../../../test-artifacts/pe-compare-table.npy');
    assert.deepEqual(await loaded, { source: 'src', positions, dModel });
    await page.evaluate(() => document.querySelector('pe-compare').updateComplete);
    const shown = await page.evaluate(() => { const el = document.querySelector('pe-compare'); return { d: el.values['d-model'], P: el.values['max-positions'], rows: Array.from(el.data.learnedShown) }; });
    assert.equal(shown.d, dModel);
    assert.equal(shown.P, positions);
    assert.deepEqual(shown.rows, Array.from(table.subarray(0, 64 * dModel)), 'the heat map shows the file\'s rows');
    assert.match(await text(page, '.table-status'), /불러온 표: pe-compare-table\.npy \(100 × 32 = 3,200개 값\)/);

    const input = page.locator('pe-compare input.npy-file');
    await input.setInputFiles({ name: 'broken.npy', mimeType: 'application/octet-stream', buffer: Buffer.from('not a numpy file') });
    await page.waitForFunction(() => document.querySelector('pe-compare').shadowRoot.querySelector('.table-status').classList.contains('error'));
    assert.match(await text(page, '.table-status'), /불러오지 못했어요: \.npy: not a NumPy \.npy file/);
    const small = Float32Array.from({ length: 20 * 8 }, (_, i) => i / 160);
    await input.setInputFiles({ name: 'small.npy', mimeType: 'application/octet-stream', buffer: Buffer.from(encodeNpy(small, [20, 8])) });
    await page.waitForFunction(() => /small\.npy/.test(document.querySelector('pe-compare').shadowRoot.querySelector('.table-status').textContent));
    assert.equal(await page.evaluate(() => document.querySelector('pe-compare').values['d-model']), 8);
    await page.evaluate(() => document.querySelector('pe-compare').shadowRoot.querySelector('button.fresh').click());
    await page.waitForFunction(() => /학습하지 않은/.test(document.querySelector('pe-compare').shadowRoot.querySelector('.table-status').textContent));
    assert.equal(await page.evaluate(() => document.querySelector('pe-compare').hasAttribute('src')), false);
  });
});

test('<pe-compare>: a src that never answers does not block a new one; a file\'s name stays a Python string', needsBuild, async () => {
  const positions = 12, dModel = 8;
  await saveArtifact('pe-compare-small.npy', encodeNpy(Float32Array.from({ length: positions * dModel }, (_, i) => i / 96), [positions, dModel]));
  await withCompare({ width: 1280, height: 900 }, 'en', async (page) => {
    let hung = 0;
    await page.route('**/hang.npy', () => { hung++; }); // the request is never answered
    await setAttr(page, 'src', 'hang.npy');
    const loaded = page.evaluate(() => new Promise((resolve) => document.querySelector('pe-compare').addEventListener('pe-compare-table', (e) => resolve(e.detail), { once: true })));
    await setAttr(page, 'src', '../../../test-artifacts/pe-compare-small.npy');
    assert.deepEqual(await loaded, { source: 'src', positions, dModel }, 'the new src is read while the old one hangs');
    assert.equal(hung, 1);
    assert.match(await text(page, '.table-status'), /pe-compare-small\.npy/);

    const name = "a'); __import__('os').system('echo pwned'); ('.npy";
    const input = page.locator('pe-compare input.npy-file');
    await input.setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(encodeNpy(new Float32Array(4 * 8), [4, 8])) });
    await page.waitForFunction(() => /pwned/.test(document.querySelector('pe-compare').shadowRoot.querySelector('.table-status').textContent));
    const code = await text(page, '[data-export="learned"] [data-code="numpy"]');
    assert.ok(code.includes(String.raw`table = np.load('a\'); __import__(\'os\').system(\'echo pwned\'); (\'.npy')`), code);
  });
});

for (const width of [1280, 390]) {
  for (const lang of ['ko', 'en']) {
    test(`<pe-compare> at ${width} px (${lang}): nothing wider than the screen; screenshot`, needsBuild, async () => {
      await withCompare({ width, height: 900 }, lang, async (page) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
        await saveArtifact(`pe-compare-${width}-${lang}.png`, await page.screenshot({ fullPage: true }));
      });
    });
  }
}

test('screenshots are written under test-artifacts/', needsBuild, () => {
  assert.ok(existsSync(`${artifactsDir}/pe-compare-390-ko.png`));
});

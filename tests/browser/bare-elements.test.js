// The PE elements embedded in a bare HTML page that imports only the package's bundle
// (dist/elements.js, built by build.sh), served by a plain static server: each renders the module's
// numbers, the lang attribute of one element overrides the page's, and the console stays clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, saveArtifact, useServerAndBrowser, requireBuildProducts } from './harness.js';
import { init } from '../../src/js/index.js';
import { pairColumns } from '../../src/elements/shared/pe-layout.js';

const TAGS = ['pe-table', 'pe-heatmap', 'pe-clock', 'pe-relative', 'pe-add'];

requireBuildProducts('bundles', 'dist/elements.js');
const needsBuild = { timeout: 60000 };

const shared = useServerAndBrowser();

/** Opens the bare page at `viewport`, waits for every element, then runs `check(page)`. */
async function withBarePage(viewport, check) {
  const page = await openPage(shared.browser, { viewport });
  try {
    await page.goto(`${shared.server.url}tests/browser/fixtures/bare-elements.html`);
    await page.waitForFunction((tags) => tags.every((t) => document.querySelector(t)?.shadowRoot?.querySelector('.card')), TAGS, { timeout: 20000 });
    await page.evaluate((tags) => Promise.all(tags.map((t) => document.querySelector(t).updateComplete)), TAGS);
    await check(page);
  } finally {
    await page.context().close();
  }
}

test('each PE element works alone in a bare page that imports only dist/elements.js', needsBuild, async () => {
  const core = await init();
  await withBarePage({ width: 900, height: 900 }, async (page) => {
    // <pe-table length=6 d-model=8>: 48 cells equal to the module's values at the shown rounding.
    const cells = await page.evaluate(() => [...document.querySelector('pe-table').shadowRoot.querySelectorAll('td[data-j]')]
      .map((td) => [Number(td.dataset.t), Number(td.dataset.j), td.textContent]));
    assert.equal(cells.length, 48);
    for (const [t, j, text] of cells) {
      assert.ok(Math.abs(Number(text.replace('\u2212', '-')) - core.peValue(t, j, 8)) <= 0.5e-4 + 1e-7, `PE(${t}, ${j})`);
    }
    // The heat map draws one pixel per entry; the clock has d_model / 2 hands.
    assert.deepEqual(await page.evaluate(() => { const c = document.querySelector('pe-heatmap').shadowRoot.querySelector('canvas.map'); return [c.width, c.height]; }), [32, 30]);
    assert.equal(await page.evaluate(() => document.querySelector('pe-clock').shadowRoot.querySelectorAll('.clocks li').length), 4);
    // The rotation check agrees with the module to float32 rounding.
    const maxDiff = await page.evaluate(() => document.querySelector('pe-relative').shadowRoot.querySelector('.rot-max').textContent);
    assert.match(maxDiff, /[0-9.]+e-[0-9]+/);
    assert.ok(Number(/([0-9.]+e-[0-9]+)/.exec(maxDiff)[1]) < 1e-5, maxDiff);
    // lang="en" on one element wins over <html lang="ko">.
    assert.match(await page.evaluate(() => document.querySelector('pe-add').shadowRoot.querySelector('h3').textContent), /Adding position/);
    assert.match(await page.evaluate(() => document.querySelector('pe-table').shadowRoot.querySelector('h3').textContent), /위치 인코딩/);
    await saveArtifact('bare-elements.png', await page.screenshot({ fullPage: true }));
    assert.deepEqual(page.problems, []);
  });
});

test('<pe-relative> downloads the rotation check of every pair, as the module computes it', needsBuild, async () => {
  const core = await init();
  // 20 pairs (the table shows 8), an odd d_model and the concat layout.
  const [d, p, k, layout] = [41, 7, 12, 'concat'];
  const pairs = Math.floor(d / 2);
  const row = (pos) => core.positionalEncoding(1, d, { offset: pos, layout });
  const [peP, peK, pePK] = [row(p), row(k), row(p + k)];
  await withBarePage({ width: 1280, height: 900 }, async (page) => {
    await page.evaluate((attrs) => {
      const el = document.querySelector('pe-relative');
      for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
      return el.updateComplete;
    }, { 'd-model': String(d), p: String(p), k: String(k), layout });
    const fetchDownload = async (action) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`pe-relative [data-export="rot"] button[data-action="${action}"]`).click()]);
      const chunks = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk);
      return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
    };
    const npy = await fetchDownload('npy');
    assert.equal(npy.name, `pe_rotation_p${p}_k${k}_d${d}.npy`);
    const headerLength = npy.bytes.readUInt16LE(8);
    assert.match(npy.bytes.subarray(10, 10 + headerLength).toString('latin1'), new RegExp(`'descr': '<f8', 'fortran_order': False, 'shape': \\(${pairs}, 10\\)`));
    const body = npy.bytes.subarray(10 + headerLength);
    const values = new Float64Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.length));
    const csv = await fetchDownload('csv');
    assert.equal(csv.name, `pe_rotation_p${p}_k${k}_d${d}.csv`);
    const lines = csv.bytes.toString('utf8').trim().split('\r\n');
    assert.equal(lines[0], 'i,omega_i,cos_k_omega,sin_k_omega,pe_p_sin,pe_p_cos,rot_sin,rot_cos,pe_pk_sin,pe_pk_cos,abs_diff');
    assert.equal(lines.length - 1, pairs, 'one CSV row per frequency pair');
    const csvRows = lines.slice(1).map((line) => line.split(',').map(Number));
    assert.deepEqual(csvRows.map((r) => r[0]), [...Array(pairs).keys()]);
    assert.deepEqual(Float64Array.from(csvRows.flatMap((r) => r.slice(1))), values, 'CSV and .npy hold the same numbers');
    for (let i = 0; i < pairs; i++) {
      const [, omega, cosKw, sinKw, pSin, pCos, rotSin, rotCos, pkSin, pkCos, diff] = csvRows[i];
      const { sin: js, cos: jc } = pairColumns(i, d, layout);
      assert.ok(Math.abs(omega - 10000 ** (-2 * i / d)) < 1e-15, `omega_${i}`);
      // Inputs are the module's own float32 values, unchanged; the rotation lands on PE(p + k).
      assert.deepEqual([cosKw, sinKw, pSin, pCos, pkSin, pkCos], [peK[jc], peK[js], peP[js], peP[jc], pePK[js], pePK[jc]], `pair ${i}`);
      assert.ok(Math.abs(rotSin - pkSin) <= 1e-6 && Math.abs(rotCos - pkCos) <= 1e-6, `pair ${i}: ${rotSin}, ${rotCos}`);
      assert.equal(diff, Math.max(Math.abs(rotSin - pkSin), Math.abs(rotCos - pkCos)));
    }
    const shown = await page.evaluate(() => {
      const root = document.querySelector('pe-relative').shadowRoot;
      return { rows: root.querySelectorAll('.rot tbody tr').length, note: root.querySelector('.rot-note').textContent, code: root.querySelector('[data-export="rot"] [data-code="numpy"]').textContent };
    });
    assert.equal(shown.rows, 8);
    assert.match(shown.note, new RegExp(`${pairs}쌍`));
    assert.match(shown.code, new RegExp(`d_model, base, p, shift = ${d}, 10000\\.0, ${p}, ${k}`));
    assert.match(shown.code, /js, jc = i, h \+ i/);
    assert.deepEqual(page.problems, []);
  });
});

test('<pe-relative> with its rotation download fits at desktop width and at 390 px; screenshots', needsBuild, async () => {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['390', { width: 390, height: 844 }]]) {
    await withBarePage(viewport, async (page) => {
      await page.evaluate(() => { document.querySelector('pe-relative').shadowRoot.querySelector('[data-export="rot"] details').open = true; });
      const overflow = await page.evaluate(() => {
        const doc = document.documentElement;
        const el = document.querySelector('pe-relative');
        // Wide tables, formulas and code scroll inside their own box; nothing else may stick out.
        const wide = [el, ...el.shadowRoot.querySelectorAll('*')]
          .filter((e) => !e.parentElement?.closest('.scroll, .formula, pre') && e.getBoundingClientRect().right > doc.clientWidth + 0.5)
          .map((e) => e.localName + (e.className ? `.${e.className}` : ''));
        return { page: doc.scrollWidth - doc.clientWidth, wide };
      });
      assert.deepEqual(overflow, { page: 0, wide: [] }, name);
      await saveArtifact(`pe-relative-rotation-${name}.png`, await page.locator('pe-relative').screenshot());
      assert.deepEqual(page.problems, []);
    });
  }
});

// The lab's results and <pe-table> legible on every screen (issue 35 items 5 and 6), on bare pages with the package's
// bundle and a short run (2 runs of 12 steps, a few seconds): at 320 … 1280 px every text of every
// chart is at least 12 CSS px; the charts' key sits in each chart's figure, one entry per scheme and a
// solid/dashed key for the mask; the accuracy chart comes first, right after the run bar; the final
// table puts accuracy next to the run's name, and the settings every run shares (d_ff, parameters) are
// said once in its caption instead of taking columns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, repoRoot, requireBuildProducts, saveArtifact, startStaticServer, useServerAndBrowser } from './harness.js';

requireBuildProducts('bundles', 'dist/elements.js', 'dist/lab-worker.js');
const shared = useServerAndBrowser();
const WIDTHS = [320, 390, 600, 768, 1024, 1280];

test('the lab\'s charts and final table at phone and desktop widths', { timeout: 120000 }, async () => {
  const file = join(repoRoot, 'test-artifacts', 'lab-layout.html');
  await saveArtifact('lab-layout.html', '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>lab</title></head>'
    + '<body style="margin:0 16px"><pe-lab steps="12" schemes="sinusoidal,learned" causal="both"></pe-lab><script type="module" src="../dist/elements.js"></script></body></html>');
  const page = await openPage(shared.browser, { viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${shared.server.url}test-artifacts/lab-layout.html`);
    await page.waitForFunction(() => document.querySelector('pe-lab')?.shadowRoot?.querySelector('.start:not([disabled])'), null, { timeout: 60000 });
    await page.evaluate(() => new Promise((resolve, reject) => {
      const el = document.querySelector('pe-lab');
      el.addEventListener('pe-lab-done', resolve, { once: true });
      el.start().catch(reject);
    }));
    await page.waitForFunction(() => document.querySelector('pe-lab').shadowRoot.querySelector('table.final'));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction((w) => {
        const el = document.querySelector('pe-lab');
        return Math.abs(el.layoutWidth() - el.getBoundingClientRect().width) < 1 && el.shadowRoot.querySelector('svg.line-chart');
      }, width);
      await page.evaluate(() => document.querySelector('pe-lab').updateComplete);
      const seen = await page.evaluate(() => {
        const root = document.querySelector('pe-lab').shadowRoot;
        const charts = [...root.querySelectorAll('figure.chart')].map((figure) => {
          const svg = figure.querySelector('svg.line-chart');
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
          return { key: figure.dataset.chart, smallest: Math.min(...sizes), texts: sizes.length, legend: [...figure.querySelectorAll('ul.legend li:not(.mask-key), ul.legend .mask-key span')].map((li) => li.textContent) };
        });
        const order = [...root.querySelectorAll('.run-bar, .status, figure.chart, .toy')].map((n) => n.dataset.chart || n.className.split(' ')[0]);
        const head = [...root.querySelectorAll('table.final thead th')].map((th) => th.textContent);
        const caption = root.querySelector('.final-caption').textContent;
        return { charts, order, head, caption };
      });
      for (const c of seen.charts) {
        assert.ok(c.texts >= 10, `${width}: ${c.key} has its ticks and titles`);
        assert.ok(c.smallest >= 12, `${width} px: the smallest text of the ${c.key} chart is ${c.smallest.toFixed(1)} px`);
        assert.deepEqual(c.legend, ['사인·코사인', '학습형', '마스크 없음', '마스크 있음'], `${width}: ${c.key}'s key`);
      }
      assert.deepEqual(seen.order.slice(0, 4), ['run-bar', 'status', 'accuracy', 'loss'], `${width}: the charts right under the run bar, accuracy first`);
      assert.deepEqual(seen.head.slice(0, 2), ['실행', '정확도'], `${width}: accuracy next to the run`);
      assert.ok(!seen.head.includes('d_ff'), `${width}: d_ff is the same in every run`);
      assert.ok(seen.head.includes('파라미터'), `${width}: the learned table adds parameters, so they differ`);
      assert.match(seen.caption, /모든 실행에서 같은 값: d_ff 128\./);
    }
    await saveArtifact('lab-layout-390.png', await (async () => { await page.setViewportSize({ width: 390, height: 844 }); await page.waitForTimeout(300); return page.locator('pe-lab').screenshot(); })());
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
    rmSync(file, { force: true });
  }
});

test('<pe-table> shows whole columns only: its window is sized to the columns that fit, at every width', { timeout: 60000 }, async () => {
  const file = join(repoRoot, 'test-artifacts', 'table-layout.html');
  await saveArtifact('table-layout.html', '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>table</title></head>'
    + '<body style="margin:0 16px"><pe-table length="50" d-model="64"></pe-table><script type="module" src="../dist/elements.js"></script></body></html>');
  const page = await openPage(shared.browser, { viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${shared.server.url}test-artifacts/table-layout.html`);
    await page.waitForFunction(() => document.querySelector('pe-table')?.shadowRoot?.querySelector('td[data-j]'), null, { timeout: 30000 });
    // Jumps of more than 40 px: a smaller change keeps the drawing (base.js redraws past 40 px).
    for (const width of [1280, 320, 390, 480, 600, 414, 768, 360, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction(() => {
        const el = document.querySelector('pe-table');
        return el.fitted?.width === el.getBoundingClientRect().width;
      }, null, { timeout: 10000 });
      const m = await page.evaluate(() => {
        const grid = document.querySelector('pe-table').shadowRoot.querySelector('.grid');
        const cells = [...grid.querySelectorAll('thead th')].map((th) => th.getBoundingClientRect().width);
        return { room: grid.clientWidth, table: grid.querySelector('table').getBoundingClientRect().width, corner: cells[0], widest: Math.max(...cells.slice(1)), cols: cells.length - 1 };
      });
      assert.ok(m.table <= m.room + 0.5, `${width} px: ${m.cols} columns, ${m.table.toFixed(1)} px in a window of ${m.room} px`);
      // At most 12 columns are drawn (a few hundred cells): a wide screen may have room left.
      if (m.cols < 12) assert.ok(m.room - m.table < m.widest, `${width} px: room for another column (${m.room - m.table} px left, columns ${m.widest.toFixed(1)} px)`);
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
    rmSync(file, { force: true });
  }
});

test('<pe-heatmap> labels its positions beside the rows and keeps its colour key; <pe-clock>\'s slider takes its row', { timeout: 60000 }, async () => {
  const file = join(repoRoot, 'test-artifacts', 'heat-layout.html');
  await saveArtifact('heat-layout.html', '<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><link rel="icon" href="data:,"><title>heat</title></head>'
    + '<body style="margin:0 16px"><pe-heatmap length="50" d-model="64"></pe-heatmap><pe-heatmap length="30" d-model="16" offset="95"></pe-heatmap><pe-clock></pe-clock><script type="module" src="../dist/elements.js"></script></body></html>');
  const page = await openPage(shared.browser, { viewport: { width: 390, height: 900 } });
  try {
    await page.goto(`${shared.server.url}test-artifacts/heat-layout.html`);
    await page.waitForFunction(() => [...document.querySelectorAll('pe-heatmap')].every((e) => e.shadowRoot?.querySelector('.yticks span')) && document.querySelector('pe-clock')?.shadowRoot?.querySelector('input[type=range]'), null, { timeout: 30000 });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(300);
      const m = await page.evaluate(() => {
        const maps = [...document.querySelectorAll('pe-heatmap')].map((el) => {
          const root = el.shadowRoot;
          const canvas = root.querySelector('canvas.map').getBoundingClientRect();
          const ticks = [...root.querySelectorAll('.yticks span')].map((s) => ({ t: Number(s.textContent), y: s.getBoundingClientRect().top + s.getBoundingClientRect().height / 2 }));
          return { ticks, top: canvas.top, height: canvas.height, rows: Number(el.getAttribute('length')), offset: Number(el.getAttribute('offset') || 0), key: root.querySelector('.legend .bar') !== null };
        });
        const clock = document.querySelector('pe-clock').shadowRoot;
        return { maps, slider: clock.querySelector('input[type=range]').getBoundingClientRect().width, row: clock.querySelector('.play').getBoundingClientRect().width };
      });
      for (const map of m.maps) {
        assert.ok(map.key, 'the colour key');
        assert.ok(map.ticks.length >= 3 && map.ticks.length <= 7, `${width}: ${map.ticks.length} position ticks`);
        for (const { t, y } of map.ticks) {
          // Each label sits at the middle of its row of the canvas (within a pixel).
          const expected = map.top + ((t - map.offset + 0.5) / map.rows) * map.height;
          assert.ok(Math.abs(y - expected) < 1.5, `${width}: position ${t} at ${y.toFixed(1)}, its row at ${expected.toFixed(1)}`);
        }
      }
      assert.deepEqual(m.maps[1].ticks.map((k) => k.t), [95, 100, 105, 110, 115, 120], 'round positions from the offset on');
      assert.ok(m.slider >= 0.5 * m.row, `${width}: the slider is ${m.slider.toFixed(0)} px of a ${m.row.toFixed(0)} px row`);
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
    rmSync(file, { force: true });
  }
});

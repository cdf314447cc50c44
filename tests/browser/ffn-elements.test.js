// <ffn-explorer>, <ffn-tradeoff> and <block-flow> embedded alone in a bare HTML page that imports only
// the package's bundled elements entry (dist/elements.js; `bash build.sh` makes it), in real headless
// Chromium: no console problems; the explorer shows exactly what the module computes and what an
// independent double-precision reference says; attributes and controls update it; the trade-off
// measures and counts parameters; nothing overflows at 390 px. <block-flow>'s own behaviour is tested
// in block-flow.test.js.
// Screenshots go to test-artifacts/ffn-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, saveArtifact, useServerAndBrowser, requireBuildProducts } from './harness.js';
import { ffnRef, maxAbsDiff, peTableRef, seededWeightsRef } from '../reference/reference.js';

requireBuildProducts('bundles', 'dist/elements.js');

const FIXTURE = 'tests/browser/fixtures/ffn-elements.html';
const VOCAB = 16; // src/elements/ffn/block-input.js

const shared = useServerAndBrowser();

/** Opens the fixture and waits until every element has rendered (and the trade-off has measured). */
async function openFixture(viewport, lang) {
  const page = await openPage(shared.browser, { viewport });
  if (lang) await page.addInitScript((l) => document.addEventListener('DOMContentLoaded', () => document.documentElement.setAttribute('lang', l)), lang);
  await page.goto(`${shared.server.url}${FIXTURE}`);
  await page.waitForFunction(() => {
    const q = (tag, sel) => document.querySelector(tag)?.shadowRoot?.querySelector(sel);
    return document.querySelector('ffn-explorer')?.result
      && q('ffn-tradeoff', 'tr[data-multiple="8"] td.latency') && !/…/.test(q('ffn-tradeoff', 'tr[data-multiple="8"] td.latency').textContent)
      && q('block-flow', '.heat');
  }, null, { timeout: 20000 });
  return page;
}

/** What <ffn-explorer> shows, read out of its shadow DOM. */
function readExplorer(page) {
  return page.evaluate(() => {
    const el = document.querySelector('ffn-explorer');
    const root = el.shadowRoot;
    const cells = (kind) => [...root.querySelectorAll(`.heat .c[data-kind="${kind}"]`)].map((c) => Number(c.dataset.value));
    return {
      input: Array.from(el.result.input),
      pre: cells('pre'),
      hidden: cells('hidden'),
      hatched: [...root.querySelectorAll('.heat .c[data-kind="hidden"]')].map((c) => c.classList.contains('mark')),
      tableHidden: [...root.querySelectorAll('.unit-table td[data-kind="hidden"]')].map((c) => c.textContent),
      params: root.querySelector('.param-count').textContent,
      flops: root.querySelector('.flops').textContent,
      dModelControl: root.querySelector('input[data-prop="d-model"]').value,
    };
  });
}

/** The same numbers from an independent reference: seeded weights, embedding, PE, FFN in double. */
function referenceFor({ dModel, dFF, activation, tokens, seed }) {
  const table = seededWeightsRef(VOCAB, dModel, seed + 1).w1; // embedding = W1 of a (VOCAB x dModel) layer
  const pe = peTableRef(tokens, dModel);
  const input = Float64Array.from({ length: tokens * dModel }, (_, i) => Math.fround(table[i] + pe[i]));
  const weights = seededWeightsRef(dModel, dFF, seed);
  // The pre-activation xW1 + b1 in double (the reference's ffnRef only gives it after an activation).
  const preRef = new Float64Array(tokens * dFF);
  for (let t = 0; t < tokens; t++) {
    for (let f = 0; f < dFF; f++) {
      let s = weights.b1[f];
      for (let i = 0; i < dModel; i++) s += input[t * dModel + i] * weights.w1[i * dFF + f];
      preRef[t * dFF + f] = s;
    }
  }
  const { hidden, output } = ffnRef(input, { dModel, dFF, activation, ...weights });
  return { input, pre: preRef, hidden, output };
}

const parseInt10 = (text) => Number(text.replace(/[^\d]/g, ''));

test('ffn-explorer shows the module\'s numbers, equal to an independent reference', async () => {
  const page = await openFixture({ width: 1280, height: 900 });
  try {
    const shown = await readExplorer(page);
    const ref = referenceFor({ dModel: 8, dFF: 32, activation: 'relu', tokens: 4, seed: 0 });
    assert.ok(maxAbsDiff(shown.input, ref.input) <= 1e-6, 'input h = x + PE');
    assert.equal(shown.pre.length, 4 * 32);
    const preDiff = maxAbsDiff(shown.pre, ref.pre);
    assert.ok(preDiff <= 1e-5, `pre-activation differs by ${preDiff}`);
    assert.ok(maxAbsDiff(shown.hidden, ref.hidden) <= 1e-5, 'hidden');
    // ReLU: every cell that was negative before is exactly 0 after, and hatched; no other is hatched.
    shown.pre.forEach((z, k) => {
      assert.equal(shown.hatched[k], z < 0, `hatch of cell ${k}`);
      if (z < 0) assert.equal(shown.hidden[k], 0);
      else assert.equal(shown.hidden[k], z);
    });
    // The same numbers straight from the package in the page: createFFN({ seed }).forward(input).
    const direct = await page.evaluate(async () => {
      const core = await window.peFfnElements.getCore();
      const el = document.querySelector('ffn-explorer');
      const layer = core.createFFN({ dModel: 8, dFF: 32, activation: 'relu', seed: 0 });
      const { hidden, output } = layer.forward(el.result.input, { hidden: true });
      const count = layer.paramCount;
      layer.dispose();
      return { hidden: Array.from(hidden), output: Array.from(output), count, outputShown: Array.from(el.result.output) };
    });
    assert.deepEqual(shown.hidden, direct.hidden, 'heat-map cells are bit-identical to forward()');
    assert.deepEqual(direct.outputShown, direct.output);
    // The table of token 0 shows those values with 4 decimals.
    shown.tableHidden.forEach((text, j) => assert.equal(Number(text.replace('\u2212', '-')).toFixed(4), direct.hidden[j].toFixed(4)));
    assert.equal(parseInt10(shown.params), 2 * 8 * 32 + 32 + 8);
    assert.equal(parseInt10(shown.params), direct.count);
    assert.equal(parseInt10(shown.flops), 4 * 8 * 32);
    assert.deepEqual(page.problems, []);
    await saveArtifact('ffn-explorer-desktop.png', await page.locator('ffn-explorer').screenshot());
    await saveArtifact('ffn-tradeoff-desktop.png', await page.locator('ffn-tradeoff').screenshot());
    await saveArtifact('block-flow-desktop.png', await page.locator('block-flow').screenshot());
  } finally {
    await page.close();
  }
});

test('changing attributes and controls updates ffn-explorer', async () => {
  const page = await openFixture({ width: 1280, height: 900 });
  try {
    await page.evaluate(async () => {
      const el = document.querySelector('ffn-explorer');
      el.setAttribute('d-model', '16');
      el.dFF = 64;
      el.activation = 'gelu';
      el.seed = 7;
      await el.updateComplete;
    });
    let shown = await readExplorer(page);
    assert.equal(shown.dModelControl, '16', 'the control follows the attribute');
    assert.equal(parseInt10(shown.params), 2 * 16 * 64 + 64 + 16);
    assert.equal(shown.hidden.length, 4 * 64);
    let ref = referenceFor({ dModel: 16, dFF: 64, activation: 'gelu', tokens: 4, seed: 7 });
    assert.ok(maxAbsDiff(shown.hidden, ref.hidden) <= 1e-5, 'gelu hidden');
    assert.ok(maxAbsDiff(shown.pre, ref.pre) <= 1e-5, 'pre-activation after the change');

    // Through the controls, as a learner would: the activation select and the tokens field.
    const explorer = page.locator('ffn-explorer');
    await explorer.locator('select[data-prop="activation"]').selectOption('silu');
    await explorer.locator('input[data-prop="tokens"]').fill('6');
    await explorer.locator('input[data-prop="tokens"]').press('Enter');
    await page.waitForFunction(() => document.querySelector('ffn-explorer').result.hidden.length === 6 * 64);
    assert.equal(await page.evaluate(() => document.querySelector('ffn-explorer').getAttribute('activation')), 'silu');
    shown = await readExplorer(page);
    ref = referenceFor({ dModel: 16, dFF: 64, activation: 'silu', tokens: 6, seed: 7 });
    assert.ok(maxAbsDiff(shown.hidden, ref.hidden) <= 1e-5, 'silu hidden with 6 tokens');

    // A bad attribute never throws: it is clamped and explained.
    await page.evaluate(async () => {
      const el = document.querySelector('ffn-explorer');
      el.setAttribute('d-ff', '100000');
      await el.updateComplete;
    });
    shown = await readExplorer(page);
    assert.equal(shown.hidden.length, 6 * 256);
    assert.match(await page.evaluate(() => document.querySelector('ffn-explorer').shadowRoot.querySelector('.notes').textContent), /100000/);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('ffn-tradeoff counts parameters with the module and measures every d_ff multiple', async () => {
  const page = await openFixture({ width: 1280, height: 900 });
  try {
    const rows = await page.evaluate(() => document.querySelector('ffn-tradeoff').rows.map((r) => ({ ...r })));
    assert.deepEqual(rows.map((r) => r.dFF), [64, 128, 256, 512]);
    for (const r of rows) {
      assert.equal(r.params, 2 * 64 * r.dFF + r.dFF + 64);
      assert.ok(Number.isFinite(r.latencyMs) && r.latencyMs > 0, `latency of ${r.multiple}x`);
    }
    // The page keeps painting while a bigger configuration is measured (small steps between yields).
    const longestGap = await page.evaluate(async () => {
      const el = document.querySelector('ffn-tradeoff');
      const measured = new Promise((ok) => el.addEventListener('ffn-tradeoff-measured', ok, { once: true }));
      el.setAttribute('d-model', '384');
      let last = performance.now();
      let worst = 0;
      let done = false;
      measured.then(() => { done = true; });
      await new Promise((ok) => {
        const tick = () => {
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
          if (done) ok(); else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      return worst;
    });
    assert.ok(longestGap < 1000, `the page froze for ${longestGap.toFixed(0)} ms`);
    const params = await page.evaluate(() => [...document.querySelector('ffn-tradeoff').shadowRoot.querySelectorAll('td.params')].map((td) => td.textContent));
    assert.deepEqual(params.map(parseInt10), [1, 2, 4, 8].map((m) => 2 * 384 * 384 * m + 384 * m + 384));
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('at 390 px nothing overflows, in Korean and English', async () => {
  for (const lang of ['ko', 'en']) {
    const page = await openFixture({ width: 390, height: 844 }, lang);
    try {
      for (const step of [1, 2, 4]) {
        await page.evaluate(async (s) => {
          const el = document.querySelector('block-flow');
          el.step = s;
          await el.updateComplete;
        }, step);
        const overflow = await page.evaluate(() => {
          const doc = document.documentElement;
          const wide = [...document.querySelectorAll('ffn-explorer, ffn-tradeoff, block-flow')]
            .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 0.5).map((el) => el.tagName);
          return { page: doc.scrollWidth - doc.clientWidth, wide };
        });
        assert.deepEqual(overflow, { page: 0, wide: [] }, `${lang}, block-flow step ${step}`);
      }
      await page.evaluate(async () => {
        const el = document.querySelector('block-flow');
        el.step = 4;
        await el.updateComplete;
      });
      for (const tag of ['ffn-explorer', 'ffn-tradeoff', 'block-flow']) {
        await saveArtifact(`${tag}-390-${lang}.png`, await page.locator(tag).screenshot());
      }
      assert.deepEqual(page.problems, []);
    } finally {
      await page.close();
    }
  }
});

test('the language switch re-renders the elements', async () => {
  const page = await openFixture({ width: 1280, height: 900 });
  try {
    const title = () => page.evaluate(() => document.querySelector('ffn-explorer').shadowRoot.querySelector('h3').textContent);
    const ko = await title();
    await page.evaluate(async () => {
      window.peFfnElements.setPageLang('en');
      await document.querySelector('ffn-explorer').updateComplete;
    });
    const en = await title();
    assert.notEqual(ko, en);
    assert.match(en, /feed-forward/i);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

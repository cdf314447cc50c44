// <block-flow> in real headless Chromium, embedded alone in a bare page that imports only
// dist/elements.js: every number it draws equals an independent double-precision encoder block
// written in the tests (tests/reference/block-reference.js) within API.md's bound; the causal mask
// keeps 55 of 100 pairs for 10 tokens; attention rows sum to 1; the post/pre switch, two blocks in a
// row (PE added once), the head selector and the predict-then-reveal work, by keyboard too; the
// downloads hold the drawn numbers; Korean and English; nothing overflows at 390 px. Screenshots go
// to test-artifacts/block-flow-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openPage, saveArtifact, useServerAndBrowser, requireBuildProducts } from './harness.js';
import { maxAbs, maxAbsDiff, peTableRef, seededWeightsRef } from '../reference/reference.js';
import { encoderBlockRef, layerNormRef, seededBlockWeightsRef } from '../reference/block-reference.js';

requireBuildProducts('bundles', 'dist/elements.js');

const run = promisify(execFile);
const FIXTURE = 'tests/browser/fixtures/block-flow.html';
const VOCAB = 16; // src/elements/ffn/block-input.js
const shared = useServerAndBrowser();

async function openFixture(viewport = { width: 1280, height: 900 }, lang) {
  const page = await openPage(shared.browser, { viewport });
  if (lang) await page.addInitScript((l) => document.addEventListener('DOMContentLoaded', () => document.documentElement.setAttribute('lang', l)), lang);
  await page.goto(`${shared.server.url}${FIXTURE}`);
  await page.waitForFunction(() => document.querySelector('block-flow')?.data && document.querySelector('block-flow').shadowRoot.querySelector('.heat'), null, { timeout: 20000 });
  return page;
}

/** Sets attributes and waits for the render. */
function set(page, attrs) {
  return page.evaluate(async (a) => {
    const el = document.querySelector('block-flow');
    for (const [k, v] of Object.entries(a)) {
      if (v === false) el.removeAttribute(k);
      else el.setAttribute(k, v === true ? '' : String(v));
    }
    await el.updateComplete;
  }, attrs);
}

/** The data-value of every cell with this data-kind in the shown step (row-major). */
const cells = (page, selector) => page.evaluate((sel) => [...document.querySelector('block-flow').shadowRoot.querySelectorAll(sel)].map((c) => Number(c.dataset.value)), selector);

/** The element's input and blocks, computed independently in double precision. */
function reference({ tokens, dModel, heads, dFF, seed, norm = 'post', causal = false, blocks = 1 }) {
  const table = seededWeightsRef(VOCAB, dModel, seed + 1).w1;
  const x = Float64Array.from({ length: tokens * dModel }, (_, i) => table[i]);
  const pe = peTableRef(tokens, dModel);
  const h = Float64Array.from(x, (v, i) => Math.fround(v + pe[i]));
  const out = { x, pe, h, blocks: [] };
  let input = h;
  for (let b = 0; b < blocks; b++) {
    const weights = seededBlockWeightsRef(dModel, dFF, seed + 2 * b);
    const r = encoderBlockRef(input, { dModel, heads, dFF, norm, causal }, weights);
    out.blocks.push({ input, ...r });
    input = r.output;
  }
  return out;
}

/** API.md's bound: within 1e-4 * (1 + M) of the double-precision array. */
function assertClose(shown, want, what) {
  const diff = maxAbsDiff(shown, want);
  const bound = 1e-4 * (1 + maxAbs(want));
  assert.ok(diff <= bound, `${what}: largest difference ${diff} > ${bound}`);
  return diff;
}

const OPTIONS = { tokens: 6, dModel: 8, heads: 2, dFF: 32, seed: 3 };

test('every step draws the module\'s numbers, equal to an independent double-precision block', async () => {
  const page = await openFixture();
  try {
    const worst = {};
    for (const norm of ['post', 'pre']) {
      await set(page, { norm, step: 1 });
      const ref = reference({ ...OPTIONS, norm });
      const [b] = ref.blocks;
      worst.h = assertClose(await cells(page, '.heat .c[data-kind="h"]'), ref.h, 'h = x + PE');
      assertClose(await cells(page, '.heat .c[data-kind="pe"]'), ref.pe, 'PE');
      await set(page, { step: 2 });
      for (let head = 0; head < 2; head++) {
        await page.locator(`block-flow [data-head="${head}"]`).check();
        await page.waitForFunction((h) => document.querySelector('block-flow').shadowRoot.querySelector(`[data-head="${h}"]`)?.checked, head);
        const slice = (a) => a.slice(head * 36, (head + 1) * 36);
        worst.scores = assertClose(await cells(page, '.pairs .c[data-kind="scores"]'), slice(b.trace.scores), `${norm} scores, head ${head}`);
        worst.weights = assertClose(await cells(page, '.pairs .c[data-kind="weights"]'), slice(b.trace.weights), `${norm} weights, head ${head}`);
        for (const sum of await cells(page, '.pairs [data-row-sum]')) assert.ok(Math.abs(sum - 1) < 1e-6, `row sum ${sum}`);
      }
      await set(page, { step: 3 });
      const sum1 = b.trace.attention.map((v, i) => v + b.input[i]);
      assertClose(await cells(page, '[data-picture="sum"] .heat .c'), norm === 'post' ? sum1 : b.trace.h1, `${norm} residual sum 1`);
      worst.h1 = assertClose(await cells(page, '[data-picture="norm"] .heat .c'), norm === 'post' ? b.trace.h1 : layerNormRef(b.input, 8), `${norm} normalised rows (step 3)`);
      // The worked LayerNorm of token 2: mean and variance of the row the step normalises.
      await page.locator('block-flow [data-row-select]').selectOption('2');
      await page.waitForFunction(() => document.querySelector('block-flow').shadowRoot.querySelector('.stats')?.dataset.token === '2');
      const normIn = (norm === 'post' ? sum1 : b.input).slice(16, 24);
      const mean = normIn.reduce((a, v) => a + v, 0) / 8;
      const variance = normIn.reduce((a, v) => a + (v - mean) ** 2, 0) / 8;
      const stat = (name) => page.evaluate((n) => Number(document.querySelector('block-flow').shadowRoot.querySelector(`[data-stat="${n}"]`).textContent.split('=').pop().trim().split(' ')[0].replace('\u2212', '-')), name);
      assert.ok(Math.abs((await stat('mean')) - mean) < 1e-4, 'mean of token 2');
      assert.ok(Math.abs((await stat('variance')) - variance) < 1e-4, 'variance of token 2');
      await set(page, { step: 4 });
      worst.ffn = assertClose(await cells(page, '[data-picture="ffn-out"] .heat .c'), b.trace.ffn, `${norm} FFN output`);
      await set(page, { step: 5 });
      worst.output = assertClose(await cells(page, norm === 'post' ? '[data-picture="norm"] .heat .c' : '[data-picture="sum"] .heat .c'), b.output, `${norm} block output`);
    }
    console.log(`block-flow: largest differences from the reference ${JSON.stringify(worst)}`);
    // Every trace array the element keeps, against the reference, for both orders and with the mask.
    for (const variant of [{ norm: 'post', causal: true }, { norm: 'pre', causal: true }]) {
      await set(page, { ...variant, step: 1 });
      const ref = reference({ ...OPTIONS, ...variant });
      const data = await page.evaluate(() => {
        const { blocks } = document.querySelector('block-flow').data;
        return blocks.map((b) => ({ output: Array.from(b.output), trace: Object.fromEntries(Object.entries(b.trace).map(([k, v]) => [k, Array.from(v)])) }));
      });
      for (const name of ['q', 'k', 'v', 'scores', 'weights', 'attention', 'h1', 'ffn', 'hidden']) assertClose(data[0].trace[name], ref.blocks[0].trace[name], `${JSON.stringify(variant)} ${name}`);
      assertClose(data[0].output, ref.blocks[0].output, `${JSON.stringify(variant)} output`);
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('the causal mask: 10 tokens keep 55 of 100 pairs, masked weights are 0 and rows still sum to 1', async () => {
  const page = await openFixture();
  try {
    await set(page, { tokens: 10, step: 2, causal: false });
    let count = await page.evaluate(() => document.querySelector('block-flow').shadowRoot.querySelector('.pair-count').dataset);
    assert.deepEqual({ kept: count.kept, total: count.total }, { kept: '100', total: '100' });
    // The learner's toggle: the checkbox in the step.
    await page.locator('block-flow input[data-prop="causal"]').check();
    await page.waitForFunction(() => document.querySelector('block-flow').causal);
    const shown = await page.evaluate(() => {
      const root = document.querySelector('block-flow').shadowRoot;
      const weights = [...root.querySelectorAll('.pairs .c[data-kind="weights"]')];
      return {
        count: { ...root.querySelector('.pair-count').dataset },
        text: root.querySelector('.pair-count').textContent,
        masked: weights.filter((c) => c.hasAttribute('data-masked')).map((c) => [Number(c.dataset.i), Number(c.dataset.j), Number(c.dataset.value)]),
        maskedScores: root.querySelectorAll('.pairs .c[data-kind="scores"][data-masked]').length,
        sums: [...root.querySelectorAll('[data-row-sum]')].map((c) => [Number(c.dataset.value), c.textContent]),
        notes: root.querySelector('.panel').textContent,
      };
    });
    assert.deepEqual({ kept: shown.count.kept, total: shown.count.total }, { kept: '55', total: '100' });
    assert.match(shown.text, /55/);
    assert.match(shown.text, /100/);
    assert.equal(shown.masked.length, 45);
    for (const [i, j, w] of shown.masked) {
      assert.ok(j > i, `pair (${i}, ${j}) is masked`);
      assert.equal(w, 0, 'a masked pair has weight exactly 0');
    }
    assert.equal(shown.maskedScores, 45, 'the scores of masked pairs are drawn (hatched), not dropped');
    for (const [sum, text] of shown.sums) {
      assert.ok(Math.abs(sum - 1) < 1e-6, `row sum ${sum}`);
      assert.equal(text, '1.0000');
    }
    assert.match(shown.notes, /10 × 10 = 100/);
    // The reference with the mask: row i's weights over j <= i only.
    const ref = reference({ ...OPTIONS, tokens: 10, causal: true });
    assertClose(await cells(page, '.pairs .c[data-kind="weights"]'), ref.blocks[0].trace.weights.slice(0, 100), 'causal weights, head 1');
    count = await page.evaluate(() => document.querySelector('block-flow').getAttribute('causal'));
    assert.equal(count, '');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('two blocks in a row: PE is added once, block 2 takes block 1\'s output, with its own weights', async () => {
  const page = await openFixture();
  try {
    await set(page, { blocks: 2, step: 2 });
    await page.locator('block-flow [data-view-block="1"]').click();
    await page.waitForFunction(() => document.querySelector('block-flow').shadowRoot.querySelector('[data-view-block="1"]')?.getAttribute('aria-pressed') === 'true');
    const shown = await page.evaluate(() => {
      const el = document.querySelector('block-flow');
      const [b1, b2] = el.data.blocks;
      return {
        sameInput: b2.input === b1.output,
        note: el.shadowRoot.querySelector('.block-note').textContent,
        heading: el.shadowRoot.querySelector('.panel h4').textContent,
        focused: el.shadowRoot.activeElement?.dataset.viewBlock,
        weights: [...el.shadowRoot.querySelectorAll('.pairs .c[data-kind="weights"]')].map((c) => Number(c.dataset.value)),
        seeds: [b1.seed, b2.seed],
      };
    });
    assert.equal(shown.sameInput, true, 'block 2 is fed block 1\'s output, unchanged (no PE)');
    assert.match(shown.note, /블록 1의 출력/);
    assert.match(shown.note, /PE를 다시 더하지 않아요/);
    assert.match(shown.heading, /블록 2/);
    assert.equal(shown.focused, '1', 'the block button keeps the focus');
    assert.deepEqual(shown.seeds, [3, 5]);
    const ref = reference({ ...OPTIONS, blocks: 2 });
    assertClose(shown.weights, ref.blocks[1].trace.weights.slice(0, 36), 'block 2 weights');
    await set(page, { step: 5 });
    assertClose(await cells(page, '[data-picture="norm"] .heat .c'), ref.blocks[1].output, 'block 2 output');
    // Step 1 is before the blocks: the stack marks the input, and the text says PE is added once.
    await set(page, { step: 1 });
    const step1 = await page.evaluate(() => {
      const root = document.querySelector('block-flow').shadowRoot;
      return { pressed: root.querySelectorAll('.stack [aria-pressed="true"]').length, input: root.querySelector('.stack .pe-once').classList.contains('now'), text: root.querySelector('.panel').textContent };
    });
    assert.deepEqual([step1.pressed, step1.input], [0, true]);
    assert.match(step1.text, /첫 블록에 들어가기 전에 한 번만/);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('post-norm / pre-norm switch: both formulas shown, the one in use marked, the numbers follow; heads divide d_model', async () => {
  const page = await openFixture();
  try {
    await set(page, { step: 3, norm: 'post' });
    const before = await cells(page, '[data-picture="norm"] .heat .c');
    await page.locator('block-flow .orders select[data-prop="norm"]').selectOption('pre');
    await page.waitForFunction(() => document.querySelector('block-flow').norm === 'pre');
    const shown = await page.evaluate(() => {
      const root = document.querySelector('block-flow').shadowRoot;
      return { orders: [...root.querySelectorAll('.order')].map((o) => [o.dataset.order, o.classList.contains('now')]), maths: root.querySelectorAll('.order math').length, top: root.querySelector('.controls select[data-prop="norm"]').value };
    });
    assert.deepEqual(shown.orders, [['post', false], ['pre', true]]);
    assert.equal(shown.maths, 2);
    assert.equal(shown.top, 'pre', 'the control above follows');
    const after = await cells(page, '[data-picture="norm"] .heat .c');
    assert.ok(maxAbsDiff(before, after) > 0.01, 'the normalised rows are now LN1(h), not LN1(h + Attn(h))');
    assertClose(after, layerNormRef(reference(OPTIONS).h, 8), 'LN1(h) in pre-norm');
    // Heads must divide d_model: 4 heads of d_model 6 become 3, and a note says so.
    await set(page, { 'd-model': 6, heads: 4, step: 2 });
    const heads = await page.evaluate(() => {
      const el = document.querySelector('block-flow');
      return { scores: el.data.blocks[0].trace.scores.length, radios: el.shadowRoot.querySelectorAll('[data-head]').length, note: el.shadowRoot.querySelector('.notes').textContent };
    });
    assert.deepEqual([heads.scores, heads.radios], [3 * 36, 3]);
    assert.match(heads.note, /헤드 수 4.*d_model = 6.*3/);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('keyboard only: steps, head, causal toggle, rows and the prediction', async () => {
  const page = await openFixture();
  try {
    const active = () => page.evaluate(() => {
      const a = document.querySelector('block-flow').shadowRoot.activeElement;
      return a ? { role: a.getAttribute('role'), step: a.dataset.step, head: a.dataset.head, prop: a.dataset.prop, cls: a.className, type: a.type } : null;
    });
    const tabUntil = async (pred, limit = 150) => {
      for (let i = 0; i < limit; i++) {
        const a = await active();
        if (a && pred(a)) return a;
        await page.keyboard.press('Tab');
      }
      assert.fail('Tab did not reach the control');
    };
    await tabUntil((a) => a.role === 'tab');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('block-flow').step === 2);
    assert.equal((await active()).step, '2', 'the arrow moves the focus with the step');
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('block-flow').step === 5);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('block-flow').step === 2);
    // The head radios: arrows choose another head (native radio group).
    const head1 = await cells(page, '.pairs .c[data-kind="weights"]');
    const headLabels = await page.evaluate(() => [...document.querySelector('block-flow').shadowRoot.querySelectorAll('[data-head]')].map((i) => i.closest('label').textContent.trim()));
    assert.deepEqual(headLabels, ['헤드 0', '헤드 1'], 'heads count from 0, like tokens and columns (issue 24)');
    await tabUntil((a) => a.head !== undefined);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('block-flow').shadowRoot.querySelector('[data-head="1"]').checked);
    const head2 = await cells(page, '.pairs .c[data-kind="weights"]');
    assert.ok(maxAbsDiff(head1, head2) > 1e-3, 'head 2 shows other weights');
    assert.equal((await active()).head, '1', 'the focus stays on the head radio after the redraw');
    await tabUntil((a) => a.prop === 'causal');
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector('block-flow').causal);
    // On to step 4 with the next-step button, then the rows and the prediction.
    await tabUntil((a) => a.cls.includes('next') && !a.cls.includes('row'), 400);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('block-flow').step === 4);
    await tabUntil((a) => a.cls.includes('next-row'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /토큰 1/.test(document.querySelector('block-flow').shadowRoot.querySelector('.row-now').textContent));
    assert.ok((await active()).cls.includes('next-row'));
    await tabUntil((a) => a.type === 'radio');
    await page.keyboard.press('ArrowDown'); // option ② self-attention
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const verdict = await page.evaluate(() => {
      const root = document.querySelector('block-flow').shadowRoot;
      return { text: root.querySelector('[data-predict="mixes"] .verdict').textContent, hidden: root.querySelector('.mix-reveal').hidden, att: root.querySelectorAll('.mix-pair figure:first-child .mix span.on').length, ffn: root.querySelectorAll('.mix-pair figure:last-child .mix span.on').length };
    });
    assert.match(verdict.text, /맞았어요/);
    assert.deepEqual([verdict.hidden, verdict.att, verdict.ffn], [false, 21, 6], 'causal attention uses 21 of 36 pairs, the FFN 6');
    // The reveal survives the next row.
    await page.locator('block-flow button.next-row').click();
    assert.equal(await page.evaluate(() => document.querySelector('block-flow').shadowRoot.querySelector('.mix-reveal').hidden), false);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('downloads hold the drawn numbers; the NumPy code shown with a picture reproduces its download', async () => {
  const page = await openFixture();
  try {
    await set(page, { step: 2 });
    const fetchFrom = async (key, action) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`block-flow [data-export="${key}"] button[data-action="${action}"]`).click()]);
      const chunks = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk);
      return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
    };
    const fetchDownload = (action) => fetchFrom('weights', action);
    const drawn = await cells(page, '.pairs .c[data-kind="weights"]');
    const npy = await fetchDownload('npy');
    assert.equal(npy.name, 'block1_weights_head0_T6_d8_seed3.npy');
    const headerLength = npy.bytes.readUInt16LE(8);
    assert.match(npy.bytes.subarray(10, 10 + headerLength).toString('latin1'), /'descr': '<f4', 'fortran_order': False, 'shape': \(6, 6\)/);
    const body = npy.bytes.subarray(10 + headerLength);
    assert.deepEqual(Array.from(new Float32Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.length))), drawn);
    const csv = await fetchDownload('csv');
    const rows = csv.bytes.toString('utf8').trim().split('\r\n').slice(1).map((l) => l.split(',').slice(1).map(Number));
    assert.deepEqual(rows.flat().map(Math.fround), drawn);
    // The code shown with the picture, run as a learner would: next to the downloaded .npy, with
    // Debian's python3-numpy (/usr/bin/python3, which scripts/setup.sh provides); it prints the largest difference from the download.
    const runCode = async (key, file) => {
      const code = await page.evaluate((k) => document.querySelector('block-flow').shadowRoot.querySelector(`[data-export="${k}"] [data-code="numpy"]`).textContent, key);
      assert.match(code, new RegExp(`np\\.load\\('${file}'\\)`));
      const dir = await mkdtemp(join(tmpdir(), 'block-flow-'));
      try {
        await writeFile(join(dir, file), file === npy.name ? npy.bytes : (await fetchFrom(key, 'npy')).bytes);
        await writeFile(join(dir, 'picture.py'), code);
        const { stdout } = await run('/usr/bin/python3', ['picture.py'], { cwd: dir });
        return Number(stdout.trim().split('\n').pop());
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    };
    const weightsDiff = await runCode('weights', npy.name);
    assert.ok(weightsDiff < 1e-4, `the block script's weights differ from the download by ${weightsDiff}`);
    await set(page, { step: 1 });
    const hDiff = await runCode('h', 'h_T6_d8_seed3.npy');
    assert.ok(hDiff < 1e-6, `the input code's h differs from the download by ${hDiff}`);
    console.log(`block-flow NumPy code vs downloads: weights ${weightsDiff}, h ${hDiff}`);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('ko and en, screenshots at 1280 and 390 px, and nothing overflows a phone', async () => {
  const page = await openFixture({ width: 390, height: 900 });
  try {
    for (const lang of ['ko', 'en']) {
      await page.evaluate(async (l) => {
        window.peFfnElements.setPageLang(l);
        await document.querySelector('block-flow').updateComplete;
      }, lang);
      const title = await page.evaluate(() => document.querySelector('block-flow').shadowRoot.querySelector('h3').textContent);
      assert.match(title, lang === 'ko' ? /컨베이어/ : /conveyor/);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const steps = [[1, { tokens: 6, causal: false, norm: 'post', blocks: 1 }], [2, { tokens: 10, causal: true }], [3, { tokens: 6, causal: false }], [4, {}], [5, { norm: 'pre', blocks: 2 }]];
        for (const [step, attrs] of steps) {
          await set(page, { ...attrs, step });
          if (step === 4) {
            await page.locator('block-flow [data-predict="mixes"] input[value="1"]').check();
            await page.locator('block-flow [data-predict="mixes"] button').click();
          }
          const overflow = await page.evaluate(() => {
            const doc = document.documentElement;
            const el = document.querySelector('block-flow');
            return { page: doc.scrollWidth - doc.clientWidth, element: el.getBoundingClientRect().right > doc.clientWidth + 0.5 };
          });
          assert.deepEqual(overflow, { page: 0, element: false }, `${lang}, ${width} px, step ${step}`);
          // Every step on a phone; the three steps with the most in them on a desktop.
          if (width === 390 || [2, 3, 4].includes(step)) {
            await saveArtifact(`block-flow-step${step}-${width}-${lang}.png`, await page.locator('block-flow').screenshot());
          }
        }
      }
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

// The tutorial page in real headless Chromium, served by the Vite dev server from web/vite.config.js:
// no console problems, <pe-table> shows the module's numbers and follows its controls and attributes,
// the language switch, no horizontal scroll at 390 px, and Tab reaches every control. Screenshots of
// the page and of each PE element go to test-artifacts/.
//
// Set PE_FFN_TEST_FONT=/path/to/korean-font.(ttf|woff2) to draw Hangul in the screenshots on machines
// without a Korean system font (the page itself never fetches fonts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launchChromium, openPage, startViteServer, saveArtifact, repoRoot, revealElements } from './harness.js';
import { init } from '../../src/js/index.js';

const PE_TAGS = ['pe-table', 'pe-heatmap', 'pe-clock', 'pe-relative', 'pe-add'];

let browser;
let server;
let core;

before(async () => {
  process.env.PE_FFN_TEST_SERVER = '1'; // web/vite.config.js: no watching, no hot reload
  core = await init();
  server = await startViteServer({ configFile: `${repoRoot}web/vite.config.js` });
  browser = await launchChromium();
  // Warm the dev server: the first visit makes it transform every module the elements load lazily,
  // which on a busy machine would eat the first test's time.
  const page = await openPage(browser);
  await page.goto(server.url);
  await page.waitForSelector('#main[data-complete]', { timeout: 120000 });
  await revealElements(page);
  await page.context().close();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open({ width = 1280, height = 900, query = '' } = {}) {
  const page = await openPage(browser, { viewport: { width, height } });
  if (process.env.PE_FFN_TEST_FONT) {
    const b64 = readFileSync(process.env.PE_FFN_TEST_FONT).toString('base64');
    await page.addInitScript((data) => {
      addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = `@font-face{font-family:TestKo;src:url(data:font/woff2;base64,${data})}
          :root{--pe-font:TestKo,sans-serif} body,button,input,select{font-family:TestKo,sans-serif !important}`;
        document.head.append(style);
      });
    }, b64);
  }
  await page.goto(server.url + query);
  // The page builds its later sections a few per task; wait until all are in.
  await page.waitForSelector('#main[data-complete]', { timeout: 20000 });
  // Elements load as they near the viewport: bring each into view once.
  await revealElements(page);
  // Every PE element has rendered numbers from the module.
  await page.waitForFunction((tags) => tags.every((tag) => {
    const el = document.querySelector(tag);
    return el && el.shadowRoot && el.shadowRoot.querySelector('.card');
  }), PE_TAGS, { timeout: 20000 });
  await page.evaluate((tags) => Promise.race([
    Promise.all(tags.map((tag) => document.querySelector(tag).updateComplete)),
    new Promise((resolve) => setTimeout(resolve, 5000)),
  ]), PE_TAGS);
  return page;
}

/** Cells of <pe-table> as { t, j, text } plus its current attributes. */
function readTable(page, selector = 'pe-table') {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const cells = [...el.shadowRoot.querySelectorAll('td[data-j]')].map((td) => ({ t: Number(td.dataset.t), j: Number(td.dataset.j), text: td.textContent }));
    return { cells, dModel: el.dModel, length: el.length, base: el.base, layout: el.layout, rows: el.shadowRoot.querySelectorAll('.grid tbody tr').length };
  }, selector);
}

function checkAgainstCore({ cells, dModel, base, layout }) {
  assert.ok(cells.length > 0, 'the table shows cells');
  let worst = 0;
  for (const { t, j, text } of cells) {
    const shown = Number(text.replace('\u2212', '-'));
    const exact = core.peValue(t, j, dModel, { base, layout });
    worst = Math.max(worst, Math.abs(shown - exact));
    assert.ok(Math.abs(shown - exact) <= 0.5e-4 + 1e-7, `PE(${t}, ${j}) shown ${text}, module ${exact}`);
  }
  return worst;
}

test('the page loads with every element and no console errors or warnings; screenshots', { timeout: 180000 }, async () => {
  const page = await open();
  try {
    assert.deepEqual(page.problems, []);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
    const sections = await page.$$eval('main > section', (els) => els.map((s) => s.id));
    assert.deepEqual(sections.slice(0, 3), ['why', 'naive', 'formula']);
    assert.ok(sections.includes('glossary'));
    assert.ok(await page.$('main math'), 'formulas are MathML');
    await saveArtifact('page-desktop.png', await page.screenshot());
    await saveArtifact('page-desktop-full.png', await page.screenshot({ fullPage: true }));
    for (const tag of PE_TAGS) {
      await saveArtifact(`element-${tag}-desktop.png`, await (await page.$(tag)).screenshot());
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('<pe-table> shows the module values, and follows its controls and its attributes', { timeout: 120000 }, async () => {
  const page = await open();
  try {
    const first = await readTable(page);
    assert.equal(first.dModel, 64);
    const worst = checkAgainstCore(first);
    console.log(`# pe-table: ${first.cells.length} cells, largest difference to peValue ${worst.toExponential(2)}`);

    // Through the control: type a new d_model and commit it.
    const input = page.locator('pe-table input[data-prop="d-model"]');
    await input.fill('6');
    await input.press('Enter');
    await page.evaluate(() => document.querySelector('pe-table').updateComplete);
    const viaControl = await readTable(page);
    assert.equal(viaControl.dModel, 6);
    assert.equal(await page.evaluate(() => document.querySelector('pe-table').getAttribute('d-model')), '6');
    assert.equal(Math.max(...viaControl.cells.map((c) => c.j)), 5);
    checkAgainstCore(viaControl);
    assert.match(await page.evaluate(() => location.search), /d_model=6/, 'the URL keeps the setting');

    const lengthInput = page.locator('pe-table input[data-prop="length"]');
    await lengthInput.fill('4');
    await lengthInput.press('Tab');
    await page.evaluate(() => document.querySelector('pe-table').updateComplete);
    assert.equal((await readTable(page)).rows, 4);

    // Through the attribute (and the layout switch).
    await page.evaluate(() => {
      const el = document.querySelector('pe-table');
      el.setAttribute('length', '9');
      el.setAttribute('d-model', '10');
      el.layout = 'concat';
      return el.updateComplete;
    });
    const viaAttr = await readTable(page);
    assert.equal(viaAttr.rows, 9);
    assert.equal(viaAttr.layout, 'concat');
    assert.equal(Math.max(...viaAttr.cells.map((c) => c.j)) + 1, Math.min(10, viaAttr.cells.length / 9));
    checkAgainstCore(viaAttr);
    assert.equal(await page.inputValue('pe-table input[data-prop="d-model"]'), '10');

    // A bad attribute is clamped with a message, never thrown.
    await page.evaluate(() => {
      const el = document.querySelector('pe-table');
      el.setAttribute('d-model', 'banana');
      return el.updateComplete;
    });
    assert.match(await page.evaluate(() => document.querySelector('pe-table').shadowRoot.querySelector('.notes').textContent), /banana/);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('big tables stay responsive: d_model 512 x length 100 renders in well under a second', { timeout: 120000 }, async () => {
  const page = await open();
  try {
    const times = await page.evaluate(async () => {
      const out = {};
      for (const tag of ['pe-table', 'pe-heatmap']) {
        const el = document.querySelector(tag);
        const start = performance.now();
        el.setAttribute('d-model', '512');
        el.setAttribute('length', '100');
        await el.updateComplete;
        out[tag] = performance.now() - start;
      }
      return out;
    });
    console.log(`# render after change, d_model 512 x length 100: ${JSON.stringify(times)} ms`);
    // pe-table draws only a window of cells, whatever the table size.
    assert.ok(await page.evaluate(() => document.querySelector('pe-table').shadowRoot.querySelectorAll('td[data-j]').length) <= 12 * 12);
    for (const [tag, ms] of Object.entries(times)) assert.ok(ms < 1000, `${tag} took ${ms} ms`);
  } finally {
    await page.context().close();
  }
});

test('<pe-table> downloads CSV and .npy holding exactly the module table, with a matching snippet', { timeout: 120000 }, async () => {
  const page = await open();
  try {
    await page.evaluate(() => {
      const el = document.querySelector('pe-table');
      el.setAttribute('length', '7');
      el.setAttribute('d-model', '5');
      el.setAttribute('offset', '3');
      el.setAttribute('layout', 'concat');
      return el.updateComplete;
    });
    const expected = core.positionalEncoding(7, 5, { offset: 3, layout: 'concat' });
    const fetchDownload = async (label) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`pe-table [data-export] button[data-action="${label}"]`).click()]);
      const chunks = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk);
      return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
    };
    const npy = await fetchDownload('npy');
    assert.equal(npy.name, 'pe_len7_d5_concat.npy');
    const headerLength = npy.bytes.readUInt16LE(8);
    assert.match(npy.bytes.subarray(10, 10 + headerLength).toString('latin1'), /'descr': '<f4', 'fortran_order': False, 'shape': \(7, 5\)/);
    const body = npy.bytes.subarray(10 + headerLength);
    const values = new Float32Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.length));
    assert.deepEqual([...values], [...expected]);
    const csv = await fetchDownload('csv');
    const rows = csv.bytes.toString('utf8').trim().split('\r\n');
    assert.equal(rows.length, 8);
    assert.equal(rows[1].split(',')[0], '3', 'rows are named by position (offset 3)');
    assert.deepEqual(Float32Array.from(rows.slice(1).flatMap((r) => r.split(',').slice(1).map(Number))), expected);
    const snippet = await page.evaluate(() => document.querySelector('pe-table').shadowRoot.querySelector('[data-code="numpy"]').textContent);
    assert.match(snippet, /length, d_model, base, offset = 7, 5, 10000\.0, 3/);
    assert.match(snippet, /np\.concatenate/);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('the language switch changes the text, <html lang> and the elements', { timeout: 120000 }, async () => {
  const page = await open();
  try {
    const koTitle = await page.textContent('h1');
    const koTable = await page.evaluate(() => document.querySelector('pe-table').shadowRoot.querySelector('h3').textContent);
    await page.evaluate(() => { window.__samePage = true; });
    await page.click('button[data-lang="en"]');
    // The English text loads on the first switch (web/main.js); then the elements re-render.
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.evaluate(() => document.querySelector('pe-table').updateComplete);
    assert.equal(await page.evaluate(() => window.__samePage), true, 'switching language does not reload the page');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    const enTitle = await page.textContent('h1');
    assert.notEqual(enTitle, koTitle);
    assert.match(enTitle, /positional encoding/i);
    const enTable = await page.evaluate(() => document.querySelector('pe-table').shadowRoot.querySelector('h3').textContent);
    assert.notEqual(enTable, koTable);
    assert.match(await page.evaluate(() => location.search), /lang=en/);
    await page.click('button[data-lang="ko"]');
    await page.waitForFunction(() => document.documentElement.lang === 'ko');
    assert.equal(await page.textContent('h1'), koTitle);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('a shared link restores the settings', { timeout: 120000 }, async () => {
  const page = await open({ query: '?lang=en&d_model=12&length=7&layout=concat' });
  try {
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    const table = await readTable(page);
    assert.equal(table.dModel, 12);
    assert.equal(table.rows, 7);
    assert.equal(table.layout, 'concat');
    checkAgainstCore(table);
    assert.equal(await page.evaluate(() => document.querySelector('pe-heatmap').dModel), 12);
  } finally {
    await page.context().close();
  }
});

test('at 390 px nothing scrolls sideways; phone screenshots', { timeout: 120000 }, async () => {
  const page = await open({ width: 390, height: 844 });
  try {
    const widths = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      // Sections and what they hold directly (wide tables and formulas scroll inside their own box).
      wide: [...document.querySelectorAll('main > section, main > section > *')]
        .filter((el) => el.getBoundingClientRect().right > 390.5).map((el) => el.localName).slice(0, 5),
    }));
    assert.ok(widths.doc <= 390, `scrollWidth ${widths.doc}`);
    assert.deepEqual(widths.wide, []);
    await saveArtifact('page-390.png', await page.screenshot());
    for (const tag of PE_TAGS) {
      await saveArtifact(`element-${tag}-390.png`, await (await page.$(tag)).screenshot());
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('Tab alone reaches every control of the page and of the PE elements', { timeout: 120000 }, async () => {
  const page = await open({ height: 900 });
  try {
    // Every visible focusable control, in the page and inside shadow roots (a radio group counts once).
    const total = await page.evaluate(() => {
      // Controls a widget deliberately keeps out of the tab order (tabindex="-1", e.g. a roving
      // tabindex in a grid or a tab list) are reached with arrow keys instead, so they are not counted.
      const selector = ':is(a[href], button:not([disabled]), input:not([disabled]), select, textarea, summary, [tabindex="0"]):not([tabindex="-1"])';
      const found = [];
      const walk = (root) => {
        for (const el of root.querySelectorAll('*')) {
          if (el.matches(selector) && el.checkVisibility()) found.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      const groups = new Map();
      window.__controls = found.map((el) => {
        if (el.type !== 'radio') return el;
        const key = `${el.getRootNode() === document ? '' : el.getRootNode().host.localName}:${el.name}`;
        if (!groups.has(key)) groups.set(key, el);
        return groups.get(key);
      });
      window.__reached = new Set();
      // Record every focus, wherever it lands. A focus move inside one shadow root does not reach
      // document (target and relatedTarget retarget to the same host), so listen in every root.
      const record = (event) => {
        const a = event.composedPath()[0];
        const ctl = a && a.type === 'radio'
          ? window.__controls.find((c) => c.type === 'radio' && c.name === a.name && c.getRootNode() === a.getRootNode())
          : a;
        if (window.__controls.includes(ctl)) window.__reached.add(ctl);
      };
      const roots = [document];
      const collectRoots = (root) => {
        for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { roots.push(el.shadowRoot); collectRoots(el.shadowRoot); }
      };
      collectRoots(document);
      for (const root of roots) root.addEventListener('focusin', record, true);
      return new Set(window.__controls).size;
    });
    assert.ok(total > 40, `found ${total} controls`);
    // One pass through the tab order: Tab until every control counted above has had focus, or until
    // focus is back on the page itself (past the last stop: the pass is over), and every control
    // must come before that. Elements that load as they near the viewport add controls of their own
    // on the way, and Chromium stops at scrollable regions: they are stops of the same pass, so no
    // count of presses is fixed in advance (measured: 177 controls and 4 scrollers, 181 presses).
    // The cap only ends a focus trap.
    const TRAP = 1000;
    let presses = 0, passOver = false, done = false;
    while (!done && !passOver && presses < TRAP) {
      await page.keyboard.press('Tab');
      presses++;
      ({ done, passOver } = await page.evaluate(() => ({
        done: window.__reached.size === new Set(window.__controls).size,
        passOver: document.activeElement === document.body || document.activeElement === null,
      })));
    }
    assert.ok(presses < TRAP, `focus trapped: ${TRAP} presses of Tab never left the page's controls`);
    // (A control replaced by a re-render while tabbing is not held against the page.)
    const missing = await page.evaluate(() => [...new Set(window.__controls)].filter((c) => c.isConnected && !window.__reached.has(c))
      .map((c) => `${c.getRootNode() === document ? 'page' : c.getRootNode().host.localName} ${c.localName}${c.dataset.prop ? `[${c.dataset.prop}]` : ''} ${c.textContent.trim().slice(0, 20)}`));
    assert.deepEqual(missing, [], `not reachable with Tab in one pass (${presses} presses${passOver ? ', then focus was back on the page' : ''})`);
    console.log(`# Tab: all ${total} controls reached in one pass of ${presses} presses`);
  } finally {
    await page.context().close();
  }
});

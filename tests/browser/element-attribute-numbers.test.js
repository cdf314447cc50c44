// Attribute and share-link numbers are decimal (issue 34, item 9), on every element in Chromium: for
// every int and number attribute, 0x10, 6.4e1 (an int's), ' 16' and '1_0' are not read as numbers: the
// element uses the default and its notes box says so; a decimal value in range gives no note. Notes
// about bad words name a few and count them: a million-word attribute gives a short note.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, requireBuildProducts, useServerAndBrowser } from './harness.js';
import { attributes } from '../../src/elements/attributes.js';

requireBuildProducts('bundles', 'dist/elements.js');

const shared = useServerAndBrowser();
const NOT_DECIMAL = ['0x10', ' 16', '16 ', '1_0', '0b11', 'Infinity', '1,5'];

async function withPage(url, check) {
  const page = await openPage(shared.browser);
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.elementsReady === true);
    await check(page);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
}

/** Sets attributes on a fresh <tag>, waits for its render; -> { values, notes } (the notes box's text). */
const render = (page, tag, attrs) => page.evaluate(async ({ tag, attrs }) => {
  const el = document.createElement(tag);
  el.setAttribute('url-params', 'none');
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  document.querySelector('main').replaceChildren(el);
  await el.updateComplete;
  const values = Object.fromEntries(Object.keys(attrs).map((name) => [name, el.readProp(name).value]));
  return { values, notes: el.shadowRoot.querySelector('.notes')?.textContent ?? null };
}, { tag, attrs });

test('int and number attributes of every element take decimal notation only, and say so in a note', { timeout: 180000 }, async () => {
  await withPage(`${shared.server.url}tests/browser/fixtures/element-alone.html`, async (page) => {
    // Per element and bad text, every int and number attribute at once.
    let checked = 0;
    for (const [tag, props] of Object.entries(attributes)) {
      const numeric = Object.entries(props).filter(([, spec]) => spec.type === 'int' || spec.type === 'number');
      for (const text of [...NOT_DECIMAL, '6.4e1']) {
        const names = numeric.filter(([, spec]) => spec.type === 'int' || text !== '6.4e1').map(([name]) => name);
        const { values, notes } = await render(page, tag, Object.fromEntries(names.map((name) => [name, text])));
        for (const name of names) {
          assert.equal(values[name], props[name].default, `<${tag} ${name}="${text}"> uses the default`);
          assert.ok(notes?.includes(`${name} `) || notes?.includes(`${name}:`) || notes?.includes(`${name} “`), `<${tag} ${name}="${text}">: a note names it: ${notes}`);
          checked++;
        }
        assert.equal(notes.split(`“${text}”`).length - 1, names.length, `<${tag}> ="${text}": one note per attribute: ${notes}`);
      }
      const { values, notes } = await render(page, tag, Object.fromEntries(numeric.map(([name, spec]) => [name, String(spec.min)])));
      for (const [name, spec] of numeric) assert.equal(values[name], spec.min, `<${tag} ${name}="${spec.min}">`);
      if (tag !== 'pe-lab' && tag !== 'block-flow' && tag !== 'pe-compare' && tag !== 'pe-relative') assert.equal(notes ?? '', '', `<${tag}> with decimal values: no note`);
    }
    assert.ok(checked > 200, `${checked} cases`);
    // A number attribute may have a decimal exponent; an int one's fraction is rounded with a note.
    assert.equal((await render(page, 'pe-table', { base: '1e6' })).values.base, 1e6);
    const rounded = await render(page, 'pe-table', { length: '6.6' });
    assert.equal(rounded.values.length, 7);
    assert.match(rounded.notes, /length/);
  });
});

test('a share link\'s numbers are read the same way: lab-steps=0x10 is noted, not 16 steps', { timeout: 60000 }, async () => {
  await withPage(`${shared.server.url}tests/browser/fixtures/element-alone.html?lab-steps=0x10&lab-seed=6.4e1`, async (page) => {
    const shown = await page.evaluate(async () => {
      const el = document.createElement('pe-lab');
      document.querySelector('main').replaceChildren(el);
      await el.updateComplete;
      return { steps: el.steps, seed: el.seed, plan: el.results, notes: el.shadowRoot.querySelector('.notes').textContent };
    });
    assert.equal(shown.steps, attributes['pe-lab'].steps.default);
    assert.equal(shown.seed, attributes['pe-lab'].seed.default);
    assert.match(shown.notes, /0x10/);
    assert.match(shown.notes, /6\.4e1/);
  });
});

test('notes about bad words list a few and a count: a million-word attribute gives a short note', { timeout: 60000 }, async () => {
  await withPage(`${shared.server.url}tests/browser/fixtures/element-alone.html`, async (page) => {
    const cases = [['pe-lab', 'd-ff', 1e6], ['pe-lab', 'schemes', 1e5], ['pe-heatmap', 'dims', 1e5]];
    for (const [tag, name, count] of cases) {
      const { notes } = await page.evaluate(async ({ tag, name, count }) => {
        const million = Array.from({ length: count }, (_, i) => `w${i}`).join(',');
        const el = document.createElement(tag);
        el.setAttribute('url-params', 'none');
        el.setAttribute(name, million);
        document.querySelector('main').replaceChildren(el);
        await el.updateComplete;
        return { notes: el.shadowRoot.querySelector('.notes').textContent };
      }, { tag, name, count });
      assert.ok(notes.length < 300, `<${tag} ${name}>: ${notes.length} characters of notes`);
      assert.match(notes, /w0, w1, w2, …/, `<${tag} ${name}> names the first words`);
      assert.match(notes, new RegExp(`\\b${count}\\b`), `<${tag} ${name}> counts them: ${notes}`);
    }
    // A single huge value is cut in the note too.
    const long = await page.evaluate(async () => {
      const el = document.createElement('pe-table');
      el.setAttribute('length', `${'9'.repeat(1e6)}x`);
      document.querySelector('main').replaceChildren(el);
      await el.updateComplete;
      return el.shadowRoot.querySelector('.notes').textContent;
    });
    assert.ok(long.length < 300, `${long.length} characters: ${long}`);
  });
});

// Every element of the package is a good HTMLElement (issue 34, item 1): no member of an element class,
// of its base class or of an instance shadows a standard member of HTMLElement, Element, Node or
// EventTarget (checked in Chromium, where those prototypes are real), and the standard properties a
// host page or a framework sets (id, className, hidden, title, lang, dir, tabIndex) work on every
// element, set as properties or as attributes, before and after it is connected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPage, repoRoot, requireBuildProducts, useServerAndBrowser } from './harness.js';

requireBuildProducts('bundles', 'dist/elements.js', 'custom-elements.json');

const manifest = JSON.parse(await readFile(join(repoRoot, 'custom-elements.json'), 'utf8'));
const TAGS = manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement).map((d) => d.tagName);

const shared = useServerAndBrowser();

async function withPage(check) {
  const page = await openPage(shared.browser);
  try {
    await page.goto(`${shared.server.url}tests/browser/fixtures/element-alone.html`);
    await page.waitForFunction(() => window.elementsReady === true);
    await check(page);
  } finally {
    await page.context().close();
  }
}

test('no member of an element, its classes or its base shadows a standard one of HTMLElement, Element, Node or EventTarget', { timeout: 120000 }, async () => {
  assert.ok(TAGS.length >= 11, `${TAGS.length} elements in the manifest`);
  await withPage(async (page) => {
    const found = await page.evaluate(async (tags) => {
      const standard = (name) => name !== 'constructor' && name in HTMLElement.prototype;
      const out = {};
      for (const tag of tags) {
        const shadowed = new Set();
        // The class chain up to HTMLElement: methods, accessors (the reflected attributes among them).
        for (let proto = customElements.get(tag).prototype; proto !== HTMLElement.prototype; proto = Object.getPrototypeOf(proto)) {
          for (const name of Reflect.ownKeys(proto)) if (standard(name)) shadowed.add(`${proto.constructor.name}.prototype.${String(name)}`);
        }
        // An instance's own fields, after its constructor and its first render.
        const el = document.createElement(tag);
        document.querySelector('main').append(el);
        await el.updateComplete;
        for (const name of Reflect.ownKeys(el)) if (standard(name)) shadowed.add(`instance.${String(name)}`);
        el.remove();
        out[tag] = [...shadowed];
      }
      return out;
    }, TAGS);
    assert.deepEqual(Object.keys(found).sort(), [...TAGS].sort());
    for (const tag of TAGS) assert.deepEqual(found[tag], [], `<${tag}> shadows standard members`);
    assert.deepEqual(page.problems, []);
  });
});

test('the check above would see a shadowing member (a class that defines id() and an instance field title)', { timeout: 60000 }, async () => {
  await withPage(async (page) => {
    const seen = await page.evaluate(() => {
      class Bad extends customElements.get('pe-table') { id() { return 'x'; } }
      const names = Reflect.ownKeys(Bad.prototype).filter((n) => n !== 'constructor' && n in HTMLElement.prototype);
      const el = document.createElement('pe-table');
      Object.defineProperty(el, 'title', { value: 'own', configurable: true });
      return { names, own: Reflect.ownKeys(el).filter((n) => n in HTMLElement.prototype) };
    });
    assert.deepEqual(seen, { names: ['id'], own: ['title'] });
  });
});

test('id, className, hidden, title, lang, dir and tabIndex work on every element, as properties and as attributes, before and after connecting', { timeout: 240000 }, async () => {
  await withPage(async (page) => {
    const results = await page.evaluate(async (tags) => {
      const main = document.querySelector('main');
      // The values set in each phase; `lang` also switches the language the element renders in.
      const phases = [
        { id: 'first', className: 'host one', hidden: true, title: 'a title', lang: 'en', dir: 'ltr', tabIndex: 0 },
        { id: 'second', className: 'host two', hidden: false, title: '제목', lang: 'ko', dir: 'rtl', tabIndex: -1 },
      ];
      const asAttributes = {
        id: (v) => ['id', v], className: (v) => ['class', v], hidden: (v) => (v ? ['hidden', ''] : ['hidden', null]),
        title: (v) => ['title', v], lang: (v) => ['lang', v], dir: (v) => ['dir', v], tabIndex: (v) => ['tabindex', String(v)],
      };
      const apply = (el, values, how) => {
        for (const [name, value] of Object.entries(values)) {
          if (how === 'property') el[name] = value;
          else {
            const [attr, text] = asAttributes[name](value);
            if (text === null) el.removeAttribute(attr);
            else el.setAttribute(attr, text);
          }
        }
      };
      const rendered = (el) => {
        const root = el.shadowRoot;
        return Boolean(root?.querySelector('h3, h2')) && !root.querySelector('.error, [role=alert].error');
      };
      const problems = [];
      for (const tag of tags) {
        for (const how of ['property', 'attribute']) {
          const el = document.createElement(tag);
          const label = `<${tag}> by ${how}`;
          const [before, after] = phases.map((p) => ({ ...p, id: `${tag}-${how}-${p.id}` }));
          apply(el, before, how);           // before connecting
          main.append(el);
          await el.updateComplete;
          const check = (values, when) => {
            for (const [name, value] of Object.entries(values)) {
              if (el[name] !== value) problems.push(`${label} ${when}: ${name} is ${typeof el[name] === 'function' ? 'a function' : JSON.stringify(el[name])}, not ${JSON.stringify(value)}`);
            }
            if (document.getElementById(values.id) !== el) problems.push(`${label} ${when}: getElementById('${values.id}') does not find it`);
            if (!rendered(el)) problems.push(`${label} ${when}: not rendered (${el.shadowRoot?.textContent.slice(0, 120)})`);
            if (el.language !== values.lang) problems.push(`${label} ${when}: renders in ${el.language}, not ${values.lang}`);
          };
          check(before, 'set before connecting');
          apply(el, after, how);            // after connecting
          await el.updateComplete;
          check(after, 'set after connecting');
          el.remove();
        }
      }
      return problems;
    }, TAGS);
    assert.deepEqual(results, []);
    assert.deepEqual(page.problems, []);
  });
});

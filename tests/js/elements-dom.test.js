// How the elements build DOM (issue 27): one way, h() and svg() of src/elements/shared/dom.js. Here
// against a recording stand-in for the document (the real browser runs it in every element test):
// text children stay text, attribute values stay values, false/null/undefined leave an attribute out,
// arrays nest, svg() uses the SVG namespace. And the rule itself: no file of src/elements builds DOM
// from an HTML string (the one markup parse is shared/math.js's, for MathML), and none reads a
// pseudo-private language field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { h, svg, nodes } from '../../src/elements/shared/dom.js';

class FakeNode {
  constructor(name, ns) {
    Object.assign(this, { name, ns, attributes: {}, children: [], listeners: {}, textContent: '' });
  }

  setAttribute(key, value) { this.attributes[key] = value; }

  addEventListener(type, fn) { this.listeners[type] = fn; }

  append(...items) { this.children.push(...items.map((item) => (item instanceof FakeNode ? item : { text: item }))); }
}

const saved = {};
before(() => {
  saved.document = globalThis.document;
  saved.Node = globalThis.Node;
  globalThis.Node = FakeNode;
  globalThis.document = {
    createElement: (tag) => new FakeNode(tag, 'html'),
    createElementNS: (ns, tag) => new FakeNode(tag, ns),
    createDocumentFragment: () => new FakeNode('#fragment', null),
  };
});
after(() => {
  globalThis.document = saved.document;
  globalThis.Node = saved.Node;
});

test('h(): text stays text, values stay values, absent values leave the attribute out', () => {
  const hostile = '<img src=x onerror=alert(1)>';
  const clicked = () => {};
  const el = h('p', { class: 'muted', title: hostile, 'data-n': 7, hidden: true, open: false, lang: null, id: undefined, onclick: clicked },
    hostile, 0, null, false, undefined, [h('b', { text: 'bold' }), ['deep', [1]]]);
  assert.equal(el.ns, 'html');
  assert.deepEqual(el.attributes, { class: 'muted', title: hostile, 'data-n': '7', hidden: '' });
  assert.equal(el.listeners.click, clicked);
  assert.deepEqual(el.children.map((c) => c.text ?? c.name), [hostile, '0', 'b', 'deep', '1']);
  assert.equal(el.children[2].textContent, 'bold');
});

test('svg(): elements in the SVG namespace, attribute names keep their case', () => {
  const el = svg('svg', { viewBox: '0 0 10 10', 'stroke-width': 2 }, svg('line', { x1: 0, x2: 1.5 }));
  assert.equal(el.ns, 'http://www.w3.org/2000/svg');
  assert.deepEqual(el.attributes, { viewBox: '0 0 10 10', 'stroke-width': '2' });
  assert.deepEqual(el.children[0].attributes, { x1: '0', x2: '1.5' });
  const fragment = nodes('a', null, [h('i')]);
  assert.deepEqual(fragment.children.map((c) => c.text ?? c.name), ['a', 'i']);
});

test('no file of src/elements builds DOM from an HTML string or reads a pseudo-private language field', () => {
  const root = fileURLToPath(new URL('../../src/elements/', import.meta.url));
  const files = (dir) => readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : []));
  const found = [];
  for (const file of files(root)) {
    const code = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const name = relative(root, file);
    for (const m of code.matchAll(/\.(innerHTML|outerHTML|insertAdjacentHTML|createContextualFragment)\b|\bdocument\.write\b|\blang_\b/g)) {
      if (name === 'shared/math.js' && m[1] === 'innerHTML') continue; // mathNode: MathML only
      found.push(`${name}: ${m[0]}`);
    }
  }
  assert.deepEqual(found, []);
});

// The front door and the docs: the README stays short, every relative link of the README, the docs and
// the changelog resolves inside the repository (and, for what the package ships, inside the package),
// the docs name every public method of the API and every attribute, event, part and design token of
// every element, and the package declares its docs, licence and manifest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildManifest } from '../../scripts/custom-elements-manifest.mjs';
import { tokens } from '../../src/elements/shared/tokens.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
const pkg = JSON.parse(read('package.json'));
const markdownFiles = ['README.md', 'CHANGELOG.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
const anchorsOf = (text) => new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1])));
const linksOf = (text) => [...text.replace(/```[\s\S]*?```/g, '').matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);

test('the README is a front door of at most 10 KB', () => {
  const bytes = Buffer.byteLength(read('README.md'));
  console.log(`# README.md: ${bytes} bytes`);
  assert.ok(bytes <= 10 * 1024, `README.md has ${bytes} bytes`);
  for (const command of ['npm start', 'npm test']) assert.ok(read('README.md').includes(command), command);
});

test('the README shows every element of the package', async () => {
  const readme = read('README.md');
  const tags = (await buildManifest()).modules.flatMap((m) => m.declarations).map((d) => d.tagName);
  assert.ok(tags.length >= 10, `${tags.length} elements`);
  for (const tag of tags) assert.match(readme, new RegExp(`<${tag}[ >]`), `README.md shows <${tag}>`);
});

for (const file of markdownFiles) {
  test(`every relative link of ${file} resolves inside the repository`, () => {
    const text = read(file);
    const links = linksOf(text).filter((l) => !/^[a-z]+:/i.test(l));
    for (const link of links) {
      const [path, anchor] = link.split('#');
      const target = path ? normalize(join(dirname(join(root, file)), decodeURI(path))) : join(root, file);
      assert.ok(!relative(root, target).startsWith('..'), `${file}: ${link} points outside the repository`);
      assert.ok(existsSync(target), `${file}: ${link} does not exist`);
      if (anchor && target.endsWith('.md')) {
        assert.ok(anchorsOf(readFileSync(target, 'utf8')).has(anchor), `${file}: ${link}: no heading for #${anchor}`);
      }
    }
  });
}

test('the package ships the docs, the licence, the changelog and the manifest', () => {
  for (const entry of ['docs/', 'LICENSE', 'CHANGELOG.md', 'README.md', 'custom-elements.json']) {
    assert.ok(pkg.files.includes(entry), `"files" includes ${entry}`);
  }
  assert.equal(pkg.customElements, 'custom-elements.json');
  assert.equal(pkg.license, 'MIT');
  assert.match(read('LICENSE'), /^MIT License\n/);
  // Links the README and the docs make into the repository must point at files the package ships.
  const shipped = (path) => pkg.files.some((f) => (f.endsWith('/') ? path.startsWith(f) : path === f));
  for (const file of markdownFiles.filter(shipped)) {
    for (const link of linksOf(read(file)).filter((l) => !/^[a-z]+:/i.test(l) && !l.startsWith('#'))) {
      const target = relative(root, normalize(join(dirname(join(root, file)), link.split('#')[0])));
      assert.ok(shipped(target), `${file} links ${link}, which the package does not ship`);
    }
  }
});

test('docs/API.md names every public method of an instance and of a layer', async () => {
  const { init } = await import('../../src/js/index.js');
  const core = await init();
  const api = read('docs/API.md');
  const internal = new Set(['constructor', 'scratch']);
  const methods = (object) => Object.getOwnPropertyNames(Object.getPrototypeOf(object)).filter((n) => !internal.has(n));
  const ffn = core.createFFN({ dModel: 2, dFF: 2 });
  const tensor = core.alloc(1);
  for (const [owner, object] of [['core', core], ['ffn', ffn], ['t', tensor]]) {
    for (const name of methods(object)) assert.ok(api.includes(`${owner}.${name}`), `docs/API.md mentions ${owner}.${name}`);
  }
  ffn.dispose();
  tensor.free();
});

test('docs/elements.md describes every element: attributes, events, parts, and every design token', async () => {
  const doc = read('docs/elements.md');
  const sections = Object.fromEntries(doc.split(/^## /m).slice(1).map((s) => [s.split('\n')[0].trim(), s]));
  for (const element of (await buildManifest()).modules.flatMap((m) => m.declarations)) {
    const section = sections[`\`<${element.tagName}>\``];
    assert.ok(section, `docs/elements.md has a section "## \`<${element.tagName}>\`"`);
    for (const { name } of element.attributes) {
      if (name === 'lang') continue;   // shared by every element, described once
      assert.ok(section.includes(`\`${name}\``), `<${element.tagName}>: attribute ${name} is described`);
    }
    for (const { name } of element.events) assert.ok(doc.includes(`\`${name}\``), `<${element.tagName}>: event ${name} is described`);
    for (const { name } of element.cssParts) assert.ok(doc.includes(`| \`${name}\` |`), `<${element.tagName}>: part ${name} is in the parts table`);
  }
  for (const name of Object.keys(tokens)) assert.ok(doc.includes(`\`${name}\``), `design token ${name} is in the theming table`);
});

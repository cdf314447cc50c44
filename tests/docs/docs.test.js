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

test('the README opens with the install, one import, one element and a picture of it', () => {
  const readme = read('README.md');
  const firstScreen = readme.split('\n').slice(0, 20).join('\n');
  assert.match(firstScreen, /^npm install pe-ffn-wasm$/m);
  assert.match(firstScreen, /import 'pe-ffn-wasm\/elements';/);
  assert.ok(pkg.exports['./elements'], 'the import names an export of the package');
  const element = /^<([a-z]+-[a-z-]+) [^>]*><\/\1>$/m.exec(firstScreen);
  assert.ok(element, 'one element');
  const image = /!\[[^\]]*\]\((docs\/images\/[\w.-]+\.png)\)/.exec(firstScreen);
  assert.ok(image, 'a picture of the page');
  const bytes = readFileSync(join(root, image[1]));
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
  assert.ok(bytes.length <= 100 * 1024, `${image[1]}: ${bytes.length} bytes (small: the package ships docs/)`);
  // The paragraph for contributors who are not on Debian names the variable the browser tests read.
  const harness = read('tests/browser/harness.js');
  const variable = /process\.env\.([A-Z_]+) \|\| '\/usr\/bin\/chromium'/.exec(harness)[1];
  assert.match(readme, new RegExp(`Not on Debian[\\s\\S]*\`${variable}\``));
});

test('version labels agree with package.json: the changelog has its section, no doc speaks of a later one', () => {
  const [major, minor] = pkg.version.split('.').map(Number);
  const newer = (a, b) => a > major || (a === major && b > minor);
  const changelog = read('CHANGELOG.md');
  const sections = [...changelog.matchAll(/^## \[?(\d+)\.(\d+)\.(\d+)\]?/gm)].map((m) => m.slice(1, 4).join('.'));
  assert.equal(sections[0], pkg.version, 'the newest section of CHANGELOG.md is the package\'s version');
  assert.doesNotMatch(read('README.md') + read('docs/API.md'), /next release/i);
  let labels = 0;
  for (const file of ['README.md', ...markdownFiles.filter((f) => f.startsWith('docs/'))]) {
    const text = read(file);
    for (const m of text.matchAll(/\bnew in (\d+)\.(\d+)|\*\*\((\d+)\.(\d+)\)\*\*|^#+ .*\((\d+)\.(\d+)\)$/gim)) {
      const [a, b] = m.slice(1).filter((x) => x !== undefined).map(Number);
      labels += 1;
      assert.ok(!newer(a, b), `${file}: "${m[0]}" is newer than the package's ${pkg.version}`);
    }
  }
  assert.ok(labels >= 3, `${labels} version labels checked`);
  assert.match(read('README.md'), new RegExp(`New in ${major}\\.${minor}`));
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

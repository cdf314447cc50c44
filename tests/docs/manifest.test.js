// custom-elements.json, the Custom Elements Manifest the build writes: it is current (the same as
// generating it now), it lists exactly the elements src/elements/index.js registers, and each with
// exactly the attributes the element observes, its reflected properties, events, parts and the
// design tokens. (tests/browser/elements-registry.test.js checks the same against Chromium's registry.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildManifest, registeredElements, docTags } from '../../scripts/custom-elements-manifest.mjs';
import { tokens } from '../../src/elements/shared/tokens.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const built = JSON.parse(readFileSync(`${root}custom-elements.json`, 'utf8'));
const declarations = built.modules.flatMap((m) => m.declarations);
const byTag = new Map(declarations.map((d) => [d.tagName, d]));

test('the manifest on disk is what the elements declare now', async () => {
  assert.deepEqual(built, await buildManifest(), 'custom-elements.json is stale: run bash build.sh');
  assert.equal(built.schemaVersion, '2.1.0');
});

test('it lists every registered element with its observed attributes and reflected properties', async () => {
  const registered = await registeredElements();
  assert.ok(registered.length >= 9, `${registered.length} elements registered`);
  assert.deepEqual([...byTag.keys()].sort(), registered.map((r) => r.tag).sort());
  for (const { tag, cls } of registered) {
    const d = byTag.get(tag);
    assert.equal(d.name, cls.name);
    assert.deepEqual(d.attributes.map((a) => a.name).sort(), [...cls.observedAttributes].sort(), `<${tag}> attributes`);
    const fields = new Set(d.members.filter((m) => m.kind === 'field').map((m) => m.name));
    for (const [name, spec] of Object.entries(cls.props)) {
      const camel = name.replace(/-([a-z])/g, (m, c) => c.toUpperCase());
      assert.ok(fields.has(camel), `<${tag}>.${camel}`);
      if (spec.alias) assert.ok(fields.has(spec.alias), `<${tag}>.${spec.alias}`);
      const attr = d.attributes.find((a) => a.name === name);
      if (spec.type === 'enum') assert.equal(attr.type.text, spec.values.map((v) => `'${v}'`).join(' | '));
      if (spec.type === 'int') assert.match(attr.description, new RegExp(`from ${spec.min} to ${spec.max}`));
    }
    const events = d.events.map((e) => e.name);
    for (const name of ['pe-ffn-change', 'pe-ffn-render']) assert.ok(events.includes(name), `<${tag}> fires ${name}`);
    assert.deepEqual(d.cssProperties.map((p) => p.name), Object.keys(tokens), `<${tag}> CSS custom properties`);
    for (const e of d.events) assert.ok(e.description.length > 5, `<${tag}> event ${e.name} is described`);
  }
});

test('element-specific events come from @fires tags', () => {
  assert.ok(byTag.get('ffn-tradeoff').events.some((e) => e.name === 'ffn-tradeoff-measured'));
  for (const name of ['answered', 'completed', 'quiz-complete']) {
    assert.ok(byTag.get('pe-ffn-quiz').events.some((e) => e.name === name), `pe-ffn-quiz fires ${name}`);
  }
  assert.deepEqual(docTags('// @fires a-b - first\n//        and second\n// @fires c\n', 'fires'),
    [{ name: 'a-b', description: 'first and second' }, { name: 'c', description: '' }]);
});

test('events have one doc style: every event an element dispatches is a @fires tag of its manifest entry', async () => {
  for (const { tag } of await registeredElements()) {
    const source = readFileSync(`${root}src/elements/${tag}.js`, 'utf8');
    const head = source.slice(0, source.search(/^(?!\/\/)/m));
    assert.match(head, /^\/\/ Events: pe-ffn-change and pe-ffn-render, as every element \(@fires in shared\/base\.js\)/m, `<${tag}>: the shared events named the one way`);
    assert.doesNotMatch(head, /pe-ffn-change \{|pe-ffn-render after/, `<${tag}>: no event described outside a @fires tag`);
    const events = byTag.get(tag).events.map((e) => e.name);
    for (const [, name] of source.matchAll(/new CustomEvent\('([a-z-]+)'/g)) assert.ok(events.includes(name), `<${tag}> dispatches ${name}: a @fires tag documents it`);
  }
});

test('parts of shared pieces belong to the elements that render them', () => {
  const parts = (tag) => byTag.get(tag).cssParts.map((p) => p.name);
  assert.ok(parts('pe-table').includes('card'));
  assert.ok(parts('pe-heatmap').includes('data-table'));
  assert.ok(!parts('ffn-tradeoff').includes('export'), 'ffn-tradeoff has no download bar');
});

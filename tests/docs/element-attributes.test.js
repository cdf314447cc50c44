// The elements' attributes are declared once (src/elements/attributes.js) and everything that speaks
// of them is made from that: docs/elements.md's tables and index.d.ts's properties are current (the
// generator's --check, so a stale file fails here), every element reads exactly its declaration,
// every attribute says what it is, the declared TypeScript types compile and refuse wrong values, and
// the tutorial page links the PE settings to the elements it always did.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { attributes, linkedTags } from '../../src/elements/attributes.js';
import { attributeTable, typeMembers, numberText, outputs } from '../../scripts/element-attributes.mjs';
import { staleOutputs } from '../../scripts/generated-file.mjs';
import { registeredElements } from '../../scripts/custom-elements-manifest.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('docs/elements.md and src/elements/index.d.ts are what the declarations make (--check)', async () => {
  const run = spawnSync(process.execPath, ['scripts/element-attributes.mjs', '--check'], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(staleOutputs(outputs()).map(({ file }) => file), []);
  const table = attributeTable('pe-table');
  assert.match(table, /^\| attribute \| values \| default \|\n\|---\|---\|---\|\n\| `length` \| integer 1 … 2048: positions \(rows\) \| 20 \|/);
  assert.match(table, /\| `layout` \| `interleaved` \\\| `concat`: .* \| `interleaved` \|/);
  assert.match(typeMembers('ffn-explorer'), /dFf: number;\n.*The same as dFf.*\n  dFF: number;/);
  assert.deepEqual([20, 2048, 100000, 4294967295, 1e12, 1.0001].map(numberText), ['20', '2048', '100,000', '4,294,967,295', '10^12', '1.0001']);
});

test('each registered element reads exactly its declaration; every attribute says what it is', async () => {
  const registered = await registeredElements();
  assert.deepEqual(registered.map((r) => r.tag).sort(), Object.keys(attributes).sort());
  for (const { tag, cls } of registered) {
    assert.equal(cls.props, attributes[tag], `<${tag}>.props is attributes['${tag}']`);
    for (const [name, spec] of Object.entries(attributes[tag])) {
      assert.ok(typeof spec.doc === 'string' && spec.doc.length > 5, `<${tag} ${name}> has doc text`);
      if (spec.type === 'int' || spec.type === 'number') {
        assert.ok(spec.min <= spec.default && spec.default <= spec.max, `<${tag} ${name}> default inside its range`);
      }
      if (spec.type === 'enum') assert.ok(spec.values.includes(spec.default), `<${tag} ${name}> default is a value`);
    }
  }
});

test('shared attributes are one declaration: every base, seed and layout has the same range', () => {
  // (the quiz's seed is any text: not the module's 32-bit seed)
  const all = Object.entries(attributes).map(([tag, a]) => (tag === 'pe-ffn-quiz' ? { ...a, seed: undefined } : a));
  const same = (name, keys) => {
    const specs = all.map((a) => a[name]).filter(Boolean);
    assert.ok(specs.length >= 2, name);
    for (const spec of specs) for (const key of keys) assert.deepEqual(spec[key], specs[0][key], `${name}.${key}`);
  };
  same('base', ['type', 'min', 'max', 'default']);
  same('seed', ['type', 'min', 'max']);
  same('layout', ['type', 'values', 'default', 'doc']);
});

test('the tutorial page links its PE settings to the same elements as before', () => {
  assert.deepEqual(linkedTags('d-model').sort(), ['pe-heatmap', 'pe-relative', 'pe-table']);
  assert.deepEqual(linkedTags('length').sort(), ['pe-heatmap', 'pe-relative', 'pe-table']);
  for (const name of ['base', 'layout']) assert.deepEqual(linkedTags(name).sort(), ['pe-add', 'pe-clock', 'pe-heatmap', 'pe-relative', 'pe-table']);
});

test('the attribute types of index.d.ts compile under --strict and refuse values out of their set', () => {
  const dir = mkdtempSync(join(tmpdir(), 'element-types-'));
  try {
    writeFileSync(join(dir, 'use.ts'), `
import type {} from ${JSON.stringify(join(root, 'src/elements/index.js'))};
const table = document.createElement('pe-table');
table.dModel = 64;
table.layout = 'concat';
const flow = document.createElement('block-flow');
flow.causal = true;
flow.norm = 'pre';
const width: number = flow.dFF + flow.dFf + document.createElement('ffn-explorer').dFF;
const quiz = document.createElement('pe-ffn-quiz');
quiz.urlParams = 'review';
quiz.mode = 'all';
// @ts-expect-error: not a layout
table.layout = 'diagonal';
// @ts-expect-error: a number, not a string
table.dModel = '64';
// @ts-expect-error: not a pairing
document.createElement('pe-compare').pairing = 'concat';
export { width };
`);
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '--strict', '--noEmit', '--target', 'es2022', '--module', 'esnext',
      '--moduleResolution', 'bundler', '--lib', 'es2022,dom', 'use.ts'], { cwd: dir, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

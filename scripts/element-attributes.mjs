// Writes what is said about the elements' attributes from their one declaration,
// src/elements/attributes.js (spec format: src/elements/shared/props.js):
//   docs/elements.md         each element's attribute table, between <!-- attributes TAG --> and
//                            <!-- /attributes -->
//   src/elements/index.d.ts  each element interface's attribute properties, between
//                            // <attributes TAG> and // </attributes>
// scripts/custom-elements-manifest.mjs describes the attributes of custom-elements.json with the same
// words (attributeDoc, typeText).
//
// Usage: node scripts/element-attributes.mjs            rewrites both files
//        node scripts/element-attributes.mjs --check    exits 1 naming each file that is not current
//                                                       (tests/docs/element-attributes.test.js runs it)
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { attributes } from '../src/elements/attributes.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const DOCS = 'docs/elements.md';
export const TYPES = 'src/elements/index.d.ts';

export const camel = (name) => name.replace(/-([a-z])/g, (m, c) => c.toUpperCase());

/** The property names an attribute is reflected as: its camelCase name, then its alias. */
export const propertyNames = (name, spec) => [...new Set([camel(name), spec.alias].filter(Boolean))];

/** 20, 2048, 100,000, 4,294,967,295, 10^12: as a reader writes them. */
export function numberText(n) {
  if (n >= 1e9 && Number.isInteger(Math.log10(n))) return `10^${Math.log10(n)}`;
  if (Math.abs(n) >= 100000) return n.toLocaleString('en-US');
  return String(n);
}

/** The type of the property in TypeScript. */
export function typeText(spec) {
  if (spec.type === 'enum') return spec.values.map((v) => `'${v}'`).join(' | ');
  return { int: 'number', number: 'number', string: 'string', bool: 'boolean' }[spec.type];
}

/** What values the attribute takes, then what it is: 'integer 1 … 2048: positions (rows)'. */
export function attributeDoc(spec, code = (v) => `\`${v}\``) {
  const kind = {
    int: () => `integer ${numberText(spec.min)} … ${numberText(spec.max)}`,
    number: () => `number ${numberText(spec.min)} … ${numberText(spec.max)}`,
    enum: () => spec.values.map(code).join(' | '),
    bool: () => 'boolean (present = on)',
    string: () => '',
  }[spec.type]();
  return [kind, spec.doc].filter(Boolean).join(': ');
}

/** The default, as the reader should understand it. */
export function defaultDoc(spec, code = (v) => `\`${v}\``) {
  if (spec.defaultDoc) return spec.defaultDoc;
  if (spec.type === 'bool') return 'off';
  if (spec.type === 'enum' || spec.type === 'string') return spec.default === '' ? 'none' : code(spec.default);
  return numberText(spec.default);
}

export function attributeTable(tag) {
  const escape = (text) => text.replace(/\|/g, '\\|');
  const lines = ['| attribute | values | default |', '|---|---|---|'];
  for (const [name, spec] of Object.entries(attributes[tag])) {
    lines.push(`| \`${name}\` | ${escape(attributeDoc(spec))} | ${escape(defaultDoc(spec))} |`);
  }
  return lines.join('\n');
}

export function typeMembers(tag, indent = '  ') {
  const plain = (v) => `'${v}'`;
  const lines = [];
  for (const [name, spec] of Object.entries(attributes[tag])) {
    const [first, ...others] = propertyNames(name, spec);
    const also = others.length ? ` Also ${others.join(', ')}.` : '';
    const doc = `${attributeDoc(spec, plain)}. Default: ${defaultDoc(spec, plain)}.${also}`;
    lines.push(`${indent}/** \`${name}\`: ${doc.replace(/\*\//g, '*\\/')} */`, `${indent}${first}: ${typeText(spec)};`);
    for (const other of others) lines.push(`${indent}/** The same as ${first}. */`, `${indent}${other}: ${typeText(spec)};`);
  }
  return lines.join('\n');
}

/** Replaces what stands between each element's two markers; throws when a marker is missing. */
function fillMarked(text, file, open, close, make) {
  let out = text;
  for (const tag of Object.keys(attributes)) {
    const start = out.indexOf(open(tag));
    const end = start < 0 ? -1 : out.indexOf(close, start);
    if (start < 0 || end < 0) throw new Error(`${file}: no ${open(tag)} … ${close} for <${tag}>`);
    const from = start + open(tag).length;
    out = `${out.slice(0, from)}\n${make(tag)}\n${out.slice(out.lastIndexOf('\n', end - 1) + 1)}`;
  }
  return out;
}

/** { path: the text it should have }, from the files as they are now. */
export async function generatedFiles() {
  const docs = await readFile(join(root, DOCS), 'utf8');
  const types = await readFile(join(root, TYPES), 'utf8');
  return {
    [DOCS]: fillMarked(docs, DOCS, (tag) => `<!-- attributes ${tag} -->`, '<!-- /attributes -->', attributeTable),
    [TYPES]: fillMarked(types, TYPES, (tag) => `// <attributes ${tag}>`, '// </attributes>', (tag) => typeMembers(tag)),
  };
}

/** The files whose text is not what the declarations make. */
export async function staleFiles() {
  const stale = [];
  for (const [path, text] of Object.entries(await generatedFiles())) {
    if (await readFile(join(root, path), 'utf8') !== text) stale.push(path);
  }
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const stale = await staleFiles();
    for (const path of stale) console.error(`${path} is not what src/elements/attributes.js declares: run node scripts/element-attributes.mjs`);
    process.exit(stale.length ? 1 : 0);
  }
  for (const [path, text] of Object.entries(await generatedFiles())) await writeFile(join(root, path), text);
  console.log(`element-attributes: ${DOCS}, ${TYPES} (${Object.keys(attributes).length} elements)`);
}

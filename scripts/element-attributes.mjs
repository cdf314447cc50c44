// Writes what is said about the elements' attributes from their one declaration,
// src/elements/attributes.js (spec format: src/elements/shared/props.js):
//   docs/elements.md         each element's attribute table, between <!-- attributes TAG --> and
//                            <!-- /attributes -->
//   src/elements/index.d.ts  each element interface's attribute properties, between
//                            // <attributes TAG> and // </attributes>
// scripts/custom-elements-manifest.mjs describes the attributes of custom-elements.json with the same
// words (attributeDoc, typeText).
//
//   node scripts/element-attributes.mjs [--check]   (scripts/generated-file.mjs; scripts/generate.mjs
//                                                   runs it with the others)
import { attributes } from '../src/elements/attributes.js';
import { readRepoFile, runGenerator } from './generated-file.mjs';
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

/** The two files with each element's part made from the declarations (scripts/generated-file.mjs). */
export function outputs() {
  const docs = readRepoFile(DOCS);
  const types = readRepoFile(TYPES);
  return [
    { file: DOCS, content: fillMarked(docs, DOCS, (tag) => `<!-- attributes ${tag} -->`, '<!-- /attributes -->', attributeTable) },
    { file: TYPES, content: fillMarked(types, TYPES, (tag) => `// <attributes ${tag}>`, '// </attributes>', (tag) => typeMembers(tag)) },
  ];
}

await runGenerator(import.meta.url, outputs);

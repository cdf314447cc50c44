// Writes custom-elements.json, the Custom Elements Manifest (schema 2.1.0) of pe-ffn-wasm/elements,
// from the elements' own declarations, so it can never drift from the code:
//   - which elements exist: the classes src/elements/index.js registers (it is imported here with a
//     minimal stand-in for the DOM, recording every customElements.define);
//   - attributes and properties: each class's `static props` (type, range, default, alias, doc: the
//     declarations of src/elements/attributes.js, described in the words of
//     scripts/element-attributes.mjs) and its observedAttributes;
//   - events and CSS parts: JSDoc tags
//       @fires name - description        @csspart name - description
//     in the element's own files (its file and what it imports outside shared/) and in the base class
//     (shared/base.js: its events belong to every element). A @csspart in a JSDoc block above a shared
//     function or method (card, dataTable, ...) belongs to the elements whose files call it;
//   - CSS custom properties: the design tokens of shared/tokens.js (every element reads all of them).
// custom-elements.json is a build product (not committed): build.sh's bundles target runs
//   node scripts/custom-elements-manifest.mjs [--check]   (scripts/generated-file.mjs; listed in
//                                                         scripts/generate.mjs's BUILD_PRODUCT_GENERATORS)
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { readdir } from 'node:fs/promises';
import { camel, propertyNames, typeText } from './element-attributes.mjs';
import { runGenerator } from './generated-file.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'custom-elements.json';

// What a package user imports: `pe-ffn-wasm/elements` (every element, exported again there) or
// `pe-ffn-wasm/elements/<tag>` (one element, declared there: scripts/bundle.mjs builds both).
const PACKAGE_MODULE = 'dist/elements.js';
const elementModule = (tag) => `dist/element-${tag}.js`;

let registered = null;

/** Imports the element registry with just enough DOM for class definitions; returns [{ tag, cls }]. */
export async function registeredElements() {
  registered ??= importRegistry();
  return registered;
}

async function importRegistry() {
  const defined = [];
  const saved = {};
  const stubs = {
    HTMLElement: class {},
    customElements: {
      define: (tag, cls) => defined.push({ tag, cls }),
      get: (tag) => defined.find((d) => d.tag === tag)?.cls,
    },
  };
  for (const [name, value] of Object.entries(stubs)) {
    saved[name] = Object.getOwnPropertyDescriptor(globalThis, name);
    if (!(name in globalThis)) globalThis[name] = value;
  }
  try {
    await import(pathToFileURL(join(root, 'src/elements/index.js')).href);
  } finally {
    for (const [name, descriptor] of Object.entries(saved)) if (!descriptor) delete globalThis[name];
  }
  return defined;
}

/**
 * `@tag name - description` in the comments of a source text. A description goes on over the
 * following comment lines that are indented deeper than the tag and hold no tag of their own.
 */
export function docTags(source, tag) {
  const found = [];
  const lines = source.split('\n');
  const head = new RegExp(`^(\\s*(?:\\*|//)?\\s*)@${tag}\\s+(\\S+)(?:\\s+-\\s+|\\s+)?(.*)$`);
  for (let i = 0; i < lines.length; i++) {
    const m = head.exec(lines[i]);
    if (!m) continue;
    let description = m[3].trim();
    for (let k = i + 1; k < lines.length; k++) {
      const next = /^(\s*(?:\*|\/\/)(\s*))(.*)$/.exec(lines[k]);
      if (!next || next[3].startsWith('@') || !next[3].trim() || next[1].length <= m[1].length) break;
      description += ` ${next[3].trim()}`;
    }
    found.push({ name: m[2], description });
  }
  return found;
}

/** JSDoc blocks directly above a function or method: [{ fn, body }]. */
function docBlocks(source) {
  const blocks = [];
  for (const m of source.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(?:export\s+)?(?:async\s+)?(?:function\s+)?([A-Za-z_$][\w$]*)\s*\(/g)) {
    blocks.push({ fn: m[2], body: m[1] });
  }
  return blocks;
}

/** The element's own source files: its file and the relative imports outside shared/, recursively. */
async function ownSources(path, seen = new Map()) {
  if (seen.has(path)) return seen;
  const source = await readFile(join(root, path), 'utf8');
  seen.set(path, source);
  for (const m of source.matchAll(/^import[^'"]*['"](\.{1,2}\/[^'"]+\.js)['"]/gm)) {
    const target = relative(root, join(root, dirname(path), m[1]));
    if (target.startsWith('src/elements/') && !target.startsWith('src/elements/shared/')) await ownSources(target, seen);
  }
  return seen;
}

/** Parts declared above shared functions: [{ fn, name, description }]. */
async function sharedParts() {
  const dir = join(root, 'src/elements/shared');
  const parts = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.js')).sort()) {
    for (const { fn, body } of docBlocks(await readFile(join(dir, file), 'utf8'))) {
      for (const part of docTags(body, 'csspart')) parts.push({ fn, ...part });
    }
  }
  return parts;
}

// A sentence: a leading plain word capitalised (never a name such as d_model), a full stop at the end.
const sentence = (text) => `${text.replace(/^[a-z]+\b(?![_(])/, (w) => w[0].toUpperCase() + w.slice(1))}.`;

function attributeOf(name, spec) {
  const range = { int: 'Integer', number: 'Number' }[spec.type];
  const kind = spec.type === 'bool' ? 'Present means true' : range && `${range} from ${spec.min} to ${spec.max}`;
  const description = sentence([kind, spec.doc].filter(Boolean).join(': '));
  const attr = { name, fieldName: camel(name), type: { text: typeText(spec) } };
  if (description) attr.description = description;
  if (spec.default !== undefined && spec.default !== '') attr.default = JSON.stringify(spec.default);
  return attr;
}

function fieldsOf(name, spec) {
  const attr = attributeOf(name, spec);
  return propertyNames(name, spec).map((fieldName) => ({ kind: 'field', name: fieldName, attribute: name, reflects: true, type: attr.type,
    ...(attr.default ? { default: attr.default } : {}), ...(attr.description ? { description: attr.description } : {}) }));
}

export async function buildManifest() {
  const elements = await registeredElements();
  const baseSource = await readFile(join(root, 'src/elements/shared/base.js'), 'utf8');
  const { tokens } = await import(pathToFileURL(join(root, 'src/elements/shared/tokens.js')).href);
  const cssProperties = Object.entries(tokens).map(([name, t]) => ({ name, description: t.doc, default: t.light }));
  const providedParts = await sharedParts();
  const modules = [];
  const exports = [];
  for (const { tag, cls } of elements) {
    const path = `src/elements/${tag}.js`;
    const sources = await ownSources(path);
    const source = sources.get(path);
    const all = [...sources.values()].join('\n');
    const calls = (fn) => new RegExp(`\\b${fn}\\s*\\(`).test(all);
    const props = cls.props || {};
    const lead = /^((?:\/\/.*\n)+)/.exec(source);
    // The file's opening paragraph (up to the first empty comment line), without the "<tag>: " lead.
    const paragraph = lead ? lead[1].split(/\n\/\/\s*\n/)[0] : '';
    const description = paragraph.split('\n').map((l) => l.replace(/^\/\/\s?/, '').trim()).join(' ').trim()
      .replace(new RegExp(`^<${tag}>:?\\s*`), '');
    const declaration = {
      kind: 'class',
      name: cls.name,
      tagName: tag,
      customElement: true,
      description,
      superclass: { name: 'PeFfnElement' },
      source: { href: path },
      attributes: [
        ...Object.entries(props).map(([name, spec]) => attributeOf(name, spec)),
        { name: 'lang', type: { text: "'ko' | 'en'" }, description: 'Language of the element; default: the closest ancestor\'s lang, then <html lang>.' },
      ],
      members: [
        ...Object.entries(props).flatMap(([name, spec]) => fieldsOf(name, spec)),
        { kind: 'field', name: 'updateComplete', type: { text: 'Promise<void>' }, readonly: true, description: 'Resolves after the render that follows the latest change.' },
      ],
      events: dedupe([...docTags(baseSource, 'fires'), ...docTags(all, 'fires')])
        .map(({ name, description }) => ({ name, description, type: { text: 'CustomEvent' } })),
      cssParts: dedupe([
        ...providedParts.filter(({ fn }) => calls(fn)).map(({ name, description }) => ({ name, description })),
        ...docTags(all, 'csspart'),
      ]),
      cssProperties,
    };
    const modulePath = elementModule(tag);
    modules.push({
      kind: 'javascript-module', path: modulePath, declarations: [declaration],
      exports: [
        { kind: 'js', name: cls.name, declaration: { name: cls.name, module: modulePath } },
        { kind: 'custom-element-definition', name: tag, declaration: { name: cls.name, module: modulePath } },
      ],
    });
    exports.push(
      { kind: 'js', name: cls.name, declaration: { name: cls.name, module: modulePath } },
      { kind: 'custom-element-definition', name: tag, declaration: { name: cls.name, module: modulePath } },
    );
  }
  return { schemaVersion: '2.1.0', readme: 'docs/elements.md', modules: [{ kind: 'javascript-module', path: PACKAGE_MODULE, declarations: [], exports }, ...modules] };
}

function dedupe(list) {
  const seen = new Map();
  for (const item of list) if (!seen.has(item.name)) seen.set(item.name, item);
  return [...seen.values()];
}

export async function outputs() {
  const manifest = await buildManifest();
  return [{ file: OUT, content: `${JSON.stringify(manifest, null, 2)}\n`, note: `${manifest.modules.flatMap((m) => m.declarations).length} elements` }];
}

await runGenerator(import.meta.url, outputs);

#!/usr/bin/env node
// Reads the lists of src/c/pf_abi.h (limits, numbers, status codes, the kinds chosen by name, exports)
// and writes what the other side needs from them: src/js/abi.js for the JavaScript wrapper, the kinds'
// union types in src/js/index.d.ts (PositionScheme, Activation, BlockNorm), and emcc's export list and
// memory size, one flag a line, for the release module (build/wasm/abi-link-flags.txt) and for the
// bench build, which also exports PF_BENCH_EXPORTS (build/wasm/abi-link-flags-bench.txt). build.sh
// runs it before linking; tests/js/abi.test.js checks that the committed abi.js is what it would write.
//
//   node scripts/gen-abi.mjs            writes the four files (each only when it changes)
//   node scripts/gen-abi.mjs --check    only checks the committed two, exit 1 when one differs
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGenerator } from './generated-file.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const HEADER = join(root, 'src/c/pf_abi.h');
export const JS_MODULE = join(root, 'src/js/abi.js');
export const LINK_FLAGS = join(root, 'build/wasm/abi-link-flags.txt');
export const BENCH_LINK_FLAGS = join(root, 'build/wasm/abi-link-flags-bench.txt');
export const TYPES = join(root, 'src/js/index.d.ts');

const WASM_PAGE_BYTES = 65536;
const KINDS = ['RANGE', 'TYPE', 'STATE'];
/** The lists of kinds chosen by name: [list in pf_abi.h, JavaScript list, JavaScript constants]. */
/** The lists of kinds chosen by name: [list in pf_abi.h, JavaScript list, its constants, its type in index.d.ts]. */
export const KIND_LISTS = Object.freeze([
  ['PF_POSITIONS', 'POSITIONS', 'POSITION', 'PositionScheme'],
  ['PF_ACTIVATIONS', 'ACTIVATIONS', 'ACTIVATION', 'Activation'],
  ['PF_NORMS', 'NORMS', 'NORM', 'BlockNorm'],
]);

/** The arguments of one X(...) entry: identifiers, decimal numbers and "strings" (no escapes but \" and \\). */
function parseArgs(text, where) {
  const args = [];
  const token = /\s*(?:([A-Za-z_]\w*)|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|"((?:[^"\\]|\\["\\])*)")\s*(,|$)/y;
  let at = 0;
  while (at < text.length) {
    token.lastIndex = at;
    const m = token.exec(text);
    if (!m) throw new Error(`${where}: cannot read the arguments "${text}"`);
    args.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : m[3].replace(/\\(["\\])/g, '$1')));
    at = token.lastIndex;
    if (m[4] === '' && at < text.length) throw new Error(`${where}: cannot read the arguments "${text}"`);
  }
  return args;
}

/** The X(...) entries of `#define NAME(X)` in the header, each as its list of arguments. */
function list(header, name) {
  const lines = header.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`#define ${name}(X) \\`));
  if (start < 0) throw new Error(`pf_abi.h: no "#define ${name}(X) \\" line`);
  const entries = [];
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^\s*X\((.*)\)\s*(?:\/\*.*?\*\/)?\s*(\\?)\s*$/.exec(lines[i]);
    if (!m) throw new Error(`pf_abi.h:${i + 1}: expected one X(...) entry of ${name}, got "${lines[i].trim()}"`);
    entries.push(parseArgs(m[1], `pf_abi.h:${i + 1}`));
    if (!m[2]) return entries;
  }
  throw new Error(`pf_abi.h: ${name} does not end`);
}

function expectShape(entries, listName, types) {
  for (const args of entries) {
    const ok = args.length === types.length && args.every((a, i) => typeof a === types[i]);
    if (!ok) throw new Error(`pf_abi.h: an entry of ${listName} must be X(${types.join(', ')}), got X(${args.join(', ')})`);
  }
}

/** The lists, checked: int32 limits, finite numbers, status codes 0 .. n-1 in order, unique names. */
export function abiFromHeader(header) {
  const limits = list(header, 'PF_LIMITS');
  const numbers = list(header, 'PF_NUMBERS');
  const statuses = list(header, 'PF_STATUSES');
  const exports = list(header, 'PF_EXPORTS');
  const benchExports = list(header, 'PF_BENCH_EXPORTS');
  const kinds = KIND_LISTS.map(([name]) => list(header, name));
  expectShape(limits, 'PF_LIMITS', ['string', 'number']);
  expectShape(numbers, 'PF_NUMBERS', ['string', 'number']);
  expectShape(statuses, 'PF_STATUSES', ['string', 'number', 'string', 'string', 'string']);
  expectShape(exports, 'PF_EXPORTS', ['string']);
  expectShape(benchExports, 'PF_BENCH_EXPORTS', ['string']);
  kinds.forEach((entries, i) => {
    const listName = KIND_LISTS[i][0];
    expectShape(entries, listName, ['string', 'string']);
    for (const [name, jsName] of entries) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(name) || !/^[a-z][a-z0-9_]*$/.test(jsName)) {
        throw new Error(`pf_abi.h: an entry of ${listName} must be X(C_NAME, "js_name"), got X(${name}, "${jsName}")`);
      }
    }
    const jsNames = entries.map(([, jsName]) => jsName);
    const again = jsNames.find((n, j) => jsNames.indexOf(n) !== j);
    if (again) throw new Error(`pf_abi.h: "${again}" is listed twice in ${listName}`);
  });
  for (const [name, value] of limits) {
    if (!name.startsWith('PF_') || !Number.isInteger(value) || value < 0 || value > 2147483647) {
      throw new Error(`pf_abi.h: limit ${name} must be named PF_... and be an int32 >= 0, got ${value}`);
    }
  }
  statuses.forEach(([name, code, kind], i) => {
    if (code !== i) throw new Error(`pf_abi.h: status ${name} has code ${code}, expected ${i} (codes run 0, 1, 2, ... in order)`);
    if (!KINDS.includes(kind)) throw new Error(`pf_abi.h: status ${name} has kind ${kind}, expected one of ${KINDS.join(', ')}`);
  });
  for (const [name, value] of numbers) {
    if (!name.startsWith('PF_') || !Number.isFinite(value)) throw new Error(`pf_abi.h: number ${name} must be named PF_... and be finite, got ${value}`);
  }
  const names = [...limits, ...numbers, ...statuses, ...kinds.flat(), ...exports, ...benchExports].map(([name]) => name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`pf_abi.h: ${twice} is listed twice`);
  return {
    limits: Object.fromEntries(limits.map(([name, value]) => [name.slice(3), value])),
    numbers: Object.fromEntries(numbers.map(([name, value]) => [name.slice(3), value])),
    statuses: statuses.map(([name, code, kind, param, text]) => ({ code, name, kind, param, text })),
    exports: exports.map(([name]) => name),
    benchExports: benchExports.map(([name]) => name),
    kinds: Object.fromEntries(KIND_LISTS.map(([, jsList], i) => [jsList, kinds[i].map(([, jsName]) => jsName)])),
    hash: abiHash(limits, numbers, statuses, kinds, exports),
  };
}

/** FNV-1a over the lists (not the bench's exports), as pf_abi_hash() in wasm_exports.c computes it. */
function abiHash(limits, numbers, statuses, kinds, exports) {
  let h = 2166136261;
  const bytes = (list) => { for (const b of list) h = Math.imul(h ^ b, 16777619) >>> 0; };
  const text = (s) => bytes([...new TextEncoder().encode(s), 10]);
  const int = (v) => bytes([v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255]);
  const double = (v) => bytes(new Uint8Array(new Float64Array([v]).buffer)); // little-endian, as wasm
  for (const [name, value] of limits) { text(name); int(value); }
  for (const [name, value] of numbers) { text(name); double(value); }
  for (const [name, code] of statuses) { text(name); int(code); }
  for (const [name, jsName] of kinds.flat()) { text(name); text(jsName); }
  for (const [name] of exports) text(name);
  return h;
}

/** The text of src/js/abi.js. */
export function abiModule(abi) {
  const statusLines = abi.statuses.map((s) => `  ${JSON.stringify(s)},`);
  const kindLines = KIND_LISTS.map(([cList, jsList, constants]) => {
    const names = abi.kinds[jsList];
    const byName = Object.fromEntries(names.map((n) => [n.toUpperCase(), n]));
    return `/** ${cList} by name, in C's order (a name's index is its C value). */
export const ${jsList} = Object.freeze(${JSON.stringify(names)});
/** Each of ${jsList} as a constant, for code that treats one of them apart. */
export const ${constants} = Object.freeze(${JSON.stringify(byName)});
`;
  });
  return `// Generated by scripts/gen-abi.mjs from src/c/pf_abi.h: do not edit here. To add a limit, a status
// code, a position scheme, an activation, a norm order or an export, edit pf_abi.h (its top comment
// says how) and run \`bash build.sh\`.

/** The API's limits (PF_MAX_... in C). */
export const LIMITS = Object.freeze(${JSON.stringify(abi.limits)});

/** The API's numbers that are not int32 limits: defaults and the seed range (PF_NUMBERS in C). */
export const NUMBERS = Object.freeze(${JSON.stringify(abi.numbers)});

/** pf_status codes by number: C name, JavaScript error kind, the parameter it is about, text. */
export const STATUSES = Object.freeze([
${statusLines.join('\n')}
].map(Object.freeze));

${kindLines.join('\n')}
/** The functions the module exports besides its memory. */
export const EXPORTS = Object.freeze(${JSON.stringify(abi.exports)});

/** The functions only the bench build exports besides those (tests/bench). */
export const BENCH_EXPORTS = Object.freeze(${JSON.stringify(abi.benchExports)});

/** pf_abi_hash() of a module built from the same lists. */
export const ABI_HASH = ${abi.hash};
`;
}

/** emcc flags, one a line: the exported functions (with the bench's for the bench build) and the largest memory. */
export function linkFlags(abi, { bench = false } = {}) {
  const names = bench ? [...abi.exports, ...abi.benchExports] : abi.exports;
  return [
    `-sEXPORTED_FUNCTIONS=${names.map((name) => `_${name}`).join(',')}`,
    `-sMAXIMUM_MEMORY=${abi.limits.MAX_MEMORY_PAGES * WASM_PAGE_BYTES}`,
  ].join('\n') + '\n';
}

/** index.d.ts with each kind's union type (`export type Activation = 'relu' | ...;`) made from the lists. */
export function withKindTypes(types, abi) {
  let text = types;
  for (const [, jsList, , type] of KIND_LISTS) {
    const line = new RegExp(`^export type ${type} = [^;]*;$`, 'm');
    if (!line.test(text)) throw new Error(`src/js/index.d.ts has no "export type ${type} = ...;" line`);
    text = text.replace(line, `export type ${type} = ${abi.kinds[jsList].map((n) => `'${n}'`).join(' | ')};`);
  }
  return text;
}

/** The committed files it makes (scripts/generate.mjs lists this generator; a test runs its --check). */
export function outputs() {
  const abi = abiFromHeader(readFileSync(HEADER, 'utf8'));
  return [
    { file: relative(root, JS_MODULE), content: abiModule(abi) },
    { file: relative(root, TYPES), content: withKindTypes(readFileSync(TYPES, 'utf8'), abi) },
  ];
}

// Besides the committed module, the link flags build.sh's wasm and bench targets read (build/, never
// committed).
await runGenerator(import.meta.url, () => {
  if (process.argv.includes('--check')) return outputs();
  const abi = abiFromHeader(readFileSync(HEADER, 'utf8'));
  return [...outputs(),
    { file: relative(root, LINK_FLAGS), content: linkFlags(abi) },
    { file: relative(root, BENCH_LINK_FLAGS), content: linkFlags(abi, { bench: true }) }];
});

// Each position scheme, activation and norm order is named once, in src/c/pf_abi.h. Code that treats
// one of them apart reads its constant (POSITION.ROPE, ACTIVATION.GELU, NORM.PRE from
// src/js/defaults.js), and a list or table of them is made from the lists (POSITIONS, ...; kindTable
// for a table with one entry per name). So adding a kind is one line in pf_abi.h plus its own code,
// never a hunt for copies.
//
// This test fails when a kind's name is written as a string literal, used as a kind, in the code of
// src/, scripts/, web/ and bin/. Allowed: the registry and its generated files (src/js/abi.js; the
// .d.ts unions, checked by scripts/gen-abi.mjs --check) and the translations (src/i18n/, the quiz bank's
// JSON). Tests are not read: an independent check spells the names itself.
//
// "Used as a kind" is read from the line, because two of the names are ordinary words too ('none',
// 'pre'; 'rope' is also a quiz topic and a view of <pe-compare>). A literal name counts when it
//   - is compared with, assigned to or keyed as something named like a kind
//     (position, scheme, norm, activation: `scheme === 'learned'`, `activation: 'relu'`),
//   - is looked for in a list (`.includes('rope')`) or passed to a scheme lookup (`at('none', …)`),
//   - is a key of a table (`'gelu': …`, Python's `"gelu": …`, `relu: …` at the start of a line),
//   - stands on one line with another name of the same kind (a hand-kept list: `['post', 'pre']`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTIVATIONS, NORMS, POSITIONS } from '../../src/js/abi.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const KINDS = { position: POSITIONS, activation: ACTIVATIONS, norm: NORMS };
const SCANNED = ['src/', 'scripts/', 'web/', 'bin/'];
/** The registry's generated JavaScript and the translations. */
const ALLOWED = [/^src\/js\/abi\.js$/, /^src\/i18n\//];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KIND_WORD = '(?:position|scheme|norm|activation)\\w*';

/** 'name', "name" or `name` */
const literal = (name) => `(?:'${escape(name)}'|"${escape(name)}"|\`${escape(name)}\`)`;
const ANY_LITERAL = `(?:'[^']*'|"[^"]*"|\`[^\`]*\`)`;
const comment = (line) => /^\s*(?:\/\/|\/?\*)/.test(line);

/** The uses of a kind's name as a kind in one file's text: [{ line, name, kind, rule }]. */
export function kindLiterals(text, kinds = KINDS) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (comment(line)) return;
    for (const [kind, names] of Object.entries(kinds)) {
      const present = names.filter((name) => new RegExp(literal(name)).test(line));
      const report = (name, rule) => found.push({ line: i + 1, name, kind, rule });
      for (const name of present) {
        const q = literal(name);
        const listed = (other) => new RegExp(`${q}(?:\\s*,\\s*${ANY_LITERAL})*?\\s*,\\s*${literal(other)}`).test(line)
          || new RegExp(`${literal(other)}(?:\\s*,\\s*${ANY_LITERAL})*?\\s*,\\s*${q}`).test(line);
        if (new RegExp(`${KIND_WORD}['"\\]]?\\s*(?:[!=]==?|=|:|\\?\\?)\\s*${q}`, 'i').test(line)
          || new RegExp(`${q}\\s*[!=]==?\\s*[\\w.?]*${KIND_WORD}`, 'i').test(line)) report(name, 'compared or assigned as a kind');
        else if (new RegExp(`(?:\\.includes|\\bat|\\.indexOf)\\(\\s*${q}`).test(line)) report(name, 'looked up');
        else if (new RegExp(`(?:^\\s*|[{,]\\s*)${q}\\s*:(?!:)`).test(line)) report(name, 'a table key');
        else if (present.some((other) => other !== name && listed(other))) report(name, 'in a hand-kept list');
      }
    }
  });
  // A table keyed by bare names: two names of one kind as keys at the start of a line.
  for (const [kind, names] of Object.entries(kinds)) {
    const keyed = names.map((name) => [name, lines.findIndex((line) => new RegExp(`^\\s*${escape(name)}\\s*:`).test(line))])
      .filter(([, at]) => at >= 0);
    if (keyed.length > 1) for (const [name, at] of keyed) found.push({ line: at + 1, name, kind, rule: 'a table key' });
  }
  return found;
}

function files(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) return files(`${path}/`);
    return /\.(m?js)$/.test(entry.name) ? [path] : [];
  });
}

test('the rules themselves: each way of naming a kind by hand is found, ordinary words are not', () => {
  const cases = [
    [`if (config.position === 'learned') x();`, 'learned', 'compared or assigned as a kind'],
    [`maxLength: scheme === 'learned' ? a : b,`, 'learned', 'compared or assigned as a kind'],
    [`const f = (norm = 'post') => 0;`, 'post', 'compared or assigned as a kind'],
    [`core.createFFN({ dModel, activation: 'relu' });`, 'relu', 'compared or assigned as a kind'],
    [`if ('rope' === run.scheme) y();`, 'rope', 'compared or assigned as a kind'],
    [`settings.schemes.includes('rope')`, 'rope', 'looked up'],
    [`pct(at('none', false)?.accuracy)`, 'none', 'looked up'],
    [`    "gelu_tanh": lambda z: 0.5 * z,`, 'gelu_tanh', 'a table key'],
    [`const T = {\n  relu: 'a = np.maximum(z, 0)',\n  silu: 'a = z / (1 + np.exp(-z))',\n};`, 'silu', 'a table key'],
    [`const NORMS = ['post', 'pre'];`, 'post', 'in a hand-kept list'],
    [`rnd.pick(['sinusoidal', 'learned', 'rope', 'none'])`, 'sinusoidal', 'in a hand-kept list'],
  ];
  for (const [line, name, rule] of cases) {
    assert.ok(kindLiterals(line).some((f) => f.name === name && f.rule === rule), `${line}: ${name} ${rule}, found ${JSON.stringify(kindLiterals(line))}`);
  }
  const ordinary = [
    `el.style.display = 'none';`,
    `const TOPIC_CHOICES = ['document', 'all', 'pe', 'rope', 'ffn'];`,
    `exportPanel(this, 'rope', s.exports.rope),`,
    `return !p || p === 'none' ? null : p;`,
    `if (position === POSITION.ROPE) z();`,
    `const x = cond ? 'pre' : 'x';`,
    `h('div', { class: 'grids' }, grid('pre'), grid('post')),`,
    `const TOPICS = {\n  rope: { sections: 1 },\n  lab: { sections: 2 },\n};`,
    `// position === 'learned' in a comment`,
    `  --mastery M    the pass mark; 'none': completion only`,
  ];
  for (const line of ordinary) assert.deepEqual(kindLiterals(line), [], line);
});

test('no kind is named by hand outside pf_abi.h, its generated files and the translations', () => {
  const scanned = SCANNED.flatMap(files).filter((path) => !ALLOWED.some((re) => re.test(path)));
  assert.ok(scanned.length > 100, `read ${scanned.length} files`);
  const problems = scanned.flatMap((path) => kindLiterals(readFileSync(join(root, path), 'utf8'))
    .map(({ line, name, kind, rule }) => `${path}:${line}: '${name}' (${kind}) ${rule}: use the ${kind} constants or lists of src/js/defaults.js`));
  assert.deepEqual(problems, []);
});

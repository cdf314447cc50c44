// Each position scheme, activation and norm order is named once, in src/c/pf_abi.h; each quiz question
// kind once, in its file src/quiz/kinds/<kind>.js (listed in src/quiz/kinds/index.js). Code that treats
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
// Two quiz kinds are ordinary words too ('number', 'text': input types, table keys), so a quiz kind's
// literal counts when it
//   - is compared with or assigned to a question's type (`q.type === 'mc'`, `question.type = 'ox'`),
//   - is the type of a question being made (`{ type: 'mc', … }`; 'number' and 'text' only beside a
//     question's fields: section, answer, prompt, tolerance, choices),
//   - is a case of a switch on a question's type (mc and ox in any switch),
//   - is looked for in a list, or a list holds only kinds (`['mc', 'ox', 'number', 'text']`),
//   - is a key of a table that has mc or ox among two or more kinds (`{ mc: 'choice', ox: … }`).
// The quiz kinds' code (src/quiz/kinds/) and the texts (src/i18n/) may name them. So may, for now, the
// answer reader (src/quiz/parse-answer.js, src/quiz/parse/), which is being rewritten (issue 33) and
// whose frame and classification still treat mc, number and text apart. The .d.ts union and docs/quiz.md's list of kinds are
// generated from the registry (scripts/quiz-kinds.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTIVATIONS, NORMS, POSITIONS } from '../../src/js/abi.js';
import { KIND_NAMES } from '../../src/quiz/kinds/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const KINDS = { position: POSITIONS, activation: ACTIVATIONS, norm: NORMS };
const SCANNED = ['src/', 'scripts/', 'web/', 'bin/'];
/** The registry's generated JavaScript and the translations. */
const ALLOWED = [/^src\/js\/abi\.js$/, /^src\/i18n\//];
/** The quiz kinds' own files, the translations and (until issue 33 lands) the answer reader. */
const QUIZ_ALLOWED = [/^src\/quiz\/kinds\//, /^src\/i18n\//, /^src\/quiz\/parse-answer\.js$/, /^src\/quiz\/parse\//];

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

const QUESTION_TYPE = '\\b(?:q|question|\\w*Question)\\??\\.type';
const UNAMBIGUOUS = (name) => !['number', 'text'].includes(name);

/** The uses of a quiz kind's name as a kind in one file's text: [{ line, name, kind, rule }]. */
export function quizKindLiterals(text, names = KIND_NAMES) {
  const found = [];
  const lines = text.split('\n');
  const anyName = `(?:${names.map((n) => literal(n)).join('|')})`;
  const switchOnType = new RegExp(`switch\\s*\\(\\s*${QUESTION_TYPE}\\s*\\)`).test(text);
  lines.forEach((line, i) => {
    if (comment(line)) return;
    for (const name of names) {
      const q = literal(name);
      if (!new RegExp(q).test(line)) continue;
      const report = (rule) => found.push({ line: i + 1, name, kind: 'quiz kind', rule });
      if (new RegExp(`${QUESTION_TYPE}\\s*(?:[!=]==?|=)\\s*${q}|${q}\\s*[!=]==?\\s*${QUESTION_TYPE}`).test(line)) report('compared or assigned as a question type');
      else if (new RegExp(`\\btype\\s*:\\s*${q}`).test(line)
        && (UNAMBIGUOUS(name) || /\b(?:section|answer|prompt|tolerance|choices)\s*:/.test(line))) report("a question's type");
      else if (new RegExp(`\\bcase\\s+${q}\\s*:`).test(line) && (switchOnType || UNAMBIGUOUS(name))) report('a case of a switch on the type');
      else if (new RegExp(`\\.includes\\(\\s*${q}`).test(line)) report('looked up');
      else if (new RegExp(`\\[\\s*${anyName}(?:\\s*,\\s*${anyName})+\\s*\\]`).test(line)) report('in a hand-kept list');
    }
  });
  // A table keyed by kinds, mc or ox among them, on one line or at the starts of lines.
  const keyAt = (name) => lines.findIndex((line) => !comment(line)
    && new RegExp(`(?:^\\s*|[{,]\\s*)(?:${escape(name)}|${literal(name)})\\s*:(?!:)`).test(line));
  const keyed = names.map((name) => [name, keyAt(name)]).filter(([, at]) => at >= 0);
  if (keyed.length > 1 && keyed.some(([name]) => UNAMBIGUOUS(name))) {
    for (const [name, at] of keyed) found.push({ line: at + 1, name, kind: 'quiz kind', rule: 'a table key' });
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

test('the quiz rules themselves: each way of naming a question kind by hand is found, ordinary words are not', () => {
  const cases = [
    [`if (q.type === 'mc') x();`, 'mc', 'compared or assigned as a question type'],
    [`const units = q.type === 'number' ? a : b;`, 'number', 'compared or assigned as a question type'],
    [`if ('text' !== question.type) y();`, 'text', 'compared or assigned as a question type'],
    [`q.type = 'ox';`, 'ox', 'compared or assigned as a question type'],
    [`}, { type: 'mc', section: '000-3', difficulty: 1,`, 'mc', "a question's type"],
    [`}, { type: 'number', section: 'lab', answer, tolerance: 0,`, 'number', "a question's type"],
    [`switch (q.type) {\n  case 'text': return 1;\n}`, 'text', 'a case of a switch on the type'],
    [`    case 'ox': return 0;`, 'ox', 'a case of a switch on the type'],
    [`const open = types.includes('ox');`, 'ox', 'looked up'],
    [`const typeRows = ['mc', 'ox', 'number', 'text'].map((k) => k);`, 'number', 'in a hand-kept list'],
    [`const MOODLE_TYPE = { mc: 'multichoice', ox: 'truefalse', number: 'numerical', text: 'shortanswer' };`, 'text', 'a table key'],
    [`const T = {\n  mc: 'choice',\n  number: 'numeric',\n};`, 'number', 'a table key'],
  ];
  for (const [line, name, rule] of cases) {
    assert.ok(quizKindLiterals(line).some((f) => f.name === name && f.rule === rule), `${line}: ${name} ${rule}, found ${JSON.stringify(quizKindLiterals(line))}`);
  }
  const ordinary = [
    `h('input', { type: 'text', id: inputId, disabled: locked })`,
    `if (el.type === 'number' && el.value.trim() === '') return;`,
    `const range = { int: 'Integer', number: 'Number' }[spec.type];`,
    `return result('mixed', a, { number: n.text, text: shown(t) });`,
    `const against = (sample) => (['count', 'choice', 'ox', 'text'].includes(sample) ? '' : 'x');`,
    `// q.type === 'mc' in a comment`,
    `const kind = KIND.MC;`,
  ];
  for (const line of ordinary) assert.deepEqual(quizKindLiterals(line), [], line);
});

test('no quiz kind is named by hand outside src/quiz/kinds/ and the translations', () => {
  const scanned = SCANNED.flatMap(files).filter((path) => !QUIZ_ALLOWED.some((re) => re.test(path)));
  assert.ok(scanned.length > 100, `read ${scanned.length} files`);
  const problems = scanned.flatMap((path) => quizKindLiterals(readFileSync(join(root, path), 'utf8'))
    .map(({ line, name, rule }) => `${path}:${line}: '${name}' (quiz kind) ${rule}: dispatch through kindOf(q) or KIND of src/quiz/kinds/index.js`));
  assert.deepEqual(problems, []);
});

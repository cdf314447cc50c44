// Checks a question bank (the built-in one or a teacher's JSON from a URL) before anything renders
// it. validateBank(json) returns the bank unchanged when it is valid and otherwise throws an Error
// whose message starts with the path of the first problem, e.g.
//   questions[3].choices[1]: expected a non-empty string
// Unknown fields are errors too (they are usually typos), except keys starting with "x-" or "_",
// and two-letter language codes, which hold translations ({ en: { prompt, choices, ... } }).
import { KINDS, KIND_NAMES, kindOf } from './kinds/index.js';

export const QUESTION_TYPES = KIND_NAMES;
export const ORIGINS = ['document', 'original', 'generated'];
const MAX_QUESTIONS = 5000;
const MAX_TEXT = 10000;
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const LANG = /^[a-z]{2}$/;

class BankError extends Error {
  constructor(path, message) {
    super(`${path || 'bank'}: ${message}`);
    this.name = 'BankError';
    this.path = path;
  }
}

const fail = (path, message) => { throw new BankError(path, message); };
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const describe = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `"${v.slice(0, 40)}"` : String(v));
const isExtension = (key) => key.startsWith('x-') || key.startsWith('_');
const join = (path, key) => (path ? `${path}.${key}` : key);

function text(v, path) {
  if (typeof v !== 'string' || v.trim() === '') fail(path, `expected a non-empty string, got ${describe(v)}`);
  if (v.length > MAX_TEXT) fail(path, `text longer than ${MAX_TEXT} characters`);
  return v;
}
function optionalText(obj, key, path) {
  if (obj[key] !== undefined) text(obj[key], join(path, key));
}
function textArray(v, path, { min = 0 } = {}) {
  if (!Array.isArray(v)) fail(path, `expected an array of strings, got ${describe(v)}`);
  if (v.length < min) fail(path, `expected at least ${min} entries, got ${v.length}`);
  v.forEach((s, i) => text(s, `${path}[${i}]`));
  return v;
}
function allowedKeys(obj, path, keys) {
  for (const key of Object.keys(obj)) {
    if (!keys.includes(key) && !isExtension(key) && !LANG.test(key)) fail(join(path, key), 'unknown field');
  }
}
function object(v, path) {
  if (!isObject(v)) fail(path, `expected an object, got ${describe(v)}`);
  return v;
}
function unitText(v, path) {
  if (typeof v !== 'string' || v.length > 40) fail(path, 'expected a string of at most 40 characters');
}

// The fields of every question, then those of its kind (src/quiz/kinds/).
const QUESTION_KEYS = ['id', 'type', 'origin', 'section', 'category', 'prompt', 'answer', 'explanation', 'hints', 'tags',
  'difficulty', 'distractors', 'params', 'tutorial', ...KINDS.flatMap((kind) => Object.keys(kind.fields))];
const TRANSLATION_KEYS = ['prompt', 'explanation', 'hints', 'distractors', 'category', ...new Set(KINDS.flatMap((kind) => kind.translated))];

// Each kind checks its own fields (src/quiz/kinds/); the fields of the other kinds must be absent.
function validateAnswer(q, path) {
  const check = { text, textArray, unitText, fail, describe };
  for (const kind of KINDS) {
    if (kind.name === q.type) { kind.validate(q, path, check); continue; }
    for (const [key, what] of Object.entries(kind.fields)) {
      if (q[key] !== undefined) fail(`${path}.${key}`, `only ${kind.who} have ${what}, this one is "${q.type}"`);
    }
  }
}

function validateDistractors(q, path, misconceptions) {
  if (q.distractors === undefined) return;
  if (!Array.isArray(q.distractors)) fail(`${path}.distractors`, `expected an array, got ${describe(q.distractors)}`);
  q.distractors.forEach((d, i) => {
    const p = `${path}.distractors[${i}]`;
    object(d, p);
    allowedKeys(d, p, ['match', 'misconception', 'explanation']);
    const m = d.match;
    const wrong = kindOf(q).wrongMatch(q, m, { text, path: `${p}.match` });
    if (wrong !== true) fail(`${p}.match`, wrong);
    if (d.misconception !== undefined) {
      text(d.misconception, `${p}.misconception`);
      if (misconceptions && !misconceptions.has(d.misconception)) fail(`${p}.misconception`, `unknown misconception "${d.misconception}" (not in the bank's misconceptions)`);
    }
    text(d.explanation, `${p}.explanation`);
  });
}

function validateTranslation(t, q, path) {
  object(t, path);
  allowedKeys(t, path, TRANSLATION_KEYS);
  for (const key of ['prompt', 'explanation', 'category', 'answer']) optionalText(t, key, path);
  if (t.unit !== undefined) unitText(t.unit, `${path}.unit`);
  if (t.choices !== undefined) {
    const owner = KINDS.find((kind) => Object.hasOwn(kind.fields, 'choices'));
    if (owner !== kindOf(q)) fail(`${path}.choices`, `only ${owner.who} have choices`);
    textArray(t.choices, `${path}.choices`);
    if (t.choices.length !== q.choices.length) fail(`${path}.choices`, `expected ${q.choices.length} choices like the original, got ${t.choices.length}`);
  }
  if (t.hints !== undefined) textArray(t.hints, `${path}.hints`);
  if (t.accept !== undefined) textArray(t.accept, `${path}.accept`);
  if (t.distractors !== undefined) {
    textArray(t.distractors, `${path}.distractors`);
    const n = q.distractors ? q.distractors.length : 0;
    if (t.distractors.length !== n) fail(`${path}.distractors`, `expected ${n} explanations, one per distractor, got ${t.distractors.length}`);
  }
}

function validateQuestion(q, path, ctx) {
  object(q, path);
  allowedKeys(q, path, QUESTION_KEYS);
  if (typeof q.id !== 'string' || !ID.test(q.id)) fail(`${path}.id`, `expected an id of letters, digits, '.', '_', ':' or '-', got ${describe(q.id)}`);
  if (ctx.ids.has(q.id)) fail(`${path}.id`, `duplicate id "${q.id}" (also ${ctx.ids.get(q.id)})`);
  ctx.ids.set(q.id, path);
  if (!QUESTION_TYPES.includes(q.type)) fail(`${path}.type`, `expected one of ${QUESTION_TYPES.join(', ')}, got ${describe(q.type)}`);
  if (q.origin !== undefined && !ORIGINS.includes(q.origin)) fail(`${path}.origin`, `expected one of ${ORIGINS.join(', ')}, got ${describe(q.origin)}`);
  text(q.prompt, `${path}.prompt`);
  validateAnswer(q, path);
  text(q.explanation, `${path}.explanation`);
  if (q.hints !== undefined) textArray(q.hints, `${path}.hints`);
  if (q.tags !== undefined) textArray(q.tags, `${path}.tags`);
  optionalText(q, 'category', path);
  if (q.tutorial !== undefined && (typeof q.tutorial !== 'string' || !ID.test(q.tutorial))) fail(`${path}.tutorial`, `expected the id of a tutorial section, got ${describe(q.tutorial)}`);
  if (q.difficulty !== undefined && ![1, 2, 3].includes(q.difficulty)) fail(`${path}.difficulty`, `expected 1, 2 or 3, got ${describe(q.difficulty)}`);
  if (q.section !== undefined) {
    text(q.section, `${path}.section`);
    if (ctx.sections && !ctx.sections.has(q.section)) fail(`${path}.section`, `unknown section "${q.section}" (not in the bank's sections)`);
  }
  if (q.params !== undefined) object(q.params, `${path}.params`);
  validateDistractors(q, path, ctx.misconceptions);
  for (const key of Object.keys(q)) if (LANG.test(key) && !QUESTION_KEYS.includes(key)) validateTranslation(q[key], q, `${path}.${key}`);
}

function validateIdList(list, path, itemKeys, required) {
  if (!Array.isArray(list)) fail(path, `expected an array, got ${describe(list)}`);
  const ids = new Set();
  list.forEach((item, i) => {
    const p = `${path}[${i}]`;
    object(item, p);
    allowedKeys(item, p, itemKeys);
    if (typeof item.id !== 'string' || !ID.test(item.id)) fail(`${p}.id`, `expected an id, got ${describe(item.id)}`);
    if (ids.has(item.id)) fail(`${p}.id`, `duplicate id "${item.id}"`);
    ids.add(item.id);
    for (const key of required) text(item[key], `${p}.${key}`);
  });
  return ids;
}

function validateStudySheet(sheet, path) {
  object(sheet, path);
  allowedKeys(sheet, path, ['title', 'section', 'columns', 'summary', 'rows']);
  text(sheet.title, `${path}.title`);
  optionalText(sheet, 'summary', path);
  optionalText(sheet, 'section', path);
  if (sheet.columns !== undefined) textArray(sheet.columns, `${path}.columns`, { min: 2 });
  if (!Array.isArray(sheet.rows) || sheet.rows.length === 0) fail(`${path}.rows`, 'expected a non-empty array');
  sheet.rows.forEach((row, i) => {
    const p = `${path}.rows[${i}]`;
    object(row, p);
    allowedKeys(row, p, ['id', 'type', 'keyword', 'answer', 'tags']);
    for (const key of ['type', 'keyword', 'answer']) text(row[key], `${p}.${key}`);
    if (row.tags !== undefined) textArray(row.tags, `${p}.tags`);
  });
  for (const key of Object.keys(sheet)) {
    if (!LANG.test(key) || key === 'id') continue;
    const t = object(sheet[key], `${path}.${key}`);
    if (t.rows !== undefined) {
      if (!Array.isArray(t.rows) || t.rows.length !== sheet.rows.length) fail(`${path}.${key}.rows`, `expected ${sheet.rows.length} rows like the original`);
      t.rows.forEach((row, i) => object(row, `${path}.${key}.rows[${i}]`));
    }
  }
}

/**
 * Validates a bank: { questions: [...], and optionally format, version, lang, title, documents,
 * sections, misconceptions, studySheet }. Returns the bank; throws an Error naming the first bad path.
 */
export function validateBank(json) {
  const bank = object(json, '');
  allowedKeys(bank, '', ['format', 'version', 'lang', 'title', 'documents', 'sections', 'misconceptions', 'studySheet', 'questions']);
  if (bank.format !== undefined && bank.format !== 'pe-ffn-quiz-bank') fail('format', `expected "pe-ffn-quiz-bank", got ${describe(bank.format)}`);
  if (bank.version !== undefined && bank.version !== 1) fail('version', `expected 1, got ${describe(bank.version)}`);
  if (bank.lang !== undefined && (typeof bank.lang !== 'string' || !LANG.test(bank.lang))) fail('lang', `expected a two-letter language code, got ${describe(bank.lang)}`);
  optionalText(bank, 'title', '');
  if (bank.documents !== undefined) validateIdList(bank.documents, 'documents', ['id', 'file', 'title'], ['title']);
  const sections = bank.sections === undefined ? null : validateIdList(bank.sections, 'sections', ['id', 'doc', 'title', 'tutorial'], ['title']);
  const misconceptions = bank.misconceptions === undefined ? new Set() : validateIdList(bank.misconceptions, 'misconceptions', ['id', 'text'], ['text']);
  if (bank.studySheet !== undefined) validateStudySheet(bank.studySheet, 'studySheet');
  if (!Array.isArray(bank.questions)) fail('questions', `expected an array of questions, got ${describe(bank.questions)}`);
  if (bank.questions.length === 0) fail('questions', 'expected at least one question');
  if (bank.questions.length > MAX_QUESTIONS) fail('questions', `at most ${MAX_QUESTIONS} questions`);
  const ctx = { ids: new Map(), sections, misconceptions };
  bank.questions.forEach((q, i) => validateQuestion(q, `questions[${i}]`, ctx));
  return bank;
}

/**
 * Validates questions without a bank around them (what fromGIFT reads): every rule of validateBank
 * except the references to a bank's sections and misconceptions, which such a list cannot hold.
 */
export function validateQuestionList(questions) {
  if (!Array.isArray(questions)) fail('questions', `expected an array of questions, got ${describe(questions)}`);
  if (questions.length > MAX_QUESTIONS) fail('questions', `at most ${MAX_QUESTIONS} questions`);
  const ctx = { ids: new Map(), sections: null, misconceptions: null };
  questions.forEach((q, i) => validateQuestion(q, `questions[${i}]`, ctx));
  return questions;
}

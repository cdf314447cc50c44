// Moodle's GIFT text format, so teachers can move questions into Moodle and back.
//   toGIFT(questions, { lang, category }) -> text     fromGIFT(text) -> questions
// One language per export (GIFT has no translations). What GIFT cannot hold (section, tags,
// difficulty, hints, unit, units, labels, category, origin, misconception ids) travels in a comment line
//   // pe-ffn-quiz: {"section":"001-quiz",...}
// that Moodle ignores and fromGIFT reads back. Mapping (each kind writes and reads its own, src/quiz/kinds/):
//   mc     ::id::[plain]prompt{=right#fb ~wrong#fb ####explanation}
//   ox     ::id::[plain]prompt{T####explanation}   (answer 1 = T, 0 = F)
//   number ::id::[plain]prompt{#=100:0 =%0%20:0#fb ####explanation}   (answer:tolerance)
//   text   ::id::[plain]prompt{=FFN =feed-forward =%0%MLP#fb ####explanation}
import { localizeQuestion } from './localize.js';
import { validateQuestionList, ORIGINS } from './schema.js';
import { KINDS, KIND_NAMES, hasKind, kindOf } from './kinds/index.js';

const META_PREFIX = '// pe-ffn-quiz:';

/** Escapes GIFT's special characters ~ = # { } : and the backslash; newlines become \n. */
export function escapeGIFT(text) {
  return String(text).replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** Undoes escapeGIFT in one pass over slices (a regex callback per escape is slow on long runs). */
function unescapeGIFT(text) {
  const parts = [];
  let from = 0;
  for (let i = text.indexOf('\\'); i >= 0 && i < text.length - 1; i = text.indexOf('\\', i)) {
    const c = text[i + 1];
    if (c === 'n' || '\\~=#{}:'.includes(c)) {
      parts.push(text.slice(from, i), c === 'n' ? '\n' : c);
      from = i + 2;
      i += 2;
    } else {
      i += 1;
    }
  }
  parts.push(text.slice(from));
  return parts.join('').trim();
}

const num = (x) => String(Number(x.toPrecision(15)));

function answerBlock(q, L) {
  const feedback = (d) => (d.explanation ? `#${escapeGIFT(d.explanation)}` : '');
  return kindOf(q).gift.write(q, L, { escape: escapeGIFT, num, feedback, general: `####${escapeGIFT(L.explanation)}` });
}

/** Exports questions (bank format) as GIFT text in `lang` ('ko' default). */
export function toGIFT(questions, { lang = 'ko', category = '' } = {}) {
  const blocks = [];
  if (category) blocks.push(`$CATEGORY: ${category}`);
  for (const q of questions) {
    const L = localizeQuestion(q, lang);
    const meta = { type: q.type };
    for (const key of ['origin', 'section', 'difficulty', 'tags']) if (q[key] !== undefined) meta[key] = q[key];
    if (L.category) meta.category = L.category;
    if (L.hints.length) meta.hints = L.hints;
    const own = kindOf(q).fields;
    if (Object.hasOwn(own, 'unit') && L.unit) meta.unit = L.unit;
    for (const key of ['units', 'labels']) if (Object.hasOwn(own, key) && q[key]) meta[key] = q[key];
    const misconceptions = (q.distractors || []).map((d) => d.misconception || null);
    if (misconceptions.some(Boolean)) meta.misconceptions = misconceptions;
    blocks.push([
      `${META_PREFIX} ${JSON.stringify(meta)}`,
      `::${escapeGIFT(q.id)}::[plain]${escapeGIFT(L.prompt)}${answerBlock(q, L)}`,
    ].join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

// ---- import ----

/**
 * Splits on an unescaped '=' or '~' that follows white space (keeping it at the start of each part),
 * in one pass: whether the part so far has text and ends in a space is tracked, never re-scanned.
 */
function splitAnswers(body) {
  const parts = [];
  let start = 0;
  let hasText = false;
  let afterSpace = false;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 92) { i++; hasText = true; afterSpace = false; continue; } // '\\' escapes the next one
    if ((c === 61 || c === 126) && hasText && afterSpace) { // '=' or '~'
      parts.push(body.slice(start, i).trim());
      start = i;
      hasText = false;
    }
    const space = c === 32 || c === 9 || c === 10 || c === 13;
    if (!space) hasText = true;
    afterSpace = space;
  }
  if (hasText) parts.push(body.slice(start).trim());
  return parts;
}

/** "a..b" as a GIFT numeric range: [a, b] as texts, or null (one indexOf, no backtracking). */
function splitRange(value) {
  const at = value.indexOf('..');
  if (at < 0) return null;
  const lo = value.slice(0, at).trim();
  const hi = value.slice(at + 2).trim();
  const number = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
  return number.test(lo) && number.test(hi) ? [lo, hi] : null;
}

/**
 * Index of the first unescaped `ch` in `s` from `from`, or -1. indexOf finds each candidate and the
 * backslashes right before it are counted; `ch` is never a backslash, so those runs never overlap and
 * the search reads every character a bounded number of times.
 */
function findUnescaped(s, ch, from = 0) {
  for (let i = s.indexOf(ch, from); i >= 0; i = s.indexOf(ch, i + 1)) {
    let slashes = 0;
    for (let j = i - 1; j >= from && s[j] === '\\'; j--) slashes++;
    if (slashes % 2 === 0) return i;
  }
  return -1;
}

/** Splits "text#feedback" on the first unescaped '#'. */
function textAndFeedback(s) {
  const k = findUnescaped(s, '#');
  return k < 0 ? [s, ''] : [s.slice(0, k), s.slice(k + 1)];
}

function parseWeight(s) {
  const m = s.match(/^%(-?\d+(?:\.\d+)?)%/);
  return m ? [Number(m[1]), s.slice(m[0].length)] : [100, s];
}

// A question's texts may hold at most 10,000 characters each (the bank schema); a block far longer
// than any valid question is refused before it is unescaped and split.
const MAX_BLOCK_CHARS = 200000;

const GIFT_READERS = [...KINDS].sort((a, b) => a.gift.order - b.gift.order);
const helpers = { splitAnswers, parseWeight, textAndFeedback, splitRange, unescape: unescapeGIFT };

function parseBlock(block, meta, index) {
  if (block.length > MAX_BLOCK_CHARS) throw new Error(`GIFT question ${index + 1}: longer than ${MAX_BLOCK_CHARS} characters`);
  let rest = block.trim();
  let id = `gift-${index + 1}`;
  const title = rest.match(/^::((?:\\.|[^:\\])*)::/);
  if (title) { id = unescapeGIFT(title[1]).replace(/[^A-Za-z0-9._:-]/g, '-') || id; rest = rest.slice(title[0].length); }
  rest = rest.replace(/^\s*\[(?:plain|html|moodle|markdown)\]/, '');
  const open = findUnescaped(rest, '{');
  if (open < 0) throw new Error(`GIFT question ${index + 1} (${id}): no answer block {...}`);
  const close = findUnescaped(rest, '}', open);
  if (close < 0) throw new Error(`GIFT question ${index + 1} (${id}): the answer block is not closed with }`);
  const prompt = unescapeGIFT(`${rest.slice(0, open)} ${rest.slice(close + 1)}`);
  let body = rest.slice(open + 1, close);
  let explanation = '';
  const general = findUnescaped(body, '####');
  if (general >= 0) { explanation = unescapeGIFT(body.slice(general + 4)); body = body.slice(0, general); }
  body = body.trim();

  // The kinds' GIFT marks, tried in their order: the first that reads the block is its kind.
  const kind = GIFT_READERS.find((k) => k.gift.reads(body, helpers));
  const q = { id, type: kind.name, prompt };
  const distractors = [];
  kind.gift.read(body, q, distractors, { ...helpers, fail: (message) => { throw new Error(`GIFT question ${index + 1} (${id}): ${message}`); } });
  q.explanation = explanation || prompt;
  if (meta) applyMeta(q, checkMeta(meta, `GIFT question ${index + 1} (${id})`), distractors);
  const withText = distractors.filter((d) => d.explanation);
  if (withText.length) q.distractors = withText;
  return q;
}

// What a meta line may hold, and the type each field must have (anything else is refused).
const isText = (v) => typeof v === 'string' && v.trim() !== '';
const isTextList = (v) => Array.isArray(v) && v.every(isText);
const META_FIELDS = {
  type: [hasKind, `${KIND_NAMES.slice(0, -1).join(', ')} or ${KIND_NAMES.at(-1)}`],
  origin: [(v) => ORIGINS.includes(v), ORIGINS.join(', ')],
  section: [isText, 'a text'],
  category: [isText, 'a text'],
  unit: [(v) => typeof v === 'string', 'a text'],
  units: [isTextList, 'a list of texts'],
  labels: [isTextList, 'a list of texts'],
  difficulty: [(v) => v === 1 || v === 2 || v === 3, '1, 2 or 3'],
  tags: [isTextList, 'a list of texts'],
  hints: [isTextList, 'a list of texts'],
  misconceptions: [(v) => Array.isArray(v) && v.every((m) => m === null || isText(m)), 'a list of ids or nulls'],
};

/** The meta line's object, checked field by field: an Error names the first field of the wrong type. */
function checkMeta(meta, where) {
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) throw new Error(`${where}: the ${META_PREFIX} line must hold a JSON object`);
  for (const key of Object.keys(meta)) {
    if (!Object.hasOwn(META_FIELDS, key)) throw new Error(`${where}: unknown field "${key}" in the ${META_PREFIX} line`);
    const [ok, expected] = META_FIELDS[key];
    if (!ok(meta[key])) throw new Error(`${where}: "${key}" in the ${META_PREFIX} line must be ${expected}`);
  }
  return meta;
}

function applyMeta(q, meta, distractors) {
  for (const key of ['origin', 'section', 'category', 'difficulty', 'tags', 'hints']) if (meta[key] !== undefined) q[key] = meta[key];
  const own = kindOf(q).fields;
  for (const key of ['unit', 'units', 'labels']) if (meta[key] && Object.hasOwn(own, key)) q[key] = meta[key];
  if (meta.misconceptions) distractors.forEach((d, i) => { if (meta.misconceptions[i]) d.misconception = meta.misconceptions[i]; });
}

/**
 * Reads GIFT text (as written by toGIFT or by Moodle) into questions of the bank format, checked
 * like a bank (ids, duplicates, tolerances, choices): an Error names the first problem.
 */
export function fromGIFT(text) {
  const questions = [];
  let block = [];
  let meta = null;
  let pendingMeta = null;
  const flush = () => {
    if (block.join('').trim()) questions.push(parseBlock(block.join('\n'), meta, questions.length));
    block = [];
    meta = null;
  };
  for (const line of String(text).split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith(META_PREFIX)) {
      try { pendingMeta = JSON.parse(trimmed.slice(META_PREFIX.length)); } catch { throw new Error(`GIFT: the ${META_PREFIX} line before question ${questions.length + 1} is not valid JSON`); }
      continue;
    }
    if (trimmed.startsWith('//') || trimmed.startsWith('$CATEGORY:')) continue;
    if (trimmed === '') { flush(); continue; }
    if (!block.length) { meta = pendingMeta; pendingMeta = null; }
    block.push(line);
  }
  flush();
  try {
    validateQuestionList(questions);
  } catch (error) {
    throw new Error(`GIFT: ${error.message}`);
  }
  return questions;
}

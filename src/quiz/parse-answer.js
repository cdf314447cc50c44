// Reads answers the way people type them, Korean students first. The rules, in the order they are
// applied, are the table ANSWER_RULES in ./parse/rules.js (and docs/quiz.md); the word lists are in
// ./parse/words.js. Every reader runs in time linear in the input: spaces are collapsed first, every
// pattern is anchored and unambiguous, and ./parse/expression.js reads in one pass.
//
// read*(…) return { value, unit? } for an answer, { problem } for an answer that contradicts itself
// ('negated': "1 아님", 'several': "1 2 3", 'unequal': "20 = 100"), or null when unreadable. The
// parse*(…) wrappers keep the old contract: the value, or null for both.
import { evaluate, HAS_NUMBER } from './parse/expression.js';
import { LEADING_WORDS, ENDINGS, NEGATIONS, NEGATION_CONNECTIVES, ORDINALS, ENGLISH_ORDINALS, CHOICE_WORDS, TRUE_WORDS, FALSE_WORDS, SUPERSCRIPTS } from './parse/words.js';

// NFKC already turns ① → 1, ⑴ → (1), ３ → 3, ， → ,. These dingbat digits it leaves alone.
const EXTRA_DIGITS = [
  [0x2776, 0x277f], // ❶..❿
  [0x2780, 0x2789], // ➀..➉
  [0x278a, 0x2793], // ➊..➓
  [0x24f5, 0x24fe], // ⓵..⓾
];
const MINUS_SIGNS = /[\u2212\u2012\u2013\u2014\ufe63\uff0d]/g; // − ‒ – — ﹣ －
const MAX_EQUALS = 8;
// An answer (a number, a choice, an O/X, a term) is short; longer text is not read (normalising it
// stays linear, and the readers then never see more than this).
export const MAX_ANSWER_CHARS = 1000;
export const tooLong = (input) => typeof input === 'string' && input.length > MAX_ANSWER_CHARS && normalizeInput(input).length > MAX_ANSWER_CHARS;
const SUPERSCRIPT_RUN = /[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g;
const byLength = (list) => [...list].sort((a, b) => b.length - a.length);
const ENDINGS_LONGEST = byLength(ENDINGS);
const LEADING_LONGEST = byLength(LEADING_WORDS);
const CHOICE_WORDS_LONGEST = byLength([...CHOICE_WORDS, ...LEADING_WORDS]);

const DINGBAT_DIGIT = /[\u2776-\u2793\u24f5-\u24fe]/g;
function mapDingbatDigits(text) {
  return text.replace(DINGBAT_DIGIT, (ch) => {
    const code = ch.codePointAt(0);
    const [lo] = EXTRA_DIGITS.find(([from, to]) => code >= from && code <= to);
    return String(code - lo + 1);
  });
}

/** Unicode-normalises an answer: dingbat and full-width digits to ASCII, minus signs to '-', spaces collapsed. */
export function normalizeInput(input) {
  if (input === null || input === undefined) return '';
  // Superscripts become powers before NFKC would turn 10² into 102.
  const text = mapDingbatDigits(String(input)).replace(SUPERSCRIPT_RUN, (m) => `^${[...m].map((c) => SUPERSCRIPTS[c]).join('')}`).normalize('NFKC');
  return collapseSpaces(text.replace(MINUS_SIGNS, '-')).trim();
}

/** Every run of white space to one ' ', copying slices (a regex replace is slow with many matches). */
function collapseSpaces(text) {
  const parts = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (!isSpace(text.charCodeAt(i))) continue;
    let j = i + 1;
    while (j < text.length && isSpace(text.charCodeAt(j))) j++;
    if (j - i === 1 && text.charCodeAt(i) === 32) { i = j - 1; continue; } // already one plain space
    parts.push(text.slice(from, i), ' ');
    from = j;
    i = j - 1;
  }
  if (!parts.length) return text;
  parts.push(text.slice(from));
  return parts.join('');
}
const isSpace = (c) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
  || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff || c === 0x85;

/** For comparing free text: normalised, lower case, without spaces and punctuation. */
export function normalizeText(input) {
  return normalizeInput(input).toLowerCase().replace(/[\s\p{P}]+/gu, '');
}

// ---- steps shared by the readers (each one pass over the text) ----

const stripTrailingPunct = (t) => {
  let end = t.length;
  while (end > 0 && '.!?。！？~ '.includes(t[end - 1])) end--;
  return t.slice(0, end);
};

/** Removes one of `words` at the start (followed by a space, ':' or directly for Korean words). */
function stripLeading(t, words) {
  const lower = t.toLowerCase();
  for (const w of words) {
    if (!lower.startsWith(w)) continue;
    const rest = t.slice(w.length);
    const latin = /[a-z]$/.test(w);
    if (latin && /^[a-z0-9]/i.test(rest) && !/^\d/.test(rest)) continue; // "answered", "noon"
    return rest.replace(/^ ?[:：]? ?/, '');
  }
  return t;
}

/** Removes sentence endings: "2번이요" → "2번", "3개요" → "3개", "100입니다" → "100". */
function stripEndings(t) {
  for (let round = 0; round < 2; round++) {
    const e = ENDINGS_LONGEST.find((w) => t.length > w.length && t.endsWith(w));
    if (!e) break;
    t = stripTrailingPunct(t.slice(0, -e.length).trimEnd());
  }
  return t;
}

/** "(2번)" → "2번", "[X]" → "X": one pair of brackets around the whole answer. */
function unwrap(t) {
  const pairs = { '(': ')', '[': ']', '「': '」', '"': '"', "'": "'" };
  if (t.length >= 2 && pairs[t[0]] === t[t.length - 1]) {
    const inner = t.slice(1, -1);
    if (!/[()[\]]/.test(inner)) return inner.trim();
  }
  return t;
}

/** The shown tolerance is not part of the answer: "0.851 (±0.001)" → "0.851". */
function stripTolerance(t) {
  const at = t.indexOf('±');
  if (at < 0) return t;
  let head = t.slice(0, at).trimEnd();
  if (head.endsWith('(')) head = head.slice(0, -1).trimEnd();
  return head;
}

const isWordAt = (t, i, w) => {
  const before = i === 0 ? ' ' : t[i - 1];
  const after = t[i + w.length] || ' ';
  if (/[a-z]/i.test(w)) return !/[a-z]/i.test(before) && !/[a-z]/i.test(after);
  return true;
};

/**
 * Negation: "A 아니고 B" / "A가 아니라 B" / "A 말고 B" → B; a negation with nothing after it
 * ("1 아님", "2번이 아니에요", "not 1") → 'negated'. Returns the text to read, or { problem }.
 */
function resolveNegation(t) {
  const lower = t.toLowerCase();
  for (const w of NEGATION_CONNECTIVES) {
    const at = lower.indexOf(w);
    if (at > 0) {
      const after = t.slice(at + w.length).replace(/^[ ,]+/, '');
      if (after) return after;
    }
  }
  for (const w of NEGATIONS) {
    const at = lower.indexOf(w);
    if (at >= 0 && isWordAt(lower, at, w)) return { problem: 'negated' };
  }
  return t;
}

/** The steps every reader applies first: normalise, leading words, endings, brackets, negation. */
function prepare(input, leading = LEADING_LONGEST) {
  let t = stripTrailingPunct(normalizeInput(input));
  t = stripLeading(t, leading);
  const n = resolveNegation(t);
  if (typeof n !== 'string') return n;
  if (n !== t) return prepare(n, leading);
  return unwrap(stripEndings(t));
}

// ---- numbers ----

const decimalsOf = (literal) => {
  const m = literal.match(/[.,](\d+)$/);
  return m && !/^\d{1,3}(?:,\d{3})+$/.test(literal) ? m[1].length : 0;
};
const resolution = (side) => (side.literal ? 0.5 * 10 ** -decimalsOf(side.literal) : 0);

/**
 * Reads a number: digits as typed, Korean number words, units and counters, shown tolerances,
 * equations either way round ("10×10=100", "100 = 10×10": every side must agree), brackets,
 * powers and scientific notation. Returns { value, unit }, { problem } or null.
 */
export function readNumber(input) {
  if (typeof input === 'number') return Number.isFinite(input) ? { value: input, unit: '' } : null;
  if (tooLong(input)) return null;
  const prepared = prepare(input);
  if (typeof prepared !== 'string') return prepared;
  const t = stripTolerance(prepared);
  if (!t) return null;
  let equals = 0;
  for (const c of t) if (c === '=' && ++equals > MAX_EQUALS) return null;
  const sides = [];
  for (const raw of t.split('=')) {
    const side = stripEndings(raw.trim());
    // A side without any number is a name ("x = 5", "답 = 100"): it says nothing to check.
    if (!side || !HAS_NUMBER.test(side)) continue;
    const r = evaluate(side);
    if (r === null || r.problem) return r;
    sides.push(r);
  }
  if (!sides.length) return null;
  for (const s of sides) {
    const a = sides[0];
    const slack = Math.max(resolution(a), resolution(s)) + 1e-9 * Math.max(1, Math.abs(a.value), Math.abs(s.value));
    if (Math.abs(a.value - s.value) > slack) return { problem: 'unequal' };
  }
  const plain = sides.filter((s) => s.literal);
  const chosen = plain.length ? plain[plain.length - 1] : sides[sides.length - 1];
  const unit = chosen.unit || (sides.find((s) => s.unit) || {}).unit || '';
  return { value: chosen.value, unit };
}

export function parseNumberWithUnit(input) {
  const r = readNumber(input);
  return r && !r.problem ? r : null;
}

export function parseNumber(input) {
  const r = parseNumberWithUnit(input);
  return r ? r.value : null;
}

// ---- O / X ----

// Keys normalised like the input (NFKC turns the jamo ㅇ, ㄴ into their conjoining forms).
const OX_WORDS = new Map([...TRUE_WORDS.map((w) => [w.normalize('NFKC'), 1]), ...FALSE_WORDS.map((w) => [w.normalize('NFKC'), 0])]);
const oxWord = (t) => {
  const key = t.replace(/ /g, '');
  return OX_WORDS.has(key) ? OX_WORDS.get(key) : null;
};

/** Reads O/X: { value: 1 } for O (true), { value: 0 } for X, { problem } or null. */
export function readOX(input) {
  if (typeof input === 'boolean') return { value: input ? 1 : 0 };
  if (input === 1 || input === 0) return { value: input };
  if (tooLong(input)) return null;
  let t = stripTrailingPunct(normalizeInput(input).toLowerCase());
  t = unwrap(stripLeading(t, LEADING_LONGEST));
  const direct = oxWord(t) ?? oxWord(stripEndings(t));
  if (direct !== null) return { value: direct };
  // Our own display form "O (1)", "X (0)": the number in brackets must agree with the letter.
  if (t.endsWith(')') && t.lastIndexOf('(') > 0) {
    const open = t.lastIndexOf('(');
    const head = oxWord(t.slice(0, open).trim());
    const inner = oxWord(t.slice(open + 1, -1).trim());
    if (head !== null && inner !== null) return head === inner ? { value: head } : { problem: 'several' };
  }
  // Several words: all O/X words that agree ("O 맞아요") or a contradiction ("O X", "1 0").
  const words = t.split(/[ ,/]+/).filter(Boolean);
  if (words.length > 1 && words.length <= 6) {
    const values = words.map((w) => oxWord(stripEndings(w)));
    if (values.every((v) => v !== null)) return values.every((v) => v === values[0]) ? { value: values[0] } : { problem: 'several' };
    if (values.some((v) => v !== null) && words.some((w) => NEGATIONS.includes(w))) return { problem: 'negated' };
  }
  return null;
}

export function parseOX(input) {
  const r = readOX(input);
  return r && !r.problem ? r.value : null;
}

// ---- multiple choice ----

const CHOICE_NUMBER = /^(\d{1,2}) ?(?:번 ?째|번|째|\.|:|\))?$/;
const ORDINAL = new RegExp(`^(${ORDINALS.map(([w]) => w).join('|')}) ?(?:번 ?째|째|번)$`);
const SEVERAL_CHOICES = /^\d{1,2}번?(?: \d{1,2}번?)+$/;
const LIST_SEPARATORS = / ?(?:,|、|\/|와|과|랑|하고|또는|이나|및|and|or|&) ?/g;
const LEADING_ENUMERATOR = /^(?:\(\d{1,2}\)|\d{1,2}[).]|\d{1,2}번|\d{1,2}(?= ))\s*/;

/** The 1-based choice number written as a number, an ordinal or a letter; null otherwise. */
function choiceNumber(t, n) {
  const num = t.match(CHOICE_NUMBER);
  if (num) return Number(num[1]);
  const ordinal = t.match(ORDINAL);
  if (ordinal) return ORDINALS.find(([w]) => w === ordinal[1])[1];
  const english = ENGLISH_ORDINALS[t.toLowerCase().replace(/ ?(?:one|choice|option)$/, '')];
  if (english) return english;
  const letter = t.match(/^\(?([a-z])[).]?$/i);
  if (letter && n <= 26) return letter[1].toLowerCase().charCodeAt(0) - 96;
  return null;
}

/**
 * Reads a multiple-choice answer. `choiceLists` holds the choices in each language (same order).
 * Accepts the number (2, "2번", "(2번)", "②", "2번이요"), an ordinal ("두 번째"), a letter (b), or
 * the text of a choice (exactly, or as a part only one choice contains). Returns { value } (1-based),
 * { problem } or null.
 */
export function readChoice(input, choiceLists) {
  const lists = choiceLists.filter((l) => Array.isArray(l) && l.length);
  const n = lists.length ? lists[0].length : 0;
  if (!n) return null;
  if (typeof input === 'number') return Number.isInteger(input) && input >= 1 && input <= n ? { value: input } : null;
  if (tooLong(input)) return null;
  // A choice's own words come first: a choice may itself say "아니다".
  const raw = stripTrailingPunct(normalizeInput(input));
  const exact = exactChoiceText(raw, lists, n) ?? exactChoiceText(raw.replace(LEADING_ENUMERATOR, ''), lists, n);
  if (exact !== null) return { value: exact };
  const t = prepare(input, CHOICE_WORDS_LONGEST);
  if (typeof t !== 'string') return t;
  if (!t) return null;
  const k = choiceNumber(t, n);
  if (k !== null) return k >= 1 && k <= n ? { value: k } : null;
  if (SEVERAL_CHOICES.test(t.replace(LIST_SEPARATORS, ' '))) return { problem: 'several' };

  // "② 사인" or "2. 사인": a number followed by text. The text decides when it matches a choice.
  const stripped = t.replace(LEADING_ENUMERATOR, '');
  const byText = matchChoiceText(stripped, lists, n);
  if (byText !== null) return { value: byText };
  if (stripped !== t) {
    const lead = Number(t.match(/\d{1,2}/)[0]);
    if (lead >= 1 && lead <= n) return { value: lead };
  }
  const whole = matchChoiceText(t, lists, n);
  return whole === null ? null : { value: whole };
}

export function parseChoice(input, choiceLists) {
  const r = readChoice(input, choiceLists);
  return r && !r.problem ? r.value : null;
}

function exactChoiceText(text, lists, n) {
  const wanted = normalizeText(text);
  if (!wanted) return null;
  for (const list of lists) {
    for (let i = 0; i < n; i++) if (normalizeText(list[i]) === wanted) return i + 1;
  }
  return null;
}

function matchChoiceText(text, lists, n) {
  const wanted = normalizeText(text);
  if (!wanted) return null;
  const exact = exactChoiceText(text, lists, n);
  if (exact !== null) return exact;
  // A part of the text, if exactly one choice contains it ("더하기" for "더하기 x+PE(pos)").
  if (wanted.length < 2) return null;
  const hits = new Set();
  for (const list of lists) {
    for (let i = 0; i < n; i++) if (normalizeText(list[i]).includes(wanted)) hits.add(i + 1);
  }
  return hits.size === 1 ? [...hits][0] : null;
}

/** True when the free-text input equals one of the accepted answers (ignoring case, spaces, punctuation). */
export function matchesText(input, accepted) {
  const wanted = normalizeText(input);
  return wanted !== '' && accepted.some((a) => normalizeText(a) === wanted);
}

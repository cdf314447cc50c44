// Reads answers the way people type them: full-width digits (３), circled numbers (②), units and
// counters (100개, 3 개), thousands separators (4,722,432 / 4 722 432), decimal commas where they cannot
// be thousands (0,5 / 3,14), choices as number, circled number, letter or text, and O/X in Korean,
// English, symbols and 1/0. Every parser returns null when it cannot read the input, so graders can
// tell "unreadable" from "wrong".

// NFKC already turns ① → 1, ⑴ → (1), ３ → 3, ， → ,. These dingbat digits it leaves alone.
const EXTRA_DIGITS = [
  [0x2776, 0x277f], // ❶..❿
  [0x2780, 0x2789], // ➀..➉
  [0x278a, 0x2793], // ➊..➓
  [0x24f5, 0x24fe], // ⓵..⓾
];
const MINUS_SIGNS = /[\u2212\u2012\u2013\u2014\ufe63\uff0d]/g; // − ‒ – — ﹣ －
const SPACES = /[\s\u00a0\u2009\u202f\u3000]+/g;

function mapDingbatDigits(text) {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0);
    const range = EXTRA_DIGITS.find(([lo, hi]) => code >= lo && code <= hi);
    out += range ? String(code - range[0] + 1) : ch;
  }
  return out;
}

/** Unicode-normalises an answer: dingbat and full-width digits to ASCII, minus signs to '-', spaces collapsed. */
export function normalizeInput(input) {
  if (input === null || input === undefined) return '';
  const text = mapDingbatDigits(String(input)).normalize('NFKC');
  return text.replace(MINUS_SIGNS, '-').replace(SPACES, ' ').trim();
}

/** For comparing free text: normalised, lower case, without spaces and punctuation. */
export function normalizeText(input) {
  return normalizeInput(input).toLowerCase().replace(/[\s\p{P}]+/gu, '');
}

const LEADING_WORDS = /^(?:정답|답|answer|ans|약|대략|about|approx\.?|≈|~)\s*[:：은는]?\s*/i;
const TRAILING_PUNCT = /[\s.,!?。！？]+$/;
// A unit or counter after the number: letters (any script), spaces, %, °, and a few joiners.
const UNIT = /^[\p{L}\p{M}\s%°·/]*$/u;

/** Parses the digits part of a number, deciding what ',' '.' ' ' "'" '_' mean. Returns a number or null. */
function parseDigits(body) {
  const b = body.replace(SPACES, ' ').trim();
  if (b.includes(' ')) {
    // Space as thousands separator: "4 722 432" (optionally with a decimal part "1 234,5").
    const m = b.match(/^(\d{1,3}(?: \d{3})+)(?:[.,](\d+))?$/);
    return m ? Number(m[1].replace(/ /g, '') + (m[2] ? `.${m[2]}` : '')) : null;
  }
  if (/['_]/.test(b)) {
    const m = b.match(/^(\d{1,3}(?:(['_])\d{3})(?:\2\d{3})*)(?:\.(\d+))?$/);
    return m ? Number(m[1].replace(/['_]/g, '') + (m[3] ? `.${m[3]}` : '')) : null;
  }
  const hasComma = b.includes(',');
  const hasDot = b.includes('.');
  if (hasComma && hasDot) {
    // Whichever comes last is the decimal mark: 4,722,432.5 or 4.722.432,5.
    const dec = b.lastIndexOf(',') > b.lastIndexOf('.') ? ',' : '.';
    const th = dec === ',' ? '\\.' : ',';
    const m = b.match(new RegExp(`^(\\d{1,3}(?:${th}\\d{3})+)\\${dec}(\\d+)$`));
    return m ? Number(`${m[1].replace(/[.,]/g, '')}.${m[2]}`) : null;
  }
  if (hasComma) {
    // "4,722,432" and "1,234" are thousands; "0,5", "3,14", "1,2345" can only be decimal commas.
    if (/^[1-9]\d{0,2}(?:,\d{3})+$/.test(b)) return Number(b.replace(/,/g, ''));
    if (/^\d*,\d+$/.test(b)) return Number(b.replace(',', '.'));
    return null;
  }
  if (hasDot) {
    if (/^\d*\.\d+$/.test(b)) return Number(b);
    // "4.722.432": two or more dot groups cannot be a decimal.
    if (/^[1-9]\d{0,2}(?:\.\d{3}){2,}$/.test(b)) return Number(b.replace(/\./g, ''));
    return null;
  }
  return /^\d+$/.test(b) ? Number(b) : null;
}

/**
 * Reads a number with an optional unit or counter. "3", "３", "3 개", "100개", "4,722,432", "0,5",
 * "-0.841", "−0,841", "1e-3", "10×10=100" (the part after the last '=') → number; otherwise null.
 * Returns { value, unit } from parseNumberWithUnit, or just the value from parseNumber.
 */
export function parseNumberWithUnit(input) {
  if (typeof input === 'number') return Number.isFinite(input) ? { value: input, unit: '' } : null;
  let t = normalizeInput(input);
  if (t.includes('=')) t = t.slice(t.lastIndexOf('=') + 1).trim();
  t = t.replace(LEADING_WORDS, '').replace(TRAILING_PUNCT, '');
  const m = t.match(/^([+-])?\s*((?:\d|\.\d)[\d\s.,'_]*?)(?:[eE]([+-]?\d+))?\s*(\D*)$/u);
  if (!m) return null;
  const [, sign, body, exponent, unit] = m;
  if (!UNIT.test(unit) || unit.length > 24) return null;
  const magnitude = parseDigits(body);
  if (magnitude === null || !Number.isFinite(magnitude)) return null;
  const value = (sign === '-' ? -1 : 1) * magnitude * (exponent ? 10 ** Number(exponent) : 1);
  return Number.isFinite(value) ? { value, unit: unit.trim() } : null;
}

export function parseNumber(input) {
  const r = parseNumberWithUnit(input);
  return r ? r.value : null;
}

const TRUE_WORDS = ['o', '○', '◯', '⭕', '〇', 'ㅇ', '1', '참', '맞다', '맞음', '맞아', '맞아요', '맞습니다', '맞',
  '옳다', '옳음', '그렇다', '예', '네', 'yes', 'y', 'true', 't', 'correct', 'right'];
const FALSE_WORDS = ['x', '×', '✕', '✖', '✗', '✘', '❌', '❎', '0', '거짓', '틀리다', '틀림', '틀려', '틀려요', '틀립니다',
  '틀', '그르다', '아니다', '아니오', '아니요', '아님', 'no', 'n', 'false', 'f', 'wrong', 'incorrect'];

/** Reads O/X: 1 for O (true), 0 for X (false), null when unreadable. Accepts booleans and 1/0 numbers. */
export function parseOX(input) {
  if (typeof input === 'boolean') return input ? 1 : 0;
  if (input === 1 || input === 0) return input;
  const base = normalizeInput(input).toLowerCase().replace(TRAILING_PUNCT, '');
  // Also read our own display form "O (1)" and forms like "정답: X".
  for (const candidate of [base, base.replace(LEADING_WORDS, ''), base.replace(/\s*\(.*\)\s*$/, '')]) {
    const t = candidate.replace(/\s+/g, '');
    if (TRUE_WORDS.includes(t)) return 1;
    if (FALSE_WORDS.includes(t)) return 0;
  }
  return null;
}

const CHOICE_NUMBER = /^(?:선택지|보기|정답은?|답은?|choice|option|answer|no\.?|#)?\s*[:：]?\s*[([]?\s*(\d{1,2})\s*[)\]]?\s*(?:번|번째|\.|:)?$/i;
const CHOICE_LETTER = /^[([]?\s*([a-z])\s*[)\].]?$/i;
const LEADING_ENUMERATOR = /^\s*(?:[([]?\s*\d{1,2}\s*[)\].]|\d{1,2}번|\d{1,2}(?=\s))\s*/;

/**
 * Reads a multiple-choice answer. `choiceLists` holds the choices in each language (same order).
 * Accepts the 1-based number (2, "2번", "(2)", "②"), a letter (b), or the text of a choice (exactly,
 * or as a part that only one choice contains). Returns the 1-based index or null.
 */
export function parseChoice(input, choiceLists) {
  const lists = choiceLists.filter((l) => Array.isArray(l) && l.length);
  const n = lists.length ? lists[0].length : 0;
  if (!n) return null;
  if (typeof input === 'number') return Number.isInteger(input) && input >= 1 && input <= n ? input : null;
  const t = normalizeInput(input).replace(TRAILING_PUNCT, '');
  if (!t) return null;

  const num = t.match(CHOICE_NUMBER);
  if (num) {
    const k = Number(num[1]);
    return k >= 1 && k <= n ? k : null;
  }
  const letter = t.match(CHOICE_LETTER);
  if (letter && n <= 26) {
    const k = letter[1].toLowerCase().charCodeAt(0) - 96;
    return k >= 1 && k <= n ? k : null;
  }

  // "② 사인" or "2. 사인": a number followed by text. The text decides when it matches a choice.
  const stripped = t.replace(LEADING_ENUMERATOR, '');
  const byText = matchChoiceText(stripped, lists, n);
  if (byText !== null) return byText;
  if (stripped !== t) {
    const k = Number(t.match(/\d{1,2}/)[0]);
    if (k >= 1 && k <= n) return k;
  }
  return matchChoiceText(t, lists, n);
}

function matchChoiceText(text, lists, n) {
  const wanted = normalizeText(text);
  if (!wanted) return null;
  for (const list of lists) {
    for (let i = 0; i < n; i++) if (normalizeText(list[i]) === wanted) return i + 1;
  }
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

// The first step of every reader: one Unicode form for what people type. NFKC turns full-width
// letters and digits, circled digits (② → 2) and compatibility forms into plain ones; the dingbat
// digits it leaves alone are mapped here; superscripts become powers (10² → 10^2) before NFKC
// would turn them into digits; every minus sign becomes '-'; invisible characters (zero-width
// spaces, variation selectors) go; every run of white space becomes one space. Linear in the input.
import { SUPERSCRIPTS } from './words.js';

// NFKC already turns ① → 1, ⑴ → (1), ３ → 3, ， → ,. These dingbat digits it leaves alone.
const EXTRA_DIGITS = [
  [0x2776, 0x277f], // ❶..❿
  [0x2780, 0x2789], // ➀..➉
  [0x278a, 0x2793], // ➊..➓
  [0x24f5, 0x24fe], // ⓵..⓾
];
const DINGBAT_DIGIT = /[\u2776-\u2793\u24f5-\u24fe]/g;
const MINUS_SIGNS = /[\u2212\u2012\u2013\u2014\ufe63\uff0d]/g; // − ‒ – — ﹣ －
// Zero-width space, joiners, word joiner, soft hyphen, emoji variation selectors and the marks that
// set a text's direction (LRM, RLM, ALM, LRE…RLO, LRI…PDI): copied in from other apps and
// keyboards, never part of an answer. The answer is read in the order it was typed.
const INVISIBLE = /[\u200b-\u200f\u061c\u202a-\u202e\u2066-\u2069\u2060\u00ad\ufe0e\ufe0f]/g;
// A keycap digit (2️⃣: the digit, a variation selector, U+20E3) is the digit; 🔟 is 10.
const KEYCAP = /([0-9#*])\u20e3/g;
const KEYCAP_TEN = /\u{1f51f}/gu;
const SUPERSCRIPT_RUN = /[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g;

function mapDingbatDigits(text) {
  return text.replace(DINGBAT_DIGIT, (ch) => {
    const code = ch.codePointAt(0);
    const [lo] = EXTRA_DIGITS.find(([from, to]) => code >= from && code <= to);
    return String(code - lo + 1);
  });
}

const isSpace = (c) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
  || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff || c === 0x85;

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

/** Unicode-normalises an answer: digits and letters to plain forms, minus signs to '-', spaces collapsed. */
export function normalizeInput(input) {
  if (input === null || input === undefined) return '';
  const text = mapDingbatDigits(String(input).replace(INVISIBLE, '').replace(KEYCAP, '$1').replace(KEYCAP_TEN, '10'))
    .replace(SUPERSCRIPT_RUN, (m) => `^${[...m].map((c) => SUPERSCRIPTS[c]).join('')}`)
    .normalize('NFKC');
  return collapseSpaces(text.replace(MINUS_SIGNS, '-')).trim();
}

// The Roman numerals Ⅰ–Ⅻ (and ⅰ–ⅻ) as one character each, which NFKC would turn into the letters
// "IV" (found inside "Relative"): as a choice's number they are that number.
const ROMAN = /[\u2160-\u216b\u2170-\u217b]/g;
/** Roman numeral characters as digits ("Ⅳ" → "4"), for a choice question before normalizeInput. */
export const romanAsDigits = (text) => text.replace(ROMAN, (c) => String((c.charCodeAt(0) - 0x2160) % 16 + 1));

// Spaces and the punctuation that never changes what an answer says: "feed-forward" is "feed
// forward", "사인·코사인" is "사인 코사인". Not among them: '?' ("3?" asks), '%' ("50%" is a
// percentage), '/' ("O/X" is two answers), '~' ("~3" is about 3) and the signs of arithmetic.
// A hyphen is quiet too, but not as a minus sign before a digit: "-90도" is not "90도".
const QUIET = " \t.,·ㆍ・∙:;!'\"`‘’“”()[]{}「」『』《》〈〉_。、";
const QUIET_CHARS = new RegExp(`[${QUIET.replace(/[\]\\^-]/g, '\\$&')}]`, 'g');
const QUIET_HYPHEN = /-(?!\d)/g;

/**
 * The key two spellings of one answer share: normalised, lower case, without spaces and quiet
 * punctuation ("Feed-Forward" and "feed forward" → "feedforward").
 */
export function answerKey(input) {
  return keyOfNormalized(normalizeInput(input));
}
/** answerKey of a text normalizeInput already made plain (the readers' cores). */
export const keyOfNormalized = (text) => text.toLowerCase().replace(QUIET_CHARS, '').replace(QUIET_HYPHEN, '');

/**
 * The key of `text` with, for each of its characters, the index in `text` it came from: a key found
 * in it can be mapped back onto the typed answer.
 */
export function answerKeyWithIndex(text) {
  let spaced = '';
  const at = [];
  for (let i = 0; i < text.length; i++) {
    if (QUIET.includes(text[i])) continue;
    const lower = text[i].toLowerCase(); // may be longer than the character (İ → i̇): every unit maps back to i
    spaced += lower;
    for (let k = 0; k < lower.length; k++) at.push(i);
  }
  let key = '';
  const from = [];
  for (let i = 0; i < spaced.length; i++) {
    if (spaced[i] === '-' && !/\d/.test(spaced[i + 1] || '')) continue;
    key += spaced[i];
    from.push(at[i]);
  }
  return { key, from };
}

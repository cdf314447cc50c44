// Splits an answer that could not be read into tokens, to say why: numbers (a run of digits; a
// run like "3,4" that is not thousands is two numbers), words (a run of letters, Hangul or Latin)
// and signs. One pass, linear in the text.
import { parseDigits } from './expression.js';
import { parseKoreanNumber } from './korean-number.js';

const isDigit = (c) => c >= '0' && c <= '9';
const isLetter = (c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '\uac00' && c <= '\ud7a3') || (c > '\x7f' && /\p{L}/u.test(c));
const isHangul = (c) => c >= '\uac00' && c <= '\ud7a3';
// What may stick to a Korean number word without making it another word: counters, particles and
// endings ("세 개", "셋이요", "다섯은").
const NUMBER_WORD_TAILS = ['개', '번', '차원', '점', '벌', '쌍', '열', '라디안', '이요', '요', '은', '는', '이', '가', '을', '를', '도', '만'];

/** { type: 'number' | 'word' | 'sign', text, start, end } for each token of `text`. */
export function tokenize(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const start = i;
    if (c === ' ') { i++; continue; }
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1] || ''))) {
      while (i < text.length && (isDigit(text[i]) || ((text[i] === ',' || text[i] === '.' || text[i] === "'" || text[i] === '_') && isDigit(text[i + 1] || '')))) i++;
      pushNumbers(out, text.slice(start, i), start);
    } else if (isLetter(c)) {
      while (i < text.length && isLetter(text[i])) i++;
      out.push({ type: 'word', text: text.slice(start, i), start, end: i });
    } else {
      i += c.length;
      out.push({ type: 'sign', text: c, start, end: i });
    }
  }
  return out;
}

/** A run of digits as one number, or as several where its commas cannot be thousands ("3,4", "0,681"). */
function pushNumbers(out, run, start) {
  if (!run.includes(',') || parseDigits(run) !== null) {
    out.push({ type: 'number', text: run, start, end: start + run.length });
    return;
  }
  let from = 0;
  for (const part of run.split(',')) {
    out.push({ type: 'number', text: part, start: start + from, end: start + from + part.length });
    from += part.length + 1;
  }
}

/** True when a word is a Korean number word, alone or with a counter or particle ("셋", "세개", "다섯은"). */
export function isNumberWord(word) {
  if (!isHangul(word[0])) return false;
  if (parseKoreanNumber(word) !== null) return true;
  const tail = NUMBER_WORD_TAILS.find((t) => word.length > t.length && word.endsWith(t));
  return Boolean(tail) && parseKoreanNumber(word.slice(0, -tail.length)) !== null;
}

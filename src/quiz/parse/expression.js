// One side of an answer, read as a small arithmetic expression in a single left-to-right pass:
// numbers as people type them (4,722,432 / 4 722 432 / 0,5 / 1e-3), Korean number words (세, 백,
// 472만 2432), a unit or counter after a number (100개, 1.581 rad), + − × x * · / ÷, powers (10^2,
// 10² arrives as 10^2 from normalizeInput) and brackets. Work is linear in the length: every character is looked at a bounded
// number of times, brackets nest at most MAX_DEPTH deep, a Korean number word at most
// MAX_WORD characters long.
//
// evaluate(text) -> { value, unit, literal } | { problem: 'several' } | null
//   literal: the digits as written when the side is one plain number (its last decimal place tells
//   how precisely it was written), '' otherwise.
import { parseKoreanNumber } from './korean-number.js';
import { TIMES } from './words.js';

const MAX_DEPTH = 16;
const MAX_WORD = 40;
const MAX_UNIT = 24;
const isDigit = (c) => c >= '0' && c <= '9';
const isHangul = (c) => c >= '\uac00' && c <= '\ud7a3';
const isLetter = (c) => /[\p{L}\p{M}%°]/u.test(c);
// Counters that may follow a Korean number word without a space (세개, 백번째).
const COUNTERS = ['개', '번', '차원', '점', '칸', '배', '가지', '자리', '원소', '쌍', '층', '명', '라디안', '도', '요'];
/** Characters that can start a Korean number word. */
const KOREAN_NUMBER_CHARS = /[영공일이삼사오육륙칠팔구십백천만억조하나둘셋넷다섯여일곱덟아홉열스물무서른마흔쉰예순흔든한두세석네넉너]/;
/** True when a text holds a digit or a Korean number character (a side worth reading). */
export const HAS_NUMBER = new RegExp(`[\\d${KOREAN_NUMBER_CHARS.source.slice(1)}`);

/** Decides what ',' '.' ' ' "'" '_' mean in a run of digits. Returns a number or null. */
export function parseDigits(body) {
  const b = body.trim();
  if (b.includes(' ')) {
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
    const dec = b.lastIndexOf(',') > b.lastIndexOf('.') ? ',' : '.';
    const th = dec === ',' ? '\\.' : ',';
    const m = b.match(new RegExp(`^(\\d{1,3}(?:${th}\\d{3})+)\\${dec}(\\d+)$`));
    return m ? Number(`${m[1].replace(/[.,]/g, '')}.${m[2]}`) : null;
  }
  if (hasComma) {
    if (/^[1-9]\d{0,2}(?:,\d{3})+$/.test(b)) return Number(b.replace(/,/g, ''));
    if (/^\d*,\d+$/.test(b)) return Number(b.replace(',', '.'));
    return null;
  }
  if (hasDot) {
    if (/^\d*\.\d+$/.test(b) || /^\d+\.$/.test(b)) return Number(b);
    if (/^[1-9]\d{0,2}(?:\.\d{3}){2,}$/.test(b)) return Number(b.replace(/\./g, ''));
    return null;
  }
  return /^\d+$/.test(b) ? Number(b) : null;
}

class Reader {
  constructor(text) {
    this.s = text;
    this.i = 0;
    this.depth = 0;
    this.unit = '';
    this.numbers = 0;
    this.operators = 0;
    this.literal = '';
  }

  peek() { return this.s[this.i]; }
  skipSpaces() { while (this.s[this.i] === ' ') this.i++; }
  atEnd() { this.skipSpaces(); return this.i >= this.s.length; }
  fail() { throw new ReadError(null); }

  expr() {
    let v = this.term();
    for (;;) {
      this.skipSpaces();
      const c = this.peek();
      if (c !== '+' && c !== '-') return v;
      this.i++;
      this.operators++;
      const r = this.term();
      v = c === '+' ? v + r : v - r;
    }
  }

  term() {
    let v = this.power();
    for (;;) {
      this.skipSpaces();
      const c = this.peek();
      const times = TIMES.includes(c) && (c.toLowerCase() !== 'x' || this.numberFollows(this.i + 1));
      if (!times && c !== '/' && c !== '÷') return v;
      this.i++;
      this.operators++;
      const r = this.power();
      v = times ? v * r : v / r;
    }
  }

  power() {
    const v = this.unary();
    this.skipSpaces();
    if (this.peek() === '^' || (this.peek() === '*' && this.s[this.i + 1] === '*')) {
      this.i += this.peek() === '^' ? 1 : 2;
      this.operators++;
      return v ** this.unary();
    }
    return v;
  }

  unary() {
    this.skipSpaces();
    const c = this.peek();
    if (c === '-' || c === '+') {
      this.i++;
      this.skipSpaces();
      if (this.peek() === '-' || this.peek() === '+') this.fail(); // "--3" is a typo, not a number
      const v = this.primary();
      return c === '-' ? -v : v;
    }
    return this.primary();
  }

  primary() {
    this.skipSpaces();
    const c = this.peek();
    if (c === '(' || c === '[') {
      if (++this.depth > MAX_DEPTH) this.fail();
      this.i++;
      this.operators++; // a bracketed part is not a plain literal
      const v = this.expr();
      this.skipSpaces();
      if (this.peek() !== (c === '(' ? ')' : ']')) this.fail();
      this.i++;
      this.depth--;
      return v;
    }
    if (isDigit(c) || (c === '.' && isDigit(this.s[this.i + 1] || ''))) return this.number();
    if (c !== undefined && isHangul(c) && KOREAN_NUMBER_CHARS.test(c)) return this.koreanWord();
    return this.fail();
  }

  /** True when a number starts at j (after spaces): tells "10 x 10" from a unit "x". */
  numberFollows(j) {
    while (this.s[j] === ' ') j++;
    const c = this.s[j] || '';
    return isDigit(c) || c === '(' || c === '.' || c === '-';
  }

  number() {
    const start = this.i;
    const s = this.s;
    // Digits and separators; a space continues the number only before a group of exactly 3 digits.
    while (this.i < s.length) {
      const c = s[this.i];
      if (isDigit(c) || c === ',' || c === '.' || c === "'" || c === '_') { this.i++; continue; }
      if (c === ' ' && /^\d{3}(?!\d)/.test(s.slice(this.i + 1, this.i + 5)) && /\d/.test(s[this.i - 1])) { this.i++; continue; }
      break;
    }
    let body = s.slice(start, this.i);
    // A Korean large or small unit right after the digits: 472만 2432, 3천, 1.5만.
    if (/^[십백천만억조]/.test(s[this.i] || '')) return this.koreanWord(start);
    let exponent = 0;
    if ((s[this.i] === 'e' || s[this.i] === 'E') && /^[+-]?\d/.test(s.slice(this.i + 1, this.i + 3))) {
      let j = this.i + 1;
      if (s[j] === '+' || s[j] === '-') j++;
      while (isDigit(s[j] || '')) j++;
      exponent = Number(s.slice(this.i + 1, j));
      this.i = j;
      this.operators++;
    }
    if (body.endsWith(',')) { body = body.slice(0, -1); this.i--; } // "3, 4": a list, not a separator
    const value = parseDigits(body);
    if (value === null) {
      if (/^\d+(?:,\d+)+$/.test(body)) throw new ReadError('several'); // 1,2,3: not thousands
      this.fail();
    }
    this.literal = body;
    this.afterNumber();
    return value * 10 ** exponent;
  }

  /** A Korean number word (or digits with Korean units) from `start`, the longest that reads. */
  koreanWord(start = this.i) {
    const s = this.s;
    let end = start;
    while (end < s.length && end - start < MAX_WORD && (isHangul(s[end]) || isDigit(s[end]) || s[end] === ' ' || s[end] === ',' || s[end] === '.')) end++;
    for (let e = end; e > start; e--) {
      // Cut inside a word only before a counter: 세개, 백번 (but 사과 is not 4 + 과).
      if (isHangul(s[e - 1]) && isHangul(s[e] || '') && !COUNTERS.some((w) => s.startsWith(w, e))) continue;
      const value = parseKoreanNumber(s.slice(start, e));
      if (value !== null) {
        this.i = e;
        this.literal = '';
        this.operators++; // written in words: no decimal places to read the precision from
        this.afterNumber();
        return value;
      }
    }
    return this.fail();
  }

  /** The unit or counter after a number (100개, 1.581 rad); two numbers in a row are "several". */
  afterNumber() {
    this.numbers++;
    const s = this.s;
    let j = this.i;
    while (s[j] === ' ') j++;
    let k = j;
    while (k < s.length && k - j <= MAX_UNIT && (isLetter(s[k]) || (s[k] === ' ' && isLetter(s[k + 1] || '')))) k++;
    const unit = s.slice(j, k);
    if (unit.length > MAX_UNIT) this.fail();
    if (unit && !(/^[xX]$/.test(unit) && this.numberFollows(k))) {
      this.unit = unit;
      this.i = k;
    }
    j = this.i;
    while (s[j] === ' ' || s[j] === ',') j++;
    if (j > this.i && j < s.length && (isDigit(s[j]) || (isHangul(s[j]) && KOREAN_NUMBER_CHARS.test(s[j])))) throw new ReadError('several');
  }
}

class ReadError extends Error {
  constructor(problem) {
    super(problem || 'unreadable');
    this.problem = problem;
  }
}

/** Reads one side of an answer (see the file comment). */
export function evaluate(text) {
  const r = new Reader(text);
  try {
    const value = r.expr();
    if (!r.atEnd()) return null;
    if (!Number.isFinite(value)) return null;
    return { value, unit: r.unit, literal: r.numbers === 1 && r.operators === 0 ? r.literal : '' };
  } catch (e) {
    if (e instanceof ReadError) return e.problem ? { problem: e.problem } : null;
    throw e;
  }
}

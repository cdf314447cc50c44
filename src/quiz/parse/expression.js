// One side of a number answer, read as a small arithmetic expression in a single left-to-right
// pass: numbers as people type them (4,722,432 / 0.5 / .5 / 1e-3), Korean number words (세, 백,
// 472만 2432, 이 점 오), π, "마이너스", + − × x * · / ÷, powers (10^2; 10² arrives as 10^2 from
// normalizeInput), brackets and the functions of a worked answer (cos(0), ReLU(-3): FUNCTIONS). After a number only a unit the question declares may follow
// (`units`: 100개, 1.581 rad, 86.7% when '%' is declared); any other word ends the expression, and
// the caller refuses what is left. Work is linear in the length: every character is looked at a
// bounded number of times, brackets nest at most MAX_DEPTH deep, a Korean number word is at most
// MAX_WORD characters long.
//
// evaluate(text, { units }) -> { value, unit, literal } | null
//   literal: the digits as written when the side is one plain number (its last decimal place tells
//   how precisely it was written), '' otherwise.
import { parseKoreanNumber } from './korean-number.js';
import { TIMES, MINUS_WORDS, PI_WORDS, FUNCTIONS } from './words.js';

const FUNCTION_NAMES = Object.keys(FUNCTIONS).sort((a, b) => b.length - a.length);

const MAX_DEPTH = 16;
const MAX_WORD = 40;
const isDigit = (c) => c >= '0' && c <= '9';
const isHangul = (c) => c >= '\uac00' && c <= '\ud7a3';
const isLetter = (c) => /\p{L}/u.test(c);
// Where a Korean number word may end inside a run of Hangul: before a counter (세개, 백번째) or the
// question's own Korean unit. Whatever follows is then read as a unit, or refused.
const COUNTERS = ['개', '번', '차원', '점', '칸', '배', '가지', '자리', '원소', '쌍', '층', '명', '라디안', '도', '벌', '열'];
/** Characters that can start a Korean number word. */
const KOREAN_NUMBER_CHARS = /[영공일이삼사오육륙칠팔구십백천만억조하나둘셋넷다섯여일곱덟아홉열스물무서른마흔쉰예순흔든한두세석네넉너]/;

/** Reads digits with ',' (as thousands, 1,024, or as the decimal comma of 0,45), "'" or '_' as separators and '.' as the decimal point. */
export function parseDigits(body) {
  if (/['_]/.test(body)) {
    const m = body.match(/^(\d{1,3}(?:(['_])\d{3})(?:\2\d{3})*)(?:\.(\d+))?$/);
    return m ? Number(m[1].replace(/['_]/g, '') + (m[3] ? `.${m[3]}` : '')) : null;
  }
  // A decimal comma where nothing else can be meant: "0,45" (thousands never start with 0). "3,4" and
  // "2,5" may be two answers, so they are asked again.
  if (/^0,\d+$/.test(body)) return Number(`0.${body.slice(2)}`);
  if (body.includes(',')) {
    const m = body.match(/^([1-9]\d{0,2}(?:,\d{3})+)(\.\d+)?$/);
    return m ? Number(m[1].replace(/,/g, '') + (m[2] || '')) : null;
  }
  if (/^\d*\.\d+$/.test(body) || /^\d+\.?$/.test(body)) return Number(body);
  return null;
}

// Thrown (and caught in evaluate) when the text is not an expression: a plain object, because an
// Error would record a stack trace on every answer that is not a number.
const NOT_AN_EXPRESSION = Object.freeze({ notAnExpression: true });

class Reader {
  constructor(text, units) {
    this.s = text;
    this.lower = text.toLowerCase();
    this.i = 0;
    this.depth = 0;
    this.units = units;
    this.unit = '';
    this.numbers = 0;
    this.operators = 0;
    this.literal = '';
  }

  peek() { return this.s[this.i]; }
  skipSpaces() { while (this.s[this.i] === ' ') this.i++; }
  atEnd() { this.skipSpaces(); return this.i >= this.s.length; }
  fail() { throw NOT_AN_EXPRESSION; }
  wordAt(words) { return words.find((w) => this.lower.startsWith(w, this.i)); }

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
    const word = this.wordAt(MINUS_WORDS);
    if (c === '-' || c === '+' || word) {
      this.i += word ? word.length : 1;
      this.skipSpaces();
      if (this.peek() === '-' || this.peek() === '+') this.fail(); // "--3" is a typo, not a number
      const v = this.primary();
      return c === '+' ? v : -v;
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
      this.afterNumber();
      return v;
    }
    if (this.pi()) return Math.PI;
    const fn = this.wordAt(FUNCTION_NAMES);
    if (fn && (this.s[this.i + fn.length] === '(' || /^ [\d.]/.test(this.s.slice(this.i + fn.length, this.i + fn.length + 2)))) {
      // cos(0), cos 0, ReLU(-3): a function of the worked answer, applied to its argument.
      this.i += fn.length;
      this.operators++;
      return FUNCTIONS[fn](this.primary());
    }
    if (isDigit(c) || (c === '.' && isDigit(this.s[this.i + 1] || ''))) return this.number();
    if (c !== undefined && isHangul(c) && KOREAN_NUMBER_CHARS.test(c)) return this.koreanWord();
    return this.fail();
  }

  /** π or "pi" standing alone (not the start of a word): reads it and counts it as an operator. */
  pi() {
    const w = this.wordAt(PI_WORDS);
    if (!w || isLetter(this.s[this.i + w.length] || '') && w !== 'π') return false;
    this.i += w.length;
    this.operators++;
    this.afterNumber();
    return true;
  }

  /** True when a number starts at j (after spaces): tells "10 x 10" from a word "x". */
  numberFollows(j) {
    while (this.s[j] === ' ') j++;
    const c = this.s[j] || '';
    return isDigit(c) || c === '(' || c === '.' || c === '-';
  }

  number() {
    const start = this.i;
    const s = this.s;
    while (this.i < s.length && (isDigit(s[this.i]) || s[this.i] === ',' || s[this.i] === '.' || s[this.i] === "'" || s[this.i] === '_')) this.i++;
    const body = s.slice(start, this.i);
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
    const value = parseDigits(body);
    if (value === null) this.fail();
    this.literal = body;
    this.numbers++;
    // "2π": a number times π.
    const factor = this.lower.startsWith('π', this.i) ? (this.i++, this.operators++, Math.PI) : 1;
    return value * 10 ** exponent * factor * this.afterNumber();
  }

  /** A Korean number word (or digits with Korean units) from `start`, the longest that reads. */
  koreanWord(start = this.i) {
    const s = this.s;
    let end = start;
    while (end < s.length && end - start < MAX_WORD && (isHangul(s[end]) || isDigit(s[end]) || s[end] === ' ' || s[end] === ',' || s[end] === '.')) end++;
    const stops = [...COUNTERS, ...this.units.filter((u) => isHangul(u[0] || ''))];
    for (let e = end; e > start; e--) {
      // Cut inside a word only before a counter: 세개, 백번 (but 사과 is not 4 + 과).
      if (isHangul(s[e - 1]) && isHangul(s[e] || '') && !stops.some((w) => s.startsWith(w, e))) continue;
      const value = parseKoreanNumber(s.slice(start, e));
      if (value !== null) {
        this.i = e;
        this.literal = '';
        this.numbers++;
        this.operators++; // written in words: no decimal places to read the precision from
        return value * this.afterNumber();
      }
    }
    return this.fail();
  }

  /** A declared unit after a number (100개, 1.581 rad, 86.7%): reads it, returns its factor (% → 0.01). */
  afterNumber() {
    let j = this.i;
    while (this.s[j] === ' ') j++;
    const unit = this.units.find((u) => this.lower.startsWith(u, j) && !(isLetter(u[u.length - 1]) && isLetter(this.s[j + u.length] || '')));
    if (!unit) return 1;
    // "10 x 10": an x between two numbers multiplies, even where x would be a unit.
    if (/^x$/i.test(unit) && this.numberFollows(j + 1)) return 1;
    this.unit = unit;
    this.i = j + unit.length;
    return unit === '%' ? 0.01 : 1;
  }
}

/**
 * Reads one side of an answer (see the file comment). `units`: the units the question accepts,
 * in lower case, longest first.
 */
export function evaluate(text, { units = [] } = {}) {
  const r = new Reader(text, units);
  try {
    const value = r.expr();
    if (!r.atEnd() || !Number.isFinite(value)) return null;
    return { value, unit: r.unit, literal: r.numbers === 1 && r.operators === 0 ? r.literal : '' };
  } catch (e) {
    if (e === NOT_AN_EXPRESSION) return null;
    throw e;
  }
}

/** True when a text holds a digit or a Korean number character (a side worth reading). */
export const HAS_NUMBER = new RegExp(`[\\dπ${KOREAN_NUMBER_CHARS.source.slice(1)}`);

// Korean number words, read in one pass: Sino-Korean (일 이 삼 … 십 백 천 만 억 조: 사백칠십이만
// 이천사백삼십이), native (하나 둘 셋 … 열 스물 … 아흔, and the counting forms 한 두 세 네 스무: 세 개),
// digits mixed with the large units (472만 2432, 3천, 1억 2천만) and decimals read digit by digit after
// 점 (이 점 오 = 2.5). Spaces between the groups are allowed ("사백칠십이만 이천사백삼십이"). Returns the
// number, or null when the text is not one number.

const SINO_DIGITS = { 영: 0, 공: 0, 일: 1, 이: 2, 삼: 3, 사: 4, 오: 5, 육: 6, 륙: 6, 칠: 7, 팔: 8, 구: 9 };
const SMALL_UNITS = { 십: 10, 백: 100, 천: 1000 };
const LARGE_UNITS = { 만: 1e4, 억: 1e8, 조: 1e12 };
// Native numbers, longest spelling first so that 서른 is not read as 서 + 른.
const NATIVE_TENS = [['스물', 20], ['스무', 20], ['서른', 30], ['마흔', 40], ['쉰', 50], ['예순', 60], ['일흔', 70], ['여든', 80], ['아흔', 90], ['열', 10]];
const NATIVE_UNITS = [['하나', 1], ['다섯', 5], ['여섯', 6], ['일곱', 7], ['여덟', 8], ['아홉', 9], ['둘', 2], ['셋', 3], ['넷', 4],
  ['한', 1], ['두', 2], ['세', 3], ['석', 3], ['서', 3], ['네', 4], ['넉', 4], ['너', 4]];

const startsWithAt = (text, i, word) => text.startsWith(word, i);

/** A native number (1..99): optional tens word then optional units word, the whole text. */
function nativeNumber(text) {
  let i = 0;
  let value = 0;
  const tens = NATIVE_TENS.find(([w]) => startsWithAt(text, i, w));
  if (tens) { value += tens[1]; i += tens[0].length; }
  const units = NATIVE_UNITS.find(([w]) => startsWithAt(text, i, w));
  if (units) { value += units[1]; i += units[0].length; }
  return i > 0 && i === text.length ? value : null;
}

/** Digits with optional thousands commas and a decimal part, starting at i: { value, end } or null. */
function digitsAt(text, i) {
  let j = i;
  while (j < text.length && /[\d,.]/.test(text[j])) j++;
  const raw = text.slice(i, j);
  if (!/^\d/.test(raw)) return null;
  if (!/^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/.test(raw)) return null;
  return { value: Number(raw.replace(/,/g, '')), end: j };
}

/** The digits of Sino-Korean digit words ("팔 육 칠" → "867"), or null when anything else is there. */
function decimalWords(text) {
  let digits = '';
  for (const ch of text) {
    if (ch === ' ') continue;
    if (!(ch in SINO_DIGITS)) return null;
    digits += SINO_DIGITS[ch];
  }
  return digits || null;
}

/** Sino-Korean words and digit groups with 십/백/천 and 만/억/조 (one pass, units must descend). */
function sinoNumber(text) {
  let total = 0;
  let section = 0;     // the part below the current large unit
  let pending = null;  // a digit (or digit group) waiting for its unit
  let lastSmall = Infinity;
  let lastLarge = Infinity;
  let any = false;
  for (let i = 0; i < text.length;) {
    const ch = text[i];
    if (ch === ' ') { i++; continue; }
    if (/\d/.test(ch)) {
      const d = digitsAt(text, i);
      if (!d || pending !== null) return null;
      pending = d.value;
      i = d.end;
    } else if (ch in SINO_DIGITS) {
      if (pending !== null) return null; // 이삼: two digits in a row
      pending = SINO_DIGITS[ch];
      i++;
    } else if (ch in SMALL_UNITS) {
      const unit = SMALL_UNITS[ch];
      if (unit >= lastSmall || (pending !== null && (!Number.isInteger(pending) || pending > 9))) return null;
      section += (pending === null ? 1 : pending) * unit;
      pending = null;
      lastSmall = unit;
      i++;
    } else if (ch === '점' && any) {
      // 이 점 오 = 2.5: after 점 only digit words, read one by one (영점팔육칠 = 0.867).
      const decimals = decimalWords(text.slice(i + 1));
      if (decimals === null) return null;
      const whole = total + section + (pending === null ? 0 : pending);
      return Number(`${whole}.${decimals}`);
    } else if (ch in LARGE_UNITS) {
      const unit = LARGE_UNITS[ch];
      if (unit >= lastLarge) return null;
      // 만 alone is ten thousand; 0만 is nothing.
      const bare = section === 0 && pending === null;
      total += (bare ? 1 : section + (pending ?? 0)) * unit;
      section = 0;
      pending = null;
      lastSmall = Infinity;
      lastLarge = unit;
      i++;
    } else {
      return null;
    }
    any = true;
  }
  if (!any) return null;
  const rest = section + (pending === null ? 0 : pending);
  // Below the last large unit the rest must be smaller than that unit (472만 2432, not 472만 12000).
  if (lastLarge !== Infinity && rest >= lastLarge) return null;
  return total + rest;
}

/** Reads a Korean number word or a digits-with-units number; null when it is not one. */
export function parseKoreanNumber(input) {
  const text = String(input).trim();
  if (!text || !/[가-힣]/.test(text)) return null;
  const native = nativeNumber(text.replace(/ /g, ''));
  if (native !== null) return native;
  return sinoNumber(text);
}

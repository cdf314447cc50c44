// Reads the core of an O/X answer (its frame already taken off by ./frame.js): one O/X word or
// sign ("O", "ㅇ", "맞는 말", "X", "엑스", "아니요"), our own display form with its check in
// brackets ("X (0)", "O (참)"), or two O/X words that agree ("O, 맞아요", "참 (O)"; never a denying
// one: "X 아님" is not X). Anything more is for ./classify.js to name:
// "X 아님" denies, "O X" names both.
//
// readOXCore(core) -> 1 (O, true) | 0 (X, false) | null
import { TRUE_WORDS, FALSE_WORDS, OX_ECHOES, OX_AGREEING } from './words.js';

// Keys normalised like the input (NFKC turns the jamo ㅇ, ㄴ into their conjoining forms), without spaces.
const keyOf = (w) => w.normalize('NFKC').toLowerCase().replace(/ /g, '');
const OX_WORDS = new Map([...TRUE_WORDS.map((w) => [keyOf(w), 1]), ...FALSE_WORDS.map((w) => [keyOf(w), 0])]);
const ECHOES = new Set(OX_ECHOES.map(keyOf));

export const oxWord = (text) => OX_WORDS.get(keyOf(text)) ?? null;

const AGREEING = new Set(OX_AGREEING.map(keyOf));
const MARKS = new Set(['o', 'ㅇ', '○', '⭕', 'x', 'ㄴ', '×', '❌'].map(keyOf));
const SEPARATOR = /[ ,\-–()]/;
const trimSeparators = (t) => t.replace(/^[ ,\-–(]+|[ ,\-–)]+$/g, '');
/**
 * Two agreeing O/X words side by side, apart by a space, a comma, a dash or brackets ("O, 맞아요",
 * "참 (O)", "맞아요 O", "X - 거짓"): their value; null otherwise. Short cores only (two words).
 */
function agreeingPair(core) {
  if (core.length > 24) return null;
  for (let i = 1; i < core.length - 1; i++) {
    if (!SEPARATOR.test(core[i])) continue;
    const a = trimSeparators(core.slice(0, i));
    const b = trimSeparators(core.slice(i));
    if (!AGREEING.has(keyOf(a)) || !AGREEING.has(keyOf(b))) continue;
    // A sign in brackets marks an answer right or wrong ("2번 (X)"), so "X (X)" is no check.
    if (/^[ ,\-–]*\(/.test(core.slice(i)) && MARKS.has(keyOf(b))) continue;
    const v = oxWord(a);
    if (v !== null && v === oxWord(b)) return v;
  }
  return null;
}

export function readOXCore(core) {
  const whole = oxWord(core);
  if (whole !== null) return whole;
  const pair = agreeingPair(core);
  if (pair !== null) return pair;
  const open = core.lastIndexOf('(');
  if (open <= 0 || !core.endsWith(')')) return null;
  const head = oxWord(core.slice(0, open));
  const echo = core.slice(open + 1, -1);
  return head !== null && ECHOES.has(keyOf(echo)) && oxWord(echo) === head ? head : null;
}

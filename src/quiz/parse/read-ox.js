// Reads the core of an O/X answer (its frame already taken off by ./frame.js): one O/X word or
// sign ("O", "ㅇ", "맞는 말", "X", "엑스", "아니요"), or our own display form with its check in
// brackets ("X (0)", "O (참)"), which must agree. Anything more is for ./classify.js to name:
// "X 아님" denies, "O X" names both.
//
// readOXCore(core) -> 1 (O, true) | 0 (X, false) | null
import { TRUE_WORDS, FALSE_WORDS, OX_ECHOES } from './words.js';

// Keys normalised like the input (NFKC turns the jamo ㅇ, ㄴ into their conjoining forms), without spaces.
const keyOf = (w) => w.normalize('NFKC').toLowerCase().replace(/ /g, '');
const OX_WORDS = new Map([...TRUE_WORDS.map((w) => [keyOf(w), 1]), ...FALSE_WORDS.map((w) => [keyOf(w), 0])]);
const ECHOES = new Set(OX_ECHOES.map(keyOf));

export const oxWord = (text) => OX_WORDS.get(keyOf(text)) ?? null;

export function readOXCore(core) {
  const whole = oxWord(core);
  if (whole !== null) return whole;
  const open = core.lastIndexOf('(');
  if (open <= 0 || !core.endsWith(')')) return null;
  const head = oxWord(core.slice(0, open));
  const echo = core.slice(open + 1, -1);
  return head !== null && ECHOES.has(keyOf(echo)) && oxWord(echo) === head ? head : null;
}

// Self-corrections: "2번 아니 1번", "O 아니 X", "10 아니 100", "3번 아니고 2번", "1번 말고 2번",
// "3, 아니 2", "2번이 아니라 1번". An answer, a word that takes it back (CORRECTIONS), and exactly
// one answer after it: the answer after it is the one graded. splitCorrection only finds where the
// word stands; ../parse-answer.js reads both sides and grades the second only when the first is an
// answer too (so "2번 아님" with nothing after it stays a denial) and the second holds no second
// correction. One anchored pass over the text: linear.
//
// splitCorrection(text) -> { first, word, second, again } | null
//   again: the second part takes back an answer once more ("1번 아니 2번 아니 3번");
//   tail: the word with what follows it (a choice may start with "아니다."; then it is no correction).
import { CORRECTIONS, PREFIXES } from './words.js';

const escape = (w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORDS = [...CORRECTIONS].sort((a, b) => b.length - a.length).map(escape).join('|');
// The word stands apart: after a space, a comma or the particle 이/가/은/는 ("2번이 아니라"), before a
// space or a comma.
// ("정답 아님: 3" labels a wrong answer; it corrects nothing.)
const SPLIT = new RegExp(`^(.+?)(?:(?<=[^ ,])(?:이|가|은|는))? ?,? ?((${WORDS})(?: ?[,.] ?| )(.+))$`, 'u');
const AGAIN = new RegExp(`(?:^|[ ,])(?:${WORDS})(?:[ ,.:]|$)`, 'u');

export function splitCorrection(text) {
  const m = text.match(SPLIT);
  if (!m) return null;
  const first = m[1].trim().replace(/,$/, '').trim();
  const second = m[4].trim();
  if (!first || !second || PREFIXES.includes(first.toLowerCase())) return null;
  return { first, word: m[3], second, tail: m[2], again: AGAIN.test(second) };
}

// The frame around an answer's value: words before it ("정답:", "답은", "저는"), an ending or an
// affirmation after it ("이요", "입니다", "이 정답입니다", "가 맞아요", "이 답"), a verb of choosing
// after a choice ("2번 선택", "2번을 골랐어요"), quiet punctuation at its
// end (. ! ~) and one pair of brackets or quotes around it. cores(text) lists the ways of taking
// that frame off, from the whole text to the barest core (a handful); a reader takes the first one
// it reads completely. Nothing is ever removed from inside an answer, so whatever the frame does
// not account for is still there for the reader to refuse.
import { PREFIXES, ENDINGS, AFFIRMATIONS, SUBJECT_PARTICLES, DECORATIONS } from './words.js';

const byLength = (list) => [...list].sort((a, b) => b.length - a.length);
const PREFIXES_LONGEST = byLength(PREFIXES);
const ENDINGS_LONGEST = byLength(ENDINGS);
// Each affirmation as it ends an answer: after it ("2번이 정답") or in brackets ("O(맞음)").
const AFFIRMATION_ENDS = byLength(AFFIRMATIONS).flatMap((a) => [a, `(${a})`]);
const PAIRS = { '(': ')', '[': ']', '{': '}', '"': '"', "'": "'", '`': '`', '「': '」', '『': '』', '‘': '’', '“': '”', '《': '》', '〈': '〉' };
// "2번~" is a friendly tone; after a number, "3~" starts a range, so numbers leave '~' out.
const QUIET_END = '.!~。';
export const QUIET_END_NUMBER = '.!。';
const withExtra = new Map();
/** The prefixes with a type's own ones, longest first (worked out once per list). */
function prefixesWith(extra) {
  if (!withExtra.has(extra)) withExtra.set(extra, byLength([...PREFIXES, ...extra]));
  return withExtra.get(extra);
}

/** Removes quiet punctuation and spaces at the end: "3개." → "3개", "2번!!" → "2번". */
function trimQuietEnd(t, quiet = QUIET_END) {
  let end = t.length;
  // After an ending ("100개요~", "3입니다~") '~' is a friendly tone even where it would start a range
  // after a number or its unit ("3~", "3개~" may go on to 5개).
  const tone = (i) => t[i] === '~' && /[요용당다임]/.test(t[i - 1] || '');
  while (end > 0 && (quiet.includes(t[end - 1]) || t[end - 1] === ' ' || tone(end - 1))) end--;
  return t.slice(0, end);
}

// Skin tones after 👍 (U+1F3FB–U+1F3FF) go with it.
const SKIN_TONE = /[\u{1f3fb}-\u{1f3ff}]$/u;
/**
 * The answer without the marks after it that say it is meant ("3개 ✅", "2번👍"), when something is
 * left; quiet punctuation and spaces between them go too.
 */
export function withoutDecorations(text) {
  let t = text;
  for (;;) {
    const bare = t.replace(SKIN_TONE, '').trimEnd();
    const mark = DECORATIONS.find((d) => bare.endsWith(d));
    if (!mark) return t;
    const rest = bare.slice(0, -mark.length).trimEnd();
    if (!/[\p{L}\p{N}]/u.test(rest)) return t;
    t = rest;
  }
}

const isLatin = (w) => /[a-z]$/i.test(w);

/** The text after one of `words` at its start (and a ':' after it), or null. */
function afterPrefix(t, words) {
  const lower = t.toLowerCase();
  for (const w of words) {
    if (!lower.startsWith(w)) continue;
    const rest = t.slice(w.length);
    if (isLatin(w) && /^[a-z]/i.test(rest)) continue; // "answered", "nothing"
    if (rest && rest[0] !== ' ' && rest[0] !== ':' && isLatin(w)) continue;
    const after = rest.replace(/^ ?[:=]? ?/, '');
    return after && after !== t ? after : null;
  }
  return null;
}

/** The text before one ending ("이요", "입니다"), each one that fits, or none. */
function beforeEndings(t, quiet) {
  const out = [];
  for (const e of ENDINGS_LONGEST) {
    if (t.length > e.length && t.endsWith(e)) out.push(trimQuietEnd(t.slice(0, -e.length), quiet));
  }
  return out;
}

/** The text before an affirmation ("2번이 정답입니다", "X가 맞아요", "O(맞음)"), with and without its particle. */
function beforeAffirmation(t) {
  const end = AFFIRMATION_ENDS.find((a) => t.length > a.length && t.endsWith(a));
  if (!end) return [];
  let rest = t.slice(0, -end.length);
  rest = rest.trimEnd();
  const out = [rest];
  for (const p of SUBJECT_PARTICLES) if (rest.length > p.length && rest.endsWith(p)) out.push(rest.slice(0, -p.length).trimEnd());
  return out;
}

/** The inside of one pair of brackets or quotes around the whole text, or null. */
function unwrap(t) {
  const close = PAIRS[t[0]];
  if (!close || t.length < 3 || t[t.length - 1] !== close) return null;
  const inner = t.slice(1, -1);
  return inner.includes(t[0]) || inner.includes(close) ? null : inner.trim();
}

/**
 * The candidate cores of an (already normalised) answer, most literal first. `prefixes` adds words
 * a type allows before its value (선택지, 보기 for a choice); `quiet` the punctuation left off its end.
 */
/** The text before a verb of choosing ("2번 선택", "2번을 골랐어요"), with its object particle, or none. */
function beforeChoosing(t, verbs) {
  const verb = verbs.find((v) => t.length > v.length && t.endsWith(v));
  if (!verb) return [];
  const rest = t.slice(0, -verb.length).trimEnd();
  return /[을를]$/.test(rest) && rest.length > 1 ? [rest, rest.slice(0, -1).trimEnd()] : [rest];
}

export function cores(text, { prefixes = [], quiet = QUIET_END, verbs = [] } = {}) {
  const out = [];
  const add = (t) => { if (t && !out.includes(t)) out.push(t); };
  const whole = trimQuietEnd(text, quiet);
  const starts = [whole];
  const afterWords = afterPrefix(whole, prefixes.length ? prefixesWith(prefixes) : PREFIXES_LONGEST);
  if (afterWords) starts.push(afterWords);
  for (const s of starts) {
    for (const t of [s, ...beforeEndings(s, quiet), ...beforeAffirmation(s), ...beforeChoosing(s, verbs)]) {
      add(t);
      const inner = unwrap(t);
      if (inner) add(trimQuietEnd(inner, quiet));
    }
  }
  return out;
}

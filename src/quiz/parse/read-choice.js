// Reads the core of a multiple-choice answer (its frame already taken off by ./frame.js): the
// number of a choice (2, 2번, (2), 2), 2., 선택지 2 after the frame, 두 번째, second, b), its text
// in any language (whole, the same term in another script, or a part only that choice has), or its
// number with its text ("② 사인", "사인(2번)"), which must name the same choice. A number that is no
// choice but is exactly one choice's value ("90" for "90도") names that choice.
//
// choiceTable(lists) -> table;  readChoiceCore(core, table) -> 1-based choice | null
import { ORDINALS, ENGLISH_ORDINALS, TERM_ALIASES, SIGN_WORDS, PARTICLES, FUNCTION_WORDS, MIN_PART, CORRECTIONS, OX_DENIALS } from './words.js';
import { answerKey, keyOfNormalized } from './normalize.js';
import { glossaryNamesOf } from './glossary.js';

const CHOICE_NUMBER = /^\(?(\d{1,2})\)? ?(?:번 ?째|번|째|\.|:|\))?$/;
const ORDINAL = new RegExp(`^(${ORDINALS.map(([w]) => w).join('|')}) ?(?:번 ?째|째)$`);
const LETTER = /^\(?([a-z])[).]?$/i;
const NUMBER_THEN_TEXT = /^\(?(\d{1,2})\)? ?(?:번|\.|\)|:)? ?[,:-]? ?(.+)$/;
const TEXT_THEN_NUMBER = /^(.+?) ?,? ?[([]? ?(\d{1,2}) ?번?[)\]]?$/;
const ALIAS_KEYS = TERM_ALIASES.map((group) => group.map((w) => answerKey(w)));

/** A choice's or an answer's key, signs read as words (90° → 90도); `plain`: the text is normalised already. */
function choiceKey(text, plain = true) {
  let key = plain ? keyOfNormalized(text) : answerKey(text);
  for (const [sign, word] of SIGN_WORDS) if (key.includes(sign)) key = key.split(sign).join(word);
  return key;
}
/** The key every spelling of one term shares (sin, sine, 사인 → 사인). */
const canonical = (key) => (ALIAS_KEYS.find((group) => group.includes(key)) || [key])[0];
const spellings = (key) => ALIAS_KEYS.find((group) => group.includes(key)) || [key];
// A choice that is a number with a short unit ("90도", "45°"): typing the number names it.
const numberOf = (key) => (key.match(/^(\d+(?:\.\d+)?)[가-힣]{0,2}$/) || [])[1] ?? null;

// The words of a text as keys: runs of letters, digits and '_' ("d_ff", "W1"), lower case, each term
// in its one spelling (sine → 사인).
const WORD = /[\p{L}\p{N}_]+/gu;
const wordsOf = (text) => (text.normalize('NFKC').toLowerCase().match(WORD) || []).map(canonical);
const FUNCTION = new Set(FUNCTION_WORDS);
const DENYING = new Set([...CORRECTIONS, ...OX_DENIALS, '그렇다', '맞다']);
const PARTICLES_LONGEST = [...PARTICLES].sort((a, b) => b.length - a.length);
/**
 * Words long enough to mean something (MIN_PART): Latin letters at least MIN_PART.latin of them
 * outside function words ("only", "the"), or Hangul syllables at least MIN_PART.hangul. A short
 * Latin string ("ar", "ct", "iv") never names a choice on its own.
 */
function meaningful(words) {
  const content = words.filter((w) => !FUNCTION.has(w));
  const latin = content.join('').replace(/[^a-z]/g, '').length;
  const hangul = content.join('').replace(/[^\uac00-\ud7a3]/g, '').length;
  return latin >= MIN_PART.latin || hangul >= MIN_PART.hangul;
}
/** A choice's word is the answer's word, or that word with a Korean particle after it (관계를 for 관계). */
const sameWord = (choiceWord, word) => choiceWord === word
  || (/[\uac00-\ud7a3]$/.test(word) && choiceWord.startsWith(word) && PARTICLES_LONGEST.includes(choiceWord.slice(word.length)));
/** True when `words` stand in a row among `choiceWords`, or, written without their spaces, spell such a row ("선형함수"). */
function hasWordsInRow(choiceWords, words) {
  for (let at = 0; at + words.length <= choiceWords.length; at++) {
    if (words.every((w, i) => sameWord(choiceWords[at + i], w))) return true;
  }
  const joined = words.join('');
  for (let at = 0; at < choiceWords.length; at++) {
    let run = '';
    for (let end = at; end < choiceWords.length && run.length < joined.length; end++) {
      if (sameWord(run + choiceWords[end], joined)) return true;
      run += choiceWords[end];
    }
  }
  return false;
}

/** The choices of every language, as keys: { n, entries: [{ k, key, canon, number, words, text }] }. */
export function choiceTable(lists) {
  const n = lists.length ? lists[0].length : 0;
  const entries = [];
  // A choice that is a glossary term is named by the term's other names too ("포지셔널 인코딩" for
  // "위치 인코딩"), those long enough to mean something ("PE" is not).
  const glossary = lists.map((list) => list.map((text) => glossaryNamesOf([text, text.replace(/ ?\([^()]*\)/g, '')]).filter((name) => meaningful(wordsOf(name)))));
  for (const list of [...lists, ...expandGlossary(glossary, n)]) {
    list.forEach((text, i) => {
      const key = choiceKey(text, false);
      if (key) entries.push({ k: i + 1, key, canon: canonical(key), number: numberOf(key), words: wordsOf(text), text: text.normalize('NFKC') });
    });
  }
  return { n, entries };
}

/** The glossary names as lists of choices (a choice without one gets ''): one list per name's rank. */
function expandGlossary(glossary, n) {
  const out = [];
  for (const byChoice of glossary) {
    const most = Math.max(0, ...byChoice.map((names) => names.length));
    for (let r = 0; r < most; r++) out.push(Array.from({ length: n }, (_, k) => byChoice[k]?.[r] ?? ''));
  }
  return out;
}

/** The one choice among `ks`, or null when there are none or several. */
const only = (ks) => (new Set(ks).size === 1 ? ks[0] : null);

/** The choice whose whole text (in any language, any spelling of its term) is `text`. */
function exactChoiceText(text, table) {
  const canon = canonical(choiceKey(text));
  return canon ? only(table.entries.filter((e) => e.canon === canon).map((e) => e.k)) : null;
}

/**
 * The choice that alone has the words of `text`, as whole words in a row of its own text (in any
 * language): "더하기" for "더하기 x+PE(pos)", "어텐션" for "토큰 간 관계를 만드는 어텐션", "관계" for its
 * "관계를" (a Korean word may carry a particle the answer leaves off). A fragment inside a word never
 * names a choice ("iv" is not in "Relative"), nor do words too short to mean something (see meaningful).
 */
function partialChoiceText(text, table) {
  // Signs may stand only between the words and only where the choice has them ("x+PE(pos)"): "사인 +"
  // and "> 사인" say something more than the choice.
  if (!/^[\p{L}\p{N}(][^?%~]*[\p{L}\p{N})]$|^[\p{L}\p{N}]$/u.test(text)) return null;
  const words = wordsOf(text);
  if (!words.length || !meaningful(words)) return null;
  const signs = text.replace(/[\p{L}\p{N}_\s.,·:;!'"`()[\]{}-]/gu, '');
  return only(table.entries.filter((e) => hasWordsInRow(e.words, words) && [...signs].every((c) => e.text.includes(c))).map((e) => e.k));
}

/** The choice named by its number, an ordinal or a letter; null when none (or out of range). */
function choiceNumber(core, n) {
  const num = core.match(CHOICE_NUMBER);
  let k = num ? Number(num[1]) : null;
  const ordinal = k === null && core.match(ORDINAL);
  if (ordinal) k = ORDINALS.find(([w]) => w === ordinal[1])[1];
  if (k === null) k = ENGLISH_ORDINALS[core.toLowerCase().replace(/^the /, '').replace(/ (?:one|choice|option)$/, '')] ?? null;
  const letter = k === null && n <= 26 && core.match(LETTER);
  if (letter) k = letter[1].toLowerCase().charCodeAt(0) - 96;
  return k !== null && k >= 1 && k <= n ? k : null;
}

const unwrap = (t) => (/^[([].*[)\]]$/.test(t) ? t.slice(1, -1).trim() : t);

/** A choice's number with its own text (whole, or words only it has), in either order: "② 사인", "2번 (사인)", "사인(2번)", "1번 더하기". */
function numberWithText(core, table) {
  // Words of a choice that deny ("아니다. …") do not name it beside a number: "1번 아니다" denies 1.
  const names = (text) => exactChoiceText(text, table) ?? (wordsOf(text).some((w) => DENYING.has(w)) ? null : partialChoiceText(text, table));
  const first = core.match(NUMBER_THEN_TEXT);
  if (first && names(unwrap(first[2])) === Number(first[1])) return Number(first[1]);
  const last = core.match(TEXT_THEN_NUMBER);
  if (last && names(last[1]) === Number(last[2])) return Number(last[2]);
  return null;
}

/** A number that is no choice's number but one choice's value: "90" for "90도". */
function numberInChoiceText(core, table) {
  if (!/^\d+(?:\.\d+)?$/.test(core)) return null;
  return only(table.entries.filter((e) => e.number === core).map((e) => e.k));
}

export function readChoiceCore(core, table) {
  const byNumber = choiceNumber(core, table.n);
  const byText = exactChoiceText(core, table);
  if (byNumber !== null && byText !== null) return byNumber === byText ? byNumber : null;
  return byNumber ?? byText ?? numberWithText(core, table) ?? partialChoiceText(core, table) ?? numberInChoiceText(core, table);
}

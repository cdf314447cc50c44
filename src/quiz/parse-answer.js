// Reads an answer the way people type it, Korean students first, and grades only what it read
// whole. readAnswer(q, input) normalises the input, refuses characters outside the answer's
// alphabet, takes the frame off (./parse/frame.js: 정답:, 이요, 입니다, brackets), and lets the
// reader of the question's kind (its `read`, src/quiz/kinds/) read the core completely: a number
// with the question's own units, a choice, an O/X, a text. When no reader takes it whole, the
// answer is not graded, and ./parse/classify.js names why (a denial, a hedge, two answers…) and what
// was not understood.
// The rules with their examples are ./parse/rules.js (shown in docs/quiz.md). Every step is linear
// in the input, and answers longer than MAX_ANSWER_CHARS are not read.
//
// readAnswer(q, input) -> { value, unit?, accepted? } | { problem, unread, values }
//   value: the choice (1-based), 1/0, the number, or the text core; unit: the unit read after a
//   number; accepted: for a text question, the accepted answer it matched (null: a wrong answer).
import { normalizeInput, romanAsDigits } from './parse/normalize.js';
import { foreignCharacters } from './parse/alphabet.js';
import { cores, withoutDecorations, QUIET_END_NUMBER } from './parse/frame.js';
import { readNumberCore } from './parse/read-number.js';
import { choiceTable, readChoiceCore } from './parse/read-choice.js';
import { readOXCore } from './parse/read-ox.js';
import { acceptedTable, matchTextCore } from './parse/read-text.js';
import { classify } from './parse/classify.js';
import { splitCorrection } from './parse/correction.js';
import { glossaryNamesOf } from './parse/glossary.js';
import { unitsOf, lowerKeys, namesOf } from './parse/number-words.js';
import { CHOICE_PREFIXES, CHOOSING } from './parse/words.js';
import { allChoiceLists, allTextAnswers } from './localize.js';
import { kindOf } from './kinds/index.js';

export const MAX_ANSWER_CHARS = 1000;

const specs = new WeakMap();
/**
 * What the readers need of a question (its kind's read.spec: its tables, and the words of its frame,
 * `prefixes`, `verbs` and `quiet`), worked out once per question object.
 */
function specOf(q) {
  if (specs.has(q)) return specs.get(q);
  const kind = kindOf(q);
  const spec = { type: q.type, kind, ...kind.read.spec(q, READERS) };
  specs.set(q, spec);
  return spec;
}

const notGraded = (problem, unread = '', values = {}) => ({ problem, unread, values });

// What each kind's reading (src/quiz/kinds/<kind>.js, `read`) is handed: the readers, tables and
// words of ./parse/.
const READERS = {
  notGraded, unitsOf, lowerKeys, namesOf, allChoiceLists, allTextAnswers, glossaryNamesOf,
  choiceTable, acceptedTable, readNumberCore, readChoiceCore, readOXCore, matchTextCore,
  CHOICE_PREFIXES, CHOOSING, QUIET_END_NUMBER,
};

/** The reader of the question's kind on one core: a result, or null when it does not read the core whole. */
const readCore = (spec, core) => spec.kind.read.core(core, spec, READERS);

export function readAnswer(q, input) {
  const spec = specOf(q);
  if (typeof input !== 'string') {
    const plain = spec.kind.read.plain(input, spec, READERS);
    if (plain) return plain;
    input = input === null || input === undefined ? '' : String(input);
  }
  if (input.length > MAX_ANSWER_CHARS) {
    const length = normalizeInput(input).length;
    if (length > MAX_ANSWER_CHARS) return notGraded('too-long', '', { length });
  }
  // A choice's number may be a Roman numeral (Ⅳ), which NFKC would turn into the letters IV.
  const text = withoutDecorations(normalizeInput(q.type === 'mc' ? romanAsDigits(input) : input));
  if (!text) return notGraded('empty');
  const foreign = foreignCharacters(text, q);
  if (foreign) return notGraded('script', foreign);
  const read = readSentence(q, spec, text, true);
  // "Ⅳ" was read as 4: quote the numeral as typed when there is no such choice.
  const roman = read.problem === 'no-choice' && q.type === 'mc' && input.match(/[\u2160-\u216b\u2170-\u217b]/);
  return roman && romanAsDigits(roman[0]) === read.unread ? { ...read, unread: roman[0] } : read;
}

/** The value of `text` when one of its cores reads whole, or null. */
function readWhole(q, spec, text) {
  const candidates = cores(text, { prefixes: spec.prefixes, quiet: spec.quiet, verbs: spec.verbs });
  for (const core of candidates) {
    const r = readCore(spec, core);
    if (r) return { read: r, candidates };
  }
  return { read: null, candidates };
}

/** Why `text` is not read: the kind of "not graded" and what was not understood. */
function classifyText(q, spec, text) {
  const own = [...(spec.units || []), ...(spec.labels || [])];
  return classify(text, { type: q.type, units: spec.units || [], own, choices: spec.choices, n: spec.n });
}

/**
 * Reads a normalised answer: its value, or a self-correction's second answer ("2번 아니 1번": 1),
 * or why it is not graded. `corrections`: whether a correction may be read (not inside one).
 */
function readSentence(q, spec, text, corrections) {
  const { read, candidates } = readWhole(q, spec, text);
  if (read) return read;
  const fix = corrections ? splitCorrection(text) : null;
  // "3번, 아니다. 위치 인코딩은…" on a question whose choice starts with "아니다.": two answers, no correction.
  if (fix && !readWhole(q, spec, fix.tail).read) {
    const first = readWhole(q, spec, fix.first).read;
    // A text answer's first term may be any term, a wrong one too ("어텐션 아니 FFN").
    const firstIsAnswer = first ? !first.problem : q.type === 'text' && /^[\p{L}\p{N} _-]+$/u.test(fix.first)
      && classifyText(q, spec, fix.first).problem === 'unknown';
    if (firstIsAnswer) {
      // "1번 아니 2번 아니 3번": taken back twice, so which one is meant is not clear.
      if (fix.again) return notGraded('several', `${fix.first} ${fix.word} ${fix.second}`, { corrections: 2 });
      const second = readSentence(q, spec, fix.second, false);
      // "0 말고 0": taking an answer back for itself says nothing clear.
      const same = first && !second.problem && (q.type === 'text' ? second.accepted === first.accepted : second.value === first.value);
      return same ? notGraded('negated', fix.word) : second;
    }
  }
  const why = classifyText(q, spec, text);
  // A text answer that names nothing to refuse is a wrong answer, read as its barest core.
  if (q.type === 'text' && why.problem === 'unknown') return { value: candidates.reduce((a, b) => (b.length < a.length ? b : a)), accepted: null };
  return why;
}

// ---- the readers on their own, without a question (for pages that build their own UI) ----

const plainResult = (r) => (r.problem ? { problem: r.problem, unread: r.unread } : r);

/** Reads a number; `units` and `labels` are the words the answer may carry, `tolerance` the shown one. */
export function readNumber(input, { units = [], labels = [], tolerance = 0 } = {}) {
  return plainResult(readAnswer({ type: 'number', prompt: '', units, labels, tolerance }, input));
}
/** Reads O/X: { value: 1 } for O (true), { value: 0 } for X. */
export function readOX(input) {
  return plainResult(readAnswer({ type: 'ox', prompt: '' }, input));
}
/** Reads a choice against `choiceLists`, the choices in each language (same order). */
export function readChoice(input, choiceLists) {
  const lists = (choiceLists || []).filter((l) => Array.isArray(l) && l.length);
  if (!lists.length) return { problem: 'no-choice', unread: String(input ?? '') };
  const q = { type: 'mc', prompt: '', choices: lists[0] };
  lists.slice(1).forEach((choices, i) => { q[`x${String.fromCharCode(97 + (i % 26))}`] = { choices }; });
  return plainResult(readAnswer(q, input));
}
const valueOf = (r) => (r && !r.problem ? r.value : null);
export const parseNumber = (input, options) => valueOf(readNumber(input, options));
export const parseOX = (input) => valueOf(readOX(input));
export const parseChoice = (input, choiceLists) => valueOf(readChoice(input, choiceLists));

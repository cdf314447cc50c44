// Grades one answer: grade(question, input, { lang, misconceptions }) ->
// { correct, valid, expected, explanation, feedback, misconception, misconceptionText, given, problem? }.
// `valid` is false when the input could not be read at all, or contradicts itself (`problem`:
// 'negated', 'several', 'unequal'); then `feedback` says how to answer.
// `feedback` explains a known wrong answer (a distractor) when the input matches one.
import { readChoice, readNumber, readOX, matchesText, normalizeText, tooLong } from './parse-answer.js';
import { localizeQuestion, allChoiceLists, allTextAnswers, quizStrings, fill, misconceptionText } from './localize.js';

// Relative slack so that 0.1 + 0.2 style rounding never fails an exact answer.
const EPSILON = 1e-9;

const within = (a, b, tolerance) => Math.abs(a - b) <= tolerance + EPSILON * Math.max(1, Math.abs(b));

/** The circled number ①..⑳ for 1..20 (plain number beyond). */
export function circled(k) {
  return k >= 1 && k <= 20 ? String.fromCodePoint(0x2460 + k - 1) : `(${k})`;
}

/** A number shown with thousands separators and without float noise (4722432 -> "4,722,432"). */
export function formatAnswerNumber(x) {
  const rounded = Number(x.toPrecision(12));
  return rounded.toLocaleString('en-US', { maximumFractionDigits: 10 });
}

/** The right answer as text in `lang`: "② 사인", "X (0)", "4,722,432 (±0.001)", "FFN". */
export function expectedText(q, lang = 'ko') {
  const L = localizeQuestion(q, lang);
  switch (q.type) {
    case 'mc': return `${circled(q.answer)} ${L.choices[q.answer - 1]}`;
    case 'ox': return q.answer === 1 ? 'O (1)' : 'X (0)';
    case 'number': {
      const tol = q.tolerance ? ` (±${formatAnswerNumber(q.tolerance)})` : '';
      // Korean counters follow the number without a space (3개, 512차원); other units take one (1.581 rad).
      const unit = !L.unit ? '' : /^[가-힣]/.test(L.unit) ? L.unit : ` ${L.unit}`;
      return `${formatAnswerNumber(q.answer)}${unit}${tol}`;
    }
    default: return L.answerText;
  }
}

/** { value } for a readable answer, { problem } for one that contradicts itself, null if unreadable. */
function readInput(q, input) {
  switch (q.type) {
    case 'mc': return readChoice(input, allChoiceLists(q));
    case 'ox': return readOX(input);
    case 'number': return readNumber(input);
    default: return !tooLong(input) && normalizeText(input) ? { value: String(input) } : null;
  }
}

function isRight(q, given) {
  switch (q.type) {
    case 'mc':
    case 'ox': return given === q.answer;
    case 'number': return within(given, q.answer, q.tolerance || 0);
    default: return matchesText(given, allTextAnswers(q));
  }
}

function findDistractor(q, given) {
  return (q.distractors || []).findIndex((d) => {
    if (q.type === 'number') return within(given, d.match, q.tolerance || 0);
    if (q.type === 'text') return normalizeText(d.match) === normalizeText(given);
    return d.match === given;
  });
}

const UNREADABLE = { mc: 'unreadableChoice', ox: 'unreadableOX', number: 'unreadableNumber', text: 'unreadableText' };
// An answer that contradicts itself is not graded: "1 아님" (negated), "1 2 3" (several), "20 = 100" (unequal).
const PROBLEMS = { negated: 'negated', several: 'several', unequal: 'unequal' };

/** Grades `input` (a string as typed, or a number/boolean) against question `q`. */
export function grade(q, input, { lang = 'ko', misconceptions = [] } = {}) {
  const L = localizeQuestion(q, lang);
  const strings = quizStrings(lang).grade;
  const base = { expected: expectedText(q, lang), explanation: L.explanation, feedback: '', misconception: null, misconceptionText: '' };
  const empty = input === null || input === undefined || (typeof input === 'string' && input.trim() === '');
  if (empty) return { ...base, correct: false, valid: false, given: null, feedback: strings.empty };
  const read = readInput(q, input);
  if (read === null) return { ...base, correct: false, valid: false, given: null, feedback: strings[UNREADABLE[q.type]] };
  if (read.problem) return { ...base, correct: false, valid: false, given: null, problem: read.problem, feedback: strings[PROBLEMS[read.problem]] };
  const given = read.value;
  const correct = isRight(q, given);
  if (correct) return { ...base, correct, valid: true, given };
  const k = findDistractor(q, given);
  if (k < 0) return { ...base, correct, valid: true, given };
  const d = L.distractors[k];
  const mText = d.misconception ? misconceptionText(misconceptions, d.misconception, lang) : '';
  return {
    ...base, correct, valid: true, given, feedback: d.explanation,
    misconception: d.misconception || null,
    misconceptionText: mText ? fill(strings.misconception, { text: mText }) : '',
  };
}

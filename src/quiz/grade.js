// Grades one answer: grade(question, input, { lang, misconceptions }) ->
// { correct, valid, expected, explanation, feedback, misconception, misconceptionText, given, problem?, unread? }.
// Only an answer read whole is graded (src/quiz/parse-answer.js). Otherwise `valid` is false,
// `problem` names the kind of "not graded" (a denial, a hedge, two answers… see
// src/quiz/parse/rules.js), `unread` what was not understood, and `feedback` says both and how to
// answer; nothing is marked wrong. `feedback` explains a known wrong answer (a distractor) when the
// input matches one.
import { readAnswer } from './parse-answer.js';
import { answerKey } from './parse/normalize.js';
import { localizeQuestion, quizStrings, fill, misconceptionText } from './localize.js';
import { kindOf } from './kinds/index.js';

// Relative slack so that 0.1 + 0.2 style rounding never fails an exact answer.
const EPSILON = 1e-9;

const within = (a, b, tolerance) => Math.abs(a - b) <= tolerance + EPSILON * Math.max(1, Math.abs(b));

/** The circled number ①..⑳ for 1..20, "(k)" beyond: how choices are numbered on screen and in answers. */
export function circled(k) {
  return k >= 1 && k <= 20 ? String.fromCodePoint(0x2460 + k - 1) : `(${k})`;
}

// One formatter for every call: toLocaleString builds a new one each time, which is slow.
const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });

/** A number shown with thousands separators and without float noise (4722432 -> "4,722,432"). */
export function formatAnswerNumber(x) {
  return NUMBER_FORMAT.format(Number(x.toPrecision(12)));
}

/** The right answer as text in `lang`: "② 사인", "X (0)", "4,722,432 (±0.001)", "FFN". */
export function expectedText(q, lang = 'ko') {
  const L = localizeQuestion(q, lang);
  return kindOf(q).expected(q, L, { circled, formatAnswerNumber });
}

const compare = { within, answerKey };
const isRight = (q, read) => kindOf(q).isRight(q, read, compare);

function findDistractor(q, given) {
  return (q.distractors || []).findIndex((d) => kindOf(q).sameAnswer(q, d.match, given, compare));
}

/**
 * The units a number question takes, as a learner of `lang` reads them: its shown unit and those of
 * its other units written in the language's script (‘rad’, ‘라디안’ in Korean; ‘rad’, ‘radians’ in English).
 */
function unitsShown(q, L, lang) {
  const own = (u) => (lang === 'ko' ? /[가-힣]/.test(u) || !/[a-z]{4}/i.test(u) : !/[가-힣]/.test(u));
  const units = [...new Set([L.unit, ...(q.units || []).filter(own)].filter(Boolean))];
  return units.map((u) => `‘${u}’`).join(', ');
}

/** What the quiz says about an answer it did not grade: why, what was not understood, and how to answer. */
function notGradedFeedback(q, L, lang, read, strings) {
  const question = read.problem === 'hedge' && read.unread === '?';
  const values = { left: read.unread, ...read.values };
  if (values.length !== undefined) values.length = NUMBER_FORMAT.format(values.length);
  // A more precise message for why when there is one (read.values.reason: '약' before an exact answer…).
  const reason = read.values && (read.values.reason || (read.values.corrections && 'corrections'));
  const which = question ? 'question' : reason && strings.notGraded[`${read.problem}:${reason}`] ? `${read.problem}:${reason}` : read.problem;
  const why = fill(strings.notGraded[which], values);
  const units = kindOf(q).takesUnits ? unitsShown(q, L, lang) : '';
  const how = kindOf(q).takesUnits ? fill(units ? strings.howTo.numberUnits : strings.howTo.number, { units }) : strings.howTo[q.type];
  return `${why} ${how}`;
}

// A question's text and shown answer in a language, worked out once per question object (the quiz
// re-grades every saved answer on each render).
const localized = new WeakMap();
function localizedOnce(q, lang) {
  if (!localized.has(q)) localized.set(q, new Map());
  const byLang = localized.get(q);
  if (!byLang.has(lang)) byLang.set(lang, { L: localizeQuestion(q, lang), expected: expectedText(q, lang) });
  return byLang.get(lang);
}

/** Grades `input` (a string as typed, or a number/boolean) against question `q`. */
export function grade(q, input, { lang = 'ko', misconceptions = [] } = {}) {
  const { L, expected } = localizedOnce(q, lang);
  const strings = quizStrings(lang).grade;
  const base = { expected, explanation: L.explanation, feedback: '', misconception: null, misconceptionText: '' };
  const read = readAnswer(q, input);
  if (read.problem === 'empty') return { ...base, correct: false, valid: false, given: null, feedback: strings.empty };
  if (read.problem) {
    return { ...base, correct: false, valid: false, given: null, problem: read.problem, unread: read.unread, feedback: notGradedFeedback(q, L, lang, read, strings) };
  }
  const given = read.value;
  const correct = isRight(q, read);
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

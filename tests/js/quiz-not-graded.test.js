// Grading cannot be talked into "correct" (issue 23): every accepted answer of every bank question
// and of generated questions of every topic, with each pattern of denying, hedging, comparing,
// naming a second answer, a percentage, a foreign script, or a random word of the glossary put
// before or after it, is never graded correct. The accepted answers themselves are graded correct
// first, so that the test cannot pass by refusing everything. The patterns are written from how
// learners deny and hedge, not from the reader's word lists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { builtinBank, generate, grade, expectedText, TOPICS, mulberry32 } from '../../src/quiz/index.js';
import { formatAnswerNumber, circled } from '../../src/quiz/grade.js';
import koPage from '../../src/i18n/ko/page.js';

const core = await init();
const bank = builtinBank();
const SEEDS = 9; // generated questions: every topic once per seed
const generated = [];
for (let seed = 1; seed <= SEEDS; seed++) generated.push(...generate(core, { seed, count: TOPICS.length, topics: TOPICS }));
const questions = [...bank.questions, ...generated];

const langs = (q) => ['ko', ...Object.keys(q).filter((k) => /^[a-z]{2}$/.test(k))];
const unitsOf = (q) => [q.unit, ...(q.units || []), ...langs(q).map((l) => q[l]?.unit)].filter(Boolean);

/** Every answer the question accepts as written by a careful learner, in each of its forms. */
function acceptedAnswers(q) {
  const out = new Set(langs(q).map((lang) => expectedText(q, lang)));
  if (q.type === 'mc') {
    [String(q.answer), `${q.answer}번`, circled(q.answer)].forEach((a) => out.add(a));
    for (const lang of langs(q)) out.add((lang === 'ko' ? q.choices : q[lang].choices || q.choices)[q.answer - 1]);
  } else if (q.type === 'ox') {
    (q.answer ? ['O', '참', '맞다', '1'] : ['X', '거짓', '틀리다', '0']).forEach((a) => out.add(a));
  } else if (q.type === 'number') {
    out.add(String(q.answer)).add(formatAnswerNumber(q.answer));
    for (const u of unitsOf(q)) if (u !== '%') out.add(`${formatAnswerNumber(q.answer)} ${u}`);
    for (const l of q.labels || []) out.add(`${l} = ${formatAnswerNumber(q.answer)}`);
  } else {
    [q.answer, ...(q.accept || [])].forEach((a) => out.add(a));
  }
  return [...out];
}

/** Answers that are not the key: other choices, the other O/X, neighbouring numbers, a distractor. */
function otherAnswers(q) {
  if (q.type === 'mc') return q.choices.map((c, i) => i + 1).filter((k) => k !== q.answer).flatMap((k) => [String(k), `${k}번`, q.choices[k - 1]]);
  if (q.type === 'ox') return q.answer ? ['X', '거짓', '0'] : ['O', '참', '1'];
  if (q.type === 'number') return [q.answer + 1, q.answer - 1, q.answer * 10].map(formatAnswerNumber);
  return ['어텐션', 'attention', ...(q.distractors || []).map((d) => d.match)];
}

// Put after the answer (with a space and without one): denials, hedges, comparisons, percentages,
// scripts. [pattern, type]: only for that type of question. "3~" starts a range, but "2번~" and
// "X~" are a friendly tone that the quiz reads.
const AFTER = [
  '틀림', '틀렸어요', '틀려요', '은 틀렸다', '아님', '아니에요', '아닙니다', '아니다', '아니요', '이 아니에요', '가 아니야', '은 아닐 것 같아요',
  '맞지 않음', '는 정답이 아님', 'wrong', 'is wrong', 'not', 'is not the answer', '(틀림)', '(X)', '-- 틀린 답',
  '?', '??', '같아요', '인 것 같아요', '일걸요', '인 듯', '인듯', '쯤', '정도', '아닐까요', '인가요?', '맞나요', '일지도', '일 거예요', '겠죠',
  '확실하지 않음', '모르겠어요', '헷갈려요', 'maybe', 'probably', 'I guess', '...?',
  '이상', '이하', '미만', '초과', '보다 큼', '보다 작음', '넘음', '보다 많다', 'or more', 'or less', 'at most', '+', ['~', 'number'],
  '%', ' %', '퍼센트', '프로', '\u0301', '\u0308', '三', 'ー', 'Ⅲ', 'ا', '個', '😀',
];
// Put before the answer: the same thoughts as a learner starts a sentence with them.
const BEFORE = [
  '아님', '아니', 'not', '틀린 답:', '정답 아님:', '답이 아닌 것:', '오답:', 'X:',
  '아마', '아마도', '약', '대략', '≈', '~', 'maybe', 'probably', 'about', 'approximately', '음...', '글쎄요', '찍었어요:', '잘 모르지만',
  '>', '<', '≥', '≤', 'more than', 'less than', 'at least', '최소', '최대',
  '%', '三', '\u0301',
];
// A second answer beside the key (A) and another answer (B). Between two numbers '/' divides (2/1 is 2).
const SECOND = [
  (a, b) => `${a}, ${b}`, (a, b) => `${b}, ${a}`, (a, b) => `${a} ${b}`, [(a, b) => `${a}/${b}`, 'not number'], (a, b) => `${a} 아니면 ${b}`,
  (a, b) => `${a} 말고 ${b}`, (a, b) => `${a} 또는 ${b}`, (a, b) => `${a}인지 ${b}인지`, (a, b) => `${a}, 아니 ${b}`,
  (a, b) => `${a} 아니고 ${b}`, (a, b) => `${a} or ${b}`, (a, b) => `${a} (${b})`, (a, b) => `${a}이 아니라 ${b}`, (a, b) => `${a} 혹은 ${b}`,
  // A self-correction grades the answer after it (issue 33): corrected away from the key, taken back
  // twice, or followed by a hedge, it is never correct.
  (a, b) => `${b} 아니 ${a} 아니 ${b}`, (a, b) => `${b} 아니 ${a} 말고 ${a}`, (a, b) => `${b} 아니 아마 ${a}`, (a, b) => `${b} 말고 ${a} 같아요`,
  (a, b) => `${b} 아니고 ${a}?`,
];

// Random words of the glossary (its Korean terms and their words), the same ones every run.
const glossaryWords = [...new Set(koPage.glossary.terms.flatMap(([term, also]) => [term, ...term.split(' '), ...also.split(/, | /)]))]
  .filter((w) => /[가-힣]/.test(w));
const rnd = mulberry32(23);
const someWords = Array.from({ length: 24 }, () => glossaryWords[Math.floor(rnd() * glossaryWords.length)]);
const key = (s) => s.normalize('NFKC').toLowerCase().replace(/[\s\p{P}]/gu, '');
/** The words of the key choice's text in every language ("위치가" of "모든 위치가 같은 FFN 가중치 공유"). */
const keyChoiceWords = (q) => (q.type === 'mc' ? langs(q).flatMap((l) => ((l === 'ko' ? q.choices : q[l].choices || q.choices)[q.answer - 1]).split(/[^\p{L}\p{N}_]+/u)).map(key) : []);
/**
 * A glossary word that is itself part of an answer (a declared unit, an accepted text, the key's text,
 * a word of the key choice, its particle left off: "2번 위치" names choice 2 twice) is no noise.
 */
function isPartOfAnswer(q, word, accepted) {
  const w = key(word);
  return unitsOf(q).some((u) => key(u) === w) || (q.labels || []).some((l) => key(l) === w) || accepted.some((a) => key(a) === w)
    || word.split(' ').every((part) => keyChoiceWords(q).some((cw) => cw === key(part) || (cw.startsWith(key(part)) && /^[가-힣]{1,2}$/.test(cw.slice(key(part).length)))));
}

/** The patterns of `list` that apply to question q: [pattern, 'number'] only to numbers, [pattern, 'not number'] to the rest. */
const forType = (list, q) => list.filter((p) => !Array.isArray(p) || (p[1] === 'number') === (q.type === 'number')).map((p) => (Array.isArray(p) ? p[0] : p));

function tries(q) {
  const accepted = acceptedAnswers(q);
  const others = otherAnswers(q);
  const after = forType(AFTER, q);
  const second = forType(SECOND, q);
  const out = [];
  for (const a of accepted) {
    for (const p of after) out.push(`${a} ${p}`, `${a}${p}`);
    // 약 before a rounded decimal is read on a question that asks for rounding (issue 33): there it is
    // tried before the other answers instead (quiz-forms.test.js).
    for (const p of BEFORE) if (!(p === '약' && q.tolerance)) out.push(`${p} ${a}`, `${p}${a}`);
    for (const b of others) for (const f of second) out.push(f(a, b));
    for (const w of someWords) if (!isPartOfAnswer(q, w, accepted)) out.push(`${a} ${w}`, `${w} ${a}`);
  }
  return { accepted, tried: out };
}

test('every accepted answer of every bank and generated question is graded correct', () => {
  let n = 0;
  for (const q of questions) {
    for (const a of acceptedAnswers(q)) {
      for (const lang of ['ko', 'en']) assert.equal(grade(q, a, { lang }).correct, true, `${q.id}: ${JSON.stringify(a)} (${lang})`);
      n++;
    }
  }
  console.log(`# ${n} accepted answers of ${questions.length} questions (${bank.questions.length} bank, ${generated.length} generated) graded correct`);
});

test('no denial, hedge, comparison, second answer, percentage, foreign script or glossary word is graded correct', () => {
  let tried = 0;
  const correct = [];
  const kinds = new Map();
  for (const q of questions) {
    for (const input of tries(q).tried) {
      const r = grade(q, input);
      tried++;
      if (r.correct) correct.push(`${q.id}: ${JSON.stringify(input)}`);
      const kind = r.valid ? 'wrong' : r.problem;
      kinds.set(kind, (kinds.get(kind) || 0) + 1);
    }
  }
  const patterns = AFTER.length * 2 + BEFORE.length * 2 + SECOND.length + someWords.length * 2;
  console.log(`# ${patterns} patterns (${SECOND.length} with a second answer, ${someWords.length} glossary words) × ${questions.length} questions: ${tried} gradings, ${correct.length} correct`);
  console.log(`# verdicts: ${[...kinds].sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  assert.deepEqual(correct.slice(0, 20), [], `${correct.length} graded correct`);
});

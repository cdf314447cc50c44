// The answer readers' rules (src/quiz/parse/rules.js) run example by example: what must be read,
// and what must not be (with the kind of "not graded"); docs/quiz.md showing the same tables; and
// grade() on answers as Korean students write them: right, wrong, and not graded ("try again"),
// for every question type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readAnswer } from '../../src/quiz/parse-answer.js';
import { READ_RULES, NOT_GRADED, SAMPLES, exampleText, exampleCode } from '../../src/quiz/parse/rules.js';
import { builtinBank, grade, expectedText } from '../../src/quiz/index.js';
import { quizStrings } from '../../src/quiz/localize.js';

/** What an answer reads as: the value (for a text, the accepted answer it matches), or the kind of "not graded". */
const outcome = (r) => (r.problem ? r.problem : r.accepted !== undefined ? r.accepted : r.value);
const same = (got, want) => (typeof want === 'number' ? typeof got === 'number' && Math.abs(got - want) < 1e-9 : got === want);

for (const rule of READ_RULES) {
  test(`rule ${rule.id}: every example reads as the table says, and every refused one is not graded for its kind`, () => {
    for (const [input, sample, want] of rule.reads) {
      const got = outcome(readAnswer(SAMPLES[sample], input));
      assert.ok(same(got, want), `${JSON.stringify(input)} (${sample}) → ${got}, want ${want}`);
    }
    for (const [input, sample, kind] of rule.refuses) {
      assert.equal(outcome(readAnswer(SAMPLES[sample], input)), kind, `${JSON.stringify(input)} (${sample})`);
    }
  });
}

for (const k of NOT_GRADED) {
  test(`not graded, ${k.kind}: every example is refused for it, and its look-alikes are read`, () => {
    for (const [input, sample] of k.refuses) {
      const r = readAnswer(SAMPLES[sample], input);
      assert.equal(r.problem, k.kind, `${JSON.stringify(exampleText(input))} (${sample}) → ${outcome(r)}`);
      if (k.kind !== 'too-long') assert.ok(r.unread.length > 0, 'names what was not understood');
    }
    for (const [input, sample, want] of k.reads) {
      const got = outcome(readAnswer(SAMPLES[sample], input));
      assert.ok(same(got, want), `${JSON.stringify(input)} (${sample}) → ${got}, want ${want}`);
    }
  });
}

test('docs/quiz.md shows both tables: every rule, every kind and every example', () => {
  const doc = readFileSync(new URL('../../docs/quiz.md', import.meta.url), 'utf8');
  for (const rule of READ_RULES) {
    assert.ok(doc.includes(`| ${rule.id} |`), `rule ${rule.id}`);
    for (const [input] of [...rule.reads, ...rule.refuses]) assert.ok(doc.includes(exampleCode(input)), `${rule.id}: ${exampleText(input)}`);
  }
  for (const k of NOT_GRADED) {
    assert.ok(doc.includes(`| \`${k.kind}\` |`), `kind ${k.kind}`);
    for (const [input] of [...k.refuses, ...k.reads]) assert.ok(doc.includes(exampleCode(input)), `${k.kind}: ${exampleText(input)}`);
  }
});

const bank = builtinBank();
const byId = new Map(bank.questions.map((q) => [q.id, q]));
// Questions as the quiz shows generated ones: a PE value and a rotation angle with tolerances.
byId.set('gen-value', { id: 'gen-value', type: 'number', prompt: 'PE(3, 2)?', answer: 0.851, tolerance: 0.001, explanation: 'e' });
byId.set('gen-angle', { id: 'gen-angle', type: 'number', prompt: 'angle?', answer: 1.581, tolerance: 0.001, unit: 'rad', units: ['라디안'], explanation: 'e' });

// [question, input, 'right' | 'wrong' | 'retry'] — retry: not graded. Since issue 23 only an answer read
// whole is graded: a hedge ('약 100') and two numbers ('100 200', '4 722 432') are asked again instead
// of being read one way. A self-correction ('20 아니고 100', issue 33) grades the answer after it.
const R = 'right';
const W = 'wrong';
const T = 'retry';
const students = [
  // 10 tokens -> 100 attention scores
  ['doc-calc-attention', '100', R], ['doc-calc-attention', '100개', R], ['doc-calc-attention', '100 개', R],
  ['doc-calc-attention', '백', R], ['doc-calc-attention', '백 개', R], ['doc-calc-attention', '백개', R],
  ['doc-calc-attention', '100개요', R], ['doc-calc-attention', '100이요', R], ['doc-calc-attention', '100입니다', R],
  ['doc-calc-attention', '100개입니다.', R], ['doc-calc-attention', '정답: 100', R], ['doc-calc-attention', '답은 100개', R],
  ['doc-calc-attention', '10×10=100', R], ['doc-calc-attention', '10*10=100', R], ['doc-calc-attention', '10 x 10 = 100', R],
  ['doc-calc-attention', '100 = 10×10', R], ['doc-calc-attention', '10^2', R], ['doc-calc-attention', '10²', R],
  ['doc-calc-attention', '10^2 = 100', R], ['doc-calc-attention', '1e2', R], ['doc-calc-attention', '1.0e2', R],
  ['doc-calc-attention', '(100)', R], ['doc-calc-attention', '１００', R], ['doc-calc-attention', '약 100', T],
  ['doc-calc-attention', '100!', R], ['doc-calc-attention', '10 × 10', R], ['doc-calc-attention', '10개 × 10개 = 100개', R],
  ['doc-calc-attention', '20', W], ['doc-calc-attention', '10', W], ['doc-calc-attention', '10+10=20', W],
  ['doc-calc-attention', '45', W], ['doc-calc-attention', '천', W], ['doc-calc-attention', '스무 개', W],
  ['doc-calc-attention', '100 아님', T], ['doc-calc-attention', '100이 아니다', T], ['doc-calc-attention', '20 = 100', T],
  ['doc-calc-attention', '10 + 10 = 100', T], ['doc-calc-attention', '100 20', T], ['doc-calc-attention', '100 200', T], ['doc-calc-attention', '100, 20', T],
  ['doc-calc-attention', '모르겠어요', T], ['doc-calc-attention', '백 개쯤?', T], ['doc-calc-attention', '100개 아니고 20개', W],
  ['doc-calc-attention', '20 아니고 100', R], ['doc-calc-attention', '=100', R], ['doc-calc-attention', '100=', R],
  // count the ones: 3
  ['doc-calc-ones', '3', R], ['doc-calc-ones', '3개', R], ['doc-calc-ones', '3 개', R], ['doc-calc-ones', '세 개', R],
  ['doc-calc-ones', '세개', R], ['doc-calc-ones', '셋', R], ['doc-calc-ones', '삼', R], ['doc-calc-ones', '3개요', R],
  ['doc-calc-ones', '셋이요', R], ['doc-calc-ones', '1+1+0+1+0=3', R], ['doc-calc-ones', '1+1+1=3', R], ['doc-calc-ones', '1+1+0+1+0', R],
  ['doc-calc-ones', '３개', R], ['doc-calc-ones', '(3)', R], ['doc-calc-ones', '3개입니다', R], ['doc-calc-ones', '답: 3', R],
  ['doc-calc-ones', '2', W], ['doc-calc-ones', '네 개', W], ['doc-calc-ones', '다섯', W], ['doc-calc-ones', '5개', W],
  ['doc-calc-ones', '1 2 3', T], ['doc-calc-ones', '3 아님', T], ['doc-calc-ones', '1+1+0+1+0=2', T], ['doc-calc-ones', '3개 4개', T],
  ['doc-calc-ones', '1,2,3', T], ['doc-calc-ones', '잘 모르겠음', T],
  // sum of [2, 1, 2]: 5
  ['doc-calc-sum', '5', R], ['doc-calc-sum', '5점', R], ['doc-calc-sum', '다섯', R], ['doc-calc-sum', '오', R],
  ['doc-calc-sum', '다섯 점', R], ['doc-calc-sum', '2+1+2=5', R], ['doc-calc-sum', '5 = 2+1+2', R], ['doc-calc-sum', '5점이에요', R],
  ['doc-calc-sum', '5요', R], ['doc-calc-sum', '4', W], ['doc-calc-sum', '여섯', W], ['doc-calc-sum', '2+1+2=6', T],
  // FFN parameters 768 -> 3072: 4,722,432
  ['ffn-how-2', '4722432', R], ['ffn-how-2', '4,722,432', R], ['ffn-how-2', '4 722 432', T], ['ffn-how-2', '472만 2432', R],
  ['ffn-how-2', '472만2432', R], ['ffn-how-2', '사백칠십이만 이천사백삼십이', R], ['ffn-how-2', '사백칠십이만이천사백삼십이', R],
  ['ffn-how-2', '4,722,432개', R], ['ffn-how-2', '2*768*3072+3072+768', R], ['ffn-how-2', '2×768×3072 + 3072 + 768 = 4,722,432', R],
  ['ffn-how-2', '4722432개요', R], ['ffn-how-2', '4.722432e6', R], ['ffn-how-2', '4.722.432', T],
  ['ffn-how-2', '4718592', W], ['ffn-how-2', '471만 8592', W], ['ffn-how-2', '2*768*3072', W],
  ['ffn-how-2', '2*768*3072 = 4722432', T], ['ffn-how-2', '4722432 아님', T],
  // a generated PE value and a rotation angle, typed back as the quiz shows them
  ['gen-value', '0.851', R], ['gen-value', '0.851 (±0.001)', R], ['gen-value', '0,851', R], ['gen-value', '.851', R],
  ['gen-value', '0.8509', R], ['gen-value', '약 0.851', R], ['gen-value', '0.85', R], ['gen-value', '0.849', W], ['gen-value', '0.86', W],
  ['gen-value', '0.851 0.852', T], ['gen-value', '8.51e-1', R],
  ['gen-angle', '1.581', R], ['gen-angle', '1.581 rad', R], ['gen-angle', '1.581 rad (±0.001)', R], ['gen-angle', '1.581라디안', R],
  ['gen-angle', '1.58', R], ['gen-angle', '1.579', W], ['gen-angle', '1.581 rad 아님', T],
  // multiple choice: ① 코사인만 ② 사인 ③ 항등, answer 2
  ['doc-concept-2', '2', R], ['doc-concept-2', '2번', R], ['doc-concept-2', '2 번', R], ['doc-concept-2', '②', R],
  ['doc-concept-2', '(2)', R], ['doc-concept-2', '(2번)', R], ['doc-concept-2', '2번이요', R], ['doc-concept-2', '2요', R],
  ['doc-concept-2', '2번입니다', R], ['doc-concept-2', '정답은 2번', R], ['doc-concept-2', '두 번째', R], ['doc-concept-2', '두번째', R],
  ['doc-concept-2', '둘째', R], ['doc-concept-2', '2번째', R], ['doc-concept-2', '사인', R], ['doc-concept-2', '② 사인', R],
  ['doc-concept-2', '사인이요', R], ['doc-concept-2', 'sine', R], ['doc-concept-2', 'b', R], ['doc-concept-2', '1번 아니고 2번', R],
  ['doc-concept-2', '코사인만 말고 사인', R], ['doc-concept-2', 'second', R], ['doc-concept-2', '2.', R], ['doc-concept-2', '선택지 2', R],
  ['doc-concept-2', '1', W], ['doc-concept-2', '1번', W], ['doc-concept-2', '첫 번째', W], ['doc-concept-2', '세 번째', W],
  ['doc-concept-2', '항등', W], ['doc-concept-2', '코사인만', W], ['doc-concept-2', '2번 아니고 3번', W], ['doc-concept-2', '③', W],
  ['doc-concept-2', '2 아님', T], ['doc-concept-2', '2번 아님', T], ['doc-concept-2', '2번이 아니에요', T], ['doc-concept-2', '1 2 3', T],
  ['doc-concept-2', '2, 3', T], ['doc-concept-2', '2번 3번', T], ['doc-concept-2', '2번이나 3번', T], ['doc-concept-2', '4번', T],
  ['doc-concept-2', '탄젠트', T], ['doc-concept-2', '모름', T],
  // concept 3: ① 더하기 x+PE(pos), answer 1
  ['doc-concept-3', '1', R], ['doc-concept-3', '첫 번째', R], ['doc-concept-3', '첫번째요', R], ['doc-concept-3', '더하기', R],
  ['doc-concept-3', '①번', R], ['doc-concept-3', '1번이요', R], ['doc-concept-3', '이어붙이기만', W], ['doc-concept-3', '1 아님', T],
  // pe-miss-2: a choice that itself says 아니다
  ['pe-miss-2', '① 아니다. 위치 인코딩은 재료 중 하나이고, 의미 관계는 셀프 어텐션·FFN·정규화·학습된 가중치가 함께 만든다', R],
  // O/X: FFN needs different weights per token — answer X (0)
  ['doc-ox-1', 'X', R], ['doc-ox-1', 'x', R], ['doc-ox-1', '0', R], ['doc-ox-1', '거짓', R], ['doc-ox-1', '틀렸다', R],
  ['doc-ox-1', '틀려요', R], ['doc-ox-1', '틀렸어요', R], ['doc-ox-1', '틀립니다', R], ['doc-ox-1', '아니에요', R], ['doc-ox-1', '아니다', R],
  ['doc-ox-1', '아니요', R], ['doc-ox-1', '아님', R], ['doc-ox-1', 'X요', R], ['doc-ox-1', 'X (0)', R], ['doc-ox-1', '(X)', R],
  ['doc-ox-1', '정답: X', R], ['doc-ox-1', 'false', R], ['doc-ox-1', 'ㄴㄴ', R], ['doc-ox-1', '×', R],
  ['doc-ox-1', 'O', W], ['doc-ox-1', '맞아요', W], ['doc-ox-1', '맞다', W], ['doc-ox-1', '참', W], ['doc-ox-1', '네', W], ['doc-ox-1', '1', W],
  ['doc-ox-1', 'O X', T], ['doc-ox-1', '1 0', T], ['doc-ox-1', 'X (1)', T], ['doc-ox-1', '모르겠다', T],
  // text: FFN and Hugging Face's maximum length
  ['ffn-block-3', 'FFN', R], ['ffn-block-3', '피드포워드 네트워크', R], ['ffn-block-3', 'FFN 층', R], ['ffn-block-3', '피드포워드 층', R],
  ['ffn-block-3', 'ffn', R], ['ffn-block-3', '어텐션', W],
  ['ffn-how-3', 'max_position_embeddings', R], ['ffn-how-3', 'n_positions', R], ['ffn-how-3', 'intermediate_size', W],
];

test('at least 150 answers as students write them, right, wrong and "try again"', () => {
  assert.ok(students.length >= 150, `${students.length}`);
  for (const kind of [R, W, T]) assert.ok(students.filter((s) => s[2] === kind).length >= 30, kind);
});

for (const [id, input, want] of students) {
  test(`${id}: ${JSON.stringify(input)} is ${want}`, () => {
    const q = byId.get(id);
    assert.ok(q, id);
    const r = grade(q, input, { misconceptions: bank.misconceptions });
    const got = !r.valid ? T : r.correct ? R : W;
    assert.equal(got, want, `${JSON.stringify(r.given)} ${r.problem || ''} ${r.feedback}`);
    if (want === T) assert.ok(r.feedback.length > 0, 'says how to answer');
  });
}

test('every kind of "not graded" has its own message in Korean and English, naming what was not understood', () => {
  const strings = { ko: quizStrings('ko').grade, en: quizStrings('en').grade };
  for (const k of NOT_GRADED) {
    for (const lang of ['ko', 'en']) {
      assert.ok(strings[lang].notGraded[k.kind], `${k.kind} (${lang})`);
      const [input, sample] = k.refuses[0];
      const r = grade(SAMPLES[sample], input, { lang });
      assert.equal(r.valid, false);
      assert.equal(r.problem, k.kind);
      const howTo = SAMPLES[sample].type === 'number' ? '' : strings[lang].howTo[SAMPLES[sample].type];
      assert.ok(r.feedback.endsWith(howTo), `${k.kind} (${lang}) ends by saying how to answer: ${r.feedback}`);
      if (r.unread) assert.ok(r.feedback.includes(`‘${r.unread}’`) || k.kind === 'mixed', `${k.kind} (${lang}) quotes ‘${r.unread}’: ${r.feedback}`);
    }
  }
  const kinds = new Set(NOT_GRADED.map((k) => k.kind));
  for (const lang of ['ko', 'en']) {
    for (const kind of Object.keys(strings[lang].notGraded)) assert.ok(kinds.has(kind.split(':')[0]) || kind === 'question', `${lang}: ${kind} is a kind`);
  }
});

test('a refusal says why in its own words: 약 before an exact answer, 약 before a rougher value, a twice-corrected answer, a guess', () => {
  const cases = [
    [SAMPLES.count, '약 3', /정확한 값을 묻기 때문에 ‘약’을 붙인 답은 채점하지 않아요\. ‘약’은 빼고 답만 적어 주세요\./, /asks for an exact value/],
    [SAMPLES.angle, '약 1.5', /소수점 아래 3자리\)까지 적혀 있지 않아요/, /3 decimal places/],
    [SAMPLES.choice, '1번 아니 2번 아니 3번', /두 번 넘게 고쳐 적어서\(‘1번 아니 2번 아니 3번’\)/, /corrected more than once/],
    [SAMPLES.count, '3개 같아요', /짐작하는 말\(‘같아요’\)이 붙어 있어요\. 확실하지 않아도 괜찮으니 짐작하는 말은 빼고 답만 적어 주세요\./, /leave the guessing word out/],
    [SAMPLES.count, '총 개수는 3개', /‘총 개수는’ 부분을 이해하지 못했어요/, /‘총 개수는’/],
  ];
  for (const [q, input, ko, en] of cases) {
    assert.match(grade(q, input).feedback, ko, input);
    assert.match(grade(q, input, { lang: 'en' }).feedback, en, input);
  }
});

test('a number question says which units it takes, in the learner\'s language', () => {
  const q = SAMPLES.angle;
  assert.match(grade(q, '2도').feedback, /단위는 ‘rad’, ‘라디안’만 붙일 수 있어요\.$/);
  assert.match(grade(q, '2도', { lang: 'en' }).feedback, /the units it takes: ‘rad’\.$/);
  assert.match(grade(SAMPLES.count, '3점').feedback, /단위\(‘점’\)가 붙어 있어요\. 숫자 하나로 답해 주세요\. 단위는 ‘개’만 붙일 수 있어요\.$/);
});

test('shown answers write Korean counters without a space, other units with one', () => {
  assert.equal(expectedText(byId.get('doc-calc-ones'), 'ko'), '3개');
  assert.equal(expectedText(byId.get('gen-angle'), 'ko'), '1.581 rad (±0.001)');
  assert.equal(expectedText(byId.get('gen-value'), 'ko'), '0.851 (±0.001)');
});

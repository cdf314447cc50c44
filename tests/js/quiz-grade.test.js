// Grading: every example question of the documents with the documents' own answer (typed here
// independently of the bank), in several spellings, and a wrong answer; then every bank question.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinBank, grade, expectedText } from '../../src/quiz/index.js';

const bank = builtinBank();
const byId = new Map(bank.questions.map((q) => [q.id, q]));

// id -> [the documents' answer, [right spellings], [wrong answers]]
const documentAnswers = {
  'doc-concept-1': [2, ['2', '②', '2번', '(2)', '부분적으로만', 'Only partly', '② 부분적으로만'], ['1', '참', '③']],
  'doc-concept-2': [2, ['2', '②', '２', '사인', 'Sine', 'b'], ['1', '코사인만', '항등']],
  'doc-concept-3': [1, ['1', '①', '1번', '더하기', '더하기 x+PE(pos)', 'Add: x+PE(pos)'], ['2', '이어붙이기만', '원소별 곱만']],
  'doc-concept-4': [2, ['2', '②', '각 토큰 표현을 토큰별로 비선형 변환'], ['1', '토큰 간 관계를 만드는 어텐션', '드롭아웃만 적용']],
  'doc-concept-5': [2, ['2', '②', '모든 위치가 같은 FFN 가중치 공유'], ['1', '위치마다 다른 W1,W2', 'PE 행렬만 공유']],
  'doc-concept-6': [2, ['2', '②', '연산량·메모리·지연', 'Compute, memory and latency'], ['1', '항상 속도 향상만', '데이터 라벨 수']],
  'doc-ox-1': [0, ['0', '０', 'X', 'x', '×', '거짓', '틀리다', 'false', 'X (0)'], ['1', 'O', '○', '참', '맞다']],
  'doc-scenario-1': [1, ['1', '①', '임베딩+PE', 'Embedding + PE'], ['2', '픽셀만', '파일명만']],
  'doc-calc-ones': [3, ['3', '３', '3개', '3 개', '1+1+0+1+0=3', '정답: 3'], ['5', '2', '4']],
  'doc-calc-sum': [5, ['5', '５', '5점', '2+1+2=5'], ['4', '6']],
  'doc-calc-attention': [100, ['100', '１００', '100개', '100 개', '10×10=100', '100 scores', '1e2'], ['10', '20', '45', '1000']],
  'doc-calc-stacking': [1, ['1', '①', '단계적 추상화', 'Step-by-step abstraction'], ['2', '데이터 삭제', '입력 금지']],
};

test('the bank holds exactly the documents\' example questions with the documents\' answers', () => {
  const fromDocs = bank.questions.filter((q) => q.origin === 'document').map((q) => q.id).sort();
  assert.deepEqual(fromDocs, Object.keys(documentAnswers).sort());
  for (const [id, [answer]] of Object.entries(documentAnswers)) assert.equal(byId.get(id).answer, answer, id);
});

for (const [id, [, rights, wrongs]] of Object.entries(documentAnswers)) {
  for (const lang of ['ko', 'en']) {
    test(`${id} (${lang}) is graded right in every spelling and wrong otherwise`, () => {
      const q = byId.get(id);
      for (const input of rights) {
        const r = grade(q, input, { lang, misconceptions: bank.misconceptions });
        assert.equal(r.correct, true, `${JSON.stringify(input)} should be right`);
        assert.equal(r.valid, true);
        assert.ok(r.explanation.length > 0);
      }
      for (const input of wrongs) {
        const r = grade(q, input, { lang, misconceptions: bank.misconceptions });
        assert.equal(r.correct, false, `${JSON.stringify(input)} should be wrong`);
        assert.equal(r.valid, true, `${JSON.stringify(input)} should be readable`);
        assert.ok(r.expected.length > 0);
      }
    });
  }
}

test('the documents\' O/X question is answered 1 or 0 and the expected answer says 0', () => {
  const q = byId.get('doc-ox-1');
  assert.equal(grade(q, 0).correct, true);
  assert.equal(grade(q, 1).correct, false);
  assert.equal(grade(q, '1').expected, 'X (0)');
});

test('a known wrong answer gets its own explanation and misconception', () => {
  const r = grade(byId.get('doc-concept-3'), '이어붙이기만', { misconceptions: bank.misconceptions });
  assert.equal(r.correct, false);
  assert.equal(r.misconception, 'pe-concat');
  assert.match(r.feedback, /Concat이 아니라 Add/);
  assert.match(r.misconceptionText, /더한다/);
  const en = grade(byId.get('doc-calc-attention'), '20', { lang: 'en' });
  assert.match(en.feedback, /10 \+ 10/);
  const params = grade(byId.get('ffn-how-2'), '4,718,592', { misconceptions: bank.misconceptions });
  assert.equal(params.misconception, 'forget-bias');
});

test('unreadable and empty answers are reported, not just marked wrong', () => {
  const r = grade(byId.get('doc-calc-attention'), '모르겠어요');
  assert.equal(r.valid, false);
  assert.equal(r.correct, false);
  assert.match(r.feedback, /숫자/);
  assert.equal(grade(byId.get('doc-ox-1'), '  ').valid, false);
  assert.match(grade(byId.get('doc-concept-1'), '없음', { lang: 'en' }).feedback, /number of a choice/);
});

test('numeric answers use the tolerance the question states', () => {
  const q = { id: 'n', type: 'number', prompt: 'p', answer: 0.851, tolerance: 0.001, explanation: 'e' };
  assert.equal(grade(q, '0.851').correct, true);
  // A decimal comma is read where nothing else can be meant (issue 33): "0,85" (no thousands start
  // with 0); "3,4" could as well be two answers, 3 and 4, and is asked again.
  assert.equal(grade(q, '0,85').correct, true);
  assert.equal(grade(q, '0,849').correct, false);
  assert.equal(grade({ ...q, answer: 3.4 }, '3,4').problem, 'several');
  assert.equal(grade(q, '0.852').correct, true);
  assert.equal(grade(q, '0.8505').correct, true);
  assert.equal(grade(q, '0.849').correct, false);
  assert.equal(grade(q, '0.853').correct, false);
  assert.equal(grade({ ...q, answer: 2.5, tolerance: 0 }, '2.5').correct, true);
  assert.equal(grade({ ...q, answer: 2.5, tolerance: 0 }, '2.51').correct, false);
});

test('every question of the bank accepts its own answer and its displayed expected answer, and rejects a wrong one', () => {
  for (const q of bank.questions) {
    for (const lang of ['ko', 'en']) {
      assert.equal(grade(q, q.answer, { lang }).correct, true, `${q.id}: raw answer`);
      assert.equal(grade(q, expectedText(q, lang), { lang }).correct, true, `${q.id}: "${expectedText(q, lang)}"`);
    }
    const wrong = q.type === 'mc' ? (q.answer % q.choices.length) + 1
      : q.type === 'ox' ? 1 - q.answer
        : q.type === 'number' ? q.answer + 1 + (q.tolerance || 0) * 2 : 'definitely wrong';
    assert.equal(grade(q, wrong).correct, false, `${q.id}: ${wrong}`);
  }
});

test('text answers ignore case, spaces and punctuation and accept every listed spelling', () => {
  const q = byId.get('ffn-block-3');
  for (const input of ['FFN', 'ffn', ' F F N ', '피드포워드', 'feed-forward', 'Feed Forward']) assert.equal(grade(q, input).correct, true, input);
  assert.equal(grade(q, 'attention').correct, false);
  const hf = byId.get('ffn-how-3');
  assert.equal(grade(hf, 'max_position_embeddings').correct, true);
  assert.equal(grade(hf, 'intermediate_size').feedback.length > 0, true);
});

// The position lab's questions: the generated ones (src/quiz/generate/lab.js) against independent
// answers (tests/reference/lab-quiz-reference.js), each distractor the wrong turn its misconception
// names, both languages, graded right when typed back; the hand-written ones (src/quiz/bank/lab.json)
// in the bank; the `lab` topic that the lab section's quiz button opens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { builtinBank, buildQuizSet, generate, grade, validateBank } from '../../src/quiz/index.js';
import { QUIZ_TOPICS, resolveTopic } from '../../src/quiz/select.js';
import { labQuizAnswerRef, positionBlindBoundRef } from '../reference/lab-quiz-reference.js';
import koPage from '../../src/i18n/ko/page.js';
import enPage from '../../src/i18n/en/page.js';

const core = await init();
const TOPICS = ['lab-params', 'lab-bound', 'lab-causal-share'];

test('the position-blind bound by counting: known small cases', () => {
  assert.equal(positionBlindBoundRef(2, 2), 3 / 4); // aa ab ba bb: largest counts 2 1 1 2, mean 1.5, over 2
  assert.equal(positionBlindBoundRef(14, 2), (1 + 1 / 14) / 2);
  assert.equal(positionBlindBoundRef(3, 1), 1);
});

test('every answer equals the independent one; distractors are the misconceptions they name', () => {
  const bank = builtinBank();
  const misconceptions = new Set(bank.misconceptions.map((m) => m.id));
  const seen = new Set();
  for (let seed = 0; seed < 60; seed++) {
    const questions = generate(core, { seed, count: 6, topics: TOPICS });
    validateBank({ ...bank, questions });
    for (const q of questions) {
      const p = q.params;
      seen.add(p.topic);
      assert.equal(q.answer, labQuizAnswerRef(q), q.id);
      assert.equal(q.section, 'lab');
      assert.ok(q.en.prompt && q.en.explanation && q.en.hints?.length, q.id);
      assert.ok(grade(q, String(q.answer)).correct, `${q.id} graded right`);
      assert.ok(grade(q, String(q.answer), { lang: 'en' }).correct, `${q.id} graded right (en)`);
      for (const d of q.distractors ?? []) {
        if (d.misconception) assert.ok(misconceptions.has(d.misconception), d.misconception);
        assert.equal(grade(q, String(d.match)).correct, false, `${q.id}: the distractor ${d.match} is wrong`);
      }
      if (p.topic === 'lab-params') {
        assert.match(q.prompt, new RegExp(`d_model = ${p.dModel}, 헤드 2개, d_ff = ${p.dFF}, 층 ${p.layers}개`));
        const learned = q.distractors?.find((d) => d.misconception === 'lab-table-free');
        assert.equal(Boolean(learned), p.position === 'learned', 'the table distractor only for a learned table');
        if (learned) assert.equal(q.answer - learned.match, p.maxLength * p.dModel);
      } else if (p.topic === 'lab-bound') {
        assert.equal(q.distractors[0].misconception, 'lab-blind-chance');
        assert.equal(q.distractors[0].match, Math.round(1000 / p.K) / 1000);
        assert.ok(q.answer > 1 / p.K, 'the bound is above chance');
        // Written in %, as the prompt allows: 26.8% is 0.268 (and a bare 26.8 is not).
        assert.ok(grade(q, `${(100 * q.answer).toFixed(1)}%`).correct, `${q.id}: the answer in %`);
        assert.equal(grade(q, (100 * q.answer).toFixed(1)).correct, false, `${q.id}: a percentage without its %`);
      } else {
        assert.deepEqual(q.distractors.map((d) => d.misconception), ['lab-mask-self', undefined]);
        assert.match(q.prompt, new RegExp(`t = ${p.t}`));
      }
    }
  }
  assert.deepEqual([...seen].sort(), [...TOPICS].sort());
});

test('the hand-written questions are in the bank, in the lab section, in both languages', () => {
  const bank = validateBank(builtinBank());
  const lab = bank.questions.filter((q) => q.section === 'lab');
  assert.ok(lab.length >= 5, `${lab.length} questions`);
  for (const q of lab) assert.ok(q.en?.prompt && q.en.explanation, q.id);
  assert.equal(bank.sections.find((s) => s.id === 'lab').tutorial, 'lab');
  for (const page of [koPage, enPage]) {
    const section = page.sections.find((s) => s.id === 'lab');
    assert.ok(section.blocks.some((b) => b.element === 'pe-lab'));
    assert.equal(section.blocks.at(-1).topic, 'lab', 'the section\'s quiz button opens the lab topic');
  }
});

test('the lab topic mixes its bank questions with generated ones from the engine', () => {
  assert.ok(QUIZ_TOPICS.lab && resolveTopic('lab', builtinBank()).name === 'lab');
  const { questions, known } = buildQuizSet(builtinBank(), core, { topic: 'lab', count: 10, seed: 3 });
  assert.equal(known, true);
  assert.equal(questions.length, 10);
  assert.ok(questions.every((q) => q.section === 'lab'));
  assert.ok(questions.some((q) => q.origin === 'generated') && questions.some((q) => q.origin === 'original'));
});

// The generated encoder-block questions (src/quiz/generate/block.js): valid bank questions in Korean
// with an English translation, hints and worked solutions; every answer equal to an independent
// double-precision computation (tests/reference/block-quiz-reference.js); the documents' and BERT-base's
// numbers where the questions use them; distractors graded wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { generate, builtinBank, validateBank, grade, TOPICS } from '../../src/quiz/index.js';
import { blockQuizAnswerRef } from '../reference/block-quiz-reference.js';

const core = await init();
const BLOCK_TOPICS = ['attention-causal', 'softmax-row', 'layer-norm', 'block-params'];
const many = (topic, seeds = 60) => Array.from({ length: seeds }, (_, seed) => generate(core, { seed, count: 1, topics: [topic] })[0]);

test('the block topics are registered and generate valid, translated questions with hints and solutions', () => {
  for (const topic of BLOCK_TOPICS) assert.ok(TOPICS.includes(topic), topic);
  const bank = builtinBank();
  for (let seed = 0; seed < 30; seed++) {
    bank.questions = generate(core, { seed, count: 8, topics: BLOCK_TOPICS });
    validateBank(bank);
    for (const q of bank.questions) {
      assert.equal(q.type, 'number');
      assert.ok(q.hints.length && q.en.hints.length && q.explanation && q.en.explanation, q.id);
      assert.doesNotMatch(q.prompt + q.explanation + q.hints.join(''), /\{\w+\}|undefined|NaN/, q.id);
      assert.doesNotMatch(q.en.prompt + q.en.explanation, /\{\w+\}|undefined|NaN/, q.id);
      if (q.tolerance > 0) assert.match(q.prompt, new RegExp(`±${q.tolerance}`), q.id);
      // The Korean text uses the glossary's Korean names, not the English terms.
      assert.doesNotMatch(q.prompt + q.explanation, /self-attention|layer norm|residual/i, q.id);
    }
  }
});

test('every block answer equals the double-precision reference and grades right; distractors grade wrong', () => {
  let worst = 0;
  let distractors = 0;
  for (const topic of BLOCK_TOPICS) {
    for (const q of many(topic)) {
      const want = blockQuizAnswerRef(q);
      worst = Math.max(worst, Math.abs(q.answer - want));
      assert.equal(q.answer, want, `${q.id}: ${q.answer} vs reference ${want}`);
      assert.equal(grade(q, String(want)).correct, true, q.id);
      for (const d of q.distractors ?? []) {
        distractors++;
        assert.equal(grade(q, String(d.match)).correct, false, `${q.id}: distractor ${d.match}`);
      }
    }
  }
  assert.ok(distractors > 100, `only ${distractors} distractors were checked`);
  console.log(`block topics: largest difference from the reference ${worst}, ${distractors} distractors graded wrong`);
});

test('attention pairs: n² without the mask, n(n + 1)/2 with it, and the documents\' 10 tokens appear', () => {
  const qs = many('attention-causal', 80);
  const causal = qs.filter((q) => q.params.causal);
  const full = qs.filter((q) => !q.params.causal);
  assert.ok(causal.length && full.length, 'both kinds are drawn');
  for (const q of causal) {
    assert.equal(q.answer, (q.params.n * (q.params.n + 1)) / 2);
    assert.ok(q.prompt.includes(`토큰 ${q.params.n}개`) && /인과 마스크/.test(q.prompt), q.id);
    assert.ok(q.distractors.some((d) => d.match === q.params.n ** 2), 'forgetting the mask is a distractor');
  }
  for (const q of full) assert.equal(q.answer, q.params.n ** 2);
  const ten = qs.find((q) => q.params.n === 10 && q.params.causal);
  assert.ok(ten, 'a causal question on 10 tokens');
  assert.equal(ten.answer, 55);
  assert.match(ten.explanation, /100/);
});

test('a softmax row and a LayerNorm worked by hand show their steps', () => {
  for (const q of many('softmax-row', 20)) {
    assert.ok(q.prompt.includes(`[${q.params.scores.join(', ')}]`), q.id);
    assert.match(q.explanation, /e\^/);
  }
  for (const q of many('layer-norm', 20)) {
    const z = q.params.z;
    const mean = z.reduce((a, b) => a + b, 0) / 4;
    assert.ok(Number.isInteger(mean), 'a whole-number mean');
    assert.ok(q.prompt.includes(`[${z.join(', ')}]`), q.id);
    assert.ok(q.explanation.includes(`= ${mean}`), `${q.id} shows the mean`);
    // The unbiased variance (÷ 3) is the named misconception, and it grades wrong.
    const unbiased = Math.round(((z[q.params.index] - mean) / Math.sqrt(z.reduce((a, b) => a + (b - mean) ** 2, 0) / 3 + 1e-5)) * 1000) / 1000;
    if (Math.abs(unbiased - q.answer) > q.tolerance) assert.equal(grade(q, String(unbiased)).correct, false);
  }
});

test('block parameters: 4d² + 2·d·d_ff + d_ff + 9d, 7,087,872 for BERT-base', () => {
  const qs = many('block-params', 40);
  const bert = qs.find((q) => q.params.dModel === 768);
  assert.ok(bert, 'BERT-base is asked');
  assert.equal(bert.answer, 7087872);
  assert.match(bert.explanation, /7,087,872/);
  assert.equal(grade(bert, '7087872').correct, true);
  assert.equal(grade(bert, '7,087,872개').correct, true);
  for (const q of qs) {
    const { dModel: d, dFF: f } = q.params;
    assert.equal(q.answer, 4 * d * d + 2 * d * f + f + 9 * d);
  }
});

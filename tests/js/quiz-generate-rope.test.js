// The generated RoPE and learned-table questions (src/quiz/generate/rope.js): answers against
// independent formulas, the misconception each distractor names is the wrong turn it describes,
// both languages, and the quiz's "pe" topic offers them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { builtinBank, generate, grade, validateBank } from '../../src/quiz/index.js';
import { QUIZ_TOPICS } from '../../src/quiz/select.js';

const core = await init();
const TOPICS = ['rope-angle', 'rope-columns', 'learned-params', 'learned-past'];

test('every answer equals an independent computation; distractors are the misconceptions they name', () => {
  const seen = new Set();
  for (let seed = 0; seed < 60; seed++) {
    const questions = generate(core, { seed, count: 8, topics: TOPICS });
    const bank = builtinBank();
    bank.questions = questions;
    validateBank(bank);
    for (const q of questions) {
      const p = q.params;
      seen.add(`${p.topic}:${q.answer}`);
      assert.ok(q.en.prompt && q.en.explanation && q.en.hints?.length, q.id);
      if (p.topic === 'rope-angle') {
        assert.equal(q.answer, Math.round((p.p / p.base ** ((2 * p.i) / p.headDim)) * 1000) / 1000);
        assert.match(q.prompt, /±0\.001/);
        for (const d of q.distractors ?? []) {
          assert.equal(d.misconception, 'rope-d-model');
          assert.equal(d.match, Math.round((p.p / p.base ** ((2 * p.i) / p.dModel)) * 1000) / 1000);
        }
        assert.ok(grade(q, String(q.answer)).correct && !grade(q, String(q.answer + 0.01)).correct);
      } else if (p.topic === 'rope-columns') {
        const half = p.headDim / 2;
        assert.equal(p.first, p.layout === 'half' ? p.pair : 2 * p.pair);
        assert.equal(q.answer, p.layout === 'half' ? p.pair + half : 2 * p.pair + 1);
        for (const d of q.distractors ?? []) assert.equal(d.match, p.layout === 'half' ? 2 * p.pair + 1 : p.pair + half, 'the other pairing');
      } else if (p.topic === 'learned-params') {
        assert.equal(q.answer, p.positions * p.dModel);
        assert.equal(q.distractors[0].match, p.positions + p.dModel);
      } else {
        assert.equal(q.type, 'mc');
        assert.equal(q.answer, p.p < p.positions ? 1 : 2);
        assert.deepEqual(q.distractors.map((d) => d.misconception), ['learned-wraps', 'learned-pe']);
        assert.equal(q.choices.length, 4);
        assert.equal(q.en.choices.length, 4);
      }
    }
  }
  for (const t of TOPICS) assert.ok([...seen].some((k) => k.startsWith(`${t}:`)), t);
  assert.ok(seen.has('learned-params:393216'), 'BERT-base: 512 × 768 = 393,216');
  assert.ok(seen.has('learned-past:1') && seen.has('learned-past:2'), 'positions inside and past the table');
});

test('the same seed gives the same RoPE questions; the "pe" quiz topic offers them', () => {
  assert.equal(JSON.stringify(generate(core, { seed: 9, count: 6, topics: TOPICS })), JSON.stringify(generate(core, { seed: 9, count: 6, topics: TOPICS })));
  for (const t of TOPICS) assert.ok(QUIZ_TOPICS.pe.generate.includes(t), t);
});

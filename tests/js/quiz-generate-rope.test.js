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

/**
 * A rope-columns question against the pairings' own definitions: interleaved pairs (2i, 2i+1), half
 * pairs (i, i + head_dim/2). The misconceptions of issue 24 are caught with their own feedback: in the
 * half layout the neighbours first ± 1 and first + head_dim/2 past the head, in the interleaved layout
 * the half layout's partner and the neighbour outside the pair; every feedback names true columns.
 */
function checkColumns(q) {
  const { headDim, layout, first } = q.params;
  const half = headDim / 2;
  const partner = layout === 'half' ? (first < half ? first + half : first - half) : (first % 2 ? first - 1 : first + 1);
  assert.equal(q.answer, partner, `${layout} column ${first} of ${headDim}`);
  assert.equal(q.params.pair, layout === 'half' ? Math.min(first, partner) : Math.min(first, partner) / 2);
  const expected = new Map();
  if (layout === 'half') {
    for (const n of [first - 1, first + 1]) if (n >= 0 && n < headDim) expected.set(n, 'rope-pairing');
    if (first >= half) expected.set(first + half, undefined);
  } else {
    expected.set(first < half ? first + half : first - half, 'rope-pairing');
    const outside = first % 2 ? first + 1 : first - 1;
    if (outside >= 0 && outside < headDim) expected.set(outside, undefined);
  }
  assert.deepEqual(new Map(q.distractors.map((d) => [d.match, d.misconception])), expected, `${layout} ${first}/${headDim}`);
  for (const [k, d] of q.distractors.entries()) {
    const graded = grade(q, String(d.match));
    assert.ok(graded.valid && !graded.correct && graded.feedback === d.explanation, `${d.match}: ${graded.feedback}`);
    // The feedback states the true partner, and any column it pairs with another is that column's true partner.
    for (const text of [d.explanation, q.en.distractors[k]]) {
      assert.match(text, new RegExp(`(열|column) ${partner}(?!\\d)`), text);
      if (layout === 'interleaved' && d.misconception) assert.match(text, new RegExp(`(열|column) ${(first + half) % headDim}(?!\\d)`), text);
    }
  }
  for (const text of [q.explanation, q.en.explanation]) assert.match(text, new RegExp(`${Math.min(first, partner)}\\D+${Math.max(first, partner)}`));
}

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
        checkColumns(q);
      } else if (p.topic === 'learned-params') {
        assert.equal(q.answer, p.positions * p.dModel);
        assert.equal(q.distractors[0].match, p.positions + p.dModel);
      } else {
        assert.equal(q.type, 'mc');
        assert.equal(q.answer, p.p < p.positions ? 1 : 2);
        assert.equal(q.choices.length, 4);
        assert.equal(q.en.choices.length, 4);
        // Issue 24: when p is inside the table, choice ③ must not be row p again (p mod P = p).
        assert.equal(new Set(q.choices).size, 4, q.choices.join(' | '));
        assert.ok(q.choices.every((c, k) => k === 0 || !c.includes(`T[${p.p}]`)), q.choices.join(' | '));
        assert.deepEqual(q.distractors.map((d) => d.match).sort(), [1, 2, 3, 4].filter((c) => c !== q.answer));
        assert.equal(q.distractors.find((d) => d.match === 4).misconception, 'learned-pe');
        if (p.p >= p.positions) {
          assert.equal(q.distractors.find((d) => d.match === 3).misconception, 'learned-wraps');
          assert.match(q.choices[2], new RegExp(`T\\[${p.p % p.positions}\\]`));
        }
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

// Saved progress and share links as a hostile page or a corrupted storage would hand them over:
// restoreState keeps what is usable and starts fresh from the rest; ids named like Object.prototype
// members are ordinary ids; a count in a link is decimal digits only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { restoreState, freshState, tally, recordAnswer, showNextHint } from '../../src/elements/quiz/state.js';
import { readShareParams, shareParamNames, withSeed } from '../../src/quiz/share-link.js';

const ids = ['q1', 'q2', 'q3'];
const good = { input: '2', given: 2, correct: true, attempts: 1 };
const saved = (extra) => ({ seed: '7', ids, index: 1, answers: { q1: good }, hints: { q2: 1 }, view: 'quiz', completedRound: -1, round: 0, ...extra });

test('a valid saved state comes back as it was', () => {
  const s = restoreState(saved(), '7', ids);
  assert.equal(s.index, 1);
  assert.deepEqual({ ...s.answers }, { q1: good });
  assert.deepEqual({ ...s.hints }, { q2: 1 });
});

test('a corrupt part starts fresh and the rest is kept', () => {
  for (const index of [999, -5, 'abc', 1.5, null, 3]) {
    const s = restoreState(saved({ index }), '7', ids);
    assert.equal(s.index, 0, `index ${JSON.stringify(index)}`);
    assert.deepEqual({ ...s.answers }, { q1: good }, 'answers kept');
  }
  for (const hints of [null, 5, 'x', [1, 2]]) {
    const s = restoreState(saved({ hints }), '7', ids);
    assert.deepEqual({ ...s.hints }, {});
    assert.equal(s.index, 1, 'index kept');
  }
  const mixed = restoreState(saved({ answers: { q1: good, q2: { correct: 'yes' }, q3: null, evil: good }, hints: { q1: -1, q3: 2, q9: 1 } }), '7', ids);
  assert.deepEqual(Object.keys(mixed.answers), ['q1']);
  assert.deepEqual({ ...mixed.hints }, { q3: 2 });
  for (const bad of [null, 'text', 42, [], { seed: '7', ids: 'q1' }, saved({ ids: ['q1', 'q2'] }), saved({ seed: '8' })]) {
    assert.deepEqual(restoreState(bad, '7', ids), freshState('7', ids));
  }
  const round = restoreState(saved({ round: -3, completedRound: 'x', view: '<img>' }), '7', ids);
  assert.equal(round.round, 0);
  assert.equal(round.completedRound, -1);
  assert.equal(round.view, 'quiz');
});

test('question ids named like Object.prototype members are not answered until answered', () => {
  const names = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
  const questions = names.map((id) => ({ id }));
  const s = freshState('1', names);
  assert.deepEqual(tally(questions, s.answers), { total: 5, answered: 0, score: 0, percent: 0 });
  recordAnswer(s, questions[0], 'O', { given: 1, correct: true });
  assert.equal(showNextHint(s, questions[1], 2), 0);
  assert.deepEqual(tally(questions, s.answers), { total: 5, answered: 1, score: 1, percent: 20 });
  const back = restoreState(JSON.parse(JSON.stringify({ ...s, answers: { ...s.answers }, hints: { ...s.hints } })), '1', names);
  assert.equal(tally(questions, back.answers).answered, 1);
  assert.equal(back.hints.toString, 1);
  assert.equal(back.answers.valueOf, undefined);
});

test('a share link\'s count is decimal digits only', () => {
  const names = shareParamNames('quiz');
  assert.equal(readShareParams('?quiz-count=16', names).count, 16);
  for (const bad of ['0x10', '1e1', ' 12', '12.0', '+12', '-1', '0', '51', '']) {
    assert.equal(readShareParams(`?quiz-count=${encodeURIComponent(bad)}`, names).count, undefined, bad);
  }
});

test('the next seed replaces the one in the address, and only there is one', () => {
  const names = shareParamNames('review');
  assert.equal(withSeed('https://x.invalid/q.html?review-seed=7&quiz-seed=1#a', names, 8), 'https://x.invalid/q.html?review-seed=8&quiz-seed=1#a');
  assert.equal(withSeed('https://x.invalid/q.html?quiz-seed=1', names, 8), null);
  assert.equal(withSeed('not a url', names, 8), null);
  assert.equal(withSeed('https://x.invalid/?review-seed=7', shareParamNames('none'), 8), null);
});

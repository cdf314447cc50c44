// An answer box's example fits its question (issue 35): a count gets a whole number, an angle in
// radians, a share or a value gets a decimal with the answer's places; the example is never the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinBank, generate } from '../../src/quiz/index.js';
import { TOPICS } from '../../src/quiz/generate.js';
import { numberExample } from '../../src/elements/quiz/render-question.js';
import { loadCore } from './target.js';

const core = await loadCore();

test('every number question\'s example has the answer\'s form and is not the answer', () => {
  const questions = [...builtinBank().questions, ...generate(core, { seed: 5, count: 40, topics: TOPICS })].filter((q) => q.type === 'number');
  assert.ok(questions.length > 20);
  let decimals = 0;
  for (const q of questions) {
    const example = numberExample(q);
    const places = (example.split('.')[1] ?? '').length;
    assert.notEqual(Number(example), Number(q.answer), q.id);
    if (Number.isInteger(Number(q.answer)) && !(q.tolerance > 0)) assert.match(example, /^\d+$/, `${q.id}: a whole number`);
    else {
      decimals++;
      assert.ok(places >= 3 || places >= (String(q.answer).split('.')[1] ?? '').length, `${q.id}: ${example} for ${q.answer}`);
    }
  }
  assert.ok(decimals > 5, `${decimals} decimal answers seen`);
  // The radians question of the rotation topic: a decimal, not '100'.
  const angle = generate(core, { seed: 2, count: 30, topics: ['pe-rotation'] }).find((q) => q.unit === 'rad');
  assert.ok(angle);
  assert.match(numberExample(angle), /^0\.\d{3}$/);
});

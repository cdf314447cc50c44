// The bank schema: the built-in bank is valid and complete; broken banks fail with the path of the
// first problem.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinBank, validateBank } from '../../src/quiz/index.js';

const minimal = () => ({
  questions: [
    { id: 'a', type: 'mc', prompt: 'p', choices: ['x', 'y'], answer: 1, explanation: 'e' },
    { id: 'b', type: 'ox', prompt: 'p', answer: 0, explanation: 'e' },
    { id: 'c', type: 'number', prompt: 'p', answer: 3, tolerance: 0.5, explanation: 'e' },
    { id: 'd', type: 'text', prompt: 'p', answer: 'FFN', explanation: 'e' },
  ],
});

test('the built-in bank is valid', () => {
  const bank = builtinBank();
  assert.equal(validateBank(bank), bank);
});

test('a minimal teacher bank is valid', () => {
  assert.doesNotThrow(() => validateBank(minimal()));
});

test('the built-in bank holds every document example and 30+ hand-written questions over every section', () => {
  const bank = builtinBank();
  const fromDocs = bank.questions.filter((q) => q.origin === 'document');
  assert.equal(fromDocs.length, 12);
  assert.deepEqual(fromDocs.map((q) => q.type).sort(), ['mc', 'mc', 'mc', 'mc', 'mc', 'mc', 'mc', 'mc', 'number', 'number', 'number', 'ox']);
  const original = bank.questions.filter((q) => q.origin === 'original');
  assert.ok(original.length >= 30, `only ${original.length} hand-written questions`);
  for (const s of bank.sections) {
    assert.ok(bank.questions.some((q) => q.section === s.id), `no question for section ${s.id} (${s.title})`);
  }
  for (const q of bank.questions) {
    assert.ok(q.section && q.tags?.length && q.difficulty, `${q.id} lacks section, tags or difficulty`);
    assert.ok(q.en && q.en.prompt && q.en.explanation, `${q.id} lacks an English translation`);
    assert.ok(q.hints?.length && q.en.hints?.length === q.hints.length, `${q.id} lacks hints (in both languages)`);
    if (q.type === 'mc') assert.ok(q.distractors?.length, `${q.id}: a multiple-choice question without distractor explanations`);
  }
  // The four misconceptions the issue names each drive at least one distractor.
  const used = new Set(bank.questions.flatMap((q) => (q.distractors || []).map((d) => d.misconception)));
  for (const m of ['pe-concat', 'learned-pe', 'sincos-layout', 'ffn-mixes-tokens']) assert.ok(used.has(m), m);
  assert.equal(bank.studySheet.rows.length, 6);
});

const broken = [
  ['not an object', () => 'hello', /^bank: expected an object/],
  ['no questions', () => ({}), /^questions: expected an array of questions/],
  ['empty questions', () => ({ questions: [] }), /^questions: expected at least one question/],
  ['unknown top-level field', (b) => { b.qestions = []; return b; }, /^qestions: unknown field/],
  ['empty choice', (b) => { b.questions[0].choices[1] = ''; return b; }, /^questions\[0\]\.choices\[1\]: expected a non-empty string/],
  ['choice not a string', (b) => { b.questions[0].choices[0] = 3; return b; }, /^questions\[0\]\.choices\[0\]: expected a non-empty string/],
  ['mc answer out of range', (b) => { b.questions[0].answer = 3; return b; }, /^questions\[0\]\.answer: expected the 1-based number of a choice \(1 to 2\)/],
  ['one choice only', (b) => { b.questions[0].choices = ['x']; return b; }, /^questions\[0\]\.choices: expected at least 2 entries/],
  ['ox answer true', (b) => { b.questions[1].answer = true; return b; }, /^questions\[1\]\.answer: expected 1 \(O, true\) or 0/],
  ['ox with choices', (b) => { b.questions[1].choices = ['O', 'X']; return b; }, /^questions\[1\]\.choices: only multiple-choice/],
  ['number answer as text', (b) => { b.questions[2].answer = '3'; return b; }, /^questions\[2\]\.answer: expected a finite number/],
  ['negative tolerance', (b) => { b.questions[2].tolerance = -1; return b; }, /^questions\[2\]\.tolerance: expected a number >= 0/],
  ['text answer empty', (b) => { b.questions[3].answer = ' '; return b; }, /^questions\[3\]\.answer: expected a non-empty string/],
  ['units as text', (b) => { b.questions[2].units = '개'; return b; }, /^questions\[2\]\.units: expected an array of strings/],
  ['a unit too long', (b) => { b.questions[2].units = ['x'.repeat(41)]; return b; }, /^questions\[2\]\.units\[0\]: expected a string of at most 40 characters/],
  ['labels on a text question', (b) => { b.questions[3].labels = ['열']; return b; }, /^questions\[3\]\.labels: only number questions have labels/],
  ['bad type', (b) => { b.questions[3].type = 'essay'; return b; }, /^questions\[3\]\.type: expected one of mc, ox, number, text/],
  ['missing explanation', (b) => { delete b.questions[1].explanation; return b; }, /^questions\[1\]\.explanation: expected a non-empty string/],
  ['duplicate id', (b) => { b.questions[2].id = 'a'; return b; }, /^questions\[2\]\.id: duplicate id "a" \(also questions\[0\]\)/],
  ['bad id', (b) => { b.questions[0].id = 'has space'; return b; }, /^questions\[0\]\.id: expected an id/],
  ['typo field', (b) => { b.questions[1].explaination = 'x'; return b; }, /^questions\[1\]\.explaination: unknown field/],
  ['bad difficulty', (b) => { b.questions[0].difficulty = 5; return b; }, /^questions\[0\]\.difficulty: expected 1, 2 or 3/],
  ['hint not text', (b) => { b.questions[0].hints = ['ok', null]; return b; }, /^questions\[0\]\.hints\[1\]: expected a non-empty string/],
  ['distractor is the answer', (b) => { b.questions[0].distractors = [{ match: 1, explanation: 'x' }]; return b; }, /^questions\[0\]\.distractors\[0\]\.match: expected the number of a wrong choice/],
  ['distractor within tolerance', (b) => { b.questions[2].distractors = [{ match: 3.2, explanation: 'x' }]; return b; }, /^questions\[2\]\.distractors\[0\]\.match: expected a wrong number/],
  ['unknown misconception', (b) => { b.questions[0].distractors = [{ match: 2, misconception: 'nope', explanation: 'x' }]; return b; }, /^questions\[0\]\.distractors\[0\]\.misconception: unknown misconception "nope"/],
  ['translation with wrong number of choices', (b) => { b.questions[0].en = { choices: ['x'] }; return b; }, /^questions\[0\]\.en\.choices: expected 2 choices like the original, got 1/],
  ['translation with empty prompt', (b) => { b.questions[3].en = { prompt: '' }; return b; }, /^questions\[3\]\.en\.prompt: expected a non-empty string/],
  ['unknown section', (b) => { b.sections = [{ id: 's1', title: 'S' }]; b.questions[0].section = 's2'; return b; }, /^questions\[0\]\.section: unknown section "s2"/],
  ['question not an object', (b) => { b.questions[2] = null; return b; }, /^questions\[2\]: expected an object, got null/],
];

for (const [name, breakIt, message] of broken) {
  test(`a broken bank fails with the right path: ${name}`, () => {
    assert.throws(() => validateBank(breakIt(minimal())), (err) => {
      assert.ok(err instanceof Error);
      assert.match(err.message, message);
      return true;
    });
  });
}

test('the built-in bank, broken deep inside, names the exact question', () => {
  const bank = builtinBank();
  bank.questions[40].choices = bank.questions[40].choices ?? ['a', 'b'];
  bank.questions[40].type = 'mc';
  bank.questions[40].answer = 99;
  assert.throws(() => validateBank(bank), (err) => /^questions\[40\]\.answer: /.test(err.message));
});

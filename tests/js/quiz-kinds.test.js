// The quiz's question kinds are one registry (issue 32): src/quiz/kinds/<kind>.js, one file each, with
// everything the quiz needs of a kind; the schema, GIFT, Moodle XML, the grader and the quiz page read
// it instead of listing the kinds themselves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { KINDS, QUESTION_TYPES, kindOf } from '../../src/quiz/kinds/index.js';
import { builtinBank, grade, toMoodleXML, validateBank, QUESTION_TYPES as EXPORTED } from '../../src/quiz/index.js';

const FIELDS = { type: 'string', moodleType: 'string', lmsInteraction: 'string', render: 'string', prefixes: 'object', spec: 'function',
  readPlain: 'function', readCore: 'function', isRight: 'function', matchesDistractor: 'function', expectedText: 'function' };

test('every kind file declares every field, under its own name', () => {
  assert.deepEqual(QUESTION_TYPES, Object.keys(KINDS));
  assert.equal(EXPORTED, QUESTION_TYPES);
  for (const [name, kind] of Object.entries(KINDS)) {
    assert.equal(kind.type, name);
    for (const [field, type] of Object.entries(FIELDS)) assert.equal(typeof kind[field], type, `${name}.${field}`);
    const source = readFileSync(new URL(`../../src/quiz/kinds/${name}.js`, import.meta.url), 'utf8');
    assert.match(source, new RegExp(`type: '${name}'`));
  }
  assert.equal(kindOf({ type: 'constructor' }), undefined);
});

test('the schema, Moodle XML and the grader dispatch through the registry', () => {
  const bank = builtinBank();
  for (const type of QUESTION_TYPES) {
    const q = bank.questions.find((x) => x.type === type);
    assert.ok(q, type);
    assert.match(toMoodleXML([q]), new RegExp(`<question type="${KINDS[type].moodleType}">`));
    assert.equal(grade(q, q.type === 'mc' ? q.answer : q.type === 'ox' ? q.answer : String(q.answer)).correct, true, type);
  }
  assert.throws(() => validateBank({ questions: [{ id: 'a', type: 'essay', prompt: 'p', answer: 1, explanation: 'e' }] }), /expected one of mc, ox, number, text/);
});

test('no file outside the registry lists the kinds by hand', () => {
  for (const file of ['src/quiz/schema.js', 'src/quiz/gift.js', 'src/quiz/moodle-xml.js', 'src/quiz/grade.js', 'src/quiz/parse-answer.js', 'web/quiz.js']) {
    const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').replace(/^\s*\/\/.*$/gm, ''); // code, not comments
    assert.doesNotMatch(source, /\[\s*'mc',\s*'ox',\s*'number',\s*'text'\s*\]|multichoice|truefalse|shortanswer/, file);
  }
});

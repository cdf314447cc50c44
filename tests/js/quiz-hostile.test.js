// Hostile banks and links against the quiz module: ids and topics named like Object.prototype
// members, GIFT meta lines of the wrong type and GIFT output that is not a valid bank, and the
// document topic that must always hold all 12 of the documents' examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinBank, validateBank, buildQuizSet, toGIFT, fromGIFT, toMoodleXML, grade } from '../../src/quiz/index.js';
import { resolveTopic } from '../../src/quiz/select.js';
import { quizStrings } from '../../src/quiz/localize.js';

const PROTO_NAMES = ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];

test('topics named like Object.prototype members are unknown topics, not crashes', () => {
  const bank = builtinBank();
  for (const name of PROTO_NAMES) {
    assert.equal(resolveTopic(name, bank), null, name);
    const set = buildQuizSet(bank, null, { topic: name, count: 5, seed: 3 });
    assert.equal(set.known, false, name);
    assert.equal(set.topic, 'all');
    assert.equal(set.questions.length, 5);
  }
});

test('a bank section named like an Object.prototype member is a topic of its own', () => {
  for (const name of ['constructor', 'toString', 'valueOf']) {
    const bank = validateBank({
      sections: [{ id: name, title: name }],
      questions: [{ id: name, type: 'ox', prompt: 'p', answer: 1, explanation: 'e', section: name }],
    });
    const set = buildQuizSet(bank, null, { topic: name, count: 5, seed: 1 });
    assert.equal(set.known, true);
    assert.deepEqual(set.questions.map((q) => q.id), [name]);
    assert.equal(grade(set.questions[0], 'O').correct, true);
  }
});

test('a language named like an Object.prototype member falls back to Korean strings', () => {
  for (const name of PROTO_NAMES) assert.equal(quizStrings(name), quizStrings('ko'), name);
  const q = builtinBank().questions[0];
  assert.equal(grade(q, '1', { lang: 'constructor' }).valid, true);
});

test('the document topic: all 12 examples in order without a count; an asked count wins, in the same order', () => {
  const bank = builtinBank();
  const docs = bank.questions.filter((q) => q.origin === 'document').map((q) => q.id);
  assert.equal(docs.length, 12);
  assert.deepEqual(buildQuizSet(bank, null, { topic: 'document', seed: 9 }).questions.map((q) => q.id), docs, 'no count');
  for (const count of [1, 4, 5, 10, 12, 50]) {
    const set = buildQuizSet(bank, null, { topic: 'document', count, seed: 9 });
    assert.deepEqual(set.questions.map((q) => q.id), docs.slice(0, count), `count ${count}`);
  }
});

test('fromGIFT refuses meta lines of the wrong type, naming the field', () => {
  const q = '::q1:: Two plus two? {#4}';
  for (const [meta, field] of [['{"hints": 5}', 'hints'], ['{"tags": "a"}', 'tags'], ['{"difficulty": 7}', 'difficulty'],
    ['{"misconceptions": {"0": "x"}}', 'misconceptions'], ['{"origin": "evil"}', 'origin'], ['{"__proto__": {"hints": 1}}', '__proto__'],
    ['[1, 2]', 'JSON object'], ['{"hints": ["ok", 3]}', 'hints']]) {
    assert.throws(() => fromGIFT(`// pe-ffn-quiz: ${meta}\n${q}`), new RegExp(field.replace(/_/g, '_')), meta);
  }
  assert.throws(() => fromGIFT(`// pe-ffn-quiz: {not json\n${q}`), /not valid JSON/);
  const [ok] = fromGIFT(`// pe-ffn-quiz: {"hints": ["think"], "difficulty": 2}\n${q}`);
  assert.deepEqual(ok.hints, ['think']);
  assert.match(toMoodleXML([ok]), /<quiz>/);
});

test('fromGIFT output is validated like a bank: negative tolerances, long and duplicate ids fail', () => {
  assert.throws(() => fromGIFT('::n:: How much? {#4:-1}'), /tolerance/);
  assert.throws(() => fromGIFT(`::${'a'.repeat(200)}:: Q? {T}`), /id/);
  assert.throws(() => fromGIFT('::same:: A? {T}\n\n::same:: B? {F}'), /duplicate id "same"/);
  // Our own export of the whole bank reads back as valid questions.
  const bank = builtinBank();
  const back = fromGIFT(toGIFT(bank.questions));
  assert.equal(back.length, bank.questions.length);
});

test('every bank question names a tutorial section that exists, in both languages, and the link says so', async () => {
  const { tutorialSection, tutorialHref } = await import('../../src/quiz/index.js');
  const { default: ko } = await import('../../src/i18n/ko/page.js');
  const { default: en } = await import('../../src/i18n/en/page.js');
  const bank = builtinBank();
  const ids = new Set(ko.sections.map((s) => s.id));
  assert.deepEqual([...ids], en.sections.map((s) => s.id));
  for (const q of bank.questions) {
    const id = tutorialSection(q, bank);
    assert.ok(ids.has(id), `${q.id}: tutorial section "${id}"`);
  }
  assert.equal(tutorialSection(bank.questions.find((q) => q.id === 'pe-pair-1') || { section: '000-6' }, bank), 'relative');
  assert.equal(tutorialHref('index.html', 'relative', 'ko'), 'index.html#relative');
  assert.equal(tutorialHref('index.html', 'relative', 'en'), 'index.html?lang=en#relative');
  assert.equal(tutorialHref('', 'relative', 'ko'), '');
});

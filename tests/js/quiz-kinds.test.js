// The question kinds' registry (src/quiz/kinds/): each kind is its own file and declares every hook
// the schema, grader, GIFT/Moodle writers, LMS record and quiz element call, so that a kind missing
// one fails here rather than on a learner's page; and each has its texts in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { KINDS, KIND_NAMES, KIND, kindOf, hasKind } from '../../src/quiz/kinds/index.js';
import koKinds from '../../src/i18n/ko/quiz-kinds.js';
import enKinds from '../../src/i18n/en/quiz-kinds.js';

const fn = (v) => typeof v === 'function';
// cmi.interactions.n.type values of SCORM 2004 (also xAPI's interactionType).
const SCORM_TYPES = ['true-false', 'choice', 'fill-in', 'long-fill-in', 'matching', 'performance', 'sequencing', 'likert', 'numeric', 'other'];

test('one file per kind, each listed once under the name of its file', () => {
  const files = readdirSync(new URL('../../src/quiz/kinds/', import.meta.url)).filter((f) => f !== 'index.js').map((f) => f.replace(/\.js$/, ''));
  assert.deepEqual([...files].sort(), [...KIND_NAMES].sort());
  assert.equal(new Set(KIND_NAMES).size, KIND_NAMES.length);
  for (const name of KIND_NAMES) {
    assert.equal(KIND[name.toUpperCase()], name);
    assert.equal(kindOf({ type: name }).name, name);
    assert.ok(hasKind(name));
  }
  assert.throws(() => kindOf({ type: 'essay' }), (e) => e instanceof TypeError && /question\.type/.test(e.message));
  assert.throws(() => kindOf(null), TypeError);
  assert.equal(hasKind('constructor'), false);
});

test('every kind declares every hook', () => {
  for (const k of KINDS) {
    const where = `kind ${k.name}`;
    assert.ok(typeof k.doc === 'string' && k.doc.length > 20, `${where}: doc`);
    assert.ok(typeof k.who === 'string' && k.who.endsWith('questions'), `${where}: who`);
    assert.ok(k.fields && typeof k.fields === 'object' && Array.isArray(k.translated), `${where}: fields, translated`);
    for (const hook of ['validate', 'wrongMatch', 'expected', 'isRight', 'sameAnswer']) assert.ok(fn(k[hook]), `${where}: ${hook}`);
    assert.ok(fn(k.gift.write) && fn(k.gift.reads) && fn(k.gift.read) && Number.isFinite(k.gift.order), `${where}: gift`);
    assert.ok(typeof k.moodle.type === 'string' && fn(k.moodle.answers), `${where}: moodle`);
    assert.ok(SCORM_TYPES.includes(k.lms.interaction) && fn(k.lms.patterns) && fn(k.lms.response), `${where}: lms`);
    assert.ok(fn(k.render.options) || typeof k.render.placeholder === 'string', `${where}: radios or a text field`);
    if (k.render.options) assert.ok(fn(k.render.shown), `${where}: render.shown`);
  }
  // No two kinds own one field, and GIFT tries its marks in a fixed order, the catch-all last.
  const owned = KINDS.flatMap((k) => Object.keys(k.fields));
  assert.equal(new Set(owned).size, owned.length);
  const orders = KINDS.map((k) => k.gift.order);
  assert.equal(new Set(orders).size, orders.length);
  const last = [...KINDS].sort((a, b) => b.gift.order - a.gift.order)[0];
  assert.ok(last.gift.reads('anything'), 'the last GIFT reader takes any block');
});

test('every kind has its texts in Korean and English', () => {
  for (const texts of [koKinds, enKinds]) {
    assert.deepEqual(Object.keys(texts).sort(), [...KIND_NAMES].sort());
    for (const k of KINDS) {
      for (const key of ['badge', 'statistics', 'howTo']) assert.ok(texts[k.name][key], `${k.name}.${key}`);
      if (k.render.options) assert.ok(texts[k.name].labels || k.render.ordered, `${k.name}: labels of its radios`);
    }
  }
});

test('the schema, Moodle XML, the reader and the grader dispatch through the registry', async () => {
  const { builtinBank, grade, toMoodleXML, validateBank, QUESTION_TYPES } = await import('../../src/quiz/index.js');
  const { readAnswer } = await import('../../src/quiz/parse-answer.js');
  assert.equal(QUESTION_TYPES, KIND_NAMES);
  const bank = builtinBank();
  for (const k of KINDS) {
    const q = bank.questions.find((x) => x.type === k.name);
    assert.ok(q, k.name);
    assert.match(toMoodleXML([q]), new RegExp(`<question type="${k.moodle.type}">`));
    assert.equal(grade(q, k.render.options ? q.answer : String(q.answer)).correct, true, k.name);
  }
  // The words of a kind's frame reach the reader: a choice's number after 보기 and before 선택.
  const mc = bank.questions.find((x) => x.type === KIND.MC);
  assert.deepEqual(readAnswer(mc, `보기 ${mc.answer}번 선택`), { value: mc.answer });
  assert.throws(() => readAnswer({ type: 'essay', prompt: 'p' }, 'x'), TypeError);
  assert.throws(() => validateBank({ questions: [{ id: 'a', type: 'essay', prompt: 'p', answer: 1, explanation: 'e' }] }), /expected one of mc, ox, number, text/);
});

// Picking the questions of one quiz: topics, counts, seeded order and seeded choice shuffling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { builtinBank, buildQuizSet, choiceOrder, resolveTopic, DEFAULT_COUNT, TOPICS } from '../../src/quiz/index.js';

const core = await init();
const bank = builtinBank();
const ids = (set) => set.questions.map((q) => q.id);

test('the document topic gives the documents\' 12 questions in their order', () => {
  const set = buildQuizSet(bank, core, { topic: 'document', count: 12, seed: 3 });
  assert.deepEqual(ids(set), bank.questions.filter((q) => q.origin === 'document').map((q) => q.id));
  assert.deepEqual(ids(set), ids(buildQuizSet(bank, core, { topic: 'document', count: 12, seed: 4 })), 'order does not depend on the seed');
});

test('the same seed and topic give the same set; another seed another set', () => {
  for (const topic of ['all', 'pe', 'rope', 'ffn', 'practice', ...TOPICS, '001-how']) {
    const a = buildQuizSet(bank, core, { topic, count: 10, seed: 'share-me' });
    const b = buildQuizSet(bank, core, { topic, count: 10, seed: 'share-me' });
    assert.equal(JSON.stringify(a.questions), JSON.stringify(b.questions), topic);
    assert.ok(a.known, topic);
    assert.equal(a.questions.length, topic === '001-how' ? bank.questions.filter((q) => q.section === '001-how').length : 10, topic);
  }
  assert.notDeepEqual(ids(buildQuizSet(bank, core, { topic: 'all', count: 10, seed: 1 })), ids(buildQuizSet(bank, core, { topic: 'all', count: 10, seed: 2 })));
});

test('topics keep to their sections and generators', () => {
  const pe = buildQuizSet(bank, core, { topic: 'pe', count: 30, seed: 9 }).questions;
  assert.ok(pe.every((q) => q.origin === 'generated' ? ['pe-value', 'pe-column', 'pe-rotation', 'rope-angle', 'rope-columns', 'learned-params', 'learned-past'].includes(q.params.topic) : /^000-|^001-[012]$|^001-llm$/.test(q.section)));
  const ffn = buildQuizSet(bank, core, { topic: 'ffn', count: 30, seed: 9 }).questions;
  assert.ok(ffn.every((q) => q.origin === 'generated' ? !q.params.topic.startsWith('pe-') : ['001-3', '001-4', '001-why', '001-how', '001-summary'].includes(q.section)));
  const mixed = buildQuizSet(bank, core, { topic: 'all', count: 10, seed: 9 }).questions;
  assert.ok(mixed.some((q) => q.origin === 'generated') && mixed.some((q) => q.origin !== 'generated'));
  assert.ok(buildQuizSet(bank, core, { topic: 'practice', count: 5, seed: 9 }).questions.every((q) => q.origin === 'generated'));
});

test('unknown topics fall back to all; custom banks without generation use only their questions', () => {
  const set = buildQuizSet(bank, core, { topic: 'nope', count: 5, seed: 1 });
  assert.equal(set.known, false);
  assert.equal(set.topic, 'all');
  assert.equal(resolveTopic('nope', bank), null);
  const custom = { questions: bank.questions.slice(0, 3) };
  assert.equal(buildQuizSet(custom, null, { topic: 'all', count: 12, seed: 1, generated: false }).questions.length, 3);
});

test('without a count a topic gives DEFAULT_COUNT (12) questions and a whole topic its whole pool; an asked count wins', () => {
  assert.equal(DEFAULT_COUNT, 12);
  for (const topic of ['all', 'pe', 'ffn', 'practice']) assert.equal(buildQuizSet(bank, core, { topic, seed: 5 }).questions.length, DEFAULT_COUNT, topic);
  // A teacher's bank of 20 examples of the documents: all 20 by default, as many as asked otherwise.
  const doc = bank.questions.find((q) => q.origin === 'document');
  const twenty = { questions: Array.from({ length: 20 }, (_, i) => ({ ...doc, id: `mine-${i}` })) };
  const all = twenty.questions.map((q) => q.id);
  assert.deepEqual(ids(buildQuizSet(twenty, null, { topic: 'document', seed: 1, generated: false })), all);
  assert.deepEqual(ids(buildQuizSet(twenty, null, { topic: 'document', count: 4, seed: 1, generated: false })), all.slice(0, 4));
  assert.deepEqual(ids(buildQuizSet(twenty, null, { topic: 'document', count: 12, seed: 1, generated: false })), all.slice(0, 12));
});

test('choices are shuffled by seed and question, as a permutation', () => {
  const q = bank.questions.find((x) => x.id === 'pe-number-1');
  const orders = new Set();
  for (let seed = 0; seed < 40; seed++) {
    const order = choiceOrder(q, seed);
    assert.deepEqual([...order].sort(), [1, 2, 3, 4]);
    assert.deepEqual(order, choiceOrder(q, seed));
    orders.add(order.join());
  }
  assert.ok(orders.size > 6, 'the shuffle varies with the seed');
  const doc = bank.questions.find((x) => x.id === 'doc-concept-2');
  assert.deepEqual(choiceOrder(doc, 5), [1, 2, 3], 'the documents\' examples keep their numbering');
});

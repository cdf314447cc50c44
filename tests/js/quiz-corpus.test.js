// The corpus of answers as Korean students type them (fixtures/quiz-corpus.js, written from the
// questions before the reader was written) graded with the verdict a teacher gives: correct, wrong,
// or not graded with its kind. An answer a teacher would not accept is never graded correct, with no
// exception; the few a teacher accepts that the quiz still does not read are listed below with the
// reason, and the list must stay true (an entry that starts to read fails the test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { builtinBank, generate, grade, TOPICS } from '../../src/quiz/index.js';
import { CORPUS as FIRST } from './fixtures/quiz-corpus.js';
import { CORPUS_MORE } from './fixtures/quiz-corpus-more.js';

const CORPUS = [...FIRST, ...CORPUS_MORE];

const core = await init();
const bank = builtinBank();
const byId = new Map(bank.questions.map((q) => [q.id, q]));
// The corpus was written before the kinds had their names in the code.
const KIND_NAMES = { denial: 'negated', 'two-values': 'several', choice: 'no-choice' };
// Answers a teacher accepts that the quiz asks again, and why it does.
const STILL_UNREAD = {};

const name = (ref) => (typeof ref === 'string' ? ref : `${ref.topic}#${ref.n}`);
const generated = new Map();
function question(ref) {
  if (typeof ref === 'string') return byId.get(ref);
  if (!generated.has(name(ref))) generated.set(name(ref), generate(core, { seed: ref.seed, count: ref.n, topics: [ref.topic] })[ref.n - 1]);
  return generated.get(name(ref));
}
const verdictOf = (r) => (!r.valid ? 'unread' : r.correct ? 'correct' : 'wrong');

const entries = CORPUS.flatMap((e) => ['correct', 'wrong', 'unread'].flatMap((verdict) => (e[verdict] || []).map((item) => {
  const [typed, kind] = Array.isArray(item) ? item : [item];
  return { ref: e.q, key: e.key, typed, verdict, kind: kind && (KIND_NAMES[kind] || kind) };
})));

test('the corpus holds at least 1,000 answers, right, wrong and not graded, over every bank question and every generated kind', () => {
  const count = (v) => entries.filter((e) => e.verdict === v).length;
  console.log(`# corpus: ${entries.length} answers (${count('correct')} must pass, ${count('wrong') + count('unread')} must not: ${count('wrong')} wrong, ${count('unread')} not graded) over ${CORPUS.length} questions`);
  assert.ok(entries.length >= 1000);
  for (const v of ['correct', 'wrong', 'unread']) assert.ok(count(v) >= 200, v);
  const ids = new Set(CORPUS.filter((e) => typeof e.q === 'string').map((e) => e.q));
  assert.deepEqual(bank.questions.map((q) => q.id).filter((id) => !ids.has(id)), [], 'every bank question');
  const kinds = new Set(CORPUS.filter((e) => typeof e.q !== 'string').map((e) => e.q.topic));
  assert.deepEqual(TOPICS.filter((t) => !kinds.has(t)), [], 'every generated kind');
});

test('every question of the corpus still has the key the corpus was written for', () => {
  for (const e of CORPUS) assert.equal(question(e.q).answer, e.key, name(e.q));
});

test('the corpus is graded as a teacher grades it; nothing a teacher refuses is correct', () => {
  const misses = [];
  const kindMisses = [];
  let agree = 0;
  for (const e of entries) {
    const r = grade(question(e.ref), e.typed, { misconceptions: bank.misconceptions });
    const got = verdictOf(r);
    const id = `${name(e.ref)} ${e.typed}`;
    assert.ok(!(got === 'correct' && e.verdict !== 'correct'), `${id}: graded correct, a teacher says ${e.verdict}`);
    if (got !== e.verdict) misses.push(id);
    else if (e.kind && r.problem !== e.kind) kindMisses.push(`${id}: ${r.problem}, not ${e.kind}`);
    else agree++;
    if (got === 'unread') assert.ok(r.feedback.length > 0 && r.problem, `${id}: says why`);
  }
  const refused = entries.filter((e) => e.verdict === 'correct' && misses.includes(`${name(e.ref)} ${e.typed}`)).length;
  console.log(`# corpus: ${agree} of ${entries.length} graded as the teacher does; right answers refused: ${refused}, wrong answers accepted: 0; still not read: ${misses.join(' | ') || 'none'}`);
  assert.deepEqual(misses.sort(), Object.keys(STILL_UNREAD).sort());
  assert.deepEqual(kindMisses, []);
});

// The LMS layer's pure parts: the suspend-data encoding (round trip, the 4096-character limit of SCORM
// 1.2, hostile text, linear time), SCORM interaction records per question type, session-time formats,
// the font-piece look-up (against a brute-force scan), cmi5 launch parameters, and the statement queue's
// order and offline behaviour.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { encodeProgress, decodeProgress } from '../../src/lms/runtime/suspend-data.js';
import { interactionRecord, interactionId } from '../../src/lms/runtime/interactions.js';
import { scorm12Time, iso8601Duration } from '../../src/lms/runtime/session-time.js';
import { fontPieces } from '../../src/lms/package/fonts.js';
import { readCmi5Launch } from '../../src/lms/runtime/cmi5-launch.js';
import { statementQueue } from '../../src/lms/runtime/statement-queue.js';
import { newerProgress } from '../../src/lms/runtime/backup.js';
import { checkAdapter } from '../../src/elements/quiz/lms-adapter.js';

const ids = Array.from({ length: 50 }, (_, i) => `gen-123456-${i}-ffn-forward`);
const progress = {
  seed: '123456', ids, index: 7, view: 'quiz', round: 1, completedRound: 0, savedAt: 1700000000000,
  answers: Object.fromEntries(ids.slice(0, 40).map((id, i) => [id, i % 5 === 4
    ? { input: '', given: null, correct: false, revealed: true, attempts: 0 }
    : { input: i % 2 ? '4,722,432' : 2, given: i % 2 ? 4722432 : 2, correct: i % 3 === 0, attempts: 1 + (i % 2) }])),
  hints: { [ids[3]]: 2, [ids[45]]: 1 },
};

test('suspend data: a round trip keeps answers, hints, place and rounds; 50 questions fit in 4096 characters', () => {
  const text = encodeProgress(progress, 4096);
  assert.ok(text.length <= 4096, `${text.length}`);
  const back = decodeProgress(text);
  assert.deepEqual(back.ids, ids);
  assert.equal(back.index, 7);
  assert.equal(back.round, 1);
  assert.equal(back.completedRound, 0);
  assert.equal(back.savedAt, progress.savedAt);
  assert.deepEqual(back.hints, progress.hints);
  for (const [id, a] of Object.entries(progress.answers)) assert.deepEqual(back.answers[id], a, id);
});

test('suspend data: long typed answers are shortened (the grade kept) to fit the limit; what cannot fit gives null', () => {
  const long = { ...progress, answers: Object.fromEntries(ids.map((id) => [id, { input: '가'.repeat(500), given: 'x', correct: true, attempts: 1 }])) };
  const text = encodeProgress(long, 4096);
  assert.ok(text && text.length <= 4096);
  const back = decodeProgress(text);
  assert.equal(Object.keys(back.answers).length, 50);
  assert.ok(Object.values(back.answers).every((a) => a.correct));
  assert.equal(encodeProgress(long, 100), null);
});

test('suspend data from outside: garbage, wrong shapes and out-of-range positions give null or are dropped, in linear time', () => {
  for (const bad of ['', 'not json', '[]', '{"v":2,"d":[]}', '{"v":1,"d":"x"}', '{"v":1,"d":[1,2]}', '{"v":1,"d":["a"],"a":[[5,"x",1,1,1,0]]}', '{"v":1,"d":["a"],"a":["x"]}']) {
    assert.equal(decodeProgress(bad), null, bad);
  }
  const odd = decodeProgress('{"v":1,"s":{"x":1},"d":["a","b"],"x":99,"r":-1,"a":[[1,"<img onerror=1>",{"no":1},1,"many",0]],"h":[[0,1e9],[7,1]]}');
  assert.equal(odd.index, 0);
  assert.equal(odd.round, 0);
  assert.deepEqual(odd.hints, {});
  assert.deepEqual(odd.answers.b, { input: '<img onerror=1>', given: null, correct: true, attempts: 0 });
  const huge = JSON.stringify({ v: 1, d: ids, a: Array.from({ length: 200000 }, () => [0, 'x', 1, 1, 1, 0]) });
  const t0 = performance.now();
  assert.ok(decodeProgress(huge));
  assert.ok(performance.now() - t0 < 2000);
});

test('interactions: SCORM 2004 type, response, result and correct-response pattern for each question type', () => {
  const mc = { id: 'q 1/가', type: 'mc', choices: ['a', 'b', 'c'], answer: 3 };
  assert.deepEqual(interactionRecord(mc, { given: 1, correct: false, input: 1 }), { id: interactionId('q 1/가'), type: 'choice', response: '1', result: 'incorrect', patterns: ['3'] });
  assert.match(interactionId('q 1/가'), /^urn:pe-ffn-wasm:q:[\w.\-~!*'()]+$/);
  const ox = { id: 'o', type: 'ox', answer: 0 };
  assert.deepEqual(interactionRecord(ox, { given: 0, correct: true }), { id: interactionId('o'), type: 'true-false', response: 'false', result: 'correct', patterns: ['false'] });
  const num = { id: 'n', type: 'number', answer: 4722432, tolerance: 0.001 };
  const r = interactionRecord(num, { given: 4722432, correct: true, input: '4,722,432' });
  assert.equal(r.type, 'numeric');
  assert.equal(r.response, '4722432');
  assert.equal(r.patterns[0], `${4722432 - 0.001}[:]${4722432 + 0.001}`);
  assert.equal(interactionRecord({ ...num, tolerance: undefined }, { given: 1, correct: false }).patterns[0], '4722432[:]4722432');
  const txt = { id: 't', type: 'text', answer: 'FFN', accept: ['피드포워드', 'FFN'], en: { answer: 'feed-forward' } };
  const t = interactionRecord(txt, { input: 'a[,]b', given: 'a[,]b', correct: false });
  assert.equal(t.type, 'fill-in');
  assert.equal(t.response, 'a b');
  assert.deepEqual(t.patterns, ['{case_matters=false}FFN', '{case_matters=false}피드포워드', '{case_matters=false}feed-forward']);
  const shown = interactionRecord(mc, { input: '', given: null, correct: false, revealed: true });
  assert.equal(shown.response, null);
  assert.equal(shown.result, 'neutral');
});

test('session time: SCORM 1.2 CMITimespan and ISO 8601 durations', () => {
  assert.equal(scorm12Time(0), '0000:00:00.00');
  assert.equal(scorm12Time(3723450), '0001:02:03.45');
  assert.equal(iso8601Duration(3723450), 'PT1H2M3.45S');
  assert.equal(iso8601Duration(5000), 'PT5S');
  assert.equal(iso8601Duration(0), 'PT0S');
});

test('font pieces: the binary search covers every character with pieces a brute-force scan also finds', () => {
  const index = JSON.parse(readFileSync(new URL('../../dist/lms/fonts.json', import.meta.url), 'utf8'));
  const sample = '위치 인코딩 PE(t, 2i) = sin(t / 10000^(2i/d)) 피드포워드 FFN 뷁 똠 ﾟ ①②';
  const brute = index.fonts.filter((f) => [...sample].some((ch) => f.ranges.some(([a, b]) => ch.codePointAt(0) >= a && ch.codePointAt(0) <= b)));
  const fast = fontPieces(index, sample);
  // A code point in two pieces (overlapping ranges) needs only one of them.
  for (const ch of sample) {
    const cp = ch.codePointAt(0);
    const covering = index.fonts.filter((f) => f.ranges.some(([a, b]) => cp >= a && cp <= b));
    if (covering.length) assert.ok(covering.some((f) => fast.includes(f)), `U+${cp.toString(16)}`);
  }
  assert.ok(fast.every((f) => brute.includes(f)));
  assert.equal(fontPieces(index, '').length, 0);
});

const goodLaunch = { endpoint: 'https://lrs.invalid/xapi', fetch: 'https://lms.invalid/f/1', actor: JSON.stringify({ account: { homePage: 'https://lms.invalid', name: 'u1' } }), registration: '5b3f3c0e-6f1a-4c55-9d2a-0f3a1c2b4d5e', activityId: 'https://a.invalid/au' };

test('cmi5 launch: every required parameter named when missing; actor must be an account Agent', () => {
  const good = goodLaunch;
  const launch = readCmi5Launch(new URLSearchParams(good).toString());
  assert.equal(launch.endpoint, 'https://lrs.invalid/xapi/');
  for (const name of Object.keys(good)) {
    const p = new URLSearchParams(good);
    p.delete(name);
    assert.throws(() => readCmi5Launch(p.toString()), { message: `cmi5 launch: the launch URL has no ${name} parameter` });
  }
  assert.throws(() => readCmi5Launch(new URLSearchParams({ ...good, actor: '{"mbox":"mailto:a@b"}' }).toString()), /account/);
  assert.throws(() => readCmi5Launch(new URLSearchParams({ ...good, actor: '{' }).toString()), /not JSON/);
});

test('statement queue: in order, kept while offline, one rejected statement dropped without blocking the rest', async () => {
  const got = [];
  let mode = 'offline';
  const problems = [];
  const post = async (list) => {
    if (mode === 'offline') throw new TypeError('Failed to fetch');
    if (list.some((s) => s.bad)) return 400;
    got.push(...list.map((s) => s.id));
    return 200;
  };
  const q = statementQueue({ key: `t${Math.random()}`, post, onProblem: (p) => problems.push(p) });
  await q.send([{ id: 1 }, { id: 2 }]);
  assert.equal(q.pending(), 2);
  mode = 'online';
  await q.send([{ id: 3, bad: true, verb: { id: 'v' } }, { id: 4 }]);
  assert.deepEqual(got, [1, 2, 4]);
  assert.equal(q.pending(), 0);
  assert.match(problems[0], /rejected statement 3/);
});

test('resume takes the newer copy; an adapter without a method is refused by name', () => {
  const a = { savedAt: 5 };
  const b = { savedAt: 9 };
  assert.equal(newerProgress(a, b), b);
  assert.equal(newerProgress(b, a), b);
  assert.equal(newerProgress(null, a), a);
  assert.equal(newerProgress(null, null), null);
  const ok = { resume() {}, suspend() {}, started() {}, answered() {}, completed() {}, finish() {} };
  assert.equal(checkAdapter(ok), ok);
  assert.throws(() => checkAdapter({ ...ok, finish: undefined }), { name: 'TypeError', message: 'lms adapter: missing method finish()' });
});

// The LMS adapters against real runtimes, in Node: scorm-again (the SCORM 1.2 and 2004 runtime the
// browser tests use as the LMS) and the recording LRS of the cmi5 browser test (every statement checked
// by xapi-validation). What issue 24 found, each case as it was reported:
// - an LMS whose LMSInitialize/Initialize returns "false" or throws is not "connected";
// - SCORM 1.2's 4,096 characters of cmi.suspend_data: fifty questions with long ids and thirty answers
//   are resumed from the LMS alone;
// - SCORM 2004: a prompt with a line break or starting with "{" is a valid interaction description;
// - cmi5: a launch with a non-UUID registration or a non-IRI activityId is refused, naming the
//   parameter; a fetch URL that never answers ends in "timed out" and the quiz goes on locally;
// - saved progress holding an object where the seed belongs restores a fresh set, never a TypeError.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Scorm12API, Scorm2004API } from 'scorm-again';
import validateStatement from 'xapi-validation';
import { scorm12Adapter } from '../../src/lms/runtime/scorm12.js';
import { scorm2004Adapter } from '../../src/lms/runtime/scorm2004.js';
import { connectLms } from '../../src/lms/runtime/connect.js';
import { readCmi5Launch } from '../../src/lms/runtime/cmi5-launch.js';
import { cmi5Statement } from '../../src/lms/runtime/cmi5-statements.js';
import { encodeProgress, decodeProgress } from '../../src/lms/runtime/suspend-data.js';
import { restoreState, tally } from '../../src/elements/quiz/state.js';
import { startLrsRecorder } from '../browser/lms-lrs-recorder.js';

const validate = validateStatement.default || validateStatement;
const quiet = { autocommit: false, logLevel: 5 };

/** A scorm-again runtime as an LMS hands it to a SCO, loaded with what the LMS kept. */
function runtime(version, kept = null) {
  const api = version === '1.2' ? new Scorm12API(quiet) : new Scorm2004API(quiet);
  if (kept) api.loadFromJSON(kept, '');
  return api;
}

test('SCORM 1.2 and 2004: an LMS whose initialize returns "false" or throws is not connected, and says why', () => {
  for (const [version, make, init] of [['1.2', scorm12Adapter, 'LMSInitialize'], ['2004', scorm2004Adapter, 'Initialize']]) {
    for (const failing of [() => 'false', () => { throw new Error('LMS down'); }]) {
      const api = runtime(version);
      api[init] = failing;
      const problems = [];
      const adapter = make({ api, onProblem: (p) => problems.push(p) });
      assert.equal(adapter.connected, false, `${version} ${failing}`);
      assert.match(problems.join(), new RegExp(init));
      const found = connectLms({ config: { format: version === '1.2' ? 'scorm12' : 'scorm2004', id: 'x' }, win: { [version === '1.2' ? 'API' : 'API_1484_11']: api, parent: null } });
      assert.equal(found.status.key, 'notConnected');
    }
    const live = make({ api: runtime(version) });
    assert.equal(live.connected, true);
  }
});

// A teacher's bank of fifty questions whose ids are as long as the schema allows (128 characters).
const ids = Array.from({ length: 50 }, (_, i) => `q${String(i).padStart(2, '0')}-${'long-question-identifier-'.repeat(5)}`.slice(0, 128));
const questions = ids.map((id) => ({ id }));

test('SCORM 1.2: fifty questions with 128-character ids, thirty answers: at most 4,096 characters, all resumed from the LMS alone', () => {
  assert.ok(ids.every((id) => id.length === 128) && JSON.stringify(ids).length > 4096, 'the ids alone do not fit');
  const api = runtime('1.2', { core: { student_id: 'learner-50', entry: 'ab-initio' } });
  const adapter = scorm12Adapter({ api, key: 'long-ids' });
  const answers = {};
  ids.slice(0, 30).forEach((id, i) => {
    answers[id] = i % 3 === 0
      ? { input: '이 문제의 답은 d_model 곱하기 d_ff 이므로 4 × 8 = 32, 곧 서른둘입니다', given: 32, correct: true, attempts: 1 }
      : { input: i % 3, given: i % 3, correct: i % 2 === 0, attempts: 1 + (i % 2) };
  });
  adapter.suspend({ seed: 'teacher-seed', ids, index: 30, answers, hints: { [ids[31]]: 1 }, view: 'quiz', completedRound: -1, round: 0 });
  const stored = api.LMSGetValue('cmi.suspend_data');
  console.log(`# suspend_data: ${stored.length} characters for 50 ids of 128 characters and 30 answers`);
  assert.ok(stored.length > 0 && stored.length <= 4096, `${stored.length} characters`);

  // A new launch in another browser: only the LMS's copy exists.
  const again = scorm12Adapter({ api: runtime('1.2', { suspend_data: stored, core: { student_id: 'learner-50', entry: 'resume' } }), key: 'long-ids' });
  const state = restoreState(again.resume(), 'teacher-seed', ids);
  assert.equal(tally(questions, state.answers).answered, 30);
  assert.equal(state.index, 30);
  assert.equal(state.hints[ids[31]], 1);
  for (const [id, a] of Object.entries(answers)) {
    assert.equal(state.answers[id].correct, a.correct, id);
    if (typeof a.input === 'string' && state.answers[id].input !== a.input) {
      assert.ok(state.answers[id].shortened && a.input.startsWith(state.answers[id].input), `${id}: a cut text is marked and is a prefix`);
    }
  }
  // The same progress in another set (another bank, another order) is not taken for this one.
  assert.deepEqual(tally(questions, restoreState(again.resume(), 'teacher-seed', [...ids].reverse()).answers).answered, 0);
});

test('SCORM 2004: prompts with a line break or a leading "{", and a typed "{", are valid interaction fields', () => {
  const api = runtime('2004', { learner_id: 'learner-7' });
  const problems = [];
  const adapter = scorm2004Adapter({ api, onProblem: (p) => problems.push(p) });
  const cases = [
    { id: 'nl', type: 'text', prompt: '첫 줄\n둘째 줄\r\n셋째 줄', answer: 'FFN' },
    { id: 'brace', type: 'number', prompt: '{d_model}이 512일 때 W1의 행 수는?', answer: 512 },
    { id: 'lang', type: 'ox', prompt: '{lang=en} looks like a delimiter', answer: 1 },
    { id: 'long', type: 'mc', prompt: `${'긴 문제 '.repeat(100)}\u2028끝`, choices: ['a', 'b'], answer: 2 },
  ];
  const answers = {
    nl: { input: '{FFN', given: '{FFN', correct: false, attempts: 1 },
    brace: { input: '512', given: 512, correct: true, attempts: 1 },
    lang: { input: 1, given: 1, correct: true, attempts: 1 },
    long: { input: 1, given: 1, correct: false, attempts: 1 },
  };
  for (const q of cases) adapter.answered({ question: q, answer: answers[q.id], lang: 'ko' });
  assert.deepEqual(problems, []);
  const stored = api.cmi.interactions.childArray;
  assert.equal(stored.length, cases.length);
  cases.forEach((q, n) => {
    const description = api.GetValue(`cmi.interactions.${n}.description`);
    assert.equal(api.GetLastError(), '0');
    assert.ok(description.startsWith('{lang=ko}') && !/[\r\n\u2028]/.test(description), description);
    assert.ok([...description.slice('{lang=ko}'.length)].length <= 250, q.id);
  });
  assert.equal(api.GetValue('cmi.interactions.0.learner_response'), ' {FFN');
  assert.match(api.GetValue('cmi.interactions.1.description'), /^\{lang=ko\} \{d_model\}이 512일/);
});

test('cmi5 launch: a registration that is no UUID or an activityId that is no IRI is refused, naming the parameter', () => {
  const actor = { account: { homePage: 'https://lms.invalid', name: 'u1' } };
  const base = { endpoint: 'https://lrs.invalid/xapi/', fetch: 'https://lms.invalid/f/1', actor: JSON.stringify(actor), registration: randomUUID(), activityId: 'https://a.invalid/au' };
  const read = (over) => readCmi5Launch(new URLSearchParams({ ...base, ...over }).toString());
  // What is accepted makes statements the LRS's validator accepts; what is refused would not have.
  const statementWith = (launch) => cmi5Statement({ ...launch, actor: { objectType: 'Agent', ...actor } }, {}, 'initialized');
  for (const good of [{}, { activityId: 'urn:pe-ffn-wasm:quiz:1' }, { registration: base.registration.toUpperCase() }]) {
    assert.deepEqual(validate(statementWith(read(good))), [], JSON.stringify(good));
  }
  // [override, parameter, whether xapi-validation refuses it too] (its IRI check lets a space pass,
  // which RFC 3987 does not).
  const refused = [
    [{ registration: 'r' }, 'registration', true], [{ registration: `${base.registration}x` }, 'registration', true],
    [{ registration: '00000000-0000-0000-0000-000000000000' }, 'registration', true],
    [{ activityId: 'quiz-1' }, 'activityId', true], [{ activityId: '/au/1' }, 'activityId', true],
    [{ activityId: 'https://a.invalid/a u' }, 'activityId', false], [{ activityId: 'https://a.invalid/<au>' }, 'activityId', false],
  ];
  for (const [over, param, lrsRefuses] of refused) {
    assert.throws(() => read(over), (error) => error.param === param && error.message.startsWith(`cmi5 launch: ${param} is not`), JSON.stringify(over));
    if (!lrsRefuses) continue;
    const launch = { ...base, ...over, fetchUrl: base.fetch, actor };
    assert.notDeepEqual(validate(statementWith(launch)), [], `the LRS would refuse ${JSON.stringify(over)} too`);
  }
  const found = connectLms({ config: { format: 'cmi5' }, search: `?${new URLSearchParams({ ...base, registration: 'r' })}` });
  assert.deepEqual([found.adapter, found.status], [null, { key: 'refused', values: { param: 'registration' } }]);
});

let lrs;
after(() => lrs?.close());

test('cmi5: while the fetch URL has not answered the status is "connecting"; one that never answers ends in "timed out" and the quiz goes on locally', async () => {
  lrs = await startLrsRecorder({ launchData: { contextTemplate: {}, launchMode: 'Normal' } });
  const launch = (fetchUrl) => `?${new URLSearchParams({
    endpoint: `${lrs.url}xapi/`, fetch: fetchUrl, registration: randomUUID(), activityId: 'https://a.invalid/au',
    actor: JSON.stringify({ objectType: 'Agent', account: { homePage: 'https://lms.invalid', name: 'u2' } }),
  })}`;
  // A fetch URL that never answers (the request is left open until it is aborted).
  const hanging = (url, options) => new Promise((_, reject) => options.signal.addEventListener('abort', () => reject(options.signal.reason)));
  const problems = [];
  const slow = connectLms({ config: { format: 'cmi5', mastery: 0.8 }, search: launch(lrs.newFetchUrl()), fetchImpl: hanging, timeoutMs: 300, onProblem: (p) => problems.push(p) });
  assert.equal(slow.status.key, 'connecting');
  assert.equal(typeof slow.adapter.ready.then, 'function', 'the quiz can be shown and waits for ready');
  const t0 = performance.now();
  const late = await slow.settled;
  assert.ok(performance.now() - t0 < 5000);
  assert.deepEqual(late.status, { key: 'timedOut', values: { seconds: 0 } });
  await slow.adapter.ready;
  assert.equal(slow.adapter.connected, false);
  assert.equal(slow.adapter.resume(), null);
  slow.adapter.suspend({ seed: '1', ids: ['a'], answers: {}, hints: {} }); // kept locally (no storage in Node: dropped), never thrown
  assert.match(problems.join(), /did not answer within 300 ms/);

  const fast = connectLms({ config: { format: 'cmi5', mastery: 0.8 }, search: launch(lrs.newFetchUrl()), timeoutMs: 10000 });
  assert.equal(fast.status.key, 'connecting');
  const done = await fast.settled;
  assert.equal(done.status.key, 'connected');
  await fast.adapter.ready;
  assert.equal(fast.adapter.connected, true);
  await new Promise((resolve) => { const wait = () => (lrs.statements.length ? resolve() : setTimeout(wait, 20)); wait(); });
  assert.equal(lrs.statements[0].verb.id, 'http://adlnet.gov/expapi/verbs/initialized');
  assert.deepEqual(lrs.rejected, []);
});

test('saved progress with an object where the seed belongs restores a fresh set, never a TypeError', () => {
  const hostileSeed = { toString: 1 };
  const set = ['q1', 'q2'];
  const fresh = restoreState({ seed: hostileSeed, ids: set, index: 1, answers: { q1: { input: '1', given: 1, correct: true, attempts: 1 } } }, '5', set);
  assert.equal(fresh.index, 0);
  assert.equal(tally(set.map((id) => ({ id })), fresh.answers).answered, 0);
  const text = encodeProgress({ seed: '5', ids: set, answers: {}, hints: {} }).replace('"s":"5"', '"s":{"toString":1}');
  assert.equal(decodeProgress(text).seed, '');
});

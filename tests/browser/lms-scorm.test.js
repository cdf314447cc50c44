// SCORM 1.2 and SCORM 2004 packages built by buildQuizPackage(), run in real headless Chromium inside
// a page where scorm-again (a SCORM runtime) plays the LMS. The learner answers by keyboard; the test
// reads the runtime's data model: status, score, interactions, suspend data. A second launch gets
// what the LMS stored, in a fresh browser profile (no local copy), and must resume from the LMS's
// suspend data alone; an LMS that lost the last commit is outdone by the local copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage, repoRoot, saveArtifact, useServerAndBrowser } from './harness.js';
import { unpack, launchInHost, lmsData, lmsCalls, answerByKeyboard, goToQuestion, statusLine } from './lms-helpers.js';
import { buildQuizPackage, questionList } from '../../src/lms/package/node.js';
import { init } from '../../src/js/index.js';
import { decodeProgress, encodeProgress } from '../../src/lms/runtime/suspend-data.js';
import { builtinBank, buildQuizSet } from '../../src/quiz/index.js';

const shared = useServerAndBrowser();
const SEED = '7';
const docSet = buildQuizSet(builtinBank(), null, { topic: 'document', count: 4, seed: SEED, generated: false }).questions;
const mixedBank = JSON.parse(readFileSync(`${repoRoot}tests/browser/lms-fixtures/mixed-bank.json`, 'utf8'));
const mixedSet = mixedBank.questions; // shuffled by the seed: the order is read from the element

async function leave(page) {
  await page.evaluate(() => window.leaveSco());
}

test('SCORM 1.2: keyboard answers reach lesson_status, score and suspend_data; a new launch resumes from the LMS alone', async () => {
  const { zip, files } = await buildQuizPackage({ format: 'scorm12', topic: 'document', count: 4, seed: SEED, mastery: 0.8 });
  const manifest = new TextDecoder().decode((await import('fflate')).unzipSync(zip)['imsmanifest.xml']);
  const mastery = /<adlcp:masteryscore>(\d+)<\/adlcp:masteryscore>/.exec(manifest)[1];
  assert.equal(mastery, '80');
  assert.ok(files.includes('pe_ffn.wasm') && files.includes('quiz-lms.js'));
  const { launch } = await unpack(zip, 'scorm12');
  // What the LMS hands over on a first launch, with the manifest's mastery score.
  const first = { core: { student_id: 'learner-1', student_name: 'Kim, Minji', entry: 'ab-initio' }, student_data: { mastery_score: mastery } };

  const page = await openPage(shared.browser);
  let stored;
  try {
    await launchInHost(page, shared.server.url, 'scorm12', launch, first);
    assert.equal((await lmsData(page)).core.lesson_status, 'incomplete');
    await answerByKeyboard(page, docSet[0], SEED, true);
    await page.keyboard.press('Enter'); // focus is on "next"
    await answerByKeyboard(page, docSet[1], SEED, false);
    await page.keyboard.press('Enter');
    await answerByKeyboard(page, docSet[2], SEED, true);
    const mid = await lmsData(page);
    assert.equal(mid.core.lesson_status, 'incomplete');
    assert.equal(mid.core.exit, 'suspend');
    const saved = decodeProgress(mid.suspend_data);
    assert.deepEqual(saved.ids, docSet.map((q) => q.id));
    assert.deepEqual(Object.keys(saved.answers).sort(), docSet.slice(0, 3).map((q) => q.id).sort());
    assert.equal(saved.answers[docSet[1].id].correct, false);
    assert.ok(mid.suspend_data.length <= 4096);
    await leave(page);
    const calls = await lmsCalls(page);
    assert.equal(calls[0], 'LMSInitialize');
    assert.equal(calls.at(-1), 'LMSFinish');
    stored = await lmsData(page);
    assert.match(stored.core.session_time, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }

  // Second launch in a fresh profile: only the LMS's copy exists.
  const page2 = await openPage(shared.browser);
  try {
    const again = { ...first, suspend_data: stored.suspend_data, core: { ...first.core, entry: 'resume', lesson_status: stored.core.lesson_status } };
    await launchInHost(page2, shared.server.url, 'scorm12', launch, again);
    assert.match(await statusLine(page2), /3 \/ 4/);
    await goToQuestion(page2, 4);
    await answerByKeyboard(page2, docSet[3], SEED, true);
    let data = await lmsData(page2);
    assert.equal(data.core.lesson_status, 'failed'); // 3 of 4 = 75 % < 80 %
    assert.equal(data.core.score.raw, '75');
    assert.equal(data.core.score.min, '0');
    assert.equal(data.core.score.max, '100');
    // Retry the wrong answer from the result: Enter on "finish" (focused after the last answer),
    // Enter on "retry", then answer it right.
    const frame = page2.frameLocator('#sco');
    await page2.keyboard.press('Enter');
    await frame.locator('pe-ffn-quiz >> section.result').waitFor();
    await frame.locator('pe-ffn-quiz >> [data-focus="retry"]').focus();
    await page2.keyboard.press('Enter');
    await answerByKeyboard(page2, docSet[1], SEED, true);
    data = await lmsData(page2);
    assert.equal(data.core.lesson_status, 'passed');
    assert.equal(data.core.score.raw, '100');
    assert.equal(data.core.exit, '');
    await saveArtifact('lms-scorm12.png', await page2.screenshot({ fullPage: true }));
    assert.deepEqual(page2.problems, []);
  } finally {
    await page2.context().close();
  }
});

test('SCORM 2004: completion and success status, scaled score, one interaction per answer with its type and pattern; resume', async () => {
  const { zip } = await buildQuizPackage({ format: 'scorm2004', bank: mixedBank, count: 4, seed: SEED, mastery: 0.7, lang: 'ko' });
  const manifest = new TextDecoder().decode((await import('fflate')).unzipSync(zip)['imsmanifest.xml']);
  const passing = /<imsss:minNormalizedMeasure>([\d.]+)<\/imsss:minNormalizedMeasure>/.exec(manifest)[1];
  assert.equal(passing, '0.7');
  const { launch } = await unpack(zip, 'scorm2004');
  const first = { learner_id: 'learner-2', learner_name: 'Lee, Jun', entry: 'ab-initio', scaled_passing_score: passing };

  const page = await openPage(shared.browser);
  let stored;
  let order;
  try {
    await launchInHost(page, shared.server.url, 'scorm2004', launch, first);
    const ids = await page.frames()[1].evaluate(() => window.peFfnQuizLms.quiz.currentQuestions.map((q) => q.id));
    order = ids.map((id) => mixedSet.find((q) => q.id === id));
    assert.equal(order.length, 4);
    assert.equal((await lmsData(page)).completion_status, 'incomplete');
    await answerByKeyboard(page, order[0], SEED, true);
    await page.keyboard.press('Enter');
    await answerByKeyboard(page, order[1], SEED, false);
    const mid = await lmsData(page);
    assert.equal(Object.keys(mid.interactions).length, 2);
    await leave(page);
    assert.equal((await lmsCalls(page)).at(-1), 'Terminate');
    stored = await lmsData(page);
    assert.equal(stored.exit, 'suspend');
    assert.match(stored.session_time, /^PT/);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }

  const page2 = await openPage(shared.browser);
  try {
    const again = { ...first, entry: 'resume', suspend_data: stored.suspend_data, completion_status: stored.completion_status, interactions: stored.interactions };
    await launchInHost(page2, shared.server.url, 'scorm2004', launch, again);
    assert.match(await statusLine(page2), /2 \/ 4/);
    await goToQuestion(page2, 3);
    await answerByKeyboard(page2, order[2], SEED, true);
    await page2.keyboard.press('Enter');
    await answerByKeyboard(page2, order[3], SEED, true);
    const data = await lmsData(page2);
    assert.equal(data.completion_status, 'completed');
    assert.equal(data.success_status, 'passed'); // 3 of 4 = 0.75 >= 0.7
    assert.equal(data.score.scaled, '0.75');
    assert.equal(data.score.raw, '3');
    assert.equal(data.score.min, '0');
    assert.equal(data.score.max, '4');
    const list = Object.values(data.interactions);
    assert.equal(list.length, 4);
    const byType = Object.fromEntries(list.map((i) => [i.type, i]));
    assert.deepEqual(Object.keys(byType).sort(), ['choice', 'fill-in', 'numeric', 'true-false']);
    for (const i of list) assert.match(i.id, /^urn:pe-ffn-wasm:q:mix-/);
    const resultOf = (q) => list.find((i) => i.id.endsWith(q.id)).result;
    assert.equal(resultOf(order[0]), 'correct');
    assert.equal(resultOf(order[1]), 'incorrect');
    assert.equal(byType.choice.correct_responses['0'].pattern, '2');
    assert.equal(byType['true-false'].correct_responses['0'].pattern, 'true');
    assert.equal(byType.numeric.correct_responses['0'].pattern, '31.5[:]32.5');
    assert.equal(byType['fill-in'].correct_responses['0'].pattern, '{case_matters=false}FFN');
    assert.equal(byType['fill-in'].correct_responses['1'].pattern, '{case_matters=false}피드포워드');
    await saveArtifact('lms-scorm2004.png', await page2.screenshot({ fullPage: true }));
    assert.deepEqual(page2.problems, []);
  } finally {
    await page2.context().close();
  }
});

test('an LMS that lost the last commit: the newer local copy wins on the next launch and is committed again', async () => {
  const { zip } = await buildQuizPackage({ format: 'scorm12', topic: 'document', count: 4, seed: SEED });
  const { launch } = await unpack(zip, 'scorm12-late');
  const first = { core: { student_id: 'learner-4', student_name: 'Choi', entry: 'ab-initio' } };
  const page = await openPage(shared.browser);
  try {
    await launchInHost(page, shared.server.url, 'scorm12', launch, first);
    await answerByKeyboard(page, docSet[0], SEED, true);
    const lmsKept = (await lmsData(page)).suspend_data; // what the LMS will hand back: one answer
    await page.keyboard.press('Enter');
    await answerByKeyboard(page, docSet[1], SEED, true);
    await leave(page);
    // Same browser, next launch; the LMS returns the older copy (it lost the last commit).
    await launchInHost(page, shared.server.url, 'scorm12', launch, { ...first, suspend_data: lmsKept, core: { ...first.core, entry: 'resume' } });
    assert.match(await statusLine(page), /2 \/ 4/);
    assert.equal(Object.keys(decodeProgress((await lmsData(page)).suspend_data).answers).length, 2);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('a package from a hostile bank shows its text as text; without an LMS it still runs; it asks no other host for anything', async () => {
  const evil = JSON.parse(readFileSync(`${repoRoot}tests/browser/quiz-fixtures/evil-bank.json`, 'utf8'));
  const { zip } = await buildQuizPackage({ format: 'scorm2004', bank: evil, count: 2, seed: SEED, title: '<img src=x onerror="window.pwned=9">' });
  const { launch } = await unpack(zip, 'scorm2004-evil');
  const page = await openPage(shared.browser);
  const origin = new URL(shared.server.url).origin;
  const foreign = [];
  page.on('request', (r) => { if (!r.url().startsWith('data:') && new URL(r.url()).origin !== origin) foreign.push(r.url()); });
  try {
    await page.goto(`${shared.server.url}${launch.slice(1)}`); // opened on its own: no LMS API anywhere
    await page.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
    assert.match(await page.locator('.lms-status').textContent(), /LMS 없이/);
    const prompt = await page.locator('pe-ffn-quiz >> .prompt').first().textContent();
    assert.match(prompt, /<script>|<iframe/);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    assert.equal(await page.locator('pe-ffn-quiz >> .prompt script, pe-ffn-quiz >> .prompt iframe').count(), 0);
    assert.equal(await page.locator('h1').textContent(), '<img src=x onerror="window.pwned=9">');
    assert.deepEqual(foreign, []);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('a teacher\'s choices in the LMS: the title as the quiz\'s heading, no seed line, no reset; the questions --list numbers for the seed, in its order', async () => {
  const core = await init();
  const chosen = [
    { format: 'scorm12', ids: 'doc-ox-1,ffn-relu-1,rope-config-1,lab-dff-1', seed: 'class-3', title: '3학년 쪽지 시험' },
    { format: 'scorm2004', topic: 'ffn', count: 6, seed: 'class-4' }, // with generated practice
  ];
  for (const options of chosen) {
    const { zip, options: o } = await buildQuizPackage(options);
    const { launch } = await unpack(zip, `chosen-${options.format}`);
    const page = await openPage(shared.browser);
    try {
      const frame = await launchInHost(page, shared.server.url, options.format, launch, null);
      assert.equal(await frame.locator('pe-ffn-quiz >> h3.quiz-heading').textContent(), o.title);
      assert.equal(await frame.locator('pe-ffn-quiz >> .seed-info').count(), 0, 'no seed line');
      assert.equal(await frame.locator('pe-ffn-quiz >> [data-act="reset"]').isVisible(), false, 'no reset');
      const shown = await frame.locator('pe-ffn-quiz').evaluate((quiz) => quiz.currentQuestions.map((q) => q.id));
      assert.deepEqual(shown, questionList(options, core).picked);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  }
});

test('an LMS whose initialize returns "false" or throws: the status line says the quiz is not connected, and the quiz runs', async () => {
  for (const [format, failInit] of [['scorm12', 'false'], ['scorm2004', 'throw']]) {
    const { zip } = await buildQuizPackage({ format, topic: 'document', count: 4, seed: SEED });
    const { launch } = await unpack(zip, `${format}-down`);
    const page = await openPage(shared.browser);
    try {
      await launchInHost(page, shared.server.url, format, launch, null, failInit);
      const status = await page.frameLocator('#sco').locator('.lms-status').textContent();
      assert.doesNotMatch(status, /LMS에 연결했어요|자동으로 저장/, `${format}: ${status}`);
      assert.match(status, /LMS에 연결하지 못했어요/);
      await answerByKeyboard(page, docSet[0], SEED, true);
      assert.match(await statusLine(page), /1 \/ 4/);
      assert.ok(page.problems.every((p) => /pe-ffn-quiz LMS: (LMS)?Initialize/.test(p)), page.problems.join('\n'));
    } finally {
      await page.context().close();
    }
  }
});

test('SCORM 1.2: fifty questions with 128-character ids resume thirty answers from 4,096 characters; a cut typed answer keeps its verdict alone', async () => {
  // A teacher's bank at the schema's limits: 50 questions, ids of 128 characters, numbers and choices.
  const id = (i) => `q${String(i).padStart(2, '0')}-${'long-question-identifier-'.repeat(6)}`.slice(0, 128);
  const bank = { format: 'pe-ffn-quiz-bank', version: 1, questions: Array.from({ length: 50 }, (_, i) => (i % 2
    ? { id: id(i), type: 'mc', prompt: `문제 ${i}: 위치 인코딩은 무엇에 더해지나요?`, choices: ['어텐션 가중치', '토큰 임베딩'], answer: 2, explanation: '토큰 임베딩에 더해집니다.' }
    : { id: id(i), type: 'number', prompt: `문제 ${i}: d_model = 4, d_ff = 8일 때 W1의 원소 수는?`, answer: 32, explanation: '4 × 8 = 32' })) };
  const set = buildQuizSet(bank, null, { topic: 'all', count: 50, seed: SEED, generated: false }).questions;
  // Thirty answers; the typed ones are long sentences whose number comes last, so a cut loses it.
  const typed = `${'제가 계산해 보니 W1은 d_model 곱하기 d_ff 개의 원소를 가지므로 '.repeat(8)}32`;
  const answers = Object.fromEntries(set.slice(0, 30).map((q) => [q.id, q.type === 'number'
    ? { input: typed, given: 32, correct: true, attempts: 1 }
    : { input: 2, given: 2, correct: true, attempts: 1 }]));
  const stored = encodeProgress({ seed: SEED, ids: set.map((q) => q.id), index: 30, answers, hints: {}, view: 'quiz', completedRound: -1, round: 0, savedAt: 1 }, 4096);
  assert.ok(stored && stored.length <= 4096 && !stored.includes(set[0].id), 'positions, not ids');
  const cut = set.slice(0, 30).findIndex((q) => q.type === 'number');
  assert.equal(decodeProgress(stored).answers[cut].shortened, true, 'the typed answers had to be cut');

  const { zip } = await buildQuizPackage({ format: 'scorm12', bank, count: 50, seed: SEED });
  const { launch } = await unpack(zip, 'scorm12-long-ids');
  const page = await openPage(shared.browser);
  try {
    await launchInHost(page, shared.server.url, 'scorm12', launch, { core: { student_id: 'learner-5', entry: 'resume' }, suspend_data: stored });
    const shown = await page.frames()[1].evaluate(() => window.peFfnQuizLms.quiz.currentQuestions.map((q) => q.id));
    assert.deepEqual(shown, set.map((q) => q.id), 'the element draws the same set');
    assert.match(await statusLine(page), /30 \/ 50/);
    // The cut answer: its verdict, the text shown as cut, and no note from grading the cut text again.
    await goToQuestion(page, cut + 1);
    const card = page.frameLocator('#sco').locator(`pe-ffn-quiz >> article.q[data-id="${set[cut].id}"] .feedback`);
    const feedback = await card.textContent();
    assert.match(feedback, /정답입니다/);
    assert.doesNotMatch(feedback, /읽을 수 없|숫자로/, feedback);
    assert.match(feedback, /…/);
    await saveArtifact('lms-scorm12-long-ids.png', await page.screenshot({ fullPage: true }));
    // One more answer by keyboard: still within the limit, now 31.
    await goToQuestion(page, 31);
    await answerByKeyboard(page, set[30], SEED, true);
    const after = (await lmsData(page)).suspend_data;
    assert.ok(after.length <= 4096, `${after.length}`);
    assert.equal(Object.keys(decodeProgress(after).answers).length, 31);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

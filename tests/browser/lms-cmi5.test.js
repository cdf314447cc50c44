// The cmi5 package in real headless Chromium against a recording LMS/LRS (lms-lrs-recorder.js: every
// statement validated with xapi-validation on arrival). Two sessions of one registration: answers by
// keyboard, a statement made while offline that arrives once the browser is online again, leaving the
// page (terminated), then a new launch in a fresh profile that resumes from the State API document,
// completes, fails, retries, passes and leaves through the LMS's returnURL. The statements are then
// checked against the cmi5 rules.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { openPage, saveArtifact, useServerAndBrowser } from './harness.js';
import { unpack } from './lms-helpers.js';
import { startLrsRecorder } from './lms-lrs-recorder.js';
import { buildQuizPackage } from '../../src/lms/package/node.js';
import { builtinBank, buildQuizSet, choiceOrder } from '../../src/quiz/index.js';

const shared = useServerAndBrowser();
const SEED = '7';
const docSet = buildQuizSet(builtinBank(), null, { topic: 'document', count: 4, seed: SEED, generated: false }).questions;
const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const verbOf = (s) => s.verb.id.split('/').pop();
const categories = (s) => ((s.context.contextActivities || {}).category || []).map((c) => c.id);

async function until(predicate, what, ms = 15000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (predicate()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function answer(page, q, right) {
  await page.locator(`pe-ffn-quiz >> [data-focus="heading-${q.id}"]`).focus();
  for (let i = 0; i < 30; i++) {
    const f = await page.evaluate(() => {
      let a = document.activeElement;
      while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
      return (a && a.dataset && a.dataset.focus) || '';
    });
    if (f.startsWith(`input-${q.id}`)) break;
    await page.keyboard.press('Tab');
  }
  const shown = choiceOrder(q, SEED);
  const k = shown.indexOf(right ? q.answer : shown.find((v) => v !== q.answer));
  if (k === 0) await page.keyboard.press('Space');
  else for (let i = 0; i < k; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.locator(`pe-ffn-quiz >> article.q[data-id="${q.id}"] .feedback`).waitFor();
}

let lrs;
after(() => lrs?.close());

test('cmi5: statements with categories, registration and session, offline queue, terminated, resume from the State API', async () => {
  const { zip } = await buildQuizPackage({ format: 'cmi5', topic: 'document', count: 4, seed: SEED, mastery: 0.8, lang: 'ko' });
  const course = new TextDecoder().decode(unzipSync(zip)['cmi5.xml']);
  const auId = /<au id="([^"]+)"/.exec(course)[1];
  const masteryScore = Number(/masteryScore="([\d.]+)"/.exec(course)[1]);
  const { launch } = await unpack(zip, 'cmi5');
  const returnURL = `${shared.server.url}tests/browser/lms-fixtures/returned.html`;
  const launchData = { contextTemplate: {}, launchMode: 'Normal', launchMethod: 'AnyWindow', moveOn: 'CompletedAndPassed', masteryScore, returnURL };
  const newSession = () => {
    const id = randomUUID();
    launchData.contextTemplate = { contextActivities: { grouping: [{ objectType: 'Activity', id: auId }] }, extensions: { [SESSION]: id } };
    return id;
  };
  lrs = await startLrsRecorder({ launchData });
  const actor = { objectType: 'Agent', name: 'Park, Seo-yeon', account: { homePage: 'https://lms.invalid', name: 'learner-3' } };
  const registration = randomUUID();
  const launchUrl = () => {
    const q = new URLSearchParams({ endpoint: `${lrs.url}xapi/`, fetch: lrs.newFetchUrl(), actor: JSON.stringify(actor), registration, activityId: auId });
    return `${shared.server.url}${launch.slice(1)}?${q}`;
  };

  // Session 1: two answers online, one offline, then leaving the page.
  const session1 = newSession();
  const page = await openPage(shared.browser);
  const foreign = [];
  page.on('request', (r) => { const u = new URL(r.url()); if (u.origin !== new URL(shared.server.url).origin && u.origin !== new URL(lrs.url).origin) foreign.push(r.url()); });
  try {
    await page.goto(launchUrl());
    await page.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
    await answer(page, docSet[0], true);
    await page.keyboard.press('Enter');
    await answer(page, docSet[1], false);
    await until(() => lrs.statements.length === 3, 'initialized + 2 answered');
    await page.context().setOffline(true);
    await page.keyboard.press('Enter');
    await answer(page, docSet[2], true);
    assert.equal(await page.evaluate(() => window.peFfnQuizLms.adapter.pending()), 1);
    assert.equal(lrs.statements.length, 3);
    await page.context().setOffline(false);
    await until(() => lrs.statements.length === 4, 'the answer made offline');
    await page.goto('about:blank');
    await until(() => lrs.statements.length === 5, 'terminated');
    assert.deepEqual(foreign, []);
  } finally {
    await page.context().close();
  }

  // Session 2: a new launch on another computer (fresh profile): the State API document resumes it.
  const session2 = newSession();
  const page2 = await openPage(shared.browser);
  try {
    await page2.goto(launchUrl());
    await page2.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
    assert.match(await page2.locator('pe-ffn-quiz >> .status-line').textContent(), /3 \/ 4/);
    await page2.locator('pe-ffn-quiz >> [data-focus="nav-3"]').focus();
    await page2.keyboard.press('Enter');
    await answer(page2, docSet[3], true); // 3 of 4 = 0.75 < 0.8: failed
    await page2.keyboard.press('Enter'); // "finish"
    await page2.locator('pe-ffn-quiz >> [data-focus="retry"]').focus();
    await page2.keyboard.press('Enter');
    await answer(page2, docSet[1], true); // 4 of 4: passed
    await saveArtifact('lms-cmi5.png', await page2.screenshot({ fullPage: true }));
    assert.deepEqual(page2.problems, []);
    // Leaving through the LMS's returnURL (the exit button, by keyboard) sends terminated on the way.
    await page2.locator('.lms-exit').focus();
    await Promise.all([page2.waitForURL(returnURL), page2.keyboard.press('Enter')]);
    await until(() => verbOf(lrs.statements.at(-1)) === 'terminated' && lrs.statements.length > 6, 'the second terminated');
  } finally {
    await page2.context().close();
  }

  const all = lrs.statements;
  assert.deepEqual(lrs.rejected, [], 'xapi-validation found problems');
  const sessionOf = (s) => s.context.extensions && s.context.extensions[SESSION];
  const verbs = (id) => all.filter((s) => sessionOf(s) === id).map(verbOf);
  assert.deepEqual(verbs(session1), ['initialized', 'answered', 'answered', 'answered', 'terminated']);
  assert.deepEqual(verbs(session2), ['initialized', 'answered', 'completed', 'failed', 'answered', 'passed', 'terminated']);
  assert.equal(new Set(all.map((s) => s.id)).size, all.length);
  for (const s of all) {
    assert.equal(s.context.registration, registration);
    assert.deepEqual(s.actor, actor);
    const defined = verbOf(s) !== 'answered';
    assert.equal(categories(s).includes(CMI5), defined, `${verbOf(s)}: cmi5 category only on cmi5-defined statements`);
    assert.equal(categories(s).includes(MOVEON), ['completed', 'passed', 'failed'].includes(verbOf(s)));
    if (defined) assert.equal(s.object.id, auId);
  }
  const [failed] = all.filter((s) => verbOf(s) === 'failed');
  const [passed] = all.filter((s) => verbOf(s) === 'passed');
  assert.equal(failed.result.score.scaled, 0.75);
  assert.equal(failed.result.success, false);
  assert.equal(passed.result.score.scaled, 1);
  assert.equal(passed.result.success, true);
  assert.equal(passed.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore'], 0.8);
  assert.match(passed.result.duration, /^PT/);
  const answered = all.filter((s) => verbOf(s) === 'answered');
  assert.equal(answered.length, 5);
  for (const s of answered) {
    assert.equal(s.context.contextActivities.parent[0].id, auId);
    assert.equal(s.object.definition.interactionType, 'choice');
  }
});

test('cmi5: a fetch URL that never answers: the quiz is on the page with a "connecting" status, and after the time limit runs on its own and says so; a registration that is no UUID is refused at once', async () => {
  const { zip } = await buildQuizPackage({ format: 'cmi5', topic: 'document', count: 4, seed: SEED, lang: 'ko' });
  const course = new TextDecoder().decode(unzipSync(zip)['cmi5.xml']);
  const auId = /<au id="([^"]+)"/.exec(course)[1];
  const { launch } = await unpack(zip, 'cmi5-slow');
  lrs ??= await startLrsRecorder({ launchData: { contextTemplate: {}, launchMode: 'Normal' } });
  const before = lrs.statements.length;
  const actor = { objectType: 'Agent', name: 'Kang', account: { homePage: 'https://lms.invalid', name: 'learner-9' } };
  const launchUrl = (over) => `${shared.server.url}${launch.slice(1)}?${new URLSearchParams({
    endpoint: `${lrs.url}xapi/`, fetch: lrs.newFetchUrl({ hang: true }), actor: JSON.stringify(actor), registration: randomUUID(), activityId: auId, ...over })}`;
  const status = (page) => page.locator('.lms-status').textContent();

  const page = await openPage(shared.browser);
  try {
    await page.clock.install();
    await page.goto(launchUrl());
    await page.waitForFunction(() => /연결하는 중/.test(document.querySelector('.lms-status').textContent));
    // The quiz is there (its heading and its loading line) while the LMS has not answered.
    assert.equal(await page.locator('pe-ffn-quiz >> h3').count(), 1);
    assert.equal(await page.locator('pe-ffn-quiz article.q').count(), 0, 'no progress is read before the LMS answers or the time runs out');
    await page.clock.fastForward('00:21');
    await page.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
    assert.match(await status(page), /LMS가 20초 동안 응답하지 않았어요.*이 브라우저에만 보관돼요/);
    await answer(page, docSet[0], true);
    assert.match(await page.locator('pe-ffn-quiz >> .status-line').textContent(), /1 \/ 4/);
    assert.ok(page.problems.every((p) => /did not answer within 20000 ms/.test(p)), page.problems.join('\n'));
  } finally {
    await page.context().close();
  }

  const refused = await openPage(shared.browser);
  try {
    const asked = lrs.fetched.length;
    await refused.goto(launchUrl({ registration: 'not-a-uuid' }));
    await refused.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
    assert.match(await status(refused), /실행 주소의 registration 값이 올바르지 않아 LMS에 연결하지 않았어요/);
    assert.equal(lrs.fetched.length, asked, 'the fetch URL is not asked');
    assert.ok(refused.problems.every((p) => /registration is not a UUID/.test(p)), refused.problems.join('\n'));
    await saveArtifact('lms-cmi5-refused.png', await refused.screenshot({ fullPage: true }));
  } finally {
    await refused.context().close();
  }
  assert.equal(lrs.statements.length, before, 'no statement from either launch');
});

// <pe-ffn-quiz> against hostile banks, links and saved state, in real headless Chromium: question ids
// and topics named like Object.prototype members, corrupt saved progress, and a hexadecimal count in
// the share link. Each case must render the quiz (not a raw TypeError) with no page error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useServerAndBrowser } from './harness.js';

const FIX = 'tests/browser/quiz-fixtures';
const shared = useServerAndBrowser();
const DOC_IDS = ['doc-concept-1', 'doc-concept-2', 'doc-concept-3', 'doc-concept-4', 'doc-concept-5', 'doc-concept-6',
  'doc-ox-1', 'doc-scenario-1', 'doc-calc-ones', 'doc-calc-sum', 'doc-calc-attention', 'doc-calc-stacking'];

async function openQuiz(query, beforeLoad, arg) {
  const page = await openPage(shared.browser, { viewport: { width: 390, height: 844 } });
  if (beforeLoad) await page.addInitScript(beforeLoad, arg);
  await page.goto(`${shared.server.url}${FIX}/bare.html?${query}`);
  await page.waitForSelector('pe-ffn-quiz article.q, pe-ffn-quiz .error', { timeout: 20000 });
  return page;
}
const articles = (page) => page.locator('pe-ffn-quiz article.q');

test('a bank whose ids and section are named like Object.prototype members: nothing shows as answered', async () => {
  const page = await openQuiz(`src=/${FIX}/proto-bank.json&topic=constructor&mode=all&seed=1`);
  try {
    assert.equal(await page.locator('pe-ffn-quiz .error').count(), 0);
    assert.equal(await articles(page).count(), 4);
    assert.equal(await page.locator('pe-ffn-quiz article.q .feedback, pe-ffn-quiz article.q .verdict').count(), 0, 'no question looks answered');
    assert.equal(await page.locator('pe-ffn-quiz article.q button[type=submit]:disabled').count(), 0, 'no question is locked');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

test('topics named like Object.prototype members fall back to all questions with a note', async () => {
  for (const topic of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const page = await openQuiz(`topic=${encodeURIComponent(topic)}&seed=2&count=3&mode=all`);
    try {
      assert.equal(await articles(page).count(), 3, topic);
      assert.equal(await page.locator('pe-ffn-quiz p.notes', { hasText: topic }).count(), 1, `the unknown-topic note names ${topic}`);
      assert.deepEqual(page.problems, [], topic);
    } finally {
      await page.close();
    }
  }
});

test('corrupt saved progress is repaired: the quiz shows, and the usable answer is kept', async () => {
  const key = 'pe-ffn-quiz:v1:builtin|document|12|5';
  for (const bad of [{ index: 999, hints: null }, { index: -5 }, { index: 'abc' }, { index: 1.5, hints: 'x', answers: { 'doc-concept-1': { correct: true, attempts: 1, input: '2', given: 2 }, constructor: 1 } }]) {
    const saved = { seed: '5', ids: DOC_IDS, index: 0, answers: { 'doc-concept-1': { input: '2', given: 2, correct: true, attempts: 1 } }, hints: {}, view: 'quiz', completedRound: -1, round: 0, ...bad };
    const page = await openQuiz('topic=document&count=12&seed=5', ([k, v]) => localStorage.setItem(k, v), [key, JSON.stringify(saved)]);
    try {
      assert.equal(await page.locator('pe-ffn-quiz .error').count(), 0, JSON.stringify(bad));
      assert.match(await page.locator('pe-ffn-quiz article.q h3, pe-ffn-quiz article.q h4').first().textContent(), /1 \/ 12/);
      assert.match(await articles(page).first().textContent(), /정답입니다|✓/, 'the saved answer of question 1 is kept');
      assert.deepEqual(page.problems, [], JSON.stringify(bad));
    } finally {
      await page.close();
    }
  }
});

test('a hexadecimal quiz-count in the link is refused (the default count is used)', async () => {
  const page = await openQuiz('quiz-topic=practice&quiz-count=0x10&quiz-seed=3&mode=all');
  try {
    await page.waitForFunction(() => document.querySelector('pe-ffn-quiz').shadowRoot.querySelectorAll('article.q').length > 0);
    assert.equal(await articles(page).count(), 12);
  } finally {
    await page.close();
  }
});

test('saved progress holding an object where the seed belongs: the quiz shows its questions, on every reload', async () => {
  const key = 'pe-ffn-quiz:v1:builtin|document|12|5';
  // String({ toString: 1 }) throws a TypeError; before the fix every load ended in that error.
  const saved = { seed: { toString: 1 }, ids: DOC_IDS, index: 0, answers: {}, hints: {}, view: 'quiz', completedRound: -1, round: 0 };
  const page = await openQuiz('topic=document&count=12&seed=5', ([k, v]) => localStorage.setItem(k, v), [key, JSON.stringify(saved)]);
  try {
    for (let load = 0; load < 2; load++) {
      if (load) { await page.reload(); await page.waitForSelector('pe-ffn-quiz article.q, pe-ffn-quiz .error', { timeout: 20000 }); }
      assert.equal(await page.locator('pe-ffn-quiz .error').count(), 0, `load ${load + 1}`);
      assert.match(await page.locator('pe-ffn-quiz article.q h4').first().textContent(), /1 \/ 12/);
    }
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

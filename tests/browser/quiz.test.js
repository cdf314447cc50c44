// <pe-ffn-quiz> in real headless Chromium, loaded from the built bundle (dist/elements.js) in a bare
// HTML file (quiz-fixtures/bare.html): a whole quiz answered by keyboard with feedback and score,
// retrying wrong answers, progress surviving a reload, a hostile bank rendered inertly, the messages
// for malformed and unreachable banks, the xAPI events (also through postMessage from an iframe), the
// share link (and several quizzes on one page, each with its own parameters), and screenshots at
// desktop and phone widths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, saveArtifact, repoRoot, useServerAndBrowser, requireBuildProducts } from './harness.js';
import { keyInAnswer } from './answer-keys.js';
import { builtinBank, localizeQuestion, buildQuizSet, toMoodleXML } from '../../src/quiz/index.js';
import { init } from '../../src/js/index.js';

requireBuildProducts('bundles', 'dist/elements.js');

const FIX = 'tests/browser/quiz-fixtures';
const bank = builtinBank();
const docQuestions = bank.questions.filter((q) => q.origin === 'document');
const shared = useServerAndBrowser();

const url = (query, file = 'bare.html') => `${shared.server.url}${FIX}/${file}?${query}`;

async function openQuiz(query, options) {
  const page = await openPage(shared.browser, options);
  await page.goto(url(query));
  await page.waitForSelector('pe-ffn-quiz article.q, pe-ffn-quiz .error', { timeout: 20000 });
  return page;
}

/** Description of the focused element, looking through shadow roots. */
function focused(page) {
  return page.evaluate(() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    if (!a) return null;
    return { tag: a.localName, type: a.type || '', focus: a.dataset ? a.dataset.focus || '' : '', text: (a.textContent || '').trim().slice(0, 60) };
  });
}

async function tabTo(page, predicate, max = 45) {
  for (let i = 0; i < max; i++) {
    const f = await focused(page);
    if (f && predicate(f)) return f;
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached the target; last: ${JSON.stringify(await focused(page))}`);
}

const liveText = (page) => page.locator('pe-ffn-quiz >> .live').textContent();
const statusText = async (page) => (await page.locator('pe-ffn-quiz >> .status-line').textContent()).replace(/\s+/g, ' ');

/** Answers the current question by keyboard only: right or wrong. */
async function answerByKeyboard(page, q, seed, right) {
  await tabTo(page, (f) => f.tag === 'input' && f.focus.startsWith(`input-${q.id}`));
  await keyInAnswer(page.keyboard, q, seed, right);
}

test('the whole document quiz by keyboard: feedback, score, results, retry of the wrong answers, events', async () => {
  const seed = '7';
  const page = await openQuiz(`topic=document&seed=${seed}&count=12`);
  try {
    assert.equal(await page.locator('pe-ffn-quiz >> article.q').count(), 1, 'one question at a time');
    const wrongOnes = new Set([0, 6, 9]); // a multiple-choice, the O/X and a calculation question
    for (let i = 0; i < docQuestions.length; i++) {
      const q = docQuestions[i];
      assert.equal(await page.locator('pe-ffn-quiz >> article.q').getAttribute('data-id'), q.id);
      if (i === 0) {
        // A hint, by keyboard: the focus lands on the hints once the last one is shown.
        await tabTo(page, (f) => f.focus === `hint-${q.id}`);
        await page.keyboard.press('Enter');
        await page.locator(`pe-ffn-quiz >> article.q[data-id="${q.id}"] .hints li`).waitFor();
        assert.equal((await focused(page)).focus, `hints-${q.id}`);
        assert.match(await page.locator(`pe-ffn-quiz >> article.q[data-id="${q.id}"] .hints`).textContent(), /힌트 1/);
      }
      await answerByKeyboard(page, q, seed, !wrongOnes.has(i));
      const fb = page.locator(`pe-ffn-quiz >> article.q[data-id="${q.id}"] .feedback`);
      await fb.waitFor();
      const text = await fb.textContent();
      const L = localizeQuestion(q, 'ko');
      assert.ok(text.includes(L.explanation), `${q.id}: the explanation is shown`);
      assert.equal(await fb.getAttribute('class'), `feedback ${wrongOnes.has(i) ? 'bad' : 'ok'}`, q.id);
      if (wrongOnes.has(i)) assert.match(text, /정답:/);
      await page.waitForFunction(() => document.querySelector('pe-ffn-quiz').shadowRoot.querySelector('.live').textContent.length > 0);
      assert.match(await liveText(page), wrongOnes.has(i) ? /틀렸어요/ : /정답입니다/);
      // Focus went to the next step; Enter follows it (the last one opens the results).
      const f = await focused(page);
      assert.equal(f.focus, 'next', `focus after checking ${q.id}: ${JSON.stringify(f)}`);
      await page.keyboard.press('Enter');
    }
    await page.locator('pe-ffn-quiz >> .result').waitFor();
    assert.match(await page.locator('pe-ffn-quiz >> .result').textContent(), /12문제 중 9문제를 맞혔어요 \(75%\)/);
    assert.equal((await focused(page)).focus, 'result');
    let events = await page.evaluate(() => window.events);
    assert.equal(events.filter((e) => e.type === 'answered').length, 12);
    const complete = events.find((e) => e.type === 'quiz-complete');
    assert.equal(complete.detail.score, 9);
    assert.equal(complete.detail.total, 12);
    assert.equal(complete.detail.answers.length, 12);
    assert.equal(complete.detail.answers[6].correct, false);
    const completed = events.find((e) => e.type === 'completed').detail;
    assert.equal(completed.verb.id, 'http://adlnet.gov/expapi/verbs/completed');
    assert.deepEqual(completed.result.score, { raw: 9, min: 0, max: 12, scaled: 0.75 });
    assert.equal(completed.result.success, true);
    const answered = events.find((e) => e.type === 'answered').detail;
    assert.equal(answered.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
    assert.equal(answered.result.success, false);
    assert.equal(answered.object.definition.interactionType, 'choice');

    // Retry the three wrong ones, by keyboard, and get them right.
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).focus, 'retry');
    await page.keyboard.press('Enter');
    assert.match(await statusText(page), /9 \/ 12 문제 답함/);
    for (const i of wrongOnes) {
      const q = docQuestions[i];
      assert.equal(await page.locator('pe-ffn-quiz >> article.q').getAttribute('data-id'), q.id);
      await answerByKeyboard(page, q, seed, true);
      await page.locator(`pe-ffn-quiz >> article.q[data-id="${q.id}"] .feedback.ok`).waitFor();
      // Jump to the next unanswered question through the question list.
      const next = [...wrongOnes].find((j) => j > i);
      if (next !== undefined) await page.locator(`pe-ffn-quiz >> nav button[data-focus="nav-${next}"]`).press('Enter');
    }
    assert.match(await statusText(page), /맞힌 문제 12 \/ 12/);
    events = await page.evaluate(() => window.events);
    assert.equal(events.filter((e) => e.type === 'quiz-complete').length, 2);
    assert.equal(events.filter((e) => e.type === 'quiz-complete')[1].detail.score, 12);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('the document topic: all 12 examples without a count; an asked count wins, by attribute or by link', async () => {
  const shown = async (query) => {
    const page = await openQuiz(query);
    try {
      return await page.locator('pe-ffn-quiz >> article.q').evaluateAll((els) => els.map((e) => e.dataset.id));
    } finally {
      await page.context().close();
    }
  };
  const docs = docQuestions.map((q) => q.id);
  assert.deepEqual(await shown('topic=document&seed=2&mode=all'), docs);
  assert.deepEqual(await shown('topic=document&seed=2&mode=all&count=4'), docs.slice(0, 4));
  assert.deepEqual(await shown('topic=document&seed=2&mode=all&quiz-count=5'), docs.slice(0, 5));
});

test('a newer announcement replaces one still pending: a quick answer is not followed by stale text', async () => {
  const page = await openQuiz('topic=document&seed=7&count=3');
  try {
    const texts = await page.evaluate(() => new Promise((resolve) => {
      const quiz = document.querySelector('pe-ffn-quiz');
      const live = quiz.shadowRoot.querySelector('.live');
      const seen = [];
      new MutationObserver(() => seen.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
      quiz.announce('문제 2 / 3');
      quiz.announce('정답입니다');
      setTimeout(() => resolve(seen), 200);
    }));
    assert.deepEqual(texts.filter(Boolean), ['정답입니다']);
  } finally {
    await page.context().close();
  }
});

test('progress survives a reload, and reset clears it', async () => {
  const page = await openQuiz('topic=document&seed=11&count=12&mode=all');
  try {
    const [q1, q2] = docQuestions;
    await answerByKeyboard(page, q1, '11', true);
    await answerByKeyboard(page, q2, '11', false);
    await page.locator(`pe-ffn-quiz >> article.q[data-id="${q2.id}"] .feedback.bad`).waitFor();
    // A hint on the third question is remembered too.
    await page.locator(`pe-ffn-quiz >> [data-focus="hint-${docQuestions[2].id}"]`).click();
    assert.match(await statusText(page), /2 \/ 12 문제 답함.*맞힌 문제 1 \/ 12/);
    await page.reload();
    await page.waitForSelector('pe-ffn-quiz >> article.q');
    assert.match(await statusText(page), /2 \/ 12 문제 답함.*맞힌 문제 1 \/ 12/);
    assert.equal(await page.locator(`pe-ffn-quiz >> article.q[data-id="${q1.id}"] .feedback.ok`).count(), 1);
    assert.equal(await page.locator(`pe-ffn-quiz >> article.q[data-id="${q2.id}"] .feedback.bad`).count(), 1);
    assert.equal(await page.locator(`pe-ffn-quiz >> article.q[data-id="${docQuestions[2].id}"] .hints li`).count(), 1);
    assert.equal(await page.locator(`pe-ffn-quiz >> article.q[data-id="${q1.id}"] input`).first().isDisabled(), true);
    await page.locator('pe-ffn-quiz >> [data-act="reset"]').click();
    await page.waitForFunction(() => /0 \/ 12/.test(document.querySelector('pe-ffn-quiz').shadowRoot.querySelector('.status-line')?.textContent || ''));
    await page.reload();
    await page.waitForSelector('pe-ffn-quiz >> article.q');
    assert.match(await statusText(page), /0 \/ 12 문제 답함/);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('showing a solution ends the question unscored and still fires answered', async () => {
  const page = await openQuiz('topic=all&seed=3&count=2&mode=all');
  try {
    await page.evaluate(() => {
      window.answeredDetails = [];
      document.querySelector('pe-ffn-quiz').addEventListener('answered', (e) => window.answeredDetails.push(e.detail));
    });
    const first = await page.locator('pe-ffn-quiz >> article.q').nth(0).getAttribute('data-id');
    await page.locator(`pe-ffn-quiz >> [data-focus="solution-${first}"]`).click();
    const events = await page.evaluate(() => window.answeredDetails);
    assert.equal(events.length, 1);
    assert.equal(events[0].result.success, false);
    assert.equal(events[0].result.score.raw, 0);
    assert.equal(events[0].result.extensions['https://pe-ffn-wasm.dev/xapi/solution-shown'], true);
    assert.ok(events[0].object.id.endsWith(encodeURIComponent(first)));
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

test('a bank with <script> and <img onerror> text is rendered as inert text', async () => {
  const page = await openQuiz(`src=${encodeURIComponent(`/${FIX}/evil-bank.json`)}&mode=all&seed=1`);
  try {
    await page.waitForSelector('pe-ffn-quiz >> article.q');
    // Hints, solutions and feedback render more bank text: open them all.
    await page.locator('pe-ffn-quiz >> [data-focus="hint-evil-1"]').click();
    await page.locator('pe-ffn-quiz >> [data-focus="solution-evil-1"]').click();
    await page.locator('pe-ffn-quiz >> [data-focus="input-evil-2"]').fill('<img src=z onerror="window.pwned=7">');
    await page.locator('pe-ffn-quiz >> [data-focus="check-evil-2"]').click();
    await page.waitForTimeout(300);
    const report = await page.evaluate(() => {
      const root = document.querySelector('pe-ffn-quiz').shadowRoot;
      return {
        pwned: window.pwned ?? null,
        dangerous: root.querySelectorAll('script, img, iframe, svg, b').length,
        text: root.textContent,
      };
    });
    assert.equal(report.pwned, null);
    assert.equal(report.dangerous, 0);
    assert.ok(report.text.includes('<script>window.pwned = 1</script>Which is added'));
    assert.ok(report.text.includes('<img src=x onerror="window.pwned = 2">'));
    assert.ok(report.text.includes('<script>window.pwned = 4</script>'));
    assert.ok(report.text.includes('<img src=y onerror="window.pwned = 3"> PE is added.'));
    // The bank's own title is the quiz's heading, as text; the heading attribute wins over it.
    const heading = page.locator('pe-ffn-quiz >> h3.quiz-heading');
    assert.equal(await heading.textContent(), '<script>window.pwned = 5</script>Evil bank');
    await page.evaluate(() => document.querySelector('pe-ffn-quiz').setAttribute('heading', '3반 복습'));
    await page.waitForFunction(() => document.querySelector('pe-ffn-quiz').shadowRoot.querySelector('h3.quiz-heading').textContent === '3반 복습');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
});

for (const [name, file, pattern] of [
  ['malformed JSON', 'malformed.json', /올바른 JSON이 아니에요/],
  ['a schema error', 'invalid-bank.json', /형식이 잘못되었어요 — questions\[0\]\.choices\[1\]: expected a non-empty string/],
  ['an unreachable bank', 'does-not-exist.json', /불러오지 못했어요: .*does-not-exist\.json \(HTTP 404\)/],
]) {
  test(`a clear message inside the element for ${name}`, async () => {
    const page = await openQuiz(`src=${encodeURIComponent(`/${FIX}/${file}`)}`);
    try {
      const error = page.locator('pe-ffn-quiz >> .error[role="alert"]');
      await error.waitFor();
      assert.match(await error.textContent(), pattern);
      assert.equal(await page.locator('pe-ffn-quiz >> article.q').count(), 0);
    } finally {
      await page.context().close();
    }
  });
}

test('inside an iframe the quiz posts answered/completed/quiz-complete to the parent', async () => {
  const page = await openPage(shared.browser);
  try {
    // A section topic with count=1: one question to answer.
    await page.goto(url('topic=000-4&seed=3&count=1', 'iframe.html'));
    const frame = page.frameLocator('#frame');
    await frame.locator('pe-ffn-quiz >> article.q').waitFor({ timeout: 20000 });
    const id = await frame.locator('pe-ffn-quiz >> article.q').getAttribute('data-id');
    const q = bank.questions.find((x) => x.id === id);
    // The radio's value is the original choice number (a section's choices are shown shuffled).
    await frame.locator(`pe-ffn-quiz >> input[type=radio][value="${q.answer}"]`).check();
    await frame.locator(`pe-ffn-quiz >> [data-focus="check-${id}"]`).click();
    await page.waitForFunction(() => window.messages.some((m) => m.type === 'quiz-complete'));
    const messages = await page.evaluate(() => window.messages);
    assert.deepEqual(messages.map((m) => m.type), ['answered', 'completed', 'quiz-complete']);
    assert.equal(messages[0].detail.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
    assert.equal(messages[0].detail.result.success, true);
    assert.deepEqual(messages[0].detail.result.score, { raw: 1, min: 0, max: 1, scaled: 1 });
    assert.equal(messages[1].detail.result.completion, true);
    assert.equal(messages[1].detail.result.success, true);
    assert.equal(messages[2].detail.score, 1);
    assert.equal(messages[2].detail.answers[0].id, q.id);
  } finally {
    await page.context().close();
  }
});

test('the share link fixes seed and topic; the language follows lang', async () => {
  const page = await openQuiz('topic=pe&seed=&count=5&mode=all');
  try {
    const ids = await page.locator('pe-ffn-quiz >> article.q').evaluateAll((els) => els.map((e) => e.dataset.id + ':' + e.querySelector('.prompt').textContent + ':' + [...e.querySelectorAll('label.choice')].map((l) => l.textContent).join('|')));
    await page.locator('pe-ffn-quiz >> [data-act="share"]').click();
    const link = await page.locator('pe-ffn-quiz >> .share-box input').inputValue();
    assert.match(link, /quiz-seed=\d+/);
    assert.match(link, /quiz-topic=pe/);
    const other = await openPage(shared.browser, { viewport: { width: 390, height: 844 } });
    try {
      await other.goto(link);
      await other.waitForSelector('pe-ffn-quiz >> article.q');
      const again = await other.locator('pe-ffn-quiz >> article.q').evaluateAll((els) => els.map((e) => e.dataset.id + ':' + e.querySelector('.prompt').textContent + ':' + [...e.querySelectorAll('label.choice')].map((l) => l.textContent).join('|')));
      assert.deepEqual(again, ids);
      await other.evaluate(() => document.querySelector('pe-ffn-quiz').setAttribute('lang', 'en'));
      await other.waitForFunction(() => document.querySelector('pe-ffn-quiz').shadowRoot.querySelector('h3').textContent.startsWith('Quiz'));
      assert.match(await other.locator('pe-ffn-quiz >> .status-line').textContent(), /answered/);
    } finally {
      await other.context().close();
    }
  } finally {
    await page.context().close();
  }
});

test('several quizzes on one page: each follows only its own share parameters (url-params)', async () => {
  const page = await openPage(shared.browser);
  try {
    await page.goto(url('quiz-seed=11&review-seed=22&review-count=3', 'two-quizzes.html'));
    for (const id of ['first', 'second', 'third']) await page.waitForSelector(`#${id} >> article.q`, { timeout: 20000 });
    const seeds = await page.evaluate(() => ['first', 'second', 'third'].map((id) => document.getElementById(id).values));
    assert.deepEqual(seeds.map((v) => [v.seed, v.count]), [['11', 2], ['22', 3], ['1', 2]]);
    // The share links name each quiz's own parameters; the quiz kept out of the URL offers none.
    await page.locator('#second >> [data-act="share"]').click();
    const link = await page.locator('#second >> .share-box input').inputValue();
    assert.match(link, /review-seed=22/);
    assert.match(link, /review-topic=pe/);
    assert.equal(await page.locator('#third >> [data-act="share"]').isVisible(), false);
    assert.equal(await page.locator('#first >> [data-act="share"]').isVisible(), true);
  } finally {
    await page.context().close();
  }
});

test('Chromium generates the same practice questions as Node for the same seed, and parses our Moodle XML', async () => {
  const core = await init();
  const expected = buildQuizSet(bank, core, { topic: 'practice', count: 7, seed: '99' }).questions;
  const page = await openQuiz('topic=practice&seed=99&count=7&mode=all');
  try {
    const shown = await page.locator('pe-ffn-quiz >> article.q').evaluateAll((els) => els.map((e) => [e.dataset.id, e.querySelector('.prompt').textContent]));
    assert.deepEqual(shown, expected.map((q) => [q.id, q.prompt]));
    const xml = toMoodleXML([...bank.questions, ...expected]);
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return { error: doc.querySelector('parsererror')?.textContent || '', questions: doc.querySelectorAll('question').length, tolerances: doc.querySelectorAll('question[type=numerical] tolerance').length };
    }, xml);
    assert.equal(parsed.error, '');
    assert.equal(parsed.questions, bank.questions.length + expected.length);
    assert.ok(parsed.tolerances > 0);
  } finally {
    await page.context().close();
  }
});

test('screenshots at desktop (Korean) and 390 px (English), with feedback, no horizontal scroll', async () => {
  for (const [name, viewport, lang] of [['desktop', { width: 1280, height: 900 }, 'ko'], ['390', { width: 390, height: 844 }, 'en']]) {
    const page = await openQuiz(`topic=all&seed=42&count=4&mode=all&lang=${lang}`, { viewport });
    try {
      const articles = page.locator('pe-ffn-quiz >> article.q');
      const first = await articles.nth(0).getAttribute('data-id');
      const second = await articles.nth(1).getAttribute('data-id');
      await page.locator(`pe-ffn-quiz >> [data-focus="solution-${first}"]`).click();
      const hint = page.locator(`pe-ffn-quiz >> [data-focus="hint-${second}"]`);
      if (await hint.count()) await hint.click();
      const input = page.locator(`pe-ffn-quiz >> [data-focus="input-${second}"]`);
      if (await input.getAttribute('type') === 'text') await input.fill('12345'); else await input.check();
      await page.locator(`pe-ffn-quiz >> [data-focus="check-${second}"]`).click();
      await page.locator('pe-ffn-quiz >> details.study summary').click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${name}: horizontal overflow of ${overflow}px`);
      const file = await saveArtifact(`quiz-${name}.png`, await page.screenshot({ fullPage: true }));
      assert.ok(file.endsWith('.png'));
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  }
});

test('the quiz page (Vite): topic from the tutorial link, picker, language switch, study sheet, Moodle export', async () => {
  const { startViteServer } = await import('./harness.js');
  const vite = await startViteServer({ configFile: `${repoRoot}web/vite.config.js` });
  try {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['390', { width: 390, height: 844 }]]) {
      const page = await openPage(shared.browser, { viewport });
      try {
        await page.goto(`${vite.url}quiz.html#ffn`);
        // The dev server may reload once while it prepares dependencies; wait for the settled page.
        await page.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
        await page.waitForLoadState('networkidle');
        await page.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
        assert.equal(await page.locator('#topic').inputValue(), 'ffn');
        assert.match(page.url(), /quiz-topic=ffn/);
        assert.equal(await page.locator('.study-sheet tbody tr').count(), 6);
        assert.match(await page.locator('.stats-intro').textContent(), new RegExp(`${bank.questions.length}문제`));
        // Pick generated practice with a fixed seed.
        await page.selectOption('#topic', 'ffn-forward');
        await page.fill('#count', '3');
        await page.fill('#seed', '5');
        await page.selectOption('#mode', 'all');
        await page.locator('.picker .start').click();
        await page.waitForFunction(() => document.querySelector('pe-ffn-quiz').shadowRoot.querySelectorAll('article.q').length === 3);
        assert.match(page.url(), /quiz-seed=5/);
        const ids = await page.locator('pe-ffn-quiz >> article.q').evaluateAll((els) => els.map((e) => e.dataset.id));
        assert.ok(ids.every((id) => /^gen-5-\d-ffn-forward$/.test(id)), ids.join());
        // English everywhere after the switch.
        await page.locator('button[data-lang="en"]').click();
        await page.waitForFunction(() => document.querySelector('pe-ffn-quiz').shadowRoot.querySelector('h3').textContent.startsWith('Quiz'));
        assert.equal(await page.locator('h1').textContent(), 'Quiz: positional encoding and feed-forward');
        assert.match(page.url(), /lang=en/);
        const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-export="set-xml"]').click()]);
        assert.match(download.suggestedFilename(), /\.xml$/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${name}: horizontal overflow of ${overflow}px`);
        await saveArtifact(`quiz-page-${name}.png`, await page.screenshot({ fullPage: true }));
        assert.deepEqual(page.problems, []);
      } finally {
        await page.context().close();
      }
    }
  } finally {
    await vite.close();
  }
});

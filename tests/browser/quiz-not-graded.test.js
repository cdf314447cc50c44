// <pe-ffn-quiz> in headless Chromium with answers it does not grade (issue 23): a denial, a hedge and
// a unit the question does not take are held in the field with the kind's message, in Korean and in
// English, naming what was not understood; nothing is scored; the same question answered plainly is
// graded right after that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useServerAndBrowser } from './harness.js';

const shared = useServerAndBrowser();
const ID = 'doc-calc-ones'; // 표시 벡터 [1,1,0,1,0]에서 1의 개수는? 3 (개)

async function openDocumentQuiz(lang) {
  const page = await openPage(shared.browser);
  await page.goto(`${shared.server.url}tests/browser/quiz-fixtures/bare.html?topic=document&seed=3&mode=all&lang=${lang}`);
  await page.waitForSelector(`pe-ffn-quiz >> [data-focus="input-${ID}"]`, { timeout: 20000 });
  return page;
}

/** Types `answer` into the question's field, checks it, and returns the feedback box's text and class. */
async function check(page, answer) {
  await page.locator(`pe-ffn-quiz >> [data-focus="input-${ID}"]`).fill(answer);
  await page.locator(`pe-ffn-quiz >> [data-focus="check-${ID}"]`).click();
  const box = page.locator(`pe-ffn-quiz >> [data-focus="feedback-${ID}"]`);
  await page.waitForFunction((id) => {
    const el = document.querySelector('pe-ffn-quiz').shadowRoot.querySelector(`[data-focus="feedback-${id}"]`);
    return el && el.textContent.trim().length > 0;
  }, ID);
  return { text: (await box.textContent()).trim(), className: await box.getAttribute('class'), field: await page.locator(`pe-ffn-quiz >> [data-focus="input-${ID}"]`).inputValue() };
}

for (const [lang, cases, graded] of [
  ['ko', [['3 틀림', '답을 읽지 못했어요. 답을 부정하는 말(‘틀림’)'], ['아마 3', '짐작하는 말(‘아마’)'], ['3점', '단위(‘점’)']], '정답'],
  ['en', [['3 wrong', 'The answer could not be read. It also holds a word that denies the answer (‘wrong’)'], ['about 3', 'a word of guessing (‘about’)'], ['3 points', 'unit this question does not use (‘points’)']], 'Correct'],
]) {
  test(`answers that are not graded keep their field and say why (${lang}); a plain answer is then graded`, async () => {
    const page = await openDocumentQuiz(lang);
    try {
      for (const [answer, message] of cases) {
        const r = await check(page, answer);
        assert.ok(r.text.includes(message), `${answer}: ${r.text}`);
        assert.match(r.className, /\binfo\b/, `${answer}: shown as information, not as wrong`);
        assert.equal(r.field, answer, 'the answer stays in its field to be corrected');
      }
      const right = await check(page, '3');
      assert.match(right.className, /\bok\b/);
      assert.ok(right.text.includes(graded), right.text);
      assert.deepEqual(page.problems, []);
    } finally {
      await page.context().close();
    }
  });
}

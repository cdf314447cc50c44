// The tutorial sections issue 15 corrected, in real headless Chromium at 390 px, Korean and English:
// the corrections are on the page (not only in the source texts), <pe-add> starts with the
// same-tokens pair, <pe-relative> labels an odd d_model correctly, the last quiz link goes to the
// document topic, a malformed #hash does not stop the page, and each changed section is saved as a
// screenshot (test-artifacts/teaching-*.png) to be looked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchChromium, openPage, startViteServer, saveArtifact, repoRoot } from './harness.js';

const SECTIONS = ['why', 'formula', 'relative', 'learned', 'pitfalls', 'ffn', 'block', 'tradeoff', 'summary', 'glossary'];
let server;
let browser;

before(async () => {
  process.env.PE_FFN_TEST_SERVER = '1'; // web/vite.config.js: no watching, no hot reload
  server = await startViteServer({ configFile: `${repoRoot}web/vite.config.js` });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(query = '', hash = '') {
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  await page.goto(`${server.url}${query}${hash}`);
  await page.waitForSelector('#main[data-complete]', { timeout: 30000 });
  // Elements load as they near the viewport (web/lazy-elements.js): bring each one there first.
  for (const tag of ['pe-add', 'pe-relative']) await page.locator(tag).first().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => ['pe-add', 'pe-relative'].every((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('.card')), null, { timeout: 30000 });
  return page;
}

for (const lang of ['ko', 'en']) {
  test(`the corrected sections at 390 px (${lang}), with screenshots`, { timeout: 120000 }, async () => {
    const page = await open(lang === 'en' ? '?lang=en' : '');
    try {
      const why = await page.textContent('#why');
      assert.match(why, lang === 'ko' ? /조사도 토큰/ : /particles are tokens too/);
      assert.match(await page.textContent('#pitfalls h3'), lang === 'ko' ? /근사의 관점/ : /approximation view/);
      assert.equal(await page.getAttribute('#summary .quiz-cta a', 'href'), `quiz.html${lang === 'en' ? '?lang=en' : ''}#document`);
      if (lang === 'ko') {
        const add = await page.evaluate(() => [...document.querySelector('pe-add').shadowRoot.querySelectorAll('input[type=text]')].map((i) => i.value));
        assert.deepEqual(add, ['철수 가 영희 를 이겼다', '영희 가 철수 를 이겼다']);
      }
      // Odd d_model: the legend does not claim d_model/2.
      await page.evaluate(() => document.querySelector('pe-relative').setAttribute('d-model', '9'));
      await page.waitForFunction(() => /\(d_model − 1\)\/2/.test(document.querySelector('pe-relative').shadowRoot.querySelector('.lmax').textContent));
      await page.evaluate(() => document.querySelector('pe-relative').setAttribute('d-model', '64'));
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 390, `the page scrolls sideways: ${wide}px`);
      for (const id of SECTIONS) {
        const section = page.locator(`#${id}`);
        await section.scrollIntoViewIfNeeded();
        await saveArtifact(`teaching-${id}-${lang}-390.png`, await section.screenshot());
      }
      assert.deepEqual(page.problems, []);
    } finally {
      await page.close();
    }
  });
}

test('a malformed escape in the #hash does not stop the page', { timeout: 60000 }, async () => {
  for (const hash of ['#%', '#%E0%A4%A']) {
    const page = await open('', hash);
    try {
      assert.ok(await page.locator('#glossary').count(), hash);
      assert.deepEqual(page.problems, [], hash);
    } finally {
      await page.close();
    }
  }
});

test('a quiz question\'s source label leads to the tutorial section that teaches it', { timeout: 60000 }, async () => {
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  try {
    await page.goto(`${server.url}quiz.html?quiz-topic=document&quiz-seed=1#document`);
    const card = page.locator('pe-ffn-quiz article.q').first();
    await card.waitFor({ timeout: 30000 });
    await card.locator('input[type=radio]').first().check();
    await card.locator('button[type=submit]').click();
    const link = card.locator('a.source');
    await link.waitFor({ timeout: 10000 });
    assert.equal(await link.getAttribute('href'), 'index.html#why');
    assert.match(await link.textContent(), /출처: .*튜토리얼에서 배우기/);
    await saveArtifact('teaching-quiz-source-ko-390.png', await card.screenshot());
  } finally {
    await page.close();
  }
});

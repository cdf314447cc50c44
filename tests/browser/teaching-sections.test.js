// The tutorial sections issues 15 and 24 corrected, in real headless Chromium at 390 px: the
// corrections are on the page (not only in the source texts), <pe-add> starts with the same-tokens
// pair, <pe-relative> labels an odd d_model correctly, the last quiz link goes to the document topic,
// a malformed #hash does not stop the page; issue 24's Korean review: the word-order paragraph, the
// letters of <pe-relative> and <pe-compare>, <block-flow>'s prediction question, the glossary and the
// footer, and quiz cards whose feedback names true columns and whose particles fit their numbers.
// Each changed text is saved as a screenshot (test-artifacts/teaching-*.png, review-*.png) to be
// looked at.
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
  // Elements load as they near the viewport (web/lazy-elements.js): bring each one there and wait for
  // its card before the next. Scrolling past one without a frame in between leaves it unloaded, since
  // the IntersectionObserver only sees where the page is when a frame is drawn.
  for (const tag of ['pe-add', 'pe-relative']) await reveal(page, tag);
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
    assert.match(await link.textContent(), /튜토리얼 ‘1\. 트랜스포머에는 왜 위치 정보가 필요한가’에서 배우기/);
    await saveArtifact('teaching-quiz-source-ko-390.png', await card.screenshot());
  } finally {
    await page.close();
  }
});

/** Saves a tall part of the page as screenshots of at most 800 px each (name-1.png, name-2.png, …). */
async function saveTall(page, locator, name) {
  const box = await locator.boundingBox();
  const top = box.y + await page.evaluate(() => window.scrollY);
  for (let k = 0, y = 0; y < box.height; k++, y += 800) {
    const clip = { x: box.x, y: top + y, width: box.width, height: Math.min(800, box.height - y) };
    await saveArtifact(`${name}-${k + 1}.png`, await page.screenshot({ fullPage: true, clip }));
  }
}

/** Brings a lazily loaded element into view and waits until it has drawn its card. */
async function reveal(page, tag) {
  await page.locator(tag).first().scrollIntoViewIfNeeded();
  await page.waitForFunction((t) => document.querySelector(t)?.shadowRoot?.querySelector('.card'), tag, { timeout: 30000 });
}

test('the tutorial at 390 px (ko): the corrected texts are on the page, with screenshots', { timeout: 180000 }, async () => {
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  try {
    await page.goto(server.url);
    await page.waitForSelector('#main[data-complete]', { timeout: 30000 });
    const why = page.locator('#why p', { hasText: '철수가 영희를 이겼다' });
    assert.match(await why.textContent(), /철수 \/ 가 \/ 영희 \/ 를 \/ 이겼다와 영희 \/ 가 \/ 철수 \/ 를 \/ 이겼다가 됩니다/);
    await saveArtifact('review-why-ko-390.png', await why.screenshot());

    await reveal(page, 'pe-relative');
    const relative = await page.evaluate(() => document.querySelector('pe-relative').shadowRoot.textContent);
    assert.match(relative, /이동 거리 Δ/);
    assert.match(relative, /PE\(p \+ Δ\)는 PE\(p\)를 돌린 것/);
    assert.match(relative, /나타낼 수 있습니다/);
    assert.doesNotMatch(relative, /PE\(q\)|위치 q/);
    await saveTall(page, page.locator('pe-relative'), 'review-relative-ko-390');

    await reveal(page, 'pe-compare');
    const compare = await page.evaluate(() => document.querySelector('pe-compare').shadowRoot.textContent);
    for (const text of ['컨텍스트 길이 (max_position_embeddings)', '부호 있는 차이 p − r', 'nn.Embedding은 표준정규분포 N(0, 1)', '반반 배치 (i, i + head_dim/2)']) assert.ok(compare.includes(text), text);
    assert.doesNotMatch(compare, /학습한 길이|반씩|막대/);
    await saveTall(page, page.locator('pe-compare'), 'review-compare-ko-390');
    const section = page.locator('#compare');
    assert.equal(await section.locator('.quiz-cta a').getAttribute('href'), 'quiz.html#rope');
    await saveArtifact('review-compare-section-ko-390.png', await section.locator('p').nth(1).screenshot());

    await reveal(page, 'block-flow');
    await page.evaluate(() => { document.querySelector('block-flow').step = 4; });
    await page.waitForFunction(() => document.querySelector('block-flow').shadowRoot.querySelector('[data-predict="mixes"]'));
    const predict = page.locator('block-flow [data-predict="mixes"]');
    assert.match(await predict.textContent(), /블록 앞의 ①과 블록 안의 ②–⑤/);
    await saveArtifact('review-block-flow-predict-ko-390.png', await predict.screenshot());
    await page.evaluate(() => { document.querySelector('block-flow').step = 2; });
    await page.waitForFunction(() => document.querySelector('block-flow').shadowRoot.querySelector('[data-head="0"]'));
    const heads = page.locator('block-flow fieldset.choice').filter({ hasText: '헤드 0' });
    await saveArtifact('review-block-flow-heads-ko-390.png', await heads.screenshot());

    const glossary = page.locator('#glossary');
    const terms = await glossary.textContent();
    for (const text of ['쿼리 · 키 · 값', '이동 거리', '헤드 차원', '슬라이더', '스킵 연결']) assert.ok(terms.includes(text), text);
    assert.doesNotMatch(terms, /받침|hidden \(intermediate\)/);
    await glossary.scrollIntoViewIfNeeded();
    await saveTall(page, glossary, 'review-glossary-ko-390');
    const footer = page.locator('footer').last();
    assert.match(await footer.textContent(), /수식 조판: Temml \(MathML\)/);
    await saveArtifact('review-footer-ko-390.png', await footer.screenshot());
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

/** Opens one generated question on the quiz page, answers it, and returns its card. */
async function answered(page, topic, seed, answer) {
  await page.goto(`${server.url}quiz.html?quiz-topic=${topic}&quiz-seed=${seed}&quiz-count=1#${topic}`);
  const card = page.locator('pe-ffn-quiz article.q').first();
  await card.waitFor({ timeout: 30000 });
  const input = card.locator('input[type=text]');
  if (await input.count()) await input.fill(answer); else await card.locator(`input[type=radio][value="${answer}"]`).check();
  await card.locator('button[type=submit]').click();
  await card.locator('.feedback').first().waitFor({ timeout: 10000 });
  return card;
}

test('quiz cards (ko, 390 px): RoPE pairing feedback names true columns; learned-past has four different rows; the rope topic asks RoPE', { timeout: 180000 }, async () => {
  const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
  try {
    // head_dim 16, the split layout, column 15: its partner is 7; 23 is past the head.
    let card = await answered(page, 'rope-columns', 4, '23');
    let text = await card.textContent();
    assert.match(text, /열 23은 이 헤드에 없습니다/);
    assert.match(text, /짝인 열 7이 나옵니다/);
    await saveArtifact('review-quiz-rope-columns-beyond-ko-390.png', await card.screenshot());
    // head_dim 32, interleaved, column 26: rotate_half would pair it with 10.
    card = await answered(page, 'rope-columns', 13, '10');
    text = await card.textContent();
    assert.match(text, /반반 배치\(rotate_half\)라면 열 26의 짝은 head_dim\/2 = 16칸 떨어진 열 10이지만, 번갈아 배치에서는 바로 옆 열 27입니다/);
    await saveArtifact('review-quiz-rope-columns-half-ko-390.png', await card.screenshot());
    card = await answered(page, 'learned-past', 1, '3');
    text = await card.textContent();
    assert.match(text, /마지막 행 T\[31\]은 위치 31의 벡터입니다/);
    await saveArtifact('review-quiz-learned-past-ko-390.png', await card.screenshot());

    await page.goto(`${server.url}quiz.html#rope`);
    await page.locator('pe-ffn-quiz article.q').first().waitFor({ timeout: 30000 });
    assert.equal(await page.locator('#topic').inputValue(), 'rope');
    // Every question of the topic's set (the seed is random: the card shown first may be any of them)
    // comes from the RoPE sections or the RoPE generators, and the set asks about RoPE or learned tables.
    const set = await page.evaluate(() => document.querySelector('pe-ffn-quiz').currentQuestions.map((q) => ({ id: q.id, section: q.section, prompt: q.prompt })));
    const ropeSections = ['000-7', '001-llm'];
    const ropeGenerators = ['rope-angle', 'rope-columns', 'learned-params', 'learned-past'];
    const outside = set.filter((q) => !ropeSections.includes(q.section) && !ropeGenerators.some((g) => q.id.endsWith(`-${g}`)));
    assert.deepEqual(outside.map((q) => q.id), [], 'questions of the rope topic from elsewhere');
    assert.match(set.map((q) => JSON.stringify(q.prompt)).join(' '), /RoPE|학습형 위치/);
    await saveArtifact('review-quiz-rope-topic-ko-390.png', await page.locator('pe-ffn-quiz article.q').first().screenshot());
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

/** WCAG contrast of two computed 'rgb(r, g, b)' colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test('issue 35: the table of contents shows each heading\'s own number; the quiz\'s main button stands out in both themes; its results list reads left-aligned with underlined links', { timeout: 120000 }, async () => {
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(server.url);
    await page.waitForSelector('#main[data-complete]', { timeout: 30000 });
    const toc = await page.evaluate(() => [...document.querySelectorAll('.toc li')].map((li) => ({ text: li.textContent, marker: getComputedStyle(li).listStyleType })));
    const headings = await page.evaluate(() => [...document.querySelectorAll('main > section')].map((s) => s.querySelector('h2')?.textContent));
    assert.deepEqual(toc.map((t) => t.text), headings.filter(Boolean));
    assert.ok(toc.some((t) => t.text.startsWith('8-1. ')) && toc.every((t) => t.marker === 'none'), JSON.stringify(toc.slice(7, 10)));
    await page.goto(`${server.url}quiz.html?quiz-topic=lab&quiz-count=2&quiz-seed=1`);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      const c = await page.evaluate(() => {
        const start = document.querySelector('.picker .start');
        let card = start.parentElement;
        while (getComputedStyle(card).backgroundColor === 'rgba(0, 0, 0, 0)') card = card.parentElement;
        return { button: getComputedStyle(start).backgroundColor, text: getComputedStyle(start).color, card: getComputedStyle(card).backgroundColor };
      });
      assert.ok(contrast(c.button, c.card) >= 3, `${theme}: the start button ${c.button} on ${c.card}: ${contrast(c.button, c.card).toFixed(2)}:1`);
      assert.ok(contrast(c.button, c.text) >= 4.5, `${theme}: its text ${contrast(c.button, c.text).toFixed(2)}:1`);
    }
    // The result: reveal both answers, then the list of questions.
    const quiz = page.locator('pe-ffn-quiz');
    await quiz.locator('article.q').first().waitFor({ timeout: 30000 });
    const result = await page.evaluate(async () => {
      const el = document.querySelector('pe-ffn-quiz');
      el.showResult();
      await el.updateComplete;
      await new Promise((r) => requestAnimationFrame(r));
      const link = el.shadowRoot.querySelector('.result li .linkish');
      return link && { align: getComputedStyle(link).textAlign, line: getComputedStyle(link).textDecorationLine };
    });
    assert.ok(result, 'the result lists the questions');
    assert.match(result.align, /start|left/);
    assert.equal(result.line, 'underline');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.close();
  }
});

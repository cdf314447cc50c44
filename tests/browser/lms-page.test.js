// The quiz page's "LMS용으로 내려받기" (Vite dev server, real Chromium): the zip the browser builds for
// the chosen set is byte for byte the one buildQuizPackage() builds in Node for the same options, so
// the page and the command can never drift apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { openPage, repoRoot, saveArtifact, startViteServer, useServerAndBrowser } from './harness.js';
import { buildQuizPackage } from '../../src/lms/package/node.js';

const shared = useServerAndBrowser();

test('the quiz page builds the same LMS zip as the command, for the topic, count, seed and language chosen', async () => {
  const vite = await startViteServer({ configFile: `${repoRoot}web/vite.config.js` });
  const page = await openPage(shared.browser);
  try {
    await page.goto(`${vite.url}quiz.html?quiz-topic=ffn&quiz-count=6&quiz-seed=21&lang=en`);
    await page.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
    await page.waitForLoadState('networkidle');
    await page.waitForSelector('pe-ffn-quiz article.q', { timeout: 30000 });
    await page.selectOption('#lms-format', 'scorm2004');
    await page.fill('#lms-mastery', '70');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.locator('.lms-form .start').click()]);
    assert.equal(download.suggestedFilename(), 'pe-ffn-quiz-scorm2004-ffn-en-seed21.zip');
    const fromPage = new Uint8Array(await readFile(await download.path()));
    const fromNode = (await buildQuizPackage({ format: 'scorm2004', topic: 'ffn', count: 6, seed: '21', lang: 'en', mastery: 0.7 })).zip;
    assert.equal(fromPage.length, fromNode.length);
    assert.ok(Buffer.from(fromPage).equals(Buffer.from(fromNode)), 'the same bytes');
    const files = unzipSync(fromPage);
    assert.match(new TextDecoder().decode(files['imsmanifest.xml']), /minNormalizedMeasure>0.7</);
    await page.waitForFunction(() => /KB/.test(document.querySelector('.lms-status').textContent));
    await page.locator('#export').scrollIntoViewIfNeeded();
    await saveArtifact('lms-quiz-page-export.png', await page.screenshot());
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
    await vite.close();
  }
});

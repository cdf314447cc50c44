// Helpers for the LMS package tests: unpack a built zip under test-artifacts/ (served by the test's
// static server, on the same origin as the stand-in LMS, as an LMS serves its packages), open the
// scorm-again host page with what the LMS knows about the learner, and answer in the package's
// iframe by keyboard only.
import { unzipSync } from 'fflate';
import { mkdir, writeFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { repoRoot } from './harness.js';
import { keyInAnswer } from './answer-keys.js';

/** Unpacks `zip` to test-artifacts/lms/<name>/ and returns the launch page's path on the server. */
export async function unpack(zip, name) {
  const dir = join(repoRoot, 'test-artifacts', 'lms', name);
  await rm(dir, { recursive: true, force: true });
  for (const [file, bytes] of Object.entries(unzipSync(zip))) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), bytes);
  }
  return { launch: `/test-artifacts/lms/${name}/index.html`, dir };
}

/**
 * The host page with a fresh scorm-again API (loaded with `initial`) and the package in its iframe;
 * failInit 'false' or 'throw' makes the API's initialize fail that way.
 */
export async function launchInHost(page, serverUrl, format, launch, initial, failInit = null) {
  await page.goto(`${serverUrl}tests/browser/lms-fixtures/scorm-host.html`);
  await page.evaluate(([f, u, i, x]) => window.startLms(f, u, i, x), [format, launch, initial || null, failInit]);
  const frame = page.frameLocator('#sco');
  await frame.locator('pe-ffn-quiz article.q').waitFor({ timeout: 30000 });
  return frame;
}

export const lmsData = (page) => page.evaluate(() => window.lmsData());
export const lmsCalls = (page) => page.evaluate(() => window.lmsCalls.slice());

function scoFrame(page) {
  const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame());
  if (!frame) throw new Error('no SCO frame');
  return frame;
}

function focusedInFrame(page) {
  return scoFrame(page).evaluate(() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a ? { tag: a.localName, focus: (a.dataset && a.dataset.focus) || '' } : null;
  });
}

async function tabTo(page, predicate, max = 40) {
  for (let i = 0; i < max; i++) {
    const f = await focusedInFrame(page);
    if (f && predicate(f)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached the target; last: ${JSON.stringify(await focusedInFrame(page))}`);
}

/**
 * Answers question q (shown in one-question mode) by keyboard: from its heading, Tab to the answer,
 * pick or type it, Enter. `right` chooses the right answer or a wrong one.
 */
export async function answerByKeyboard(page, q, seed, right) {
  const frame = page.frameLocator('#sco');
  await frame.locator(`pe-ffn-quiz >> [data-focus="heading-${q.id}"]`).focus();
  await tabTo(page, (f) => f.tag === 'input' && f.focus.startsWith(`input-${q.id}`));
  await keyInAnswer(page.keyboard, q, seed, right);
  await frame.locator(`pe-ffn-quiz >> article.q[data-id="${q.id}"] .feedback`).waitFor();
}

/** Goes to question n (1-based) through the question list, by keyboard. */
export async function goToQuestion(page, n) {
  const frame = page.frameLocator('#sco');
  await frame.locator(`pe-ffn-quiz >> [data-focus="nav-${n - 1}"]`).focus();
  await page.keyboard.press('Enter');
}

export const statusLine = async (page) => (await page.frameLocator('#sco').locator('pe-ffn-quiz >> .status-line').textContent()).replace(/\s+/g, ' ');

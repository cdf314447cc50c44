// <pe-lab>'s life cycle on a plain page that imports only its own entry (dist/element-pe-lab.js), in
// headless Chromium (issue 34, items 5 and 6): the last call wins when start() races reset() or pause()
// in the same task, and a model file is loaded one at a time, with a "testing…" status that counts up,
// its worker ended by a newer choice or by the element leaving the page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, requireBuildProducts, useServerAndBrowser } from './harness.js';
import { init } from '../../src/js/index.js';
import { labPlan } from '../../src/elements/lab/plan.js';
import { savedFile } from '../../src/elements/lab/model-file.js';

requireBuildProducts('bundles', 'dist/element-pe-lab.js', 'dist/lab-worker.js');

const shared = useServerAndBrowser();
const SHORT = 'experiment="inside" steps="12" schemes="sinusoidal" url-params="none"';

/** A lab model file: `longer` tests it at 32 lengths (seconds of work at d_model 128, 4 layers). */
async function modelFile({ experiment, dModel, layers }) {
  const core = await init();
  const plan = labPlan({ experiment, task: 'reverse', length: 8, steps: 10, seed: 1, schemes: ['sinusoidal'], masks: [false], dFFs: [4 * dModel], dModel, heads: 2, layers });
  const model = core.createTransformer(plan.runs[0].model);
  try {
    return Buffer.from(savedFile(model, plan, 0));
  } finally {
    model.dispose();
  }
}

async function withLab(check) {
  const page = await openPage(shared.browser);
  try {
    await page.goto(`${shared.server.url}tests/browser/fixtures/lab-alone.html`);
    await page.waitForFunction(() => window.elementsReady === true);
    // Only <pe-lab> is registered: the page imported its own entry and nothing else.
    assert.deepEqual(await page.evaluate(() => ['pe-lab', 'pe-table', 'pe-heatmap', 'pe-ffn-quiz'].filter((t) => customElements.get(t))), ['pe-lab']);
    await page.evaluate(async (attrs) => {
      document.querySelector('main').innerHTML = `<pe-lab ${attrs}></pe-lab>`;
      await document.querySelector('pe-lab').updateComplete;
    }, SHORT);
    await check(page);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
}

const runBar = (page) => page.evaluate(() => {
  const el = document.querySelector('pe-lab');
  const $ = (sel) => el.shadowRoot.querySelector(sel);
  return { results: el.results !== null, start: $('.start').textContent, startDisabled: $('.start').disabled, pauseDisabled: $('.pause').disabled, status: $('.status').textContent };
});

test('start() then reset() in the same task: the reset wins, no run starts', { timeout: 60000 }, async () => {
  await withLab(async (page) => {
    await page.evaluate(async () => {
      const el = document.querySelector('pe-lab');
      el.start();
      el.reset();
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    assert.equal(page.workers().length, 0, 'no training worker');
    const bar = await runBar(page);
    assert.deepEqual([bar.results, bar.startDisabled, bar.pauseDisabled], [false, false, true]);
    assert.match(bar.status, /^Start trains 1 runs/);
  });
});

test('start() then pause() in the same task: the run starts paused; start() then resumes it to the end', { timeout: 120000 }, async () => {
  await withLab(async (page) => {
    await page.evaluate(async () => {
      const el = document.querySelector('pe-lab');
      el.start();
      el.pause();
      await new Promise((resolve) => setTimeout(resolve, 800));
    });
    const bar = await runBar(page);
    assert.deepEqual([bar.results, bar.start, bar.startDisabled, bar.pauseDisabled], [true, 'Resume', false, true]);
    assert.match(bar.status, /^Paused at step/);
    // Paused for real: no step is trained while it waits.
    const step = () => page.evaluate(() => document.querySelector('pe-lab').shadowRoot.querySelector('progress').value);
    const before = await step();
    await page.waitForTimeout(600);
    assert.equal(await step(), before);
    const done = await page.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('pe-lab');
      el.addEventListener('pe-lab-done', (e) => resolve(e.detail.steps), { once: true });
      el.start();
    }));
    assert.equal(done, 12);
    // And a reset() right after a start() that resumes: reset wins again.
    await page.evaluate(async () => {
      const el = document.querySelector('pe-lab');
      el.start();
      el.reset();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    assert.equal((await runBar(page)).results, false);
  });
});

test('a model file: one load at a time, a "testing…" status that counts up, the old worker ended by a new choice or by removal', { timeout: 180000 }, async () => {
  const slow = await modelFile({ experiment: 'longer', dModel: 128, layers: 4 });
  const quick = await modelFile({ experiment: 'position', dModel: 16, layers: 1 });
  await withLab(async (page) => {
    const input = page.locator('pe-lab input.load');
    const status = () => page.evaluate(() => document.querySelector('pe-lab').shadowRoot.querySelector('.load-status').textContent);
    await input.setInputFiles({ name: 'slow.safetensors', mimeType: 'application/octet-stream', buffer: slow });
    // The status counts up while the file is tested.
    await page.waitForFunction(() => /^slow\.safetensors: testing… [1-9]\d* %$/.test(document.querySelector('pe-lab').shadowRoot.querySelector('.load-status').textContent), null, { timeout: 60000 });
    assert.equal(page.workers().length, 1);
    // A new choice ends the first load's worker: at most one worker from then on, and the first one's
    // result never shows.
    await input.setInputFiles({ name: 'quick.safetensors', mimeType: 'application/octet-stream', buffer: quick });
    await page.waitForFunction(() => /^quick\.safetensors: Reverse/i.test(document.querySelector('pe-lab').shadowRoot.querySelector('.load-status').textContent), null, { timeout: 60000 });
    await expectWorkers(page, 0);
    await page.waitForTimeout(1000);
    assert.match(await status(), /^quick\.safetensors: .*accuracy [\d.]+ %, loss [\d.]+\.$/);
    // Removing the element ends a load in progress.
    await input.setInputFiles({ name: 'slow.safetensors', mimeType: 'application/octet-stream', buffer: slow });
    await page.waitForFunction(() => /testing…/.test(document.querySelector('pe-lab').shadowRoot.querySelector('.load-status').textContent));
    await expectWorkers(page, 1);
    await page.evaluate(() => document.querySelector('pe-lab').remove());
    await expectWorkers(page, 0);
  });
});

/** Waits (up to 5 s) until the page has `n` live workers. */
async function expectWorkers(page, n) {
  const deadline = Date.now() + 5000;
  while (page.workers().length !== n && Date.now() < deadline) await page.waitForTimeout(50);
  assert.equal(page.workers().length, n, 'live workers');
}

test('a run that diverges stops: "Diverged at step N", in English and in Korean, its workers ended', { timeout: 120000 }, async () => {
  await withLab(async (page) => {
    // The lab's learning rate is fixed; the plan Start would train gets lr 1e3 (the loss is NaN from
    // step 5 or so on).
    const shown = await page.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('pe-lab');
      let done = false;
      el.addEventListener('pe-lab-done', () => { done = true; });
      el.nextPlan = { ...el.nextPlan, steps: 400, lr: 1e3 };
      el.start();
      const status = () => el.shadowRoot.querySelector('.status').textContent;
      const poll = setInterval(() => {
        if (!/^Diverged/.test(status())) return;
        clearInterval(poll);
        setTimeout(() => resolve({ status: status(), done, results: Boolean(el.results) }), 500);
      }, 50);
    }));
    const step = Number(/^Diverged at step (\d+) \(the loss is not a finite number\); try a smaller learning rate\.$/.exec(shown.status)?.[1]);
    assert.ok(step >= 1 && step < 400, shown.status);
    assert.equal(shown.done, false, 'no pe-lab-done');
    await expectWorkers(page, 0);
    const ko = await page.evaluate(async () => {
      const el = document.querySelector('pe-lab');
      el.lang = 'ko';
      await el.updateComplete;
      return el.shadowRoot.querySelector('.status').textContent;
    });
    assert.equal(ko, `${step}단계에서 발산했어요 (손실이 유한한 수가 아니에요). 학습률을 더 작게 해 보세요.`);
  });
});

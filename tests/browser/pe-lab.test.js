// Issue 26's "Done when", in headless Chromium on the built tutorial site (tests/browser/built-site.js):
// the position lab's default experiment — reverse, five schemes, without and with the causal mask —
// trained in its workers to the end. Sinusoidal, learned and RoPE reach >= 95 % on the
// held-out set; the model with neither positions nor a mask stays at or under the position-blind bound
// (its accuracy is printed beside chance); the model without positions but with the mask learns. No
// task of the page's thread with over 50 ms of work while training (and, where the machine has a core
// to spare, no longtask over 50 ms of wall time but those the trace shows waiting for one). The share link, opened in another browser
// context, sets the same settings and replays the same losses bit for bit (with its steps shortened
// to 40: a run's first steps do not depend on how many follow, tests/js/lab-session.test.js), though
// the page switches its language while it trains. axe:
// no serious or critical violation, and screenshots, at 1280 and 390 px, ko and en, light and dark
// (test-artifacts/pe-lab-*.png). Then the same worker from the package's bundle (dist/elements.js +
// dist/lab-worker.js on a plain page) and from the Vite dev server, each training a short plan.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { openPage, startStaticServer, startViteServer, repoRoot, requireBuildProducts, saveArtifact } from './harness.js';
import { useBuiltSite } from './built-site.js';

const axeSource = await readFile(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const TRAIN_TIMEOUT = 15 * 60000; // the default experiment: ~30 s of CPU (29-70 s of wall time measured under load 4-10)
const REPLAY_STEPS = 40;

const site = useBuiltSite(); // the built tutorial, served, and one Chromium (shared with other test files' builds)
const shared = {}; // what the first test leaves for the next ones

before(() => requireBuildProducts('bundles', 'dist/elements.js', 'dist/lab-worker.js'));

after(async () => {
  await shared.page?.context().close().catch(() => {}); // gone already when the browser closed first
});

/** Long tasks of the page's thread, recorded from the start of the page (PerformanceObserver), and the
 * long animation frames with the scripts that ran in them (what a long task was: diagnostic only). */
const recordLongTasks = () => {
  window.__longTasks = [];
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__longFrames.push({
          start: e.startTime, duration: e.duration, layout: e.startTime + e.duration - (e.styleAndLayoutStart || e.startTime + e.duration),
          scripts: e.scripts.map((sc) => ({ what: `${sc.invoker || sc.invokerType} ${sc.sourceFunctionName || ''} ${(sc.sourceURL || '').split('/').pop()}`.trim(), ms: sc.duration, layout: sc.forcedStyleAndLayoutDuration })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch { /* no long-animation-frame in this browser */ }
};

/** What ran in a long task, from the long animation frame that holds it: its scripts (name, ms, forced
 * layout ms) and the frame's style and layout. */
function causeOf(task, frames) {
  const frame = frames.find((f) => f.start <= task.start + 1 && task.start <= f.start + f.duration);
  if (!frame) return 'no frame recorded';
  const scripts = frame.scripts.filter((sc) => sc.ms >= 1).map((sc) => `${sc.what} ${sc.ms.toFixed(0)} ms${sc.layout >= 1 ? ` (forced layout ${sc.layout.toFixed(0)} ms)` : ''}`);
  return `${scripts.join('; ') || 'no script over 1 ms'}; style and layout ${frame.layout.toFixed(0)} ms`;
}

/** The renderer's main-thread tasks of a Chromium trace, and the ts of train()'s console.timeStamp marks. */
function mainThread(trace) {
  const events = trace.traceEvents ?? trace;
  const mark = (message) => events.find((e) => e.name === 'TimeStamp' && (e.args?.data?.message ?? e.args?.data?.name) === message)?.ts;
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}/${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}/${e.tid}`) && e.dur);
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  return { onMain, tasks, from: mark('pe-lab-start'), to: mark('pe-lab-done') };
}

/** The page's main-thread tasks over 50 ms in a Chromium trace: wall and thread (CPU) time, the
 * events over 3 ms inside each (what ran), and whether it began while training (between the
 * console.timeStamp marks train() leaves: start() and pe-lab-done). Thread time well under wall time:
 * the thread waited for a core, not for our work. */
function tracedLongTasks(trace) {
  const { onMain, tasks, from, to } = mainThread(trace);
  return tasks.filter((e) => e.dur > 50000 || (e.tdur ?? 0) > 50000).map((t) => {
    const inside = onMain.filter((e) => e !== t && e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur > 3000 && e.name !== t.name)
      .map((e) => `${e.name}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''}${e.args?.data?.type ? ` ${e.args.data.type}` : ''} ${(e.dur / 1000).toFixed(0)}/${((e.tdur ?? 0) / 1000).toFixed(0)} ms`);
    const wall = t.dur / 1000, thread = (t.tdur ?? 0) / 1000;
    const training = from !== undefined && to !== undefined && t.ts >= from && t.ts <= to;
    return { wall, thread, training, line: `task ${wall.toFixed(0)} ms wall, ${thread.toFixed(0)} ms thread${training ? '' : ' (after training)'}: ${inside.join('; ') || 'no event over 3 ms'}` };
  });
}

/** The trace's main-thread task that overlaps a longtask entry most ({ wall, thread } in ms), or
 * null; `started` is the performance.now() of train()'s 'pe-lab-start' mark, which ties the clocks. */
function tracedTaskOf(trace, entry, started) {
  const { tasks, from } = mainThread(trace);
  if (from === undefined) return null;
  const a = entry.start - started + from / 1000, b = a + entry.duration;
  let best = null, most = 0;
  for (const t of tasks) {
    const overlap = Math.min(b, (t.ts + t.dur) / 1000) - Math.max(a, t.ts / 1000);
    if (overlap > most) [best, most] = [t, overlap];
  }
  return best && { wall: best.dur / 1000, thread: (best.tdur ?? 0) / 1000 };
}

/** Starts the lab and resolves with pe-lab-done's detail (losses as plain arrays) and the start time.
 * With `switchLanguage`, the page's language button of that language is pressed at the first progress
 * event (the page then rebuilds its sections around the element, which goes on training). */
function train(page, { switchLanguage = null } = {}) {
  return page.evaluate((switchLanguage) => new Promise((resolve, reject) => {
    const el = document.querySelector('pe-lab');
    if (switchLanguage) {
      el.addEventListener('pe-lab-progress', () => document.querySelector(`.tools [data-lang="${switchLanguage}"]`).click(), { once: true });
    }
    const started = performance.now();
    console.timeStamp('pe-lab-start'); // marks in a trace (tracedLongTasks)
    el.addEventListener('pe-lab-done', () => console.timeStamp('pe-lab-done'), { once: true });
    el.addEventListener('pe-lab-done', (e) => resolve({
      started, ended: performance.now(), seconds: e.detail.seconds,
      runs: e.detail.runs.map((r) => ({ ...r, losses: Array.from(r.losses) })),
    }), { once: true });
    el.start().catch(reject);
  }), switchLanguage);
}

async function openLab(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('pe-lab')?.shadowRoot?.querySelector('.start:not([disabled])'), null, { timeout: 120000 });
}

const pct = (x) => `${(100 * x).toFixed(1)} %`;

test('the default experiment learns as the research says, with the page responsive', { timeout: TRAIN_TIMEOUT + 180000 }, async () => {
  const page = await openPage(site.browser, { viewport: { width: 1280, height: 900 } });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(recordLongTasks);
  shared.page = page;
  await openLab(page, `${site.server.url}#lab`);
  // The page first settles: every section built, the elements near the lab loaded and drawn.
  await page.waitForSelector('#main[data-complete]');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const plan = await page.evaluate(() => {
    const el = document.querySelector('pe-lab');
    return { experiment: el.experiment, task: el.task, steps: el.steps, schemes: el.schemes, causal: el.causal };
  });
  assert.deepEqual(plan, { experiment: 'position', task: 'reverse', steps: 500, schemes: 'none,sinusoidal,learned,rope,alibi', causal: 'both' });
  const t0 = Date.now();
  const loadAtStart = loadavg()[0];
  // A trace of the page's thread while training (diagnostic): each long task's wall time beside its
  // thread time tells work from CPU starvation on this shared machine.
  await site.browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  const done = await train(page); // bounded by the test's timeout (a timer here would hold the process open)
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await site.browser.stopTracing()).toString());
  const { bound, chance, reached } = await page.evaluate(() => {
    const { plan: p, points } = document.querySelector('pe-lab').results;
    // The first evaluated step at >= 95 % held-out accuracy, per run: how much the steps could shrink.
    const reached = p.runs.map((_, i) => points.find((pt) => pt.runs[i].accuracy >= 0.95)?.step ?? null);
    return { bound: p.positionBlindBound, chance: p.chance, reached };
  });
  console.log(`# default experiment: ${((Date.now() - t0) / 1000).toFixed(1)} s wall (${done.seconds.toFixed(1)} s of training), chance ${pct(chance)}, position-blind bound ${pct(bound)}`);
  done.runs.forEach((r, i) => console.log(`#   ${r.scheme.padEnd(10)} ${r.causal ? 'causal ' : 'no mask'}: ${pct(r.accuracy)}, loss ${r.loss.toFixed(4)}, ${r.seconds.toFixed(1)} s, >= 95 % from step ${reached[i] ?? '—'}`));
  shared.done = done; // the next tests need a finished run, whatever this one asserts
  // The note under the settings gives the first run's size to two digits, counted without a model.
  const toy = await page.evaluate(() => document.querySelector('pe-lab').shadowRoot.querySelector('.toy').textContent);
  assert.equal(toy.match(/파라미터 약 ([\d,]+)개/)?.[1].replaceAll(',', ''), String(Number(done.runs[0].params.toPrecision(2))), toy);
  const run = (scheme, causal) => done.runs.find((r) => r.scheme === scheme && r.causal === causal);
  for (const scheme of ['sinusoidal', 'learned', 'rope']) {
    for (const causal of [false, true]) assert.ok(run(scheme, causal).accuracy >= 0.95, `${scheme} ${causal ? 'causal' : 'no mask'}: ${pct(run(scheme, causal).accuracy)}`);
  }
  assert.ok(run('none', false).accuracy <= bound + 0.01, `none without the mask: ${pct(run('none', false).accuracy)} above the bound ${pct(bound)}`);
  assert.ok(run('none', true).accuracy >= bound + 0.3, `none with the mask does not learn: ${pct(run('none', true).accuracy)}`);

  // While training: from start() to pe-lab-done (its listener runs in the task of the workers' last
  // message). The results' tables are drawn after it, in tasks of their own: printed, not asserted.
  await page.waitForTimeout(1000);
  const { tasks, frames } = await page.evaluate(() => ({ tasks: window.__longTasks, frames: window.__longFrames }));
  const at = (t) => `${t.duration.toFixed(0)} ms at +${((t.start - done.started) / 1000).toFixed(2)} s`;
  const long = tasks.filter((t) => t.start >= done.started && t.start <= done.ended);
  const after = tasks.filter((t) => t.start > done.ended);
  const load = loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`# long tasks while training (machine load ${load} on ${cpus().length} cores): ${long.length ? '' : 'none'}`);
  for (const t of long) {
    const task = tracedTaskOf(trace, t, done.started);
    console.log(`#   ${at(t)}${task ? ` (trace: ${task.wall.toFixed(0)} ms wall, ${task.thread.toFixed(0)} ms thread)` : ''}: ${causeOf(t, frames)}`);
  }
  console.log(`# after pe-lab-done (the final tables): ${after.length ? '' : 'none'}`);
  for (const t of after) console.log(`#   ${at(t)}: ${causeOf(t, frames)}`);
  const traced = tracedLongTasks(trace);
  const events = trace.traceEvents ?? trace;
  const threadTimes = events.some((e) => /RunTask$/.test(e.name) && e.tdur > 0);
  console.log(`# trace: ${events.length} events, thread times ${threadTimes ? 'recorded' : 'not recorded'}`);
  for (const t of traced) console.log(`# trace: ${t.line}`);
  // The page's own work: no task of its thread computes for more than 50 ms while training, however
  // busy the machine (the final tables, drawn after, are printed above).
  assert.ok(!threadTimes || events.filter((e) => e.name === 'TimeStamp').length >= 2, 'the trace holds train()\'s marks');
  if (threadTimes) assert.deepEqual(traced.filter((t) => t.training && t.thread > 50).map((t) => t.line), [], 'no main-thread task with over 50 ms of work while training');
  // What the reader feels: the longtask observer's wall time, at most 50 ms, asserted where the
  // machine had a core to spare at the start. Even then the worker, Chromium's other processes and the
  // tracing share this 2-core VM: a task over 50 ms whose trace shows the thread running for under half
  // of it waited for a core (seen: 51 ms wall, 14 ms thread), and is printed above, not counted.
  const starved = (t) => {
    const task = threadTimes ? tracedTaskOf(trace, t, done.started) : null;
    return task !== null && task.thread < task.wall / 2;
  };
  if (loadAtStart < cpus().length) {
    assert.deepEqual(long.filter((t) => t.duration > 50 && !starved(t)).map(at), [], 'no main-thread task over 50 ms while training');
  } else {
    console.log(`# machine oversubscribed at the start (load ${loadAtStart.toFixed(1)} on ${cpus().length} cores): wall-time long tasks printed above, their thread time asserted`);
  }
  assert.deepEqual(page.problems, []);
});

test('the share link replays the same losses, bit for bit, in another browser context, across a language switch', { timeout: 300000 }, async () => {
  assert.ok(shared.done, 'needs the first test');
  const { page } = shared;
  await page.evaluate(() => document.querySelector('pe-lab').shadowRoot.querySelector('.share').click());
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const url = new URL(link);
  assert.equal(url.hash, '#lab');
  const settings = Object.fromEntries([...url.searchParams].filter(([k]) => k.startsWith('lab-')));
  assert.deepEqual(Object.keys(settings).sort(), ['lab-causal', 'lab-d-ff', 'lab-d-model', 'lab-experiment', 'lab-heads', 'lab-layers', 'lab-length', 'lab-schemes', 'lab-seed', 'lab-steps', 'lab-task']);

  const other = await openPage(site.browser, { viewport: { width: 1280, height: 900 } });
  try {
    // The link as sent: the same plan.
    await openLab(other, link);
    const [mine, theirs] = await Promise.all([page, other].map((p) => p.evaluate(() => JSON.stringify(document.querySelector('pe-lab').nextPlan))));
    assert.equal(theirs, mine, 'the link gives the same plan');
    // Shortened to 40 steps, trained: the same first 40 losses of every run, though the reader
    // switches the page to English while it trains.
    url.searchParams.set('lab-steps', String(REPLAY_STEPS));
    await openLab(other, url.href);
    const replay = await train(other, { switchLanguage: 'en' });
    assert.equal(await other.evaluate(() => document.documentElement.lang), 'en');
    let compared = 0;
    for (const r of replay.runs) {
      const original = shared.done.runs.find((o) => o.scheme === r.scheme && o.causal === r.causal);
      assert.deepEqual(r.losses, original.losses.slice(0, REPLAY_STEPS), `${r.scheme} ${r.causal}`);
      compared += r.losses.length;
    }
    console.log(`# share link: ${compared} losses of ${replay.runs.length} runs equal bit for bit`);
    assert.deepEqual(other.problems, []);
  } finally {
    await other.context().close();
  }
});

async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (tags) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const result = await window.axe.run({ include: [['#lab']] }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, target: v.nodes.slice(0, 3).map((n) => n.target.join(' >> ')), summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') }));
  }, AXE_TAGS);
}

test('the trained lab: axe clean and screenshots at 1280 and 390 px, ko and en, light and dark', { timeout: 300000 }, async () => {
  assert.ok(shared.done, 'needs the first test');
  const { page } = shared;
  const grave = [];
  for (const lang of ['ko', 'en']) {
    await page.evaluate((l) => document.querySelector(`[data-lang="${l}"]`).click(), lang);
    await page.waitForFunction((l) => document.documentElement.lang === l && document.querySelector('pe-lab').shadowRoot.querySelector('table.final'), lang);
    await page.evaluate(() => {
      const lab = document.querySelector('pe-lab').shadowRoot;
      lab.querySelector('details.inside').open = true;
      lab.querySelector('details.model-settings').open = true;
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
        await page.evaluate(() => document.querySelector('pe-lab').updateComplete);
        const violations = await axe(page);
        for (const v of violations) console.log(`#   ${lang} ${width} ${theme}: ${v.id} (${v.impact}) ${v.target.join(' | ')} -- ${v.summary}`);
        grave.push(...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${lang} ${width} ${theme}: ${v.id} ${v.target.join(' | ')}`));
        const shot = await page.locator('pe-lab').screenshot();
        await saveArtifact(`pe-lab-${lang}-${width}-${theme}.png`, shot);
      }
    }
  }
  console.log('# screenshots: test-artifacts/pe-lab-{ko,en}-{1280,390}-{light,dark}.png');
  assert.deepEqual(grave, []);
});

const SHORT = 'experiment="inside" steps="12" schemes="sinusoidal"';

test('the package\'s bundle: dist/elements.js starts dist/lab-worker.js on a plain page', { timeout: 180000 }, async () => {
  const file = join(repoRoot, 'test-artifacts', 'pe-lab-bundle.html');
  await saveArtifact('pe-lab-bundle.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>lab</title></head><body><pe-lab ${SHORT}></pe-lab><script type="module" src="../dist/elements.js"></script></body></html>`);
  const repo = await startStaticServer(repoRoot);
  const page = await openPage(site.browser);
  try {
    const workers = [];
    page.on('worker', (w) => workers.push(new URL(w.url()).pathname));
    await openLab(page, `${repo.url}test-artifacts/pe-lab-bundle.html`);
    const done = await train(page);
    assert.equal(done.runs.length, 1);
    assert.ok(done.runs.every((r) => r.losses.length === 12 && r.losses.every(Number.isFinite)));
    assert.deepEqual(workers, ['/dist/lab-worker.js']);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
    await repo.close();
    rmSync(file, { force: true });
  }
});

test('the Vite dev server: the worker module loads from the sources', { timeout: 180000 }, async () => {
  process.env.PE_FFN_TEST_SERVER = '1';
  const vite = await startViteServer({ configFile: `${repoRoot}web/vite.config.js` });
  const page = await openPage(site.browser);
  try {
    await openLab(page, `${vite.url}?lab-experiment=inside&lab-steps=12&lab-schemes=sinusoidal#lab`);
    const done = await train(page);
    assert.equal(done.runs.length, 1);
    assert.ok(done.runs.every((r) => r.losses.length === 12 && r.losses.every(Number.isFinite)));
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
    await vite.close();
  }
});

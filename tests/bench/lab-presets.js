#!/usr/bin/env node
// How long each experiment of <pe-lab> takes to finish with its preset settings, in headless Chromium
// on this machine: the package's bundle (dist/elements.js, dist/lab-worker.js) on a plain page, the
// lab started and timed to pe-lab-done; plain and with the CPU slowed RATE times (4x, a phone-class
// proxy). Prints, per preset: wall seconds, the renderer process's CPU seconds (Performance.getMetrics
// ProcessTime: the page and its workers), the runs and their final accuracies, and the machine's load
// average (other work on a shared machine stretches wall time, not CPU time).
//
// Throttling. DevTools' Emulation.setCPUThrottlingRate slows the page's thread only: Chromium 156
// refuses it on a worker target ("Operation is only supported for pages, not workers"), and the lab
// trains in a worker. So the throttled runs slow the whole renderer process (the page and its
// workers) by suspending it, as DevTools does with the page's thread: SIGSTOP / SIGCONT in cycles of 100 ms,
// running (100 / rate) ms of each. A probe first times a fixed loop in a worker plain, with the
// DevTools rate on the page target, and with the process suspended in cycles, and prints the ratios.
//
//   node tests/bench/lab-presets.js [--rate 4] [--presets position,longer,inside,dff] [--skip-plain]
import { loadavg } from 'node:os';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, openPage, startStaticServer, repoRoot, requireBuildProducts, saveArtifact } from '../browser/harness.js';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const RATE = Number(option('rate', 4));
const PRESETS = option('presets', 'position,longer,inside,dff').split(',');
const SKIP_PLAIN = args.includes('--skip-plain');
const CYCLE_MS = 100;

requireBuildProducts('bundles', 'dist/elements.js', 'dist/lab-worker.js');
const PAGE = 'test-artifacts/pe-lab-bench.html';
const PROBE = 'test-artifacts/pe-lab-throttle-probe.html';
await saveArtifact('pe-lab-bench.html', '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>lab bench</title></head><body><pe-lab></pe-lab><script type="module" src="../dist/elements.js"></script></body></html>');
await saveArtifact('pe-lab-throttle-probe.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>probe</title></head><body><script>
window.busy = () => new Promise((resolve) => {
  const w = new Worker(URL.createObjectURL(new Blob(['onmessage = () => { const t = performance.now(); let x = 0; for (let i = 0; i < 3e8; i++) x += i % 7; postMessage([performance.now() - t, x]); }'], { type: 'text/javascript' })));
  w.onmessage = (e) => { resolve(e.data[0]); w.terminate(); };
  w.postMessage(0);
});
</script></body></html>`);
const server = await startStaticServer(repoRoot);
const browser = await launchChromium();
const browserCdp = await browser.newBrowserCDPSession();

const rendererPids = async () => new Set((await browserCdp.send('SystemInfo.getProcessInfo')).processInfo.filter((p) => p.type === 'renderer').map((p) => p.id));

/** Suspends the processes `pids` for all but 1/rate of every CYCLE_MS; returns stop(). */
function suspendInCycles(pids, rate) {
  const signal = (sig) => { for (const pid of pids) { try { process.kill(pid, sig); } catch { /* gone */ } } };
  let on = true;
  let timer;
  const run = () => { signal('SIGCONT'); timer = setTimeout(pause, CYCLE_MS / rate); };
  const pause = () => { if (!on) return; signal('SIGSTOP'); timer = setTimeout(run, CYCLE_MS - CYCLE_MS / rate); };
  run();
  return () => { on = false; clearTimeout(timer); signal('SIGCONT'); };
}

/** A fresh page at `url`; throttle: 'none' | 'devtools' (the page target) | 'process'. */
async function throttledPage(url, throttle) {
  const before = await rendererPids();
  const page = await openPage(browser);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  if (throttle === 'devtools') await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.goto(url);
  const fresh = [...(await rendererPids())].filter((pid) => !before.has(pid));
  const stop = throttle === 'process' ? suspendInCycles(fresh, RATE) : () => {};
  return { page, cdp, stop, pids: fresh };
}

async function labPage(attrs, throttle) {
  const t = await throttledPage(`${server.url}${PAGE}`, throttle);
  await t.page.evaluate((a) => { const el = document.querySelector('pe-lab'); for (const [k, v] of Object.entries(a)) el.setAttribute(k, v); }, attrs);
  await t.page.waitForFunction(() => document.querySelector('pe-lab')?.shadowRoot?.querySelector('.start:not([disabled])'), null, { timeout: 300000 });
  return t;
}

const processTime = async (cdp) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ProcessTime').value;

async function run(attrs, throttle) {
  const { page, cdp, stop } = await labPage(attrs, throttle);
  try {
    const cpu0 = await processTime(cdp);
    const t0 = Date.now();
    const load0 = loadavg()[0];
    const done = await page.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('pe-lab');
      el.addEventListener('pe-lab-done', (e) => resolve({
        seconds: e.detail.seconds, steps: e.detail.steps,
        runs: e.detail.runs.map((r) => ({ scheme: r.scheme, causal: r.causal, dFF: r.dFF, accuracy: r.accuracy, seconds: r.seconds, byLength: r.accuracyByLength?.map((a) => (a.accuracy === null ? null : Math.round(100 * a.accuracy))) })),
      }), { once: true });
      el.start();
    }));
    const wall = (Date.now() - t0) / 1000;
    const cpu = (await processTime(cdp)) - cpu0;
    return { ...done, wall, cpu, load: (load0 + loadavg()[0]) / 2 };
  } finally {
    stop();
    await page.context().close();
  }
}

// 1. What slows the worker: a fixed loop in a worker, plain, DevTools on the page, the process in cycles.
const probeMs = {};
for (const mode of ['none', 'devtools', 'process']) {
  const { page, stop } = await throttledPage(`${server.url}${PROBE}`, mode);
  try { probeMs[mode] = await page.evaluate(() => window.busy()); } finally { stop(); await page.context().close(); }
}
const ratio = (mode) => (probeMs[mode] / probeMs.none).toFixed(2);
console.log(`probe (a fixed loop in a worker): plain ${probeMs.none.toFixed(0)} ms; DevTools rate ${RATE} on the page target ${probeMs.devtools.toFixed(0)} ms (${ratio('devtools')}x); renderer suspended ${RATE - 1}/${RATE} of each ${CYCLE_MS} ms ${probeMs.process.toFixed(0)} ms (${ratio('process')}x)`);

// 2. The presets.
const pct = (x) => (x === null ? '—' : `${(100 * x).toFixed(1)} %`);
console.log('\n| preset | CPU | runs × steps | wall s | renderer CPU s | load avg | accuracies |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const experiment of PRESETS) {
  for (const mode of SKIP_PLAIN ? ['process'] : ['none', 'process']) {
    const r = await run({ experiment }, mode);
    const acc = r.runs.map((x) => `${x.scheme}${x.causal ? '+mask' : ''}${r.runs.some((y) => y.dFF !== x.dFF) ? ` d_ff ${x.dFF}` : ''} ${pct(x.accuracy)}`).join(', ');
    console.log(`| ${experiment} | ${mode === 'none' ? 'plain' : `${RATE}x`} | ${r.runs.length} × ${r.steps} | ${r.wall.toFixed(1)} | ${r.cpu.toFixed(1)} | ${r.load.toFixed(1)} | ${acc} |`);
    if (experiment === 'longer') for (const x of r.runs) console.log(`|   | by length 1..16 | ${x.scheme} | ${x.byLength.join(' ')} | | | |`);
  }
}

await browser.close();
await server.close();
for (const file of [PAGE, PROBE]) rmSync(join(repoRoot, file), { force: true });

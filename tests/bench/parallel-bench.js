// The parallel trainer's section of `npm run bench` (alone: `node tests/bench/parallel-bench.js
// [--only lab,medium] [--rounds n]`): for the training bench's configurations (TRAIN_CONFIGS), in paired
// rounds in one process, wall-clock seconds per step of
//   - trainer.step on this thread (the module's one-thread step);
//   - model.createParallelTrainer({ workers: 2 }) (shards 8: the default);
//   - medium only, at equal cores: PyTorch with 2 threads, in the fastest of its setups (torch-peer.js).
// Wall-clock, since the point is using two cores: on a shared machine other processes take cores by
// turns, so one round's ratio moves a lot; the median of per-round ratios and their range are reported.
// Before timing, 3 steps with 1, 2 and 3 workers must give the same losses and parameters bit for bit.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startTorchPeer, torchAvailable, torchSetups } from './torch-peer.js';
import { TRAIN_CONFIGS, benchBatch, sameLosses } from './train-browser.js';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const sameBits = (a, b) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** 3 steps of the parallel trainer with 1, 2 and 3 workers from the same parameters: bit-identical? */
async function identity(core, bytes, tokens, targets, batch) {
  const runs = [];
  for (const workers of [1, 2, 3]) {
    const model = core.loadTransformer(bytes);
    const pt = await model.createParallelTrainer({ workers, lr: 1e-3 });
    const losses = [];
    for (let s = 0; s < 3; s++) losses.push(await pt.step(tokens, targets, { batch }));
    await pt.dispose();
    runs.push({ losses, bytes: model.save() });
    model.dispose();
  }
  return runs.every((r) => sameBits(r.losses, runs[0].losses) && sameBits(r.bytes, runs[0].bytes));
}

/** The fastest PyTorch setup with `threads` threads (one short timing each), checked against `want`. */
async function torchPeer(bytes, tokens, targets, batch, threads, want) {
  let best = null;
  for (const { name, env } of torchSetups()) {
    const peer = startTorchPeer({ modelBytes: bytes, tokens, targets, batch, env, threads });
    const info = await peer.ask({ cmd: 'info' });
    const losses = (await peer.ask({ cmd: 'losses', n: 3 })).losses;
    if (!sameLosses(losses, want)) {
      peer.close();
      continue;
    }
    const t = (await peer.ask({ cmd: 'time', n: 2 })).seconds / 2;
    if (!best || t < best.t) {
      best?.peer.close();
      best = { peer, t, name, kernel: info.openblasCore, threads: info.threads };
    } else {
      peer.close();
    }
  }
  return best;
}

async function runConfig(cfg, core, { rounds, torch, log }) {
  const { options, T, batch } = cfg;
  const base = core.createTransformer({ ...options, maxLength: T, seed: 7 });
  const bytes = base.save();
  base.dispose();
  const { tokens, targets } = benchBatch(cfg);
  const bitIdentical = await identity(core, bytes, tokens, targets, batch);
  const one = core.loadTransformer(bytes), trainer = one.createTrainer({ lr: 1e-3 });
  const want = Array.from({ length: 3 }, () => trainer.step(tokens, targets, { batch }));
  const two = core.loadTransformer(bytes), pt = await two.createParallelTrainer({ workers: 2, lr: 1e-3 });
  await pt.step(tokens, targets, { batch });
  const peer = cfg.name === 'medium' && torch.ok ? await torchPeer(bytes, tokens, targets, batch, 2, want) : null;
  const steps = cfg.name === 'medium' ? 2 : 10;
  const samples = { step: [], parallel: [], torch2: [] };
  for (let r = 0; r < rounds; r++) {
    let t0 = performance.now();
    for (let s = 0; s < steps; s++) trainer.step(tokens, targets, { batch });
    samples.step.push((performance.now() - t0) / 1000 / steps);
    t0 = performance.now();
    for (let s = 0; s < steps; s++) await pt.step(tokens, targets, { batch });
    samples.parallel.push((performance.now() - t0) / 1000 / steps);
    if (peer) samples.torch2.push((await peer.peer.ask({ cmd: 'time', n: steps })).seconds / steps);
    log(`parallel ${cfg.name}: round ${r + 1} of ${rounds}`);
  }
  await pt.dispose();
  peer?.peer.close();
  one.dispose();
  two.dispose();
  const ratio = (a, b) => {
    const xs = a.map((x, i) => x / b[i]);
    return { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
  };
  return {
    name: cfg.name, bitIdentical, samples,
    speedup: ratio(samples.step, samples.parallel),
    vsTorch2: peer ? { ...ratio(samples.torch2, samples.parallel), setup: peer.name, kernel: peer.kernel, threads: peer.threads } : null,
  };
}

export async function runParallelBench({ rounds = 5, only = null, core, log = () => {} }) {
  const torch = torchAvailable();
  const configs = [];
  for (const cfg of TRAIN_CONFIGS.full) if (!only || only.includes(cfg.name)) configs.push(await runConfig(cfg, core, { rounds, torch, log }));
  return { load: loadavg()[0], configs };
}

const GOALS = { lab: 1.4, medium: 1.7 };

export function parallelMarkdown(bench) {
  const lines = [`Training on every core (wall-clock, paired rounds; 1-minute load average at the end ${bench.load.toFixed(1)}: on a shared machine these ratios move with the load):`, ''];
  const show = (s) => `${s.median.toFixed(2)}× [${s.min.toFixed(2)} … ${s.max.toFixed(2)}]`;
  for (const c of bench.configs) {
    const ms = (xs) => (1000 * median(xs)).toFixed(1);
    lines.push(`- ${c.bitIdentical ? '✓' : '✗'} ${c.name}: 1, 2 and 3 workers bit-identical over 3 steps`);
    lines.push(`- ${c.speedup.median >= GOALS[c.name] ? '✓' : '✗'} ${c.name}: 2 workers ≥ ${GOALS[c.name]}× trainer.step: ${show(c.speedup)} (${ms(c.samples.step)} ms against ${ms(c.samples.parallel)} ms per step)`);
    if (c.vsTorch2) lines.push(`- ${c.vsTorch2.median >= 0.5 ? '✓' : '✗'} ${c.name} at equal cores ≥ 0.5× PyTorch on ${c.vsTorch2.threads} threads (${c.vsTorch2.setup}, kernel ${c.vsTorch2.kernel}): ${show(c.vsTorch2)} (${ms(c.samples.torch2)} ms per step)`);
  }
  return lines.join('\n');
}

// Alone: node tests/bench/parallel-bench.js [--only lab,medium] [--rounds n]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const { init } = await import('../../src/js/index.js');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
  const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : undefined;
  const bench = await runParallelBench({ rounds, only, core: await init(), log: (line) => console.error(line) });
  console.log(parallelMarkdown(bench));
}

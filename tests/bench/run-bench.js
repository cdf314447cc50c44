// The bench engine, shared by Node (bench.js) and headless Chromium (browser-entry.js): for every shape,
// every contestant is set up with the same inputs, its output is checked against the double-precision
// reference of tests/reference (a wrong result is recorded, not timed), then the correct ones are
// timed side by side, one sample each per round.
import { ffnRef, maxAbs, maxAbsDiff, peTableRef, uniformArray } from '../reference/reference.js';
import { runRopeBench } from './rope-bench.js';

export const SHAPES = {
  full: {
    ffn: [{ tokens: 10, dModel: 16, dFF: 64 }, { tokens: 1, dModel: 768, dFF: 3072 },
      { tokens: 64, dModel: 512, dFF: 2048 }, { tokens: 128, dModel: 768, dFF: 3072 }],
    pe: [{ length: 2048, dModel: 512 }, { length: 8192, dModel: 1024 }],
    // A table too wide for the kept table of frequencies (pe.c goes in chunks of them), which a plain
    // Float32Array gets through the 65,536-value scratch area one row per call.
    peWide: [{ length: 100, dModel: 65536 }],
    activations: [{ tokens: 64, dModel: 512, dFF: 2048 }],
  },
  smoke: {
    ffn: [{ tokens: 3, dModel: 8, dFF: 20 }, { tokens: 1, dModel: 16, dFF: 40 }],
    pe: [{ length: 64, dModel: 32 }, { length: 40, dModel: 10 }],
    peWide: [{ length: 10, dModel: 8194 }],
    activations: [{ tokens: 3, dModel: 8, dFF: 20 }],
  },
};

// Full: 7 rounds of ~100 ms samples after a warm-up; smoke: a few ms, enough to exercise the code.
export const TIMING = { full: { sampleMs: 100, samples: 7, warmupMs: 150 }, smoke: { sampleMs: 6, samples: 2, warmupMs: 2 } };

const now = () => performance.now();

/** Milliseconds for `reps` calls of `run` (awaiting each when it is asynchronous). */
export async function loop(run, isAsync, reps) {
  const t0 = now();
  if (isAsync) for (let i = 0; i < reps; i++) await run();
  else for (let i = 0; i < reps; i++) run();
  return now() - t0;
}

/** Calls per sample of about sampleMs (doubling until a batch is long enough for coarse browser
    timers), after warming up. */
export async function calibrate(run, isAsync, { sampleMs, warmupMs }) {
  let reps = 1;
  let spent = await loop(run, isAsync, reps);
  while (spent < Math.min(20, sampleMs / 2)) spent = await loop(run, isAsync, (reps *= 2));
  for (let warm = spent; warm < warmupMs; warm += spent) spent = await loop(run, isAsync, reps);
  return Math.max(1, Math.round((reps * sampleMs) / spent));
}

/** Largest difference from the reference, and whether it is within `bound`. */
function check(output, reference, bound) {
  const maxErr = maxAbsDiff(output, reference);
  return { maxErr, bound, ok: maxErr <= bound };
}

/** Sets a contestant up and checks its first output; returns its instance when it is correct. */
async function prepare(contestant, shape, reference, bound) {
  if (contestant.unavailable) return { result: { status: 'unavailable', note: contestant.unavailable } };
  let inst;
  try {
    inst = await contestant.impl.setup(shape);
  } catch (error) {
    return { result: { status: 'error', note: `setup failed: ${error.message}` } };
  }
  try {
    const first = inst.run();
    const isAsync = typeof first?.then === 'function';
    const output = await first;
    if (inst.unchecked) return { inst, isAsync, result: { status: 'ok' } };
    // A contestant may name its reference (an activation); PE outputs pick theirs by layout.
    const verdict = check(output, reference[contestant.reference ?? inst.layout ?? 'interleaved'], bound);
    return verdict.ok ? { inst, isAsync, result: { status: 'ok', ...verdict } }
      : { inst, result: { status: 'wrong', ...verdict } };
  } catch (error) {
    return { inst, result: { status: 'error', note: error.message } };
  }
}

/**
 * One shape: every contestant is set up and checked, then the correct ones are timed in rounds,
 * one sample of each per round, so that a slow spell of the machine (this VM's speed drifts by
 * tens of percent from one minute to the next) falls on all of them alike and the ratios hold.
 */
export async function measureShape(contestants, shape, reference, bound, timing) {
  const entries = [];
  for (const c of contestants) entries.push({ id: c.id, ...(await prepare(c, shape, reference, bound)) });
  const timed = entries.filter((e) => e.result.status === 'ok');
  try {
    for (const e of timed) {
      e.reps = await calibrate(e.inst.run, e.isAsync, timing);
      e.perCall = [];
    }
    for (let round = 0; round < timing.samples; round++) {
      for (const e of timed) e.perCall.push((await loop(e.inst.run, e.isAsync, e.reps)) / e.reps);
    }
    for (const e of timed) {
      const sorted = [...e.perCall].sort((a, b) => a - b);
      // samples stay in round order: ratios pair the samples of one round (see ratios.js).
      Object.assign(e.result, { best: sorted[0], median: sorted[sorted.length >> 1], reps: e.reps, samples: e.perCall });
    }
  } catch (error) {
    for (const e of timed) if (e.result.best === undefined) Object.assign(e.result, { status: 'error', note: error.message });
  } finally {
    for (const e of entries) await e.inst?.dispose?.();
  }
  return Object.fromEntries(entries.map((e) => [e.id, e.result]));
}

function ffnInputs({ tokens, dModel, dFF }) {
  // Weights at the scale of nn.Linear's initialisation, inputs in [-1, 1]: realistic magnitudes.
  return {
    x: uniformArray(tokens * dModel, 1),
    w1: uniformArray(dModel * dFF, 2, 1 / Math.sqrt(dModel)), b1: uniformArray(dFF, 3, 1 / Math.sqrt(dModel)),
    w2: uniformArray(dFF * dModel, 4, 1 / Math.sqrt(dFF)), b2: uniformArray(dModel, 5, 1 / Math.sqrt(dFF)),
  };
}

/**
 * Runs the bench. `contestants` = { ffn: [...], pe: [...], activations: [...] }, each
 * { id, label, impl } or { id, label, unavailable: reason }; an FFN contestant may say which
 * activation's output it is checked against (`reference`, default 'relu'). Returns plain data
 * (JSON-ready).
 */
export async function runBench({ smoke = false, contestants, log = () => {}, only = null }) {
  const size = smoke ? 'smoke' : 'full';
  const runs = (family) => !only || only.includes(family); // `only`: the families to run (default all)
  const timing = TIMING[size];
  const results = { size, ffn: [], pe: [], activations: [] };

  // FFN shapes against the peers (ReLU, which all of them have), then this package's forward with
  // each activation (what GELU or SiLU costs over ReLU).
  for (const kind of ['ffn', 'activations'].filter(runs)) {
    results[kind] = [];
    for (const shape of SHAPES[size][kind] ?? []) {
      const inputs = ffnInputs(shape);
      const reference = Object.fromEntries(
        [...new Set(contestants[kind].map((c) => c.reference ?? 'relu'))].map((activation) => [
          activation, ffnRef(inputs.x, { ...shape, activation, ...inputs }).output]));
      reference.interleaved = reference.relu;
      const bound = 1e-4 * (1 + Math.max(...Object.values(reference).map(maxAbs)));
      const row = { shape, flops: 4 * shape.tokens * shape.dModel * shape.dFF, results: {} };
      row.results = await measureShape(contestants[kind], { ...shape, ...inputs }, reference, bound, timing);
      for (const c of contestants[kind]) {
        const r = row.results[c.id];
        if (r.best) r.gflops = row.flops / (r.best * 1e6);
        log(`${kind} T=${shape.tokens} d=${shape.dModel} dff=${shape.dFF} ${c.id}: ${r.status}${r.gflops ? ` ${r.gflops.toFixed(2)} GFLOPS` : ''}${r.maxErr !== undefined ? ` (max err ${r.maxErr.toExponential(1)})` : ''}`);
      }
      results[kind].push(row);
    }
  }

  // PE tables against the peers, then the wide table (this package's out paths only).
  for (const kind of runs('pe') ? ['pe', 'peWide'].filter((k) => contestants[k]?.length) : []) {
    results[kind] = [];
    for (const shape of SHAPES[size][kind]) {
      const reference = {
        interleaved: peTableRef(shape.length, shape.dModel),
        concat: kind === 'pe' ? peTableRef(shape.length, shape.dModel, { layout: 'concat' }) : null, // the peers' layout
      };
      const row = { shape, values: shape.length * shape.dModel, results: {} };
      row.results = await measureShape(contestants[kind], shape, reference, 1e-6, timing);
      for (const c of contestants[kind]) {
        const r = row.results[c.id];
        if (r.best) r.mvals = row.values / (r.best * 1e3);
        log(`${kind === 'pe' ? 'pe' : 'pe wide'} L=${shape.length} d=${shape.dModel} ${c.id}: ${r.status}${r.mvals ? ` ${r.mvals.toFixed(0)} M values/s` : ''}${r.maxErr !== undefined ? ` (max err ${r.maxErr.toExponential(1)})` : ''}`);
      }
      results[kind].push(row);
    }
  }
  if (runs('rope') && contestants.rope?.length) results.rope = await runRopeBench({ size, contestants: contestants.rope, timing, measureShape, log });
  return results;
}

/** Median milliseconds of `n` calls of `init()` (the module already compiled by an earlier call). */
export async function timeInit(init, n = 21) {
  const times = [];
  for (let i = 0; i < n; i++) {
    const t0 = now();
    await init();
    times.push(now() - t0);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(n / 2)], calls: n };
}

// The training section of `npm run bench` (tests/bench/bench.js calls runTrainBench; alone:
// `node tests/bench/train-bench.js [--smoke] [--only lab,medium] [--rounds n] [--tfjs wasm,cpu]`): training steps per
// second of the two configurations side by side in one run, with the same model, batch and
// optimiser (AdamW, lr 1e-3):
//   - this package: SIMD128 and relaxed-SIMD builds (trainer.step);
//   - PyTorch on one thread (Debian's python3-torch, a child process fed the module's model file) in
//     three setups (torch-peer.js, torchSetups): the machine's OpenBLAS settings; OPENBLAS_CORETYPE
//     and OPENBLAS_L2_SIZE unset; the CPU's best kernel forced (SkylakeX with avx512f, Haswell with
//     avx2), each for that child alone. Each says which BLAS and kernel it loaded
//     (openblas_get_corename), the setups' losses must agree with each other, and the fastest correct
//     one is the peer;
//   - tfjs-core with its wasm and cpu backends (gradients by tf.variableGrads, AdamW in tf ops), the
//     faster correct one being the peer;
//   - plain JavaScript, the double-precision reference of tests/reference, as a floor;
//   - the TinyGPT figure (C++ to wasm, one thread: 191 ms per step for 0.37 M parameters) as context.
// Every contestant first trains 3 steps from the same parameters; its losses must match the module's
// within 1e-3 (1 + loss) or it is reported wrong and not timed. Then rounds: each contestant times one
// sample per round, back to back, so a ratio is the median of per-round ratios. Speeds are per second
// of CPU time of the process that trains (every contestant runs on one thread): on this shared 2-core
// machine other processes take most of the wall-clock time, by turns, and wall-clock samples of the
// same code spread over a factor of 3 or more; the wall-clock figures are kept in the JSON. Also measured: the FMA ceiling of wasm here (fma-ceiling.js) beside PyTorch's native matrix
// product, the module's forward and backward GFLOPS, and memory per step.
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { AdamWRef } from '../reference/transformer-reference.js';
import { wasmCeiling } from './fma-ceiling.js';
import { startTorchPeer, torchAvailable, torchSetups } from './torch-peer.js';
import { tfjsTrainer } from './train-tfjs.js';
import { TRAIN_CONFIGS, benchBatch, sameLosses } from './train-browser.js';

export { TRAIN_CONFIGS };

const root = fileURLToPath(new URL('../../', import.meta.url));
const TINYGPT = { msPerStep: 191, params: 0.37e6 };
/** How far the PyTorch setups' losses may differ from one another (float32, other kernels' sums). */
const TORCH_AGREEMENT = 1e-5;
const CHECK_STEPS = 3;

/** Runs fn: the CPU time of this process (user + system) and the wall-clock time it took, in seconds. */
function measure(fn) {
  const c0 = process.cpuUsage(), t0 = performance.now();
  fn();
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1e6, wall: (performance.now() - t0) / 1000 };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Floating-point operations of one forward on the batch: the products (2 per multiply-add). */
export function forwardFlops({ options: o, T, batch }) {
  const n = batch * T, d = o.dModel, f = o.dFF, l = o.layers;
  const matrices = l * (4 * d * d + 2 * d * f) + d * o.vocab;
  return 2 * n * matrices + l * 4 * batch * T * T * d; // + scores and weighted sums
}

/** The tfjs gradients (tfjs-core ships them only as extensionless ES modules): bundled once with esbuild. */
async function loadTfjs() {
  try {
    const tf = await import('@tensorflow/tfjs-core');
    await import('@tensorflow/tfjs-backend-cpu');
    await import('@tensorflow/tfjs-backend-wasm');
    const { build } = await import('esbuild');
    const out = join(root, 'build/bench/tfjs-gradients.mjs');
    mkdirSync(dirname(out), { recursive: true });
    const bundled = await build({ entryPoints: [join(root, 'node_modules/@tensorflow/tfjs-core/dist/register_all_gradients.js')],
      bundle: true, format: 'esm', write: false, platform: 'node', logLevel: 'error' });
    writeFileSync(out, bundled.outputFiles[0].text);
    await import(out);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    return { tf };
  } catch (error) {
    return { note: `tfjs could not run: ${error.message}` };
  }
}

/**
 * One configuration: set every contestant up, check it, time it in rounds. contestant: { id, label,
 * check() -> losses of CHECK_STEPS steps, sample(steps) -> seconds, stepsPerSample, close() }.
 */
async function runConfig(cfg, { cores, tf, tfNote, torch, rounds, log, smoke, tfjsBackends }) {
  const { options, T, batch } = cfg;
  const base = cores.simd128.createTransformer({ ...options, maxLength: T, seed: 7 });
  const { tokens, targets } = benchBatch(cfg);
  const bytes = base.save();
  const contestants = [];
  const results = {};

  for (const [variant, core] of Object.entries(cores)) {
    if (!core) {
      results[`pkg-${variant}`] = { status: 'unavailable', note: 'this engine rejects relaxed SIMD' };
      continue;
    }
    const memoryBefore = core.memory.buffer.byteLength;
    const model = core.loadTransformer(bytes), trainer = model.createTrainer({ lr: 1e-3 });
    contestants.push({ id: `pkg-${variant}`, label: `pe-ffn-wasm ${variant}`,
      check: () => Array.from({ length: CHECK_STEPS }, () => trainer.step(tokens, targets, { batch })),
      sample: (steps) => measure(() => { for (let s = 0; s < steps; s++) trainer.step(tokens, targets, { batch }); }),
      extra: () => ({ memoryBytes: core.memory.buffer.byteLength - memoryBefore }),
      model, close: () => model.dispose() });
  }
  if (torch.ok) {
    for (const { name, env, what } of torchSetups()) {
      const peer = startTorchPeer({ modelBytes: bytes, tokens, targets, batch, env });
      const info = await peer.ask({ cmd: 'info' });
      contestants.push({ id: `torch-${name}`, label: `PyTorch ${info.torch} 1 thread, OpenBLAS kernel ${info.openblasCore ?? '?'} (${what})`,
        info, check: async () => (await peer.ask({ cmd: 'losses', n: CHECK_STEPS })).losses,
        sample: async (steps) => {
          const t = await peer.ask({ cmd: 'time', n: steps });
          return { cpu: t.cpuSeconds, wall: t.seconds };
        },
        extra: async () => ({ peakRssBytes: (await peer.ask({ cmd: 'rss' })).bytes, gemm: smoke ? null : await peer.ask({ cmd: 'gemm', n: 1024 }) }),
        close: () => peer.close() });
    }
  } else {
    results['torch-machine'] = { status: 'unavailable', note: torch.note };
  }
  for (const backend of tfjsBackends) {
    const id = `tfjs-${backend}`;
    if (!tf) {
      results[id] = { status: 'unavailable', note: tfNote };
      continue;
    }
    contestants.push({ id, label: `tfjs-core 4.22 ${backend} backend (1 thread)`,
      setup: async () => {
        await tf.setBackend(backend);
        await tf.ready();
        return tfjsTrainer(tf, base, cores.simd128.positionalEncoding(T, options.dModel), tokens, targets, batch);
      },
      async check() { this.trainer = await this.setup(); return Array.from({ length: CHECK_STEPS }, () => this.trainer.step()); },
      async sample(steps) {
        await tf.setBackend(backend);
        return measure(() => { for (let s = 0; s < steps; s++) this.trainer.step(); });
      },
      close() { this.trainer?.dispose(); } });
  }

  // The module's own losses: the reference every contestant is checked against.
  const want = await contestants[0].check();
  for (const c of contestants) {
    try {
      const losses = c === contestants[0] ? want : await c.check();
      c.ok = sameLosses(losses, want);
      results[c.id] = c.ok ? { status: 'ok', label: c.label, samples: [], wallSamples: [], losses } : { status: 'wrong', label: c.label, losses, note: `losses ${losses.map((x) => x.toFixed(5)).join(', ')} against ${want.map((x) => x.toFixed(5)).join(', ')}` };
    } catch (error) {
      c.ok = false;
      results[c.id] = { status: 'failed', label: c.label, note: error.message.split('\n')[0] };
    }
    if (c.info) results[c.id].info = c.info;
  }
  // The PyTorch setups differ only in the BLAS kernel: their losses must agree with one another.
  const torchOk = contestants.filter((c) => c.ok && c.id.startsWith('torch-'));
  for (const c of torchOk.slice(1)) {
    const first = results[torchOk[0].id].losses, losses = results[c.id].losses;
    const largest = Math.max(...losses.map((l, i) => Math.abs(l - first[i]) / (1 + Math.abs(first[i]))));
    results[c.id].agreement = { with: torchOk[0].id, largest };
    if (!(largest <= TORCH_AGREEMENT)) {
      c.ok = false;
      results[c.id] = { ...results[c.id], status: 'wrong', note: `losses ${losses.join(', ')} differ from ${torchOk[0].id}'s ${first.join(', ')} by ${largest.toExponential(1)} (1 + loss)` };
    }
  }
  // Steps per sample: about 0.2 s of CPU time each (at least one step), from one timed step.
  for (const c of contestants.filter((x) => x.ok)) c.steps = Math.max(1, Math.round(0.2 / Math.max((await c.sample(1)).cpu, 1e-4)));
  // Only the faster tfjs backend goes on past the first round when the other is 4x slower (the cpu
  // backend takes minutes per medium step).
  for (let r = 0; r < rounds; r++) {
    const order = contestants.filter((c) => c.ok && !c.dropped);
    for (const c of r % 2 ? [...order].reverse() : order) {
      const { cpu, wall } = await c.sample(c.steps);
      results[c.id].samples.push(cpu / c.steps);
      results[c.id].wallSamples.push(wall / c.steps);
    }
    const tfjs = ['tfjs-wasm', 'tfjs-cpu'].map((id) => results[id]).filter((x) => x?.samples?.length);
    if (tfjs.length === 2) {
      const [a, b] = tfjs.map((x) => Math.min(...x.samples));
      const slow = a > 4 * b ? 'tfjs-wasm' : b > 4 * a ? 'tfjs-cpu' : null;
      const c = contestants.find((x) => x.id === slow);
      if (c) c.dropped = true;
    }
    log(`train ${cfg.name}: round ${r + 1} of ${rounds}`);
  }
  for (const c of contestants) {
    const res = results[c.id];
    if (res.samples?.length) res.best = Math.min(...res.samples), res.median = median(res.samples);
    if (c.ok && c.extra) Object.assign(res, await c.extra());
  }

  // The module's forward and backward GFLOPS (loss = forward + cross-entropy; gradients = forward
  // + backward), in rounds of their own, and the plain-JS floor (a few steps, slow).
  const pkg = contestants.find((c) => c.id === (cores.relaxed ? 'pkg-relaxed' : 'pkg-simd128'));
  const timeIt = (fn) => measure(fn).cpu;
  const fwd = [], grad = [];
  for (let r = 0; r < Math.max(3, rounds); r++) {
    fwd.push(timeIt(() => pkg.model.loss(tokens, targets, { batch })));
    grad.push(timeIt(() => pkg.model.gradients(tokens, targets, { batch })));
  }
  const flops = forwardFlops(cfg);
  const tf_ = Math.min(...fwd), tg = Math.min(...grad);
  const gflops = { variant: pkg.id, forward: flops / tf_ / 1e9, backward: (2 * flops) / Math.max(tg - tf_, 1e-9) / 1e9, forwardFlops: flops };
  const reference = new AdamWRef(Object.fromEntries(base.parameterNames.map((n) => [n, base.getParameter(n)])), { lr: 1e-3 });
  const config = { ...base.config };
  const floorSteps = smoke ? 2 : cfg.name === 'medium' ? 1 : 3;
  const floorLosses = [], floorTimes = [];
  for (let s = 0; s < floorSteps; s++) floorTimes.push(measure(() => floorLosses.push(reference.step(config, tokens, targets, { batch }))).cpu);
  results['plain-js'] = sameLosses(floorLosses, want.slice(0, floorSteps))
    ? { status: 'ok', label: 'plain JS (double reference)', samples: floorTimes, best: Math.min(...floorTimes), median: median(floorTimes), losses: floorLosses }
    : { status: 'wrong', label: 'plain JS (double reference)', losses: floorLosses };
  contestants.forEach((c) => c.close());
  base.dispose();
  return { name: cfg.name, config: { ...options, T, batch, params: base.paramCount }, flops, gflops, results };
}

export async function runTrainBench({ smoke = false, rounds = smoke ? 1 : 9, only = null, cores, log = () => {}, tfjsBackends = ['wasm', 'cpu'] }) {
  const { tf, note: tfNote } = await loadTfjs();
  const torch = torchAvailable();
  const ceiling = await wasmCeiling(smoke ? { rounds: 1, seconds: 0.02 } : {});
  const configs = [];
  for (const cfg of TRAIN_CONFIGS[smoke ? 'smoke' : 'full']) {
    if (only && !only.includes(cfg.name)) continue;
    log(`train ${cfg.name}: setting up`);
    configs.push(await runConfig(cfg, { cores, tf, tfNote, torch, rounds, log, smoke, tfjsBackends }));
  }
  return { size: smoke ? 'smoke' : 'full', load: loadavg()[0], ceiling, configs };
}

// ---- report ----------------------------------------------------------------------------------------

const ok = (r) => r?.status === 'ok' && r.samples?.length;
/** The faster (by median) of a family of contestants that trained correctly. */
function fastest(results, prefix) {
  const ids = Object.keys(results).filter((id) => id.startsWith(prefix) && ok(results[id]));
  return ids.sort((a, b) => results[a].median - results[b].median)[0] ?? null;
}
/** How many times faster a is than b: the median over rounds of (time of b ÷ time of a), their range,
    and b's best time ÷ a's best time; null when not both timed. */
function speedup(results, a, b) {
  const x = results[a]?.samples, y = results[b]?.samples;
  if (!x?.length || !y?.length) return null;
  const n = Math.min(x.length, y.length);
  const ratios = Array.from({ length: n }, (_, i) => y[i] / x[i]);
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), best: Math.min(...y) / Math.min(...x) };
}

export function trainMarkdown(train) {
  const lines = [];
  const c = train.ceiling;
  lines.push(`Training (AdamW, lr 1e-3, one fixed batch): steps per second of CPU time, the median of ${train.configs[0]?.results['pkg-simd128']?.samples?.length ?? 0} rounds [min … max]. 1-minute load average at the end: ${train.load.toFixed(1)}.`);
  lines.push(`FMA ceiling of wasm here: SIMD128 (mul + add) ${c.simd128?.toFixed(1) ?? 'n/a'} GFLOPS, relaxed SIMD (fused) ${c.relaxed?.toFixed(1) ?? 'n/a'} GFLOPS.`);
  lines.push('');
  for (const cfg of train.configs) {
    const r = cfg.results;
    const o = cfg.config;
    lines.push(`**${cfg.name}**: vocab ${o.vocab}, dModel ${o.dModel}, heads ${o.heads}, dFF ${o.dFF}, layers ${o.layers}, T ${o.T}, batch ${o.batch} (${(o.params / 1e6).toFixed(2)} M parameters, ${(3 * cfg.flops / 1e9).toFixed(2)} GFLOP per step)`);
    lines.push('');
    lines.push('| contestant | steps/s (median) | [min … max] | ms per step | notes |');
    lines.push('|---|---:|---:|---:|---|');
    for (const [id, res] of Object.entries(r)) {
      if (!ok(res)) {
        lines.push(`| ${res.label ?? id} | ${res.status} | | | ${res.note ?? ''} |`);
        continue;
      }
      const notes = [];
      if (res.memoryBytes !== undefined) notes.push(`memory after training: +${(res.memoryBytes / 2 ** 20).toFixed(1)} MiB of the module's memory`);
      if (res.peakRssBytes) notes.push(`peak RSS ${(res.peakRssBytes / 2 ** 20).toFixed(0)} MiB`);
      if (res.gemm) notes.push(`1024² product ${res.gemm.gflops.toFixed(1)} GFLOPS${res.gemm.correct ? '' : ' (wrong)'}`);
      if (res.info) notes.push(`${res.info.libraries.map((p) => p.split('/').slice(-2).join('/')).join(', ')}`);
      if (res.agreement) notes.push(`losses within ${res.agreement.largest.toExponential(1)} (1 + loss) of ${res.agreement.with}`);
      lines.push(`| ${res.label} | ${(1 / res.median).toFixed(2)} | ${(1 / Math.max(...res.samples)).toFixed(2)} … ${(1 / Math.min(...res.samples)).toFixed(2)} | ${(1000 * res.median).toFixed(1)} | ${notes.join('; ')} |`);
    }
    lines.push(`| TinyGPT (C++ → wasm, 1 thread; published, ${TINYGPT.params / 1e6} M parameters) | ${(1000 / TINYGPT.msPerStep).toFixed(2)} | | ${TINYGPT.msPerStep} | context only, not run here |`);
    lines.push('');
    const g = cfg.gflops;
    lines.push(`${g.variant}: forward ${g.forward.toFixed(1)} GFLOPS, backward ${g.backward.toFixed(1)} GFLOPS (backward ÷ forward ${(g.backward / g.forward).toFixed(2)}).`);
    lines.push('');
  }
  return lines.join('\n');
}

export function trainTargetLines(train) {
  if (train.size !== 'full') return [];
  const lines = [];
  const show = (s) => (s ? `${s.median.toFixed(2)}× [${s.min.toFixed(2)} … ${s.max.toFixed(2)}], best ÷ best ${s.best.toFixed(2)}×` : 'n/a');
  for (const cfg of train.configs) {
    const r = cfg.results;
    const pkg = ok(r['pkg-relaxed']) ? 'pkg-relaxed' : 'pkg-simd128';
    const torch = fastest(r, 'torch-'), tfjs = fastest(r, 'tfjs-');
    const vsTorch = torch && speedup(r, pkg, torch), vsTorch128 = torch && speedup(r, 'pkg-simd128', torch), vsTfjs = tfjs && speedup(r, pkg, tfjs);
    const mark = (s, bound) => (s && s.median >= bound ? '✓' : '✗');
    const peer = torch && `${torch}, kernel ${r[torch].info?.openblasCore ?? '?'}`;
    if (cfg.name === 'lab') {
      lines.push(`- ${mark(vsTorch, 1.5)} lab ≥ 1.5× PyTorch (1 thread, ${peer ?? 'n/a'}): ${pkg} ${show(vsTorch)}; SIMD128 ${show(vsTorch128)}`);
      lines.push(`- ${mark(vsTfjs, 5)} lab ≥ 5× the best tfjs backend (${tfjs ?? 'n/a'}): ${show(vsTfjs)}`);
    } else if (cfg.name === 'medium') {
      const gemm = torch && r[torch].gemm?.gflops, wasmPeak = train.ceiling.relaxed ?? train.ceiling.simd128;
      lines.push(`- ${mark(vsTorch, 0.5)} medium ≥ 0.5× PyTorch (1 thread, ${peer ?? 'n/a'}): ${pkg} ${show(vsTorch)}; SIMD128 ${show(vsTorch128)}` +
        (gemm && wasmPeak ? `; the ceilings' ratio here: wasm FMA loop ${wasmPeak.toFixed(1)} ÷ PyTorch's 1024² product ${gemm.toFixed(1)} GFLOPS = ${(wasmPeak / gemm).toFixed(2)}` : ''));
      const g = cfg.gflops;
      lines.push(`- ${g.backward / g.forward >= 0.7 ? '✓' : '✗'} medium backward GFLOPS ≥ 70 % of the forward's: ${g.backward.toFixed(1)} ÷ ${g.forward.toFixed(1)} = ${(100 * g.backward / g.forward).toFixed(0)} %`);
    }
  }
  return lines;
}

// Alone: node tests/bench/train-bench.js [--smoke] [--only lab,medium] [--rounds n] [--tfjs wasm,cpu]
// (--tfjs wasm: the cpu backend, 40 s per medium step and never the faster, left out)
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const { spawnSync } = await import('node:child_process');
  const { init } = await import('../../src/js/index.js');
  const { relaxedSimdSupported } = await import('../../src/js/loader.js');
  const FLAG = '--experimental-wasm-relaxed-simd';
  if (!relaxedSimdSupported() && !process.execArgv.includes(FLAG)) {
    const child = spawnSync(process.execPath, [...process.execArgv, FLAG, fileURLToPath(import.meta.url), ...args], { stdio: 'inherit' });
    if (child.status !== 9) process.exit(child.status ?? 1);
  }
  const smoke = args.includes('--smoke');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
  const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : undefined;
  const cores = {
    simd128: await init({ wasm: join(root, 'dist/pe_ffn.wasm') }),
    relaxed: relaxedSimdSupported() ? await init({ wasm: join(root, 'dist/pe_ffn_relaxed.wasm') }) : null,
  };
  const tfjsBackends = args.includes('--tfjs') ? args[args.indexOf('--tfjs') + 1].split(',') : undefined;
  const train = await runTrainBench({ smoke, only, rounds, cores, tfjsBackends, log: (line) => console.error(line) });
  console.log(trainMarkdown(train));
  console.log(trainTargetLines(train).join('\n'));
  const out = join(root, 'test-artifacts', smoke ? 'train-bench-smoke.json' : 'train-bench.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(train, null, 2));
  console.log(`\nJSON: ${out}`);
}

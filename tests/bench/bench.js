#!/usr/bin/env node
// `npm run bench`: this package side by side with plain JavaScript, tfjs-backend-wasm and
// onnxruntime-web, all in this one Node process on one thread, with the same inputs; every output is
// checked against the double-precision reference before it is timed. Prints markdown tables, the
// .wasm sizes and init() times, and writes JSON.
//
//   node tests/bench/bench.js [--smoke] [--block] [--json path] [--only ffn,activations,pe,rope,block,train]
//
// --block runs only the encoder block's section (block-bench.js). The training section
// (train-bench.js: the lab and medium Transformers against PyTorch, tfjs and plain JS) runs in a full
// run, or at smoke size when --only names it (tests/bench/train-bench-smoke.test.js covers it alone).
//
// Node 20 runs relaxed SIMD only behind --experimental-wasm-relaxed-simd: when the engine does not
// validate it, the script runs itself again with that flag (a Node that refuses the flag runs the
// bench without it, and the relaxed variant is reported as unavailable). --smoke uses tiny shapes and
// runs in a few seconds.
import { spawnSync } from 'node:child_process';
import { readFile, stat, mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../src/js/index.js';
import { WASM_VARIANTS, relaxedSimdSupported } from '../../src/js/loader.js';
import { labelsOf, makeContestants } from './contestants.js';
import { markdown } from './report.js';
import { targetLines } from './targets.js';
import { TIMING, runBench, timeInit } from './run-bench.js';
import { parallelMarkdown, runParallelBench } from './parallel-bench.js';
import { BENCH_WASM as PROFILE_WASM, profileMarkdown, runProfileBench } from './profile-bench.js';
import { BENCH_WASM, blockContestants, blockMarkdown, blockTargetLines, runBlockBench } from './block-bench.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);

const RELAXED_FLAG = '--experimental-wasm-relaxed-simd';
if (!relaxedSimdSupported() && !process.execArgv.includes(RELAXED_FLAG)) {
  const child = spawnSync(process.execPath, [...process.execArgv, RELAXED_FLAG, fileURLToPath(import.meta.url), ...args], { stdio: 'inherit' });
  if (child.status !== 9) process.exit(child.status ?? 1); // 9: this Node does not know the flag
}
const smoke = args.includes('--smoke');
const blockOnly = args.includes('--block');
const jsonPath = args.includes('--json') ? args[args.indexOf('--json') + 1] : join(root, 'test-artifacts', smoke ? 'bench-smoke.json' : 'bench-results.json');
const log = smoke ? () => {} : (line) => console.error(line);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;

const versionOf = async (pkg) => JSON.parse(await readFile(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** tfjs-core with the wasm backend on one thread (SIMD as detected), or the reason it cannot run. */
async function loadTfjs() {
  try {
    const tf = await import('@tensorflow/tfjs-core');
    await import('@tensorflow/tfjs-backend-wasm');
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('the wasm backend did not initialise');
    await tf.ready();
    return { tf, simd: await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT'), version: await versionOf('@tensorflow/tfjs-backend-wasm') };
  } catch (error) {
    return { note: `@tensorflow/tfjs-backend-wasm could not run: ${error.message}` };
  }
}

/** onnxruntime-web through its Node entry (the same wasm engine), one thread. */
async function loadOrt() {
  try {
    const ort = await import('onnxruntime-web');
    ort.env.wasm.numThreads = 1;
    ort.env.logLevel = 'error';
    return { ort, version: await versionOf('onnxruntime-web') };
  } catch (error) {
    return { note: `onnxruntime-web could not run: ${error.message}` };
  }
}

async function main() {
  const files = Object.fromEntries(await Promise.all(Object.entries(WASM_VARIANTS).map(async ([name, rel]) => {
    const path = join(root, 'dist', rel);
    try {
      return [name, { path, bytes: (await stat(path)).size }];
    } catch {
      return [name, null];
    }
  })));
  const relaxedOk = files.relaxed && relaxedSimdSupported();
  const relaxedNote = !files.relaxed ? 'dist/pe_ffn_relaxed.wasm not built'
    : 'this engine rejects relaxed SIMD (Node 20: run with --experimental-wasm-relaxed-simd)';
  const cores = {
    simd128: await init({ wasm: files.simd128.path }),
    relaxed: relaxedOk ? await init({ wasm: files.relaxed.path }) : null,
  };
  const t0 = performance.now();
  const defaultCore = await init(); // the first call also compiles the module init() picks
  const firstInitMs = performance.now() - t0;
  const variant = relaxedOk ? 'relaxed' : 'simd128';
  const initTimes = { firstMs: firstInitMs, ...(await timeInit(() => init(), smoke ? 5 : 21)) };

  const [{ tf, simd: tfSimd, version: tfVersion, note: tfNote }, { ort, version: ortVersion, note: ortNote }] = await Promise.all([loadTfjs(), loadOrt()]);
  const contestants = makeContestants({ cores, defaultCore, variant, relaxedNote, tf, tfNote, ort, ortNote });
  const labels = labelsOf(contestants);
  const loadBefore = loadavg()[0];
  const skipBlock = only && !only.includes('block');
  const results = blockOnly ? { size: smoke ? 'smoke' : 'full', ffn: [], pe: [], activations: [] } : await runBench({ smoke, contestants, log, only });
  const blockPeers = blockContestants({ cores, relaxedNote, tf, tfNote, ort, ortNote });
  labels.block = Object.fromEntries(blockPeers.map((c) => [c.id, c.label]));
  const splitCore = skipBlock ? null : await init({ wasm: join(root, BENCH_WASM) });
  results.block = skipBlock ? [] : await runBlockBench({ smoke, contestants: blockPeers, splitCore, timing: TIMING[smoke ? 'smoke' : 'full'], log });
  const runTrain = !blockOnly && (only ? only.includes('train') : !smoke);
  results.train = runTrain ? await runTrainBench({ smoke, cores, log }) : null;
  results.profile = runTrain && !smoke ? await runProfileBench({ core: await init({ wasm: PROFILE_WASM }), ceiling: results.train.ceiling }) : null;
  results.parallel = runTrain && !smoke ? await runParallelBench({ core: defaultCore, log }) : null;

  const meta = {
    date: new Date().toISOString(),
    environment: `Node ${process.version}`,
    cpu: `${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores; the bench uses one thread)`,
    loadAverage: { before: loadBefore, after: loadavg()[0] }, // other processes on the machine skew timings
    defaultVariant: variant,
    wasmBytes: Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v?.bytes ?? null])),
    initMs: initTimes,
    peers: { tfjsBackendWasm: tfVersion ?? null, tfjsSimd: tfSimd ?? null, onnxruntimeWeb: ortVersion ?? null },
  };
  const report = { meta, labels, results };
  await mkdir(dirname(jsonPath), { recursive: true });
  await writeFile(jsonPath, JSON.stringify(report, null, 2));

  console.log(`pe-ffn-wasm bench (${smoke ? 'smoke sizes' : 'full sizes'}), ${meta.environment}, ${meta.cpu}`);
  console.log(`1-minute load average: ${meta.loadAverage.before.toFixed(2)} before, ${meta.loadAverage.after.toFixed(2)} after (speeds: the best of ${TIMING[smoke ? 'smoke' : 'full'].samples} rounds; ratios: the median of the per-round ratios)`);
  console.log(`peers: tfjs-backend-wasm ${tfVersion ?? 'n/a'} (SIMD ${tfSimd ?? 'n/a'}), onnxruntime-web ${ortVersion ?? 'n/a'}; init() picks ${variant}`);
  console.log(`wasm sizes: ${Object.entries(meta.wasmBytes).map(([k, v]) => `${k} ${v ?? 'missing'} bytes`).join(', ')}`);
  console.log(`init(): first ${initTimes.firstMs.toFixed(2)} ms, median ${initTimes.medianMs.toFixed(3)} ms\n`);
  if (!blockOnly) {
    console.log(markdown(results, labels));
    console.log(targetLines(results, meta).join('\n'));
  }
  console.log(`\n${blockMarkdown(results.block, labels.block, 'simd128, bench build')}\n`);
  console.log(blockTargetLines(results.block).join('\n'));
  if (results.train) console.log(`\n${trainMarkdown(results.train)}\n${trainTargetLines(results.train).join('\n')}`);
  if (results.profile) console.log(`\n${profileMarkdown(results.profile)}`);
  if (results.parallel) console.log(`\n${parallelMarkdown(results.parallel)}`);
  console.log(`\nJSON: ${jsonPath}`);
}

await main();

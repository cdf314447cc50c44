// The bench page's script (bundled by browser.js with esbuild): the same contestants and engine as
// bench.js, inside the browser. This package is imported from the served sources (kept external), the
// peers from node_modules; their .wasm files are fetched from the same server.
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as ort from 'onnxruntime-web/wasm';
import { init } from '/src/js/index.js';
import { relaxedSimdSupported } from '/src/js/loader.js';
import { labelsOf, makeContestants } from './contestants.js';
import { TIMING, runBench, timeInit } from './run-bench.js';
import { BENCH_WASM, blockContestants, runBlockBench } from './block-bench.js';
import { runTrainBrowser } from './train-browser.js';
import '@tensorflow/tfjs-core/dist/register_all_gradients'; // tfjs-core alone has no gradients

async function loadTfjs() {
  try {
    setWasmPaths('/node_modules/@tensorflow/tfjs-backend-wasm/dist/');
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('the wasm backend did not initialise');
    await tf.ready();
    return { tf, simd: await tf.env().getAsync('WASM_HAS_SIMD_SUPPORT') };
  } catch (error) {
    return { note: `@tensorflow/tfjs-backend-wasm could not run: ${error.message}` };
  }
}

async function loadOrt() {
  try {
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.wasmPaths = '/node_modules/onnxruntime-web/dist/';
    ort.env.logLevel = 'error';
    return { ort };
  } catch (error) {
    return { note: `onnxruntime-web could not run: ${error.message}` };
  }
}

async function main() {
  const params = new URLSearchParams(location.search);
  const smoke = params.has('smoke');
  const only = params.get('only')?.split(',') ?? null;
  const sizes = {};
  for (const [name, file] of [['simd128', 'pe_ffn.wasm'], ['relaxed', 'pe_ffn_relaxed.wasm']]) {
    const response = await fetch(`/dist/${file}`);
    sizes[name] = response.ok ? (await response.arrayBuffer()).byteLength : null;
  }
  const relaxedOk = sizes.relaxed !== null && relaxedSimdSupported();
  const cores = {
    simd128: await init({ wasm: '/dist/pe_ffn.wasm' }),
    relaxed: relaxedOk ? await init({ wasm: '/dist/pe_ffn_relaxed.wasm' }) : null,
  };
  const t0 = performance.now();
  const defaultCore = await init();
  const firstMs = performance.now() - t0;
  const variant = relaxedOk ? 'relaxed' : 'simd128';
  const initMs = { firstMs, ...(await timeInit(() => init(), smoke ? 5 : 21)) };
  const [t, o] = await Promise.all([loadTfjs(), loadOrt()]);
  const contestants = makeContestants({
    cores, defaultCore, variant, relaxedNote: 'this browser rejects relaxed SIMD',
    tf: t.tf, tfNote: t.note, ort: o.ort, ortNote: o.note,
  });
  const labels = labelsOf(contestants);
  const progress = document.getElementById('progress');
  const log = (line) => { progress.textContent += `${line}\n`; };
  const results = await runBench({ smoke, contestants, only, log });
  const blockPeers = blockContestants({ cores, relaxedNote: 'this browser rejects relaxed SIMD', tf: t.tf, tfNote: t.note, ort: o.ort, ortNote: o.note });
  labels.block = Object.fromEntries(blockPeers.map((c) => [c.id, c.label]));
  if (!only || only.includes('block')) {
    const splitCore = await init({ wasm: `/${BENCH_WASM}` });
    results.block = await runBlockBench({ smoke, contestants: blockPeers, splitCore, timing: TIMING[smoke ? 'smoke' : 'full'], log });
  }
  // The training section only when asked for (--only train): minutes of steps.
  if (only?.includes('train')) results.train = await runTrainBrowser({ cores, tf: t.tf, smoke, log });
  const meta = {
    date: new Date().toISOString(),
    environment: navigator.userAgent,
    defaultVariant: variant,
    wasmBytes: sizes,
    initMs,
    peers: { tfjsSimd: t.simd ?? null, onnxruntimeWeb: ort.env.versions?.web ?? null },
  };
  return { meta, labels, results };
}

window.benchDone = main().then((report) => ({ report }), (error) => ({ error: `${error.message}\n${error.stack}` }));

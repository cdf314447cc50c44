// Where a training step's time goes (`npm run bench`; alone: `node tests/bench/profile-bench.js
// [--only lab,medium]`): each kernel of one trainer.step of the training bench's configurations, timed
// alone in the bench build (pf_bench_kernel, SIMD128) at the shapes and counts of that step — the
// forward's products, the backward's input gradients (dY W^T) and weight gradients (X^T dY), attention
// (its products and softmax), the cross-entropy's softmax, layer norms, ReLU, AdamW — with each one's
// share of the measured step, its GFLOPS and the SIMD FMA ceiling measured in the same run
// (fma-ceiling.js). Times are CPU seconds of this process, the best of 3 rounds: on a shared machine
// wall-clock time counts other processes' turns. The rest of the step (embedding, residual adds,
// re-packing the weights, the gradients' memset) is what the sum leaves of the measured step.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { wasmCeiling } from './fma-ceiling.js';
import { TRAIN_CONFIGS, benchBatch } from './train-browser.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH_WASM = join(root, 'build/wasm/pe_ffn_bench.wasm');
const KIND = { product: 0, inputGrad: 1, weightGrad: 2, attnForward: 3, attnBackward: 4, lnForward: 5, lnBackward: 6, adamw: 7, xent: 8, reluForward: 9, reluBackward: 10 };

const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; };

/** The kernels of one step: [{ pass, name, kind, sizes: [a, b, c, d], count, flops (per call) }]. */
export function stepKernels({ options: o, T, batch }, paramCount) {
  const n = batch * T, d = o.dModel, f = o.dFF, V = o.vocab, L = o.layers, H = o.heads;
  const mm = (rows, k, cols) => 2 * rows * k * cols;
  const list = [
    ['forward', `Q, K, V, O products (${n}×${d}·${d}×${d})`, KIND.product, [n, d, d], 4 * L, mm(n, d, d)],
    ['forward', `FFN W1 (${n}×${d}·${d}×${f})`, KIND.product, [n, d, f], L, mm(n, d, f)],
    ['forward', `FFN W2 (${n}×${f}·${f}×${d})`, KIND.product, [n, f, d], L, mm(n, f, d)],
    ['forward', `output (${n}×${d}·${d}×${V})`, KIND.product, [n, d, V], 1, mm(n, d, V)],
    ['forward', `attention (${batch} × ${H} heads, T ${T}; softmax inside)`, KIND.attnForward, [batch, T, d, H], L, 4 * batch * T * T * d],
    ['forward', `layer norm (${n}×${d})`, KIND.lnForward, [n, d], 2 * L, 0],
    ['forward', `ReLU (${n}×${f})`, KIND.reluForward, [n * f], L, 0],
    ['loss', `cross-entropy softmax, forward + backward (${n}×${V})`, KIND.xent, [n, V], 1, 0],
    ['backward', `output: dY Wᵀ (${n}×${V}·${V}×${d})`, KIND.inputGrad, [n, d, V], 1, mm(n, d, V)],
    ['backward', `output: Xᵀ dY (${d}×${n}·${n}×${V})`, KIND.weightGrad, [n, d, V], 1, mm(n, d, V)],
    ['backward', `FFN W2: dY Wᵀ (${n}×${d}·${d}×${f})`, KIND.inputGrad, [n, f, d], L, mm(n, f, d)],
    ['backward', `FFN W2: Xᵀ dY (${f}×${n}·${n}×${d})`, KIND.weightGrad, [n, f, d], L, mm(n, f, d)],
    ['backward', `FFN W1: dY Wᵀ (${n}×${f}·${f}×${d})`, KIND.inputGrad, [n, d, f], L, mm(n, d, f)],
    ['backward', `FFN W1: Xᵀ dY (${d}×${n}·${n}×${f})`, KIND.weightGrad, [n, d, f], L, mm(n, d, f)],
    ['backward', `Q, K, V, O: dY Wᵀ (${n}×${d}·${d}×${d})`, KIND.inputGrad, [n, d, d], 4 * L, mm(n, d, d)],
    ['backward', `Q, K, V, O: Xᵀ dY (${d}×${n}·${n}×${d})`, KIND.weightGrad, [n, d, d], 4 * L, mm(n, d, d)],
    ['backward', `attention (${batch} × ${H} heads, T ${T}; softmax inside)`, KIND.attnBackward, [batch, T, d, H], L, 8 * batch * T * T * d],
    ['backward', `layer norm (${n}×${d})`, KIND.lnBackward, [n, d], 2 * L, 0],
    ['backward', `ReLU (${n}×${f})`, KIND.reluBackward, [n * f], L, 0],
    ['update', `AdamW (${paramCount} parameters)`, KIND.adamw, [paramCount], 1, 0],
  ];
  return list.map(([pass, name, kind, sizes, count, flops]) => ({ pass, name, kind, sizes, count, flops }));
}

/** CPU seconds of one call of a kernel: reps sized to about 30 ms, the best of `rounds`. */
function timeKernel(core, region, floats, k, rounds) {
  const { exports } = core;
  const [a, b = 0, c = 0, d = 0] = k.sizes;
  const run = (reps) => {
    const status = exports.pf_bench_kernel(k.kind, a, b, c, d, region, floats, reps);
    if (status !== 0) throw new Error(`pf_bench_kernel(${k.name}): status ${status}`);
  };
  let t0 = cpu();
  run(1);
  const reps = Math.max(1, Math.round(0.03 / Math.max(cpu() - t0, 1e-5)));
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    t0 = cpu();
    run(reps);
    best = Math.min(best, (cpu() - t0) / reps);
  }
  return best;
}

async function profileConfig(cfg, core, rounds) {
  const model = core.createTransformer({ ...cfg.options, maxLength: cfg.T, seed: 7 });
  const trainer = model.createTrainer();
  const { tokens, targets } = benchBatch(cfg);
  trainer.step(tokens, targets, { batch: cfg.batch });
  let step = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = cpu();
    trainer.step(tokens, targets, { batch: cfg.batch });
    step = Math.min(step, cpu() - t0);
  }
  const kernels = stepKernels(cfg, model.paramCount);
  model.dispose();
  // One region for every kernel's arrays, finite values in [-0.5, 0.5).
  const floats = 24 * 1024 * 1024;
  const region = core.heap.alloc(floats * 4, 'profile');
  try {
    const view = core.heap.f32(region, floats);
    let s = 1;
    for (let i = 0; i < floats; i++) view[i] = ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 8) / (1 << 24) - 0.5;
    for (const k of kernels) k.seconds = timeKernel(core, region, floats, k, rounds);
  } finally {
    core.heap.free(region);
  }
  return { name: cfg.name, step, kernels };
}

export async function runProfileBench({ core, only = null, rounds = 3, ceiling = null }) {
  const measured = ceiling ?? await wasmCeiling();
  const configs = [];
  for (const cfg of TRAIN_CONFIGS.full) if (!only || only.includes(cfg.name)) configs.push(await profileConfig(cfg, core, rounds));
  return { ceiling: measured, configs };
}

export function profileMarkdown(profile) {
  const c = profile.ceiling;
  const lines = [`Per-kernel profile of one trainer.step (SIMD128 bench build, CPU time, each kernel alone at the step's shapes; best of 3). SIMD FMA ceiling measured in this run: SIMD128 (mul + add) ${c.simd128?.toFixed(1) ?? 'n/a'} GFLOPS, relaxed (fused) ${c.relaxed?.toFixed(1) ?? 'n/a'} GFLOPS.`, ''];
  for (const cfg of profile.configs) {
    const sum = cfg.kernels.reduce((t, k) => t + k.seconds * k.count, 0);
    lines.push(`**${cfg.name}**: measured step ${(1000 * cfg.step).toFixed(1)} ms; the kernels below ${(1000 * sum).toFixed(1)} ms (${(100 * sum / cfg.step).toFixed(0)} %)`);
    lines.push('');
    lines.push('| pass | kernel | calls | ms per step | share | GFLOPS | of the SIMD128 ceiling |');
    lines.push('|---|---|---:|---:|---:|---:|---:|');
    const byPass = {};
    for (const k of cfg.kernels) {
      const ms = 1000 * k.seconds * k.count;
      byPass[k.pass] = (byPass[k.pass] ?? 0) + ms;
      const gflops = k.flops ? k.flops / k.seconds / 1e9 : null;
      lines.push(`| ${k.pass} | ${k.name} | ${k.count} | ${ms.toFixed(2)} | ${(100 * ms / 1000 / cfg.step).toFixed(1)} % | ${gflops ? gflops.toFixed(1) : ''} | ${gflops && c.simd128 ? `${(100 * gflops / c.simd128).toFixed(0)} %` : ''} |`);
    }
    const products = (pass, kinds) => {
      const ks = cfg.kernels.filter((k) => k.pass === pass && kinds.includes(k.kind));
      return ks.reduce((t, k) => t + k.flops * k.count, 0) / ks.reduce((t, k) => t + k.seconds * k.count, 0) / 1e9;
    };
    const fwd = products('forward', [KIND.product]), bwd = products('backward', [KIND.inputGrad, KIND.weightGrad]);
    lines.push('');
    lines.push(`${cfg.name}: forward ${byPass.forward.toFixed(1)} ms, loss ${byPass.loss.toFixed(1)} ms, backward ${byPass.backward.toFixed(1)} ms, AdamW ${byPass.update.toFixed(1)} ms, the rest ${(1000 * cfg.step - Object.values(byPass).reduce((a, b) => a + b, 0)).toFixed(1)} ms. Matrix products: forward ${fwd.toFixed(1)} GFLOPS, backward ${bwd.toFixed(1)} GFLOPS (${(100 * bwd / fwd).toFixed(0)} % of the forward's; goal ≥ 70 %).`);
    lines.push('');
  }
  return lines.join('\n');
}

// Alone: node tests/bench/profile-bench.js [--only lab,medium]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const { init } = await import('../../src/js/index.js');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
  const profile = await runProfileBench({ core: await init({ wasm: BENCH_WASM }), only });
  console.log(profileMarkdown(profile));
}

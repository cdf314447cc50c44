#!/usr/bin/env node
// This checkout against another (built) checkout of the package, in one process, rounds interleaved
// A B A B so that a busy machine slows both alike: the median of the per-round time ratios says
// whether a change made the JavaScript wrapper or the kernels slower (PE, FFN, layer norm, RoPE, the
// encoder block; plain arrays and tensors). Both use their SIMD128 build.
//
//   node tests/bench/ab.js /path/to/other/checkout [--rounds 15] [--only text]   (workloads whose name has text)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
if (!args[0]) {
  console.error('usage: node tests/bench/ab.js /path/to/other/checkout [--rounds 15]');
  process.exit(2);
}
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 15;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : '';
const here = resolve(new URL('../..', import.meta.url).pathname);
const checkouts = { this: here, other: resolve(args[0]) };

async function load(root) {
  const { init } = await import(pathToFileURL(`${root}/src/js/index.js`).href);
  return init({ wasm: `${root}/dist/pe_ffn.wasm` });
}

const uniform = (n, seed) => {
  let s = seed >>> 0;
  return Float32Array.from({ length: n }, () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 2 - 1);
};

/** Workloads: each makes, for one core, a function that runs one timed unit. */
const workloads = {
  'FFN T=10 d=16 dFF=64, fresh array (per-call overhead)': (core) => {
    const layer = core.createFFN({ dModel: 16, dFF: 64, seed: 1 });
    const x = uniform(160, 2);
    return () => { for (let i = 0; i < 10000; i++) layer.forward(x); };
  },
  'FFN T=64 d=512 dFF=2048, out tensor': (core) => {
    const layer = core.createFFN({ dModel: 512, dFF: 2048, seed: 1 });
    const x = core.alloc(64 * 512), out = core.alloc(64 * 512);
    x.data.set(uniform(64 * 512, 3));
    return () => { for (let i = 0; i < 2; i++) layer.forward(x, { out }); };
  },
  'PE L=2048 d=512, fresh array (chunked through scratch)': (core) => () => { for (let i = 0; i < 3; i++) core.positionalEncoding(2048, 512); },
  'PE L=2048 d=512, out Float32Array (chunked)': (core) => {
    const out = new Float32Array(2048 * 512);
    return () => { for (let i = 0; i < 100; i++) core.positionalEncoding(2048, 512, { out }); };
  },
  'PE L=2048 d=512, out tensor': (core) => {
    const out = core.alloc(2048 * 512);
    return () => { for (let i = 0; i < 200; i++) core.positionalEncoding(2048, 512, { out }); };
  },
  'addPE L=256 d=64, Float32Array (chunked)': (core) => {
    const x = new Float32Array(256 * 64);
    return () => { for (let i = 0; i < 4000; i++) core.addPositionalEncoding(x, 256, 64); };
  },
  'peValue (per-call overhead)': (core) => () => { for (let i = 0; i < 100000; i++) core.peValue(i, i % 64, 64); },
  'layerNorm T=256 d=512, Float32Array (chunked)': (core) => {
    const x = uniform(256 * 512, 5), gamma = uniform(512, 6);
    return () => { for (let i = 0; i < 40; i++) core.layerNorm(x, 512, { gamma }); };
  },
  'layerNorm T=256 d=512, tensors': (core) => {
    const x = core.alloc(256 * 512), out = core.alloc(256 * 512);
    x.data.set(uniform(256 * 512, 5));
    return () => { for (let i = 0; i < 40; i++) core.layerNorm(x, 512, { out }); };
  },
  'applyRotary L=1024 d=4096 headDim=128, Float32Array (chunked)': (core) => {
    const x = uniform(1024 * 4096, 7);
    return () => { for (let i = 0; i < 10; i++) core.applyRotary(x, 1024, 4096, { headDim: 128 }); };
  },
  'applyRotary L=1024 d=4096 headDim=128, tensor in place': (core) => {
    const x = core.alloc(1024 * 4096);
    x.data.set(uniform(1024 * 4096, 7));
    return () => { for (let i = 0; i < 20; i++) core.applyRotary(x, 1024, 4096, { headDim: 128 }); };
  },
  'applyRotary one row d=64 (per-call overhead)': (core) => {
    const x = uniform(64, 8);
    return () => { for (let i = 0; i < 20000; i++) core.applyRotary(x, 1, 64, { offset: i }); };
  },
  'block T=16 d=64 heads=4 dFF=256, Float32Array': (core) => {
    const block = core.createEncoderBlock({ dModel: 64, heads: 4, dFF: 256, seed: 1 });
    const x = uniform(16 * 64, 9);
    return () => { for (let i = 0; i < 400; i++) block.forward(x); };
  },
  'block T=128 d=768 heads=12 dFF=3072, tensors': (core) => {
    const block = core.createEncoderBlock({ dModel: 768, heads: 12, dFF: 3072, seed: 1 });
    const x = core.alloc(128 * 768), out = core.alloc(128 * 768);
    x.data.set(uniform(128 * 768, 9));
    return () => { block.forward(x, { out }); };
  },
};

const cores = { this: await load(checkouts.this), other: await load(checkouts.other) };
// CPU time of this process, not wall time: on a machine shared with other jobs, time spent waiting for a
// core is not the code's (measured here under load 10-13 on 2 cores: per-round ratios of wall time
// spread over 0.9-1.6, of CPU time over 1.0-1.1).
const time = (fn) => { const t0 = process.cpuUsage(); fn(); const d = process.cpuUsage(t0); return (d.user + d.system) / 1000; };
const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];

console.log(`A/B: ${checkouts.this} (this) vs ${checkouts.other} (other), ${rounds} interleaved rounds each`);
console.log('| workload | this CPU ms (best) | other CPU ms (best) | this ÷ other: median of rounds (best ÷ best) |');
console.log('|---|---:|---:|---:|');
for (const [name, make] of Object.entries(workloads).filter(([name]) => name.includes(only))) {
  const runs = { this: make(cores.this), other: make(cores.other) };
  runs.this(); runs.other(); // warm up
  const times = { this: [], other: [] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? ['other', 'this'] : ['this', 'other'];
    for (const side of order) times[side].push(time(runs[side]));
  }
  const ratios = times.this.map((t, i) => t / times.other[i]);
  const [best, bestOther] = [Math.min(...times.this), Math.min(...times.other)];
  console.log(`| ${name} | ${best.toFixed(2)} | ${bestOther.toFixed(2)} | ${median(ratios).toFixed(3)} (${(best / bestOther).toFixed(3)}) |`);
}

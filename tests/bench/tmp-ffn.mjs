import { init } from '../../src/js/index.js';
const core = await init({ wasm: process.env.WASM });
for (const [T, d, f] of [[128, 256, 1024], [1024, 256, 1024], [128, 512, 2048]]) {
  const ffn = core.createFFN({ dModel: d, dFF: f, seed: 1 });
  const x = core.alloc(T * d), out = core.alloc(T * d);
  x.data.fill(0.5);
  for (let i = 0; i < 5; i++) ffn.forward(x, { out });
  let best = Infinity;
  for (let r = 0; r < 7; r++) { const c0 = process.cpuUsage(); for (let i = 0; i < 10; i++) ffn.forward(x, { out }); const c = process.cpuUsage(c0); best = Math.min(best, (c.user + c.system) / 1e6 / 10); }
  console.log(`T=${T} d=${d} f=${f}: ${(4 * T * d * f / best / 1e9).toFixed(1)} GFLOPS`);
}

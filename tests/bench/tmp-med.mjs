import { init } from '../../src/js/index.js';
const core = await init({ wasm: process.env.WASM });
const m = core.createTransformer({ vocab: 64, dModel: 256, heads: 8, dFF: 1024, layers: 4, maxLength: 64, seed: 7 });
const B = 16, T = 64;
const tokens = Int32Array.from({ length: B * T }, (_, i) => (i * 7 + (i >> 4)) % 64);
const targets = Int32Array.from({ length: B * T }, (_, i) => (i % 5 === 4 ? -1 : (i * 3 + 1) % 64));
const tr = m.createTrainer();
const cpu = (fn) => { const c0 = process.cpuUsage(); fn(); const c = process.cpuUsage(c0); return ((c.user + c.system) / 1000).toFixed(0); };
for (let r = 0; r < 4; r++) console.log('loss', cpu(() => m.loss(tokens, targets, { batch: B })), 'grad', cpu(() => m.gradients(tokens, targets, { batch: B })), 'step', cpu(() => tr.step(tokens, targets, { batch: B })), 'forward', cpu(() => m.forward(tokens, { batch: B })));

// The training bench's part that runs in a browser (browser-entry.js, `node tests/bench/browser.js
// --only train`): the lab and medium configurations trained by this package (SIMD128 and relaxed
// builds) and, for the lab, by tfjs-core's wasm backend, in rounds of wall-clock samples (a page has
// no CPU-time clock; PyTorch has no place in a page). Each contestant's first 3 losses are checked
// against the SIMD128 build's. Node's run (train-bench.js) has the peers and the ratios; this says
// what a page gets.
import { tfjsTrainer } from './train-tfjs.js';

export const TRAIN_CONFIGS = {
  full: [
    { name: 'lab', options: { vocab: 16, dModel: 64, heads: 4, dFF: 256, layers: 2 }, T: 16, batch: 32 },
    { name: 'medium', options: { vocab: 64, dModel: 256, heads: 8, dFF: 1024, layers: 4 }, T: 64, batch: 16 },
  ],
  smoke: [{ name: 'smoke', options: { vocab: 8, dModel: 16, heads: 2, dFF: 32, layers: 1 }, T: 6, batch: 3 }],
};

/** The bench's fixed batch of a configuration: tokens and targets (a fifth of the targets -1). */
export function benchBatch({ options, T, batch }) {
  const n = batch * T;
  return {
    tokens: Int32Array.from({ length: n }, (_, i) => (i * 7 + (i >> 4)) % options.vocab),
    targets: Int32Array.from({ length: n }, (_, i) => (i % 5 === 4 ? -1 : (i * 3 + 1) % options.vocab)),
  };
}

/** Close enough to the module's losses: the same model, batch and optimiser in float32. */
export const sameLosses = (a, b) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= 1e-3 * (1 + Math.abs(b[i])));

export async function runTrainBrowser({ cores, tf, smoke = false, rounds = smoke ? 1 : 5, log = () => {} }) {
  const out = [];
  for (const cfg of TRAIN_CONFIGS[smoke ? 'smoke' : 'full']) {
    const { options, T, batch } = cfg;
    const { tokens, targets } = benchBatch(cfg);
    const base = cores.simd128.createTransformer({ ...options, maxLength: T, seed: 7 });
    const bytes = base.save();
    const contestants = [];
    for (const [variant, core] of Object.entries(cores)) {
      if (!core) continue;
      const model = core.loadTransformer(bytes), trainer = model.createTrainer();
      contestants.push({ id: `pkg-${variant}`, step: () => trainer.step(tokens, targets, { batch }), close: () => model.dispose() });
    }
    if (tf && cfg.name !== 'medium') { // a medium tfjs step takes over 10 s
      await tf.setBackend('wasm');
      const t = tfjsTrainer(tf, base, cores.simd128.positionalEncoding(T, options.dModel), tokens, targets, batch);
      contestants.push({ id: 'tfjs-wasm', step: () => t.step(), close: () => t.dispose() });
    }
    const results = {};
    const want = Array.from({ length: 3 }, () => contestants[0].step());
    for (const c of contestants) {
      const losses = c === contestants[0] ? want : Array.from({ length: 3 }, () => c.step());
      c.ok = sameLosses(losses, want);
      results[c.id] = c.ok ? { status: 'ok', samples: [] } : { status: 'wrong', losses };
      const t0 = performance.now();
      if (c.ok) c.step();
      c.steps = Math.max(1, Math.round(300 / Math.max(performance.now() - t0, 0.1)));
    }
    for (let r = 0; r < rounds; r++) {
      for (const c of contestants.filter((x) => x.ok)) {
        const t0 = performance.now();
        for (let s = 0; s < c.steps; s++) c.step();
        results[c.id].samples.push((performance.now() - t0) / 1000 / c.steps);
      }
      log(`train ${cfg.name}: round ${r + 1} of ${rounds}`);
    }
    contestants.forEach((c) => c.close());
    base.dispose();
    out.push({ name: cfg.name, results });
  }
  return out;
}

export function trainBrowserMarkdown(train) {
  const lines = ['Training in the browser (wall clock; steps per second, the best of the rounds [slowest round]):', '',
    '| configuration | contestant | steps/s | [slowest] |', '|---|---|---:|---:|'];
  for (const cfg of train) {
    for (const [id, r] of Object.entries(cfg.results)) {
      if (r.status !== 'ok') lines.push(`| ${cfg.name} | ${id} | ${r.status} | |`);
      else lines.push(`| ${cfg.name} | ${id} | ${(1 / Math.min(...r.samples)).toFixed(2)} | ${(1 / Math.max(...r.samples)).toFixed(2)} |`);
    }
  }
  return lines.join('\n');
}

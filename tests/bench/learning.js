#!/usr/bin/env node
// The learning figures of the small Transformer: for each task and position scheme, with and without
// the causal mask, the position lab's default model trained by the module with fixed seeds; prints the
// first checked step at which held-out token accuracy reached 99 %, the final accuracy, the task's
// chance and position-blind bound, and the time. Not a test: it measures (tests/js/transformer-
// learning.test.js asserts the two facts the contract needs).
//
//   node tests/bench/learning.js [--steps 600] [--every 25] [--tasks reverse,copy,sort,first]
//        [--schemes none,sinusoidal,learned,rope,alibi] [--length 8] [--test-length 12] [--seed 0]
import { init, createTask, tokenAccuracy } from '../../src/js/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const STEPS = Number(option('steps', 600)), EVERY = Number(option('every', 25));
const TASKS = option('tasks', 'reverse,copy,sort,first').split(',');
const SCHEMES = option('schemes', 'none,sinusoidal,learned,rope,alibi').split(',');
const LENGTH = Number(option('length', 8)), SEED = Number(option('seed', 0));
const TEST_LENGTH = Number(option('test-length', LENGTH + 4));
const LAB = { vocab: 16, dModel: 64, heads: 4, dFF: 256, layers: 2, maxLength: 64 };
const BATCH = 32;

const core = await init();
console.log(`| task | position | causal | steps to 99 % | accuracy after ${STEPS} | at length ${TEST_LENGTH} | chance | position-blind bound | s |`);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const name of TASKS) {
  for (const position of SCHEMES) {
    for (const causal of [false, true]) {
      const task = createTask(name, { vocab: LAB.vocab, length: LENGTH, seed: SEED + 1 });
      const held = task.testSet(LENGTH, 256), longer = task.testSet(TEST_LENGTH, 256);
      const model = core.createTransformer({ ...LAB, position, causal, seed: SEED });
      const trainer = model.createTrainer({ lr: 1e-3 });
      const accuracy = (set) => tokenAccuracy(model.forward(set.tokens, { batch: set.batch }), set.targets, LAB.vocab).accuracy;
      const t0 = performance.now();
      let reached = '—';
      for (let s = 1; s <= STEPS; s++) {
        const b = task.batch(BATCH);
        trainer.step(b.tokens, b.targets, { batch: BATCH });
        if (reached === '—' && s % EVERY === 0 && accuracy(held) >= 0.99) reached = String(s);
      }
      const seconds = (performance.now() - t0) / 1000;
      const longAccuracy = position === 'learned' && longer.length > LAB.maxLength ? NaN : accuracy(longer);
      const pct = (x) => (Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)} %`);
      console.log(`| ${name} | ${position} | ${causal ? 'yes' : 'no'} | ${reached} | ${pct(accuracy(held))} | ${pct(longAccuracy)} | ${pct(task.chance)} | ${pct(task.positionBlindBound)} | ${seconds.toFixed(1)} |`);
      model.dispose();
    }
  }
}

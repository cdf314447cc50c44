// The trainable Transformer of the module (core.createTransformer) against both oracles, within the
// contract's bounds: the double-precision reference (tests/reference/transformer-reference.js) and
// PyTorch in float64 (tests/python/torch_transformer.py). Logits and every trace array within
// 1e-4 (1 + M), the loss within 1e-5 (1 + loss), every gradient ‖g - r‖ ≤ 1e-4 ‖r‖ + 1e-7 √n, for
// every position scheme × causal × post/pre, each activation, 1-4 layers, 1-16 heads, batches 1-8,
// sizes on both sides of the matrix kernels' edges (panels of 8 columns, tiles of 5-6 rows, blocks of
// 128 rows) and d_model up to the contract's 1024; then 20 trainer steps against torch.optim.AdamW. The largest difference per array is printed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { resolveConfigRef, transformerGradientsRef } from '../reference/transformer-reference.js';
import { Worst, gradientError, perturbedParams, randomBatch, relativeMaxDiff } from '../reference/transformer-cases.js';
import { runTorch } from '../reference/torch-oracle.js';
import { createTask } from '../../src/js/tasks.js';
import { ACTIVATIONS, POSITIONS } from '../../src/js/abi.js'; // every scheme and activation pf_abi.h lists

const core = await loadCore();
const TRACE = ['q', 'k', 'v', 'scores', 'weights', 'attention', 'h1', 'hidden', 'ffn'];

function requireApi() {
  assert.equal(typeof core.createTransformer, 'function', 'core.createTransformer is missing: the training engine (branch train-core) is not in this build');
}

/** A model of the module holding exactly these parameters. */
function modelWith(config, params) {
  const model = core.createTransformer(config);
  for (const name of model.parameterNames) model.setParameter(name, params[name]);
  return model;
}

// Every scheme × norm × causal, activations in turn; dModel, dFF, vocab, T and batch on both sides of
// the kernels' edges; layers 1-4, heads 1-8 (rope: even head dimensions).
const cases = [];
const dims = [[8, 16, 7], [16, 17, 16], [12, 33, 9], [24, 63, 17], [32, 64, 15], [20, 8, 33], [40, 129, 8], [64, 256, 16]];
const lengths = [[1, 1], [4, 7], [2, 16], [3, 17], [3, 43], [8, 5], [7, 18], [2, 64]]; // rows B T: 1 .. 129, around the 128-row blocks
for (const position of POSITIONS) {
  for (const norm of ['post', 'pre']) {
    for (const causal of [false, true]) {
      const i = cases.length;
      const [dModel, dFF, vocab] = dims[i % dims.length], [B, T] = lengths[(i * 3) % lengths.length];
      let heads = [1, 2, 4, 2, 4, 1, 8, 4][i % 8];
      while (position === 'rope' && (dModel / heads) % 2) heads /= 2; // rope needs an even head dimension
      cases.push({ position, norm, causal, activation: ACTIVATIONS[i % ACTIVATIONS.length], dModel, dFF, vocab, heads, layers: 1 + (i % 4), maxLength: Math.max(T, 40), seed: i, B, T });
    }
  }
}
for (const activation of ACTIVATIONS) cases.push({ position: 'rope', activation, dModel: 48, dFF: 96, vocab: 10, heads: 6, layers: 2, seed: 60, B: 3, T: 11, norm: 'pre' });
cases.push({ position: 'learned', dModel: 16, vocab: 5, heads: 2, layers: 1, maxLength: 6, seed: 70, B: 2, T: 6 }); // T = maxLength
cases.push({ position: 'alibi', dModel: 24, dFF: 40, vocab: 6, heads: 3, layers: 2, seed: 71, B: 2, T: 9, causal: true }); // 3 heads: the slopes' formula
// d_model past the sizes above, up to the contract's 1024 (panels of 8 columns, an odd width, many heads).
cases.push({ position: 'sinusoidal', activation: 'relu', dModel: 257, dFF: 33, vocab: 9, heads: 1, layers: 1, seed: 72, B: 2, T: 5 });
cases.push({ position: 'rope', activation: 'silu', norm: 'pre', causal: true, dModel: 520, dFF: 72, vocab: 5, heads: 4, layers: 1, seed: 73, B: 1, T: 7 });
cases.push({ position: 'alibi', activation: 'gelu', causal: true, dModel: 1024, dFF: 24, vocab: 3, heads: 16, layers: 1, seed: 74, B: 2, T: 3 });

const inputs = cases.map((c) => {
  const config = resolveConfigRef(c);
  return { c, config, params: perturbedParams(config), ...randomBatch(c.vocab, c.B, c.T, c.seed + 7) };
});
// 20 trainer steps on the reverse task, clipped with weight decay, and with other betas and eps.
const training = (() => {
  const config = resolveConfigRef({ vocab: 16, dModel: 32, heads: 4, dFF: 64, layers: 2, position: 'rope', maxLength: 18, norm: 'pre', seed: 8 });
  const task = createTask('reverse', { vocab: 16, length: 8, seed: 3 });
  const steps = Array.from({ length: 20 }, () => task.batch(8));
  const runs = [{ lr: 3e-3, weightDecay: 0.05, clipNorm: 0.5 }, { lr: 1e-3, betas: [0.85, 0.99], eps: 1e-7, weightDecay: 0 }];
  return { config, steps, runs, params: perturbedParams(config) };
})();

// One PyTorch process for all of it: importing torch takes seconds.
const oracle = runTorch([
  ...inputs.map(({ config, params, tokens, targets, c }) => ({ config, params, tokens, targets, batch: c.B, trace: true })),
  ...training.runs.map((train) => ({ config: training.config, params: training.params, tokens: training.steps[0].tokens, targets: training.steps[0].targets, batch: 8, train: { ...train, steps: training.steps } })),
]);

/** Logits, trace, loss and gradients of the module against one oracle's; adds the measures to `worst`. */
function compare(label, got, want, worst) {
  assert.ok(worst.add('logits', relativeMaxDiff(got.logits, want.logits)) <= 1e-4, `${label}: logits`);
  got.trace.layers.forEach((layer, l) => {
    for (const name of TRACE) assert.ok(worst.add(name, relativeMaxDiff(layer[name], want.trace.layers[l][name])) <= 1e-4, `${label}: layer ${l} ${name}`);
  });
  assert.ok(worst.add('loss', Math.abs(got.loss - want.loss) / (1 + want.loss)) <= 1e-5, `${label}: loss ${got.loss} vs ${want.loss}`);
  for (const [name, g] of Object.entries(want.grads)) assert.ok(worst.add('gradients', gradientError(got.grads[name], g)) <= 1e-4, `${label}: gradient of ${name}`);
}

test('forward, trace, loss and every gradient within the contract of the reference and of PyTorch float64', () => {
  requireApi();
  const vsReference = new Worst(), vsTorch = new Worst();
  inputs.forEach(({ c, config, params, tokens, targets }, i) => {
    const label = `${c.position} ${config.norm}${config.causal ? ' causal' : ''} ${config.activation} d=${c.dModel} dFF=${config.dFF} V=${c.vocab} L=${config.layers} H=${config.heads} B=${c.B} T=${c.T}`;
    const model = modelWith(config, params);
    try {
      const { logits, trace } = model.forward(tokens, { batch: c.B, trace: true });
      const { loss, grads } = model.gradients(tokens, targets, { batch: c.B });
      const got = { logits, trace, loss, grads };
      const ref = transformerGradientsRef(params, config, tokens, targets, { batch: c.B });
      compare(`${label} (reference)`, got, ref, vsReference);
      const alone = model.loss(tokens, targets, { batch: c.B });
      assert.ok(vsReference.add('loss()', Math.abs(alone - ref.loss) / (1 + ref.loss)) <= 1e-5, `${label}: loss() ${alone} vs ${ref.loss}`);
      compare(`${label} (PyTorch)`, got, oracle[i], vsTorch);
    } finally {
      model.dispose();
    }
  });
  console.log(`# module vs reference, largest per array (|d| / (1 + M); gradients ‖d‖ / (‖r‖ + 1e-3 √n)): ${vsReference}`);
  console.log(`# module vs PyTorch float64: ${vsTorch}`);
});

test('20 trainer steps give PyTorch AdamW\'s losses within 1e-4 (1 + loss), with and without clipping', () => {
  requireApi();
  const { config, steps, runs, params } = training;
  const torch = oracle.slice(inputs.length);
  const worst = new Worst();
  runs.forEach((train, r) => {
    const model = modelWith(config, params);
    const trainer = model.createTrainer(train);
    try {
      steps.forEach((s, i) => {
        const loss = trainer.step(s.tokens, s.targets, { batch: 8 });
        assert.ok(worst.add('losses vs PyTorch', Math.abs(loss - torch[r].losses[i]) / (1 + torch[r].losses[i])) <= 1e-4, `run ${r} step ${i}: ${loss} vs ${torch[r].losses[i]}`);
      });
      assert.equal(trainer.steps, 20);
      for (const name of model.parameterNames) worst.add('parameters after 20 steps', relativeMaxDiff(model.getParameter(name), torch[r].params[name]));
    } finally {
      model.dispose();
    }
  });
  console.log(`# 20 AdamW steps, module vs PyTorch float64 (the reference's AdamW equals it: tests/reference/transformer-torch.test.js): ${worst}`);
});

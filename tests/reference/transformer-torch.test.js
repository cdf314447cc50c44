// The double-precision reference of the trainable Transformer (transformer-reference.js) against the
// second oracle, PyTorch in float64 (tests/python/torch_transformer.py, Debian's python3-torch):
// logits, every trace array, the loss, every gradient, and 20 AdamW steps (with and without clipping)
// for every position scheme × causal × post/pre, each activation, several layers, heads and batches.
// Both are float64, so they agree to ~1e-13; the bound 1e-9 leaves room for summation order only.
// It uses no module build, so it lives here and runs once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AdamWRef, resolveConfigRef, transformerForwardRef, transformerGradientsRef } from './transformer-reference.js';
import { Worst, gradientError, perturbedParams, randomBatch, relativeMaxDiff } from './transformer-cases.js';
import { runTorch } from './torch-oracle.js';
import { createTask } from '../../src/js/tasks.js';
import { ACTIVATIONS, POSITIONS } from '../../src/js/abi.js'; // every scheme and activation pf_abi.h lists

const TRACE = ['q', 'k', 'v', 'scores', 'weights', 'attention', 'h1', 'hidden', 'ffn'];
const BOUND = 1e-9;

const cases = [];
for (const position of POSITIONS) {
  for (const norm of ['post', 'pre']) {
    for (const causal of [false, true]) {
      const i = cases.length;
      cases.push({ position, norm, causal, activation: ACTIVATIONS[i % ACTIVATIONS.length], vocab: 11, dModel: 8, heads: 1 + (i % 2) * 3, dFF: 12, layers: 1 + (i % 3), maxLength: 9, seed: i, B: 1 + (i % 3), T: 5 + (i % 4) });
    }
  }
}
for (const activation of ACTIVATIONS) cases.push({ position: 'rope', activation, vocab: 7, dModel: 12, heads: 3, dFF: 20, layers: 2, seed: 40, B: 2, T: 9, norm: 'pre' });
cases.push({ position: 'learned', vocab: 5, dModel: 6, heads: 2, layers: 1, maxLength: 4, seed: 50, B: 2, T: 4, eps: 1e-3 }); // T = maxLength, default dFF

const oracle = runTorch(cases.map((c) => {
  const config = resolveConfigRef(c);
  const { tokens, targets } = randomBatch(c.vocab, c.B, c.T, c.seed + 7);
  return { config, params: perturbedParams(config), tokens, targets, batch: c.B, trace: true };
}));

test('forward, trace, loss and every gradient: the reference equals PyTorch float64 in every configuration', () => {
  const worst = new Worst();
  cases.forEach((c, i) => {
    const config = resolveConfigRef(c), params = perturbedParams(config), torch = oracle[i];
    const { tokens, targets } = randomBatch(c.vocab, c.B, c.T, c.seed + 7);
    const label = `${c.position} ${config.norm}${config.causal ? ' causal' : ''} ${config.activation} L=${config.layers} H=${config.heads} B=${c.B} T=${c.T}`;
    const { logits, trace } = transformerForwardRef(params, config, tokens, { batch: c.B });
    assert.ok(worst.add('logits', relativeMaxDiff(logits, torch.logits)) <= BOUND, `${label}: logits`);
    trace.layers.forEach((layer, l) => {
      for (const name of TRACE) assert.ok(worst.add(name, relativeMaxDiff(layer[name], torch.trace.layers[l][name])) <= BOUND, `${label}: layer ${l} ${name}`);
    });
    const { loss, grads } = transformerGradientsRef(params, config, tokens, targets, { batch: c.B });
    assert.ok(worst.add('loss', Math.abs(loss - torch.loss) / (1 + torch.loss)) <= BOUND, `${label}: loss ${loss} vs ${torch.loss}`);
    assert.deepEqual(Object.keys(grads), Object.keys(torch.grads), 'the same parameters in the same order');
    for (const [name, g] of Object.entries(grads)) assert.ok(worst.add('gradients', gradientError(g, torch.grads[name])) <= BOUND, `${label}: ${name}`);
  });
  console.log(`# reference vs PyTorch float64, largest difference per array (|d| / (1 + M); gradients ‖d‖ / (‖r‖ + 1e-3 √n)): ${worst}`);
});

test('20 AdamW steps on the reverse task (weight decay, clipping or not): the same losses and parameters as torch.optim.AdamW', () => {
  const config = resolveConfigRef({ vocab: 8, dModel: 8, heads: 2, dFF: 16, layers: 2, position: 'learned', maxLength: 8, norm: 'pre', causal: true, activation: 'gelu', seed: 3 });
  const task = createTask('reverse', { vocab: 8, length: 3, seed: 1 });
  const steps = Array.from({ length: 20 }, () => task.batch(4));
  const runs = [{ lr: 0.01, weightDecay: 0.1, clipNorm: 0.5 }, { lr: 0.003, betas: [0.8, 0.99], eps: 1e-6 }];
  const params = perturbedParams(config);
  const results = runTorch(runs.map((train) => ({ config, params, tokens: steps[0].tokens, targets: steps[0].targets, batch: 4, train: { ...train, steps } })));
  const worst = new Worst();
  runs.forEach((train, r) => {
    const opt = new AdamWRef(params, train);
    const losses = steps.map((s) => opt.step(config, s.tokens, s.targets, { batch: 4 }));
    assert.ok(losses[19] < losses[0] - 0.05, `training moves: ${losses[0]} -> ${losses[19]}`);
    losses.forEach((loss, i) => assert.ok(worst.add('losses', Math.abs(loss - results[r].losses[i]) / (1 + loss)) <= BOUND, `run ${r} step ${i}`));
    for (const [name, p] of Object.entries(opt.params)) assert.ok(worst.add('parameters', relativeMaxDiff(p, results[r].params[name])) <= BOUND, `run ${r} ${name}`);
  });
  console.log(`# 20 AdamW steps, reference vs PyTorch float64: ${worst}`);
});

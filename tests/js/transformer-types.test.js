// The declarations of the trainable Transformer (src/js/index.d.ts) compile under --strict with
// NodeNext and Bundler resolution, and reject misuse (an unknown position scheme, a trace read from a
// forward without one, a trainer option of the wrong type).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile } from './typecheck.js';

const use = `
import { init, type PeFfnCore, type Transformer, type Trainer, type TransformerConfig, type TransformerLayerTrace,
  type Tensor } from '../../src/js/index.js';
const core: PeFfnCore = await init();
const model: Transformer = core.createTransformer({ vocab: 16, dModel: 16, heads: 2, layers: 2, maxLength: 8,
  position: 'rope', causal: true, norm: 'pre', activation: 'silu', eps: 1e-6, seed: 3 });
const config: TransformerConfig = model.config;
const tokens = Int32Array.of(1, 2, 3, 4), targets = [2, 3, 4, -1];
const logits: Float32Array = model.forward(tokens, { batch: 2 });
const t: Tensor = core.alloc(4 * 16);
const into: Tensor = model.forward(Uint8Array.of(1, 2, 3, 4), { out: t });
const { trace } = model.forward([1, 2], { trace: true });
const layer: TransformerLayerTrace = trace.layers[0];
const loss: number = model.loss(tokens, targets, { batch: 1 });
const { grads } = model.gradients(tokens, Int32Array.from(targets));
const g: Float32Array = grads['layers.0.wq'];
const trainer: Trainer = model.createTrainer({ lr: 1e-3, betas: [0.9, 0.98], weightDecay: 0, clipNorm: 1 });
trainer.lr = 5e-4;
const step: number = trainer.step(tokens, targets) + trainer.steps;
const finite: boolean = trainer.lastStepFinite;
const diverged: number | null = trainer.firstNonFiniteStep;
const shape: number[] = model.parameterShape(model.parameterNames[0]);
model.setParameter('embedding', model.getParameter('embedding'));
const copy: Transformer = core.loadTransformer(model.save());
copy.dispose();
trainer.dispose();
model.dispose();
export { config, logits, into, layer, loss, g, step, finite, diverged, shape };
`;
const misuse = `
import { init } from '../../src/js/index.js';
const core = await init();
const model = core.createTransformer({ vocab: 16, dModel: 16, position: 'absolute' });
const w = model.forward([1, 2]).trace;
model.createTrainer({ lr: '0.1' });
export { w };
`;

test('the trainable Transformer type-checks under --strict (NodeNext and Bundler); misuse is refused', () => {
  for (const r of compile('types-transformer', { 'use.ts': use, 'misuse.ts': misuse })) {
    const errors = r.stdout.trim().split('\n');
    assert.equal(errors.length, 3, r.stdout + r.stderr);          // use.ts compiles cleanly
    assert.match(errors[0], /^misuse\.ts\(4,.*'"absolute"' is not assignable to type 'PositionScheme/);
    assert.match(errors[1], /^misuse\.ts\(5,.*Property 'trace' does not exist/);
    assert.match(errors[2], /^misuse\.ts\(6,.*'string' is not assignable to type 'number/);
  }
});

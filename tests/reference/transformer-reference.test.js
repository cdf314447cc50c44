// The double-precision reference of the trainable Transformer (transformer-reference.js, beside this)
// checked against itself the independent way: every parameter's hand-derived gradient against central
// finite differences of the reference's loss, for every position scheme × causal × post/pre and each
// activation, on small models whose every element is perturbed. Also the seeded parameters' order and
// bounds, the loss's ignored targets, and clipping and AdamW on known numbers.
// It uses no module build, so it lives here and runs once (scripts/test.sh runs tests/js once per build).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mulberry32 } from './reference.js';
import { perturbedParams, randomBatch } from './transformer-cases.js';
import {
  AdamWRef, clipGradNormRef, crossEntropyRef, parameterShapesRef, seededParamsRef, transformerForwardRef,
  transformerGradientsRef, transformerLossRef,
} from './transformer-reference.js';
import { ACTIVATIONS, POSITIONS } from '../../src/js/abi.js'; // every scheme and activation pf_abi.h lists


/** ‖a - b‖₂ and ‖b‖₂. */
function norms(a, b) {
  let d = 0, n = 0;
  for (let i = 0; i < a.length; i++) { d += (a[i] - b[i]) ** 2; n += b[i] ** 2; }
  return [Math.sqrt(d), Math.sqrt(n)];
}

/** Every gradient array against central differences; returns the largest ‖g - fd‖ / ‖fd‖. */
function checkGradients(config, B, T) {
  const params = perturbedParams(config);
  const { tokens, targets } = randomBatch(config.vocab, B, T, config.seed + 2);
  const { loss, grads } = transformerGradientsRef(params, config, tokens, targets, { batch: B });
  assert.ok(Math.abs(loss - transformerLossRef(params, config, tokens, targets, { batch: B })) < 1e-14, 'the same loss');
  const h = 1e-6;
  let worst = 0;
  for (const [name, shape] of parameterShapesRef(config)) {
    const p = Float64Array.from(params[name]);
    const fd = new Float64Array(p.length);
    const at = { ...params, [name]: p };
    for (let i = 0; i < p.length; i++) {
      const keep = p[i];
      p[i] = keep + h;
      const up = transformerLossRef(at, config, tokens, targets, { batch: B });
      p[i] = keep - h;
      const down = transformerLossRef(at, config, tokens, targets, { batch: B });
      p[i] = keep;
      fd[i] = (up - down) / (2 * h);
    }
    const [d, n] = norms(grads[name], fd);
    assert.equal(grads[name].length, shape.reduce((a, b) => a * b, 1), `${name} size`);
    assert.ok(d <= 1e-6 * n + 1e-9, `${name}: ‖g - fd‖ ${d.toExponential(2)}, ‖fd‖ ${n.toExponential(2)}`);
    if (/\.bk$/.test(name) && config.position !== 'rope') {
      // q_i · bk is the same for every j of row i, and softmax ignores a constant: bk's gradient is 0
      assert.ok(grads[name].every((g) => Math.abs(g) < 1e-15), `${name} is 0 without rope`);
    } else {
      assert.ok(n > 1e-6, `${name} has a gradient to compare (‖fd‖ ${n})`);
      worst = Math.max(worst, d / n);
    }
  }
  return worst;
}

for (const position of POSITIONS) {
  for (const norm of ['post', 'pre']) {
    for (const causal of [false, true]) {
      const activation = ACTIVATIONS[(POSITIONS.indexOf(position) + (norm === 'pre' ? 1 : 0) + (causal ? 2 : 0)) % 4];
      test(`backward = finite differences: ${position} ${norm}${causal ? ' causal' : ''} ${activation}, 2 layers, 2 heads, batch 2`, () => {
        const config = { vocab: 5, dModel: 4, heads: 2, dFF: 6, layers: 2, maxLength: 6, position, norm, causal, activation, seed: 11 };
        const worst = checkGradients(config, 2, 4);
        console.log(`# ${position} ${norm}${causal ? ' causal' : ''} ${activation}: largest ‖g - fd‖ / ‖fd‖ ${worst.toExponential(2)}`);
      });
    }
  }
}

for (const activation of ACTIVATIONS) {
  test(`backward = finite differences: ${activation}, 1 layer, 3 heads of 2 (rope), odd sizes`, () => {
    const config = { vocab: 7, dModel: 6, heads: 3, dFF: 5, layers: 1, maxLength: 5, position: 'rope', activation, seed: 3 };
    const worst = checkGradients(config, 3, 5);
    console.log(`# ${activation}: largest ‖g - fd‖ / ‖fd‖ ${worst.toExponential(2)}`);
  });
}

test('seeded parameters: the contract order, gammas ones, betas zeros, bounds by fan-in, one stream', () => {
  const config = { vocab: 6, dModel: 4, heads: 2, dFF: 8, layers: 2, maxLength: 3, position: 'learned', norm: 'pre', seed: 99 };
  const names = parameterShapesRef(config).map(([n]) => n);
  assert.deepEqual(names.slice(0, 4), ['embedding', 'position', 'layers.0.wq', 'layers.0.bq']);
  assert.deepEqual(names.slice(-4), ['final.gamma', 'final.beta', 'output.w', 'output.b']);
  assert.deepEqual(names.slice(10, 18), ['layers.0.gamma1', 'layers.0.beta1', 'layers.0.w1', 'layers.0.b1', 'layers.0.w2', 'layers.0.b2', 'layers.0.gamma2', 'layers.0.beta2']);
  const p = seededParamsRef(config);
  const next = mulberry32(99);
  assert.equal(p.embedding[0], Math.fround((2 * next() - 1) / 2), 'the first draw is embedding[0], bound 1/sqrt(dModel)');
  for (let i = 1; i < 24; i++) next();
  assert.equal(p.position[0], Math.fround(2 * next() - 1), 'position follows embedding, bound 1');
  const bound = (name) => Math.max(...p[name].map(Math.abs));
  assert.ok(bound('position') > 0.5 && bound('position') <= 1);
  assert.ok(bound('layers.1.w2') <= 1 / Math.sqrt(8) && bound('layers.1.w2') > 0.2);
  assert.ok(bound('layers.1.w1') <= 0.5 && bound('layers.1.w1') > 1 / Math.sqrt(8));
  assert.ok(p['layers.0.gamma2'].every((v) => v === 1) && p['final.beta'].every((v) => v === 0));
  assert.ok(!('position' in seededParamsRef({ ...config, position: 'rope' })));
  assert.ok(!('final.gamma' in seededParamsRef({ ...config, norm: 'post' })));
});

test('loss: -1 targets are ignored, the mean is over counted targets, none counted gives 0 and zero gradients', () => {
  const logits = Float64Array.from([1, 2, 3, 0, 0, 0, 5, -5, 0]);
  const one = crossEntropyRef(logits, [2, -1, 0], 3);
  const lse = (a, b, c) => Math.log(Math.exp(a) + Math.exp(b) + Math.exp(c));
  assert.ok(Math.abs(one.loss - ((lse(1, 2, 3) - 3) + (lse(5, -5, 0) - 5)) / 2) < 1e-15);
  assert.ok(one.dlogits.slice(3, 6).every((v) => v === 0));
  const config = { vocab: 5, dModel: 4, heads: 2, layers: 1, seed: 1 };
  const { loss, grads } = transformerGradientsRef(seededParamsRef(config), config, [1, 2, 3], [-1, -1, -1]);
  assert.equal(loss, 0);
  for (const g of Object.values(grads)) assert.ok(g.every((v) => v === 0));
});

test('sequences of a batch do not see each other; with none and no mask, permuting tokens permutes logits', () => {
  const config = { vocab: 9, dModel: 8, heads: 2, layers: 2, position: 'none', seed: 5 };
  const params = seededParamsRef(config);
  const seq = [3, 1, 4, 1, 5, 8], perm = [5, 2, 0, 4, 1, 3];
  const both = transformerForwardRef(params, config, [...seq, ...perm.map((i) => seq[i])], { batch: 2 }).logits;
  const alone = transformerForwardRef(params, config, seq).logits;
  assert.deepEqual(both.slice(0, alone.length), alone);
  for (let t = 0; t < 6; t++) {
    for (let v = 0; v < 9; v++) assert.ok(Math.abs(both[(6 + t) * 9 + v] - alone[perm[t] * 9 + v]) < 1e-12);
  }
});

test('clip_grad_norm_ and AdamW on numbers worked by hand', () => {
  const grads = { a: Float64Array.from([3, 0]), b: Float64Array.from([4]) };
  assert.equal(clipGradNormRef(grads, 1), 5);
  assert.ok(Math.abs(grads.a[0] - 3 / (5 + 1e-6)) < 1e-16 && Math.abs(grads.b[0] - 4 / (5 + 1e-6)) < 1e-16);
  const small = { a: Float64Array.from([0.3]) };
  clipGradNormRef(small, 1);
  assert.equal(small.a[0], 0.3, 'under the bound: unchanged');
  // One step from p = 1, g = 0.5: m = 0.05, v = 0.00025, m̂ = 0.5, v̂ = 0.25, p = 1 (1 - 0.1 · 0.01) - 0.1 · 0.5 / (0.5 + 1e-8)
  const opt = new AdamWRef({ p: [1] }, { lr: 0.1 });
  opt.update({ p: [0.5] });
  assert.ok(Math.abs(opt.params.p[0] - (0.999 - (0.1 * 0.5) / (0.5 + 1e-8))) < 1e-15);
  opt.update({ p: [0] }); // a zero gradient still decays the weight and the moments
  const m = 0.9 * 0.05, v = 0.999 * 0.00025;
  const p1 = 0.999 - (0.1 * 0.5) / (0.5 + 1e-8);
  const expected = p1 * 0.999 - ((0.1 / (1 - 0.81)) * m) / (Math.sqrt(v) / Math.sqrt(1 - 0.999 ** 2) + 1e-8);
  assert.ok(Math.abs(opt.params.p[0] - expected) < 1e-15);
});

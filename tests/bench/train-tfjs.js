// The training bench's tfjs peer: the module's model (its parameters and options) rebuilt with
// tfjs-core ops on a given backend, gradients by tf.variableGrads, and AdamW written with tf ops as
// torch.optim.AdamW computes it (tfjs has Adam but not AdamW's decoupled decay). Supports what the
// bench trains: sinusoidal or no positions, no causal mask, post- or pre-norm, each activation.
const ACT = {
  relu: (tf, z) => tf.relu(z),
  gelu: (tf, z) => tf.mul(tf.mul(z, 0.5), tf.add(1, tf.erf(tf.mul(z, Math.SQRT1_2)))),
  gelu_tanh: (tf, z) => tf.mul(tf.mul(z, 0.5), tf.add(1, tf.tanh(tf.mul(tf.add(z, tf.mul(tf.pow(z, 3), 0.044715)), Math.sqrt(2 / Math.PI))))),
  silu: (tf, z) => tf.mul(z, tf.sigmoid(z)),
};

/**
 * A trainer of the model's copy: { step() -> loss, dispose() }, training on one fixed batch.
 * `positions`: the (T, D) sinusoidal table as a Float32Array (or null for 'none').
 */
let created = 0; // variables' names are global to tfjs: each trainer's get their own

export function tfjsTrainer(tf, model, positions, tokens, targets, batch, { lr = 1e-3, betas = [0.9, 0.999], eps = 1e-8, weightDecay = 0.01 } = {}) {
  const c = model.config;
  if (c.causal || !['sinusoidal', 'none'].includes(c.position)) throw new Error('tfjsTrainer: the bench trains non-causal sinusoidal or none models');
  const { dModel: D, heads: H, vocab: V } = c, E = D / H, T = tokens.length / batch, N = tokens.length;
  const vars = {}, m = {}, v = {};
  for (const name of model.parameterNames) {
    vars[name] = tf.variable(tf.tensor(model.getParameter(name), model.parameterShape(name)), true, `${name}#${++created}`);
    m[name] = tf.variable(tf.zerosLike(vars[name]), false);
    v[name] = tf.variable(tf.zerosLike(vars[name]), false);
  }
  const pe = positions ? tf.tile(tf.tensor2d(positions, [T, D]), [batch, 1]) : null;
  // The embedding as one-hot rows times E: the gradient of tf.gather needs UnsortedSegmentSum, which
  // the wasm backend lacks; a product's gradient every backend has (N V D more work, small here).
  const tokensOneHot = tf.oneHot(tf.tensor1d(tokens, 'int32'), V);
  const counted = targets.reduce((n, t) => n + (t !== -1), 0);
  const mask = tf.tensor2d(Float32Array.from(targets, (t) => (t === -1 ? 0 : 1)), [N, 1]);
  const oneHot = tf.oneHot(tf.tensor1d(Int32Array.from(targets, (t) => Math.max(t, 0)), 'int32'), V);
  const layerNorm = (x, g, b) => {
    const { mean, variance } = tf.moments(x, -1, true);
    return tf.add(tf.mul(tf.div(tf.sub(x, mean), tf.sqrt(tf.add(variance, c.eps))), g), b);
  };
  const heads = (x) => tf.transpose(tf.reshape(x, [batch, T, H, E]), [0, 2, 1, 3]);
  const loss = () => {
    let x = tf.mul(tf.matMul(tokensOneHot, vars.embedding), Math.sqrt(D));
    if (pe) x = tf.add(x, pe);
    for (let l = 0; l < c.layers; l++) {
      const P = (n) => vars[`layers.${l}.${n}`];
      const a = c.norm === 'pre' ? layerNorm(x, P('gamma1'), P('beta1')) : x;
      const [q, k, vv] = ['q', 'k', 'v'].map((n) => heads(tf.add(tf.matMul(a, P(`w${n}`)), P(`b${n}`))));
      const w = tf.softmax(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(E)));
      const o = tf.reshape(tf.transpose(tf.matMul(w, vv), [0, 2, 1, 3]), [N, D]);
      const attention = tf.add(tf.matMul(o, P('wo')), P('bo'));
      const h1 = c.norm === 'post' ? layerNorm(tf.add(x, attention), P('gamma1'), P('beta1')) : tf.add(x, attention);
      const z = c.norm === 'pre' ? layerNorm(h1, P('gamma2'), P('beta2')) : h1;
      const ffn = tf.add(tf.matMul(ACT[c.activation](tf, tf.add(tf.matMul(z, P('w1')), P('b1'))), P('w2')), P('b2'));
      x = c.norm === 'post' ? layerNorm(tf.add(h1, ffn), P('gamma2'), P('beta2')) : tf.add(h1, ffn);
    }
    if (c.norm === 'pre') x = layerNorm(x, vars['final.gamma'], vars['final.beta']);
    const logits = tf.add(tf.matMul(x, vars['output.w']), vars['output.b']);
    const picked = tf.sum(tf.mul(tf.logSoftmax(logits), oneHot), -1, true);
    return tf.div(tf.neg(tf.sum(tf.mul(picked, mask))), Math.max(counted, 1));
  };
  let t = 0;
  return {
    step() {
      t++;
      const { value, grads } = tf.variableGrads(loss);
      tf.tidy(() => {
        const stepSize = lr / (1 - betas[0] ** t), correction2 = Math.sqrt(1 - betas[1] ** t);
        for (const name of model.parameterNames) {
          const g = grads[vars[name].name];
          m[name].assign(tf.add(tf.mul(m[name], betas[0]), tf.mul(g, 1 - betas[0])));
          v[name].assign(tf.add(tf.mul(v[name], betas[1]), tf.mul(tf.square(g), 1 - betas[1])));
          const decayed = tf.mul(vars[name], 1 - lr * weightDecay);
          vars[name].assign(tf.sub(decayed, tf.mul(stepSize, tf.div(m[name], tf.add(tf.div(tf.sqrt(v[name]), correction2), eps)))));
        }
      });
      const lossValue = value.dataSync()[0];
      value.dispose();
      Object.values(grads).forEach((g) => g.dispose());
      return lossValue;
    },
    dispose() {
      for (const x of [...Object.values(vars), ...Object.values(m), ...Object.values(v), pe, tokensOneHot, mask, oneHot]) x?.dispose();
    },
  };
}

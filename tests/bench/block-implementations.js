// The encoder block's contestants (post-norm, ReLU FFN, eps 1e-5), each behind the bench's interface
// setup({ tokens, dModel, heads, dFF, x, w }) -> { run() -> output, dispose() }, with the same weights
// w (wq .. beta2, row-major [in][out]) and input x. Peers are passed in, never imported here.
import { blockModel } from './block-onnx-model.js';
import { ortOnTokens, packageLayer } from './implementations.js';

/** This package: `fresh` returns a new array per call; `out` writes into a reused tensor. */
export function packageBlock(core, path) {
  return packageLayer(core, path, ({ dModel, heads, dFF, w }) => core.createEncoderBlock({ dModel, heads, dFF, ...w }));
}

/** TensorFlow.js, wasm backend: fused matMul + bias (+ relu), reshape/transpose into heads, softmax,
    layer norm from moments. Weights uploaded once; per call the input goes up and the output down. */
export function tfjsBlock(tf) {
  return {
    setup({ tokens: T, dModel: d, heads: H, dFF: F, x, w }) {
      const E = d / H;
      const W = {};
      for (const [name, shape] of Object.entries({ wq: [d, d], wk: [d, d], wv: [d, d], wo: [d, d], w1: [d, F], w2: [F, d] })) W[name] = tf.tensor2d(w[name], shape);
      for (const name of ['bq', 'bk', 'bv', 'bo', 'b1', 'b2', 'gamma1', 'beta1', 'gamma2', 'beta2']) W[name] = tf.tensor1d(w[name]);
      const linear = (a, name, activation) => tf.fused.matMul({ a, b: W[`w${name}`], bias: W[`b${name}`], activation });
      const layerNorm = (z, gamma, beta) => {
        const { mean, variance } = tf.moments(z, -1, true);
        return tf.add(tf.mul(tf.mul(tf.sub(z, mean), tf.rsqrt(tf.add(variance, 1e-5))), gamma), beta);
      };
      const heads = (m) => tf.transpose(tf.reshape(m, [T, H, E]), [1, 0, 2]);
      return {
        run() {
          const y = tf.tidy(() => {
            const a = tf.tensor2d(x, [T, d]);
            const q = heads(linear(a, 'q')), k = heads(linear(a, 'k')), v = heads(linear(a, 'v'));
            const weights = tf.softmax(tf.mul(tf.matMul(q, k, false, true), 1 / Math.sqrt(E)));
            const o = tf.reshape(tf.transpose(tf.matMul(weights, v), [1, 0, 2]), [T, d]);
            const h1 = layerNorm(tf.add(a, linear(o, 'o')), W.gamma1, W.beta1);
            const f = linear(linear(h1, '1', 'relu'), '2');
            return layerNorm(tf.add(h1, f), W.gamma2, W.beta2);
          });
          const data = y.dataSync();
          y.dispose();
          return data;
        },
        dispose: () => tf.dispose(Object.values(W)),
      };
    },
  };
}

/** onnxruntime-web (wasm execution provider) running blockModel's graph. */
export function ortBlock(ort) {
  return ortOnTokens(ort, ({ tokens, dModel, heads, dFF, w }) => blockModel({ tokens, dModel, heads, dFF, w }));
}

// The contestants of the bench, each behind one small interface so that every one gets the same
// inputs and is checked the same way:
//   ffn: setup({ tokens, dModel, dFF, x, w1, b1, w2, b2 }) -> { run() -> output (Float32Array-like), dispose() }
//   pe:  setup({ length, dModel }) -> { run() -> table, dispose(), layout }
// `run` may return a Promise (onnxruntime-web is asynchronous); its result is what gets checked.
// Works unchanged in Node and in the browser: peer libraries are passed in, never imported here.
import { ffnModel, peModel } from './onnx-model.js';

// ----------------------------------------------------------------------------------------------
// This package

/** A layer of this package (make(args) -> an FFN or an encoder block) on the setup's x: `fresh`
    returns a new array per call; `out` writes into a reused tensor. */
export function packageLayer(core, path, make) {
  return {
    setup(args) {
      const layer = make(args);
      const { x } = args;
      if (path === 'fresh') return { run: () => layer.forward(x), dispose: () => layer.dispose() };
      const xt = core.alloc(x.length);
      xt.data.set(x);
      const out = core.alloc(x.length);
      return {
        run: () => layer.forward(xt, { out }).data,
        dispose: () => { layer.dispose(); xt.free(); out.free(); },
      };
    },
  };
}

/** FFN of this package with `activation` (paths as packageLayer's). */
export function packageFFN(core, path, activation = 'relu') {
  return packageLayer(core, path, ({ dModel, dFF, w1, b1, w2, b2 }) => core.createFFN({ dModel, dFF, activation, w1, b1, w2, b2 }));
}

/** PE of this package: a fresh array, `out` into a reused tensor, or `out` into a reused Float32Array. */
export function packagePE(core, path) {
  return {
    setup({ length, dModel }) {
      if (path === 'fresh') return { run: () => core.positionalEncoding(length, dModel), dispose() {} };
      if (path === 'tensor') {
        const out = core.alloc(length * dModel);
        return { run: () => core.positionalEncoding(length, dModel, { out }).data, dispose: () => out.free() };
      }
      const out = new Float32Array(length * dModel);
      return { run: () => core.positionalEncoding(length, dModel, { out }), dispose() {} };
    },
  };
}

// ----------------------------------------------------------------------------------------------
// Plain JavaScript: what a careful user writes without a library (typed arrays, row-order loops).

export const plainFFN = {
  setup({ tokens, dModel, dFF, x, w1, b1, w2, b2 }) {
    const h = new Float64Array(dFF);
    const y = new Float64Array(dModel);
    return {
      run() {
        const out = new Float32Array(tokens * dModel);
        for (let t = 0; t < tokens; t++) {
          for (let f = 0; f < dFF; f++) h[f] = b1[f];
          for (let i = 0; i < dModel; i++) {
            const xi = x[t * dModel + i];
            const row = i * dFF;
            for (let f = 0; f < dFF; f++) h[f] += xi * w1[row + f];
          }
          for (let m = 0; m < dModel; m++) y[m] = b2[m];
          for (let f = 0; f < dFF; f++) {
            const hf = h[f] > 0 ? h[f] : 0;
            const row = f * dModel;
            for (let m = 0; m < dModel; m++) y[m] += hf * w2[row + m];
          }
          out.set(y, t * dModel);
        }
        return out;
      },
      dispose() {},
    };
  },
};

export const plainPE = {
  setup({ length, dModel }) {
    const half = Math.ceil(dModel / 2);
    const den = Float64Array.from({ length: half }, (_, k) => Math.pow(10000, (2 * k) / dModel));
    return {
      run() {
        const out = new Float32Array(length * dModel);
        for (let p = 0; p < length; p++) {
          const row = p * dModel;
          for (let k = 0; k < half; k++) {
            const angle = p / den[k];
            out[row + 2 * k] = Math.sin(angle);
            if (2 * k + 1 < dModel) out[row + 2 * k + 1] = Math.cos(angle);
          }
        }
        return out;
      },
      dispose() {},
    };
  },
};

// ----------------------------------------------------------------------------------------------
// Fill floors: the cost of writing (or allocating and writing) as many float32 values.

export const fillReused = {
  setup({ length, dModel }) {
    const buffer = new Float32Array(length * dModel);
    return { run: () => buffer.fill(0.5), dispose() {}, unchecked: true };
  },
};

export const fillFresh = {
  setup({ length, dModel }) {
    return { run: () => new Float32Array(length * dModel).fill(0.5), dispose() {}, unchecked: true };
  },
};

// ----------------------------------------------------------------------------------------------
// TensorFlow.js with its WebAssembly backend (XNNPACK). Weights uploaded once; per call the input is
// uploaded, the fused matMul + bias (+ relu) kernels run, and the output is read back.

export function tfjsFFN(tf) {
  return {
    setup({ tokens, dModel, dFF, x, w1, b1, w2, b2 }) {
      const W1 = tf.tensor2d(w1, [dModel, dFF]), B1 = tf.tensor1d(b1);
      const W2 = tf.tensor2d(w2, [dFF, dModel]), B2 = tf.tensor1d(b2);
      return {
        run() {
          const y = tf.tidy(() => {
            const h = tf.fused.matMul({ a: tf.tensor2d(x, [tokens, dModel]), b: W1, bias: B1, activation: 'relu' });
            return tf.fused.matMul({ a: h, b: W2, bias: B2 });
          });
          const data = y.dataSync();
          y.dispose();
          return data;
        },
        dispose: () => tf.dispose([W1, B1, W2, B2]),
      };
    },
  };
}

/** Frequencies 1 / base^(2k/d) rounded to float32, as a float32 library holds them. */
function invFrequencies(dModel) {
  return Float32Array.from({ length: Math.ceil(dModel / 2) }, (_, k) => 1 / Math.pow(10000, (2 * k) / dModel));
}

export function tfjsPE(tf) {
  return {
    setup({ length, dModel }) {
      const positions = Float32Array.from({ length }, (_, p) => p);
      const inv = tf.tensor2d(invFrequencies(dModel), [1, Math.ceil(dModel / 2)]);
      return {
        layout: 'concat',
        run() {
          const y = tf.tidy(() => {
            const angle = tf.mul(tf.tensor2d(positions, [length, 1]), inv);
            return tf.concat([tf.sin(angle), tf.cos(angle)], 1);
          });
          const data = y.dataSync();
          y.dispose();
          return data;
        },
        dispose: () => inv.dispose(),
      };
    },
  };
}

// ----------------------------------------------------------------------------------------------
// onnxruntime-web (wasm execution provider): the same graphs as ONNX models written by onnx-model.js.

/** A session of the model on the wasm execution provider, fully optimised. */
export const ortSession = (ort, model) => ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });

/** onnxruntime-web running the model made from the setup's arguments, fed x (tokens, dModel). */
export function ortOnTokens(ort, model) {
  return {
    async setup(args) {
      const session = await ortSession(ort, model(args));
      const { x, tokens, dModel } = args;
      return {
        async run() {
          const { y } = await session.run({ x: new ort.Tensor('float32', x, [tokens, dModel]) });
          return y.data;
        },
        dispose: () => session.release(),
      };
    },
  };
}

export function ortFFN(ort) {
  return ortOnTokens(ort, ({ tokens, dModel, dFF, w1, b1, w2, b2 }) => ffnModel({ tokens, dModel, dFF, w1, b1, w2, b2 }));
}

export function ortPE(ort) {
  return {
    async setup({ length, dModel }) {
      const positions = Float32Array.from({ length }, (_, p) => p);
      const session = await ortSession(ort, peModel({ length, dModel, invFreq: invFrequencies(dModel) }));
      return {
        layout: 'concat',
        async run() {
          const { y } = await session.run({ pos: new ort.Tensor('float32', positions, [length, 1]) });
          return y.data;
        },
        dispose: () => session.release(),
      };
    },
  };
}

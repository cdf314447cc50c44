// The RoPE contestants of the bench, behind the interface of implementations.js:
//   setup({ length, dModel, headDim, base, x }) -> { run() -> rotated rows, dispose() }
// Each rotates its own copy of x in place, so the first run() is checked against the reference and
// later runs keep rotating the same rows (a rotation keeps their size). Works in Node and browsers.
import { model, node, tensor, valueInfo } from './onnx-model.js';
import { ortSession } from './implementations.js';

/** This package, in place on a tensor (no copy) or on a plain Float32Array (chunks through scratch). */
export function packageRope(core, path) {
  return {
    setup({ length, dModel, headDim, base, x }) {
      const options = { headDim, base };
      if (path === 'tensor') {
        const t = core.alloc(x.length);
        t.data.set(x);
        return { run: () => core.applyRotary(t, length, dModel, options).data, dispose: () => t.free() };
      }
      const array = x.slice();
      return { run: () => core.applyRotary(array, length, dModel, options), dispose() {} };
    },
  };
}

/** Plain JavaScript in double, as the formula reads: the angle, its cosine and sine for every pair. */
export const plainRopePerPair = {
  setup({ length, dModel, headDim, base, x }) {
    const half = headDim / 2;
    const den = Float64Array.from({ length: half }, (_, i) => Math.pow(base, (2 * i) / headDim));
    const y = x.slice();
    return {
      run() {
        for (let t = 0; t < length; t++) {
          for (let h = t * dModel; h < (t + 1) * dModel; h += headDim) {
            for (let i = 0; i < half; i++) {
              const theta = t / den[i], c = Math.cos(theta), s = Math.sin(theta);
              const a = y[h + 2 * i], b = y[h + 2 * i + 1];
              y[h + 2 * i] = a * c - b * s;
              y[h + 2 * i + 1] = a * s + b * c;
            }
          }
        }
        return y;
      },
      dispose() {},
    };
  },
};

/** Plain JavaScript in double, careful: each row's cosines and sines once, shared by its heads. */
export const plainRopePerRow = {
  setup({ length, dModel, headDim, base, x }) {
    const half = headDim / 2;
    const den = Float64Array.from({ length: half }, (_, i) => Math.pow(base, (2 * i) / headDim));
    const cos = new Float64Array(half), sin = new Float64Array(half);
    const y = x.slice();
    return {
      run() {
        for (let t = 0; t < length; t++) {
          for (let i = 0; i < half; i++) {
            cos[i] = Math.cos(t / den[i]);
            sin[i] = Math.sin(t / den[i]);
          }
          for (let h = t * dModel; h < (t + 1) * dModel; h += headDim) {
            for (let i = 0; i < half; i++) {
              const a = y[h + 2 * i], b = y[h + 2 * i + 1];
              y[h + 2 * i] = a * cos[i] - b * sin[i];
              y[h + 2 * i + 1] = a * sin[i] + b * cos[i];
            }
          }
        }
        return y;
      },
      dispose() {},
    };
  },
};

/** The memory floor: Float32Array.prototype.set from a copy of the same size (read and write once). */
export const copyFloor = {
  setup({ x }) {
    const source = x.slice(), target = new Float32Array(x.length);
    return { run: () => target.set(source), dispose() {}, unchecked: true };
  },
};

const INT64 = 7; // TensorProto.DataType.INT64

/**
 * onnxruntime-web's com.microsoft RotaryEmbedding (its CPU kernel is in the wasm build): input
 * (1, L, d) with num_heads = d / headDim, interleaved pairs, position ids 0 .. L - 1, and cos/sin
 * caches (L, headDim / 2) computed in double and rounded (the operator takes them as inputs). The
 * operator is not in place: each call reads x and returns a new tensor (64 MB of garbage per call at
 * the full size, so the bench times it apart from the others: see rope-bench.js).
 */
export function ortRope(ort) {
  return {
    async setup({ length, dModel, headDim, base, x }) {
      const half = headDim / 2;
      const cosCache = new Float32Array(length * half), sinCache = new Float32Array(length * half);
      for (let p = 0; p < length; p++) {
        for (let i = 0; i < half; i++) {
          const theta = p / Math.pow(base, (2 * i) / headDim);
          cosCache[p * half + i] = Math.cos(theta);
          sinCache[p * half + i] = Math.sin(theta);
        }
      }
      const bytes = model({
        nodes: [node('RotaryEmbedding', ['x', 'pos', 'cos', 'sin'], ['y'], { interleaved: 1, num_heads: dModel / headDim }, 'com.microsoft')],
        initializers: [tensor('cos', [length, half], cosCache), tensor('sin', [length, half], sinCache)],
        inputs: [valueInfo('x', [1, length, dModel]), valueInfo('pos', [1, length], INT64)],
        outputs: [valueInfo('y', [1, length, dModel])],
        domains: { 'com.microsoft': 1 },
      });
      const session = await ortSession(ort, bytes);
      const feeds = {
        x: new ort.Tensor('float32', x, [1, length, dModel]),
        pos: new ort.Tensor('int64', BigInt64Array.from({ length }, (_, p) => BigInt(p)), [1, length]),
      };
      return {
        async run() {
          const { y } = await session.run(feeds);
          return y.data;
        },
        dispose: () => session.release(),
      };
    },
  };
}

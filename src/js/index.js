// pe-ffn-wasm: exact, fast sinusoidal positional encoding and position-wise feed-forward networks in
// WebAssembly, over linear memory shared with JavaScript. See README.md and docs/API.md.
import { addPositionalEncoding, peValue, positionalEncoding } from './pe.js';
import { createFFN } from './ffn.js';
import { layerNorm } from './layernorm.js';
import { createEncoderBlock } from './block.js';
import { createTransformer } from './transformer.js';
import { loadTransformer } from './model-file.js';
import { applyRotary, rotaryAngle } from './rope.js';
import { compileModule, instantiate } from './loader.js';
import { MAX_MEMORY_BYTES } from './defaults.js';
import { Heap, Tensor } from './memory.js';
import { readOptions } from './args.js';
import * as check from './validate.js';
import { version } from './version.js';

/** One instance of the module: its own memory, tensors, layers and scratch area (core.heap, internal). */
class Core {
  constructor(exports, module) {
    this.exports = exports;
    this.heap = new Heap(exports);
    this.module = module; // the compiled .wasm: a parallel trainer's workers instantiate the same build
    Object.defineProperty(this, 'exports', { enumerable: false });
    Object.defineProperty(this, 'heap', { enumerable: false });
    Object.defineProperty(this, 'module', { enumerable: false });
  }

  get memory() {
    return this.heap.memory;
  }

  get version() {
    return version;
  }

  /** n float32 values inside core.memory (n = 0 allowed). */
  alloc(n) {
    check.integer('n', n, 0, MAX_MEMORY_BYTES / 4); // the largest still fails to fit, as a RangeError naming n
    return new Tensor(this.heap, n);
  }

  positionalEncoding(length, dModel, options) {
    return positionalEncoding(this, length, dModel, options);
  }

  addPositionalEncoding(x, length, dModel, options) {
    return addPositionalEncoding(this, x, length, dModel, options);
  }

  peValue(position, j, dModel, options) {
    return peValue(this, position, j, dModel, options);
  }

  applyRotary(x, length, dModel, options) {
    return applyRotary(this, x, length, dModel, options);
  }

  rotaryAngle(position, pair, headDim, options) {
    return rotaryAngle(this, position, pair, headDim, options);
  }

  createFFN(options) {
    return createFFN(this, options);
  }

  layerNorm(x, dModel, options) {
    return layerNorm(this, x, dModel, options);
  }

  createEncoderBlock(options) {
    return createEncoderBlock(this, options);
  }

  createTransformer(options) {
    return createTransformer(this, options);
  }

  loadTransformer(bytes) {
    return loadTransformer(this, bytes);
  }
}

/**
 * Loads the module and returns a new independent instance. `wasm` may be an ArrayBuffer, Uint8Array,
 * URL, string, Response or WebAssembly.Module; by default the .wasm next to this package is used.
 */
export async function init(options) {
  const o = readOptions('options', options, ['wasm']);
  const { module, label } = await compileModule(o.wasm);
  return new Core(await instantiate(module, label), module);
}

export { version };
export { createTask, tokenAccuracy, TASK_NAMES } from './tasks.js';
export { pytorchScript } from './pytorch-script.js';

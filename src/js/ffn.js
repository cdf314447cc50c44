// The position-wise feed-forward network as a JavaScript object over a C layer that owns its
// weights in the module's memory. Inputs outside that memory are copied in for the call only; every
// temporary is freed in `finally`, and results that leave the API are the caller's own arrays.
import { statusError } from './errors.js';
import { MAX_MEMORY_BYTES, overlaps, resolveFloats } from './memory.js';
import { MAX_DIM, MAX_LENGTH } from './pe.js';
import * as check from './validate.js';

export const ACTIVATIONS = ['relu', 'gelu', 'gelu_tanh', 'silu'];
const MAX_SEED = 4294967295;
const SMALL_FLOATS = 1 << 14; // inputs up to this size use the core's scratch area (see forward)

// Frees the C layer of an FFN that was garbage-collected without dispose().
const orphans = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ heap, layer }) => heap.exports.pf_ffn_delete(layer))
  : null;

/** A resolved weight argument checked against its expected length. */
function weight(heap, name, value, n, shape) {
  if (value === undefined) return null;
  const w = resolveFloats(heap, name, value);
  if (w.length !== n) throw new RangeError(`${name} must hold exactly ${shape} = ${n} values, got ${w.length}`);
  return w;
}

/** Pointer to a resolved argument's data inside the heap, copying plain arrays into `temps`. */
function inHeap(heap, resolved, temps, name) {
  if (!resolved) return 0;
  if (resolved.array === undefined) return resolved.ptr;
  const ptr = heap.alloc(resolved.length * 4, name);
  temps.push(ptr);
  heap.f32(ptr, resolved.length).set(resolved.array);
  return ptr;
}

export function createFFN(core, options) {
  const heap = core.heap;
  const o = check.options('options', check.required('options', options));
  const dModel = check.integer('dModel', check.required('dModel', o.dModel), 1, MAX_DIM);
  const dFF = check.integer('dFF', check.required('dFF', o.dFF), 1, MAX_DIM);
  const activation = o.activation === undefined ? 'relu' : ACTIVATIONS[check.oneOf('activation', o.activation, ACTIVATIONS)];
  const seed = o.seed === undefined ? 0 : check.integer('seed', o.seed, 0, MAX_SEED);
  if ((o.w1 === undefined) !== (o.w2 === undefined)) {
    throw new TypeError(`w1 and w2 must be given together (got ${o.w1 === undefined ? 'w2 without w1' : 'w1 without w2'})`);
  }
  const w1 = weight(heap, 'w1', o.w1, dModel * dFF, 'dModel * dFF');
  const b1 = weight(heap, 'b1', o.b1, dFF, 'dFF');
  const w2 = weight(heap, 'w2', o.w2, dFF * dModel, 'dFF * dModel');
  const b2 = weight(heap, 'b2', o.b2, dModel, 'dModel');
  // Row-major and packed copies of both matrices (pe_ffn.h, ffn_layer): a lower bound on the layer's
  // size, so requests that can never fit are refused before anything is allocated.
  const layerBytes = (4 * dModel * dFF + dFF + dModel) * 4;
  if (layerBytes >= MAX_MEMORY_BYTES) {
    throw new RangeError(`dFF: a layer with dModel ${dModel} and dFF ${dFF} needs ${layerBytes} bytes, more than the module's memory can hold (${MAX_MEMORY_BYTES} bytes)`);
  }

  const layer = core.exports.pf_ffn_new(dModel, dFF, ACTIVATIONS.indexOf(activation)) >>> 0;
  if (layer === 0) throw new RangeError(`dFF: a layer with dModel ${dModel} and dFF ${dFF} (${layerBytes} bytes) does not fit in the module's memory`);
  const temps = [];
  try {
    const b1Ptr = inHeap(heap, b1, temps, 'b1');
    const b2Ptr = inHeap(heap, b2, temps, 'b2');
    const status = w1
      ? core.exports.pf_ffn_set_weights(layer, inHeap(heap, w1, temps, 'w1'), b1Ptr, inHeap(heap, w2, temps, 'w2'), b2Ptr)
      : core.exports.pf_ffn_init_seeded(layer, seed, b1Ptr, b2Ptr);
    if (status !== 0) throw statusError(heap, status, 'createFFN');
  } catch (error) {
    core.exports.pf_ffn_delete(layer);
    throw error;
  } finally {
    temps.forEach((ptr) => heap.free(ptr));
  }
  return new FFN(core, layer, dModel, dFF, activation);
}

export class FFN {
  #core;
  #layer;

  constructor(core, layer, dModel, dFF, activation) {
    this.#core = core;
    this.#layer = layer;
    Object.defineProperties(this, {
      dModel: { value: dModel, enumerable: true },
      dFF: { value: dFF, enumerable: true },
      activation: { value: activation, enumerable: true },
      paramCount: { value: 2 * dModel * dFF + dFF + dModel, enumerable: true },
    });
    orphans?.register(this, { heap: core.heap, layer }, this);
  }

  /**
   * out (tokens, dModel) = act(x W1 + b1) W2 + b2; with { hidden: true } also act(x W1 + b1), with
   * { preActivation: true } also z = x W1 + b1 (the same sums, so act(z) is hidden).
   */
  forward(x, options) {
    if (this.#layer === 0) throw new Error('ffn.forward(): this FFN has been disposed');
    const { heap, exports } = this.#core;
    const input = resolveFloats(heap, 'x', x);
    if (input.length % this.dModel !== 0) {
      throw new RangeError(`x must hold a whole number of tokens of dModel = ${this.dModel} values, got ${input.length} values`);
    }
    const tokens = input.length / this.dModel;
    if (tokens > MAX_LENGTH) throw new RangeError(`x must hold at most ${MAX_LENGTH} tokens, got ${tokens}`);
    const o = check.options('options', options);
    const wantHidden = o.hidden === undefined ? false : check.boolean('hidden', o.hidden);
    const wantPre = o.preActivation === undefined ? false : check.boolean('preActivation', o.preActivation);
    const out = o.out === undefined ? null : resolveFloats(heap, 'out', o.out);
    if (out && out.length !== input.length) {
      throw new RangeError(`out must hold exactly tokens * dModel = ${input.length} values, got ${out.length}`);
    }
    if (out && overlaps(out, input)) throw new RangeError('out must not share memory with x');
    const nHidden = tokens * this.dFF;
    if ((wantHidden || wantPre) && nHidden * 4 >= MAX_MEMORY_BYTES) {
      throw new RangeError(`x: the hidden activations of ${tokens} tokens (${nHidden} values) do not fit in the module's memory`);
    }

    const temps = [];
    try {
      let xPtr = 0;
      let outPtr = out && out.array === undefined ? out.ptr : 0;
      if (input.array !== undefined && !outPtr && input.length > 0 && input.length <= SMALL_FLOATS) {
        // Small plain arrays (the teaching sizes) go through the core's scratch area: two
        // allocations and frees per call would cost more than the layer itself.
        xPtr = this.#core.scratch(2 * input.length);
        outPtr = xPtr + input.length * 4;
        heap.f32(xPtr, input.length).set(input.array);
      } else {
        xPtr = inHeap(heap, input, temps, 'x');
        if (!outPtr && tokens > 0) temps.push((outPtr = heap.alloc(input.length * 4, 'x')));
      }
      const hiddenPtr = wantHidden && tokens > 0 ? heap.alloc(nHidden * 4, 'x') : 0;
      if (hiddenPtr) temps.push(hiddenPtr);
      const prePtr = wantPre && tokens > 0 ? heap.alloc(nHidden * 4, 'x') : 0;
      if (prePtr) temps.push(prePtr);
      const status = exports.pf_ffn_forward(this.#layer, outPtr, hiddenPtr, prePtr, xPtr, tokens);
      if (status !== 0) throw statusError(heap, status, 'ffn.forward');

      let output = o.out;
      if (!out) output = tokens > 0 ? heap.f32(outPtr, input.length).slice() : new Float32Array(0);
      else if (out.array !== undefined) out.array.set(heap.f32(outPtr, input.length));
      if (!wantHidden && !wantPre) return output;
      const rows = (ptr) => (ptr ? heap.f32(ptr, nHidden).slice() : new Float32Array(0));
      const result = { output };
      if (wantHidden) result.hidden = rows(hiddenPtr);
      if (wantPre) result.preActivation = rows(prePtr);
      return result;
    } finally {
      temps.forEach((ptr) => heap.free(ptr));
    }
  }

  /** Frees the layer's memory. Safe to call twice; forward() afterwards throws. */
  dispose() {
    if (this.#layer === 0) return;
    orphans?.unregister(this);
    this.#core.exports.pf_ffn_delete(this.#layer);
    this.#layer = 0;
  }
}

// The position-wise feed-forward network as a JavaScript object over a C layer that owns its
// weights in the module's memory. Inputs outside that memory are copied in for the call only; every
// temporary is freed in `finally`, and results that leave the API are the caller's own arrays.
import { copyIn, copyOut, expectLength, optionalFloats, readOptions, required, tokenArrays } from './args.js';
import { ACTIVATIONS, DEFAULTS, LIMITS, MAX_MEMORY_BYTES, MAX_SEED } from './defaults.js';
import { checkStatus } from './errors.js';
import { NativeHandle } from './native-object.js';
import * as check from './validate.js';

const { MAX_DIM, MAX_LENGTH } = LIMITS;
const SMALL_FLOATS = 1 << 14; // inputs up to this size use the scratch area (see forward)
const FFN_OPTIONS = ['dModel', 'dFF', 'activation', 'w1', 'b1', 'w2', 'b2', 'seed'];
const FORWARD_OPTIONS = ['hidden', 'preActivation', 'out'];

/** The bytes of a layer's one allocation, as the core computes them (pf_ffn_bytes). */
function layerBytes(heap, dModel, dFF) {
  checkStatus(heap.exports.pf_ffn_bytes(heap.slot, dModel, dFF), 'dFF');
  return heap.slotF64();
}

export function createFFN(core, options) {
  const heap = core.heap;
  const o = readOptions('options', required('options', options), FFN_OPTIONS);
  const dModel = check.integer('dModel', required('dModel', o.dModel), 1, MAX_DIM);
  const dFF = check.integer('dFF', required('dFF', o.dFF), 1, MAX_DIM);
  const activation = o.activation === undefined ? DEFAULTS.activation : check.oneOf('activation', o.activation, ACTIVATIONS);
  const seed = o.seed === undefined ? DEFAULTS.seed : check.integer('seed', o.seed, 0, MAX_SEED);
  if ((o.w1 === undefined) !== (o.w2 === undefined)) {
    throw new TypeError(`w1 and w2 must be given together (got ${o.w1 === undefined ? 'w2 without w1' : 'w1 without w2'})`);
  }
  const bytes = layerBytes(heap, dModel, dFF);
  if (bytes >= MAX_MEMORY_BYTES) {
    throw new RangeError(`dFF: a layer with dModel ${dModel} and dFF ${dFF} needs ${bytes} bytes, more than the module's memory can hold (${MAX_MEMORY_BYTES} bytes)`);
  }
  const w1 = optionalFloats(heap, 'w1', o.w1);
  const b1 = optionalFloats(heap, 'b1', o.b1);
  const w2 = optionalFloats(heap, 'w2', o.w2);
  const b2 = optionalFloats(heap, 'b2', o.b2);
  expectLength('w1', w1, dModel * dFF, 'dModel * dFF');
  expectLength('b1', b1, dFF, 'dFF');
  expectLength('w2', w2, dFF * dModel, 'dFF * dModel');
  expectLength('b2', b2, dModel, 'dModel');

  checkStatus(core.exports.pf_ffn_new(heap.slot, dModel, dFF, activation), 'dFF', `a layer with dModel ${dModel} and dFF ${dFF} needs ${bytes} bytes`);
  const layer = heap.slotU32();
  const temps = [];
  try {
    const b1Ptr = copyIn(heap, b1, temps, 'b1');
    const b2Ptr = copyIn(heap, b2, temps, 'b2');
    const status = w1
      ? core.exports.pf_ffn_set_weights(layer, copyIn(heap, w1, temps, 'w1'), b1Ptr, copyIn(heap, w2, temps, 'w2'), b2Ptr)
      : core.exports.pf_ffn_init_seeded(layer, seed, b1Ptr, b2Ptr);
    checkStatus(status, 'dFF');
  } catch (error) {
    core.exports.pf_ffn_delete(layer);
    throw error;
  } finally {
    temps.forEach((ptr) => heap.free(ptr));
  }
  return new FFN(core, layer, dModel, dFF, ACTIVATIONS[activation]);
}

export class FFN {
  #core;
  #native;

  constructor(core, layer, dModel, dFF, activation) {
    this.#core = core;
    this.#native = new NativeHandle(this, layer, core.exports.pf_ffn_delete, 'FFN');
    Object.defineProperties(this, {
      dModel: { value: dModel, enumerable: true },
      dFF: { value: dFF, enumerable: true },
      activation: { value: activation, enumerable: true },
      paramCount: { value: 2 * dModel * dFF + dFF + dModel, enumerable: true },
    });
  }

  /**
   * out (tokens, dModel) = act(x W1 + b1) W2 + b2; with { hidden: true } also act(x W1 + b1), with
   * { preActivation: true } also z = x W1 + b1 (the same sums, so act(z) is hidden).
   */
  forward(x, options) {
    const o = readOptions('options', options, FORWARD_OPTIONS);
    const wantHidden = o.hidden === undefined ? false : check.boolean('hidden', o.hidden);
    const wantPre = o.preActivation === undefined ? false : check.boolean('preActivation', o.preActivation);
    const { heap, exports } = this.#core;
    const { input, out, tokens } = tokenArrays(heap, x, o.out, this.dModel, MAX_LENGTH);
    const layer = this.#native.pointer('ffn.forward()'); // last: a getter among the arguments may have disposed it
    const nHidden = tokens * this.dFF;
    const extra = wantHidden ? 'hidden' : 'preActivation'; // the option that asks for (tokens, dFF) arrays
    if ((wantHidden || wantPre) && nHidden * 4 >= MAX_MEMORY_BYTES) {
      throw new RangeError(`${extra}: the ${extra === 'hidden' ? 'hidden activations' : 'pre-activations'} of ${tokens} tokens (${nHidden} values) do not fit in the module's memory`);
    }

    const temps = [];
    try {
      let xPtr = 0;
      let outPtr = out && out.array === undefined ? out.ptr : 0;
      if (input.array !== undefined && !outPtr && input.length > 0 && input.length <= SMALL_FLOATS) {
        // Small plain arrays (the teaching sizes) go through the scratch area: two
        // allocations and frees per call would cost more than the layer itself.
        xPtr = heap.scratch(2 * input.length, 'x');
        outPtr = xPtr + input.length * 4;
        heap.f32(xPtr, input.length).set(input.array);
      } else {
        xPtr = copyIn(heap, input, temps, 'x');
        if (!outPtr && tokens > 0) temps.push((outPtr = heap.alloc(input.length * 4, 'x')));
      }
      const hiddenPtr = wantHidden && tokens > 0 ? heap.alloc(nHidden * 4, 'hidden') : 0;
      if (hiddenPtr) temps.push(hiddenPtr);
      const prePtr = wantPre && tokens > 0 ? heap.alloc(nHidden * 4, 'preActivation') : 0;
      if (prePtr) temps.push(prePtr);
      checkStatus(exports.pf_ffn_forward(layer, outPtr, hiddenPtr, prePtr, xPtr, tokens), 'x');

      let output = o.out;
      if (!out) output = tokens > 0 ? heap.f32(outPtr, input.length).slice() : new Float32Array(0);
      else if (tokens > 0) copyOut(heap, out, outPtr);
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
    this.#native.dispose();
  }
}

// The Transformer encoder block as a JavaScript object over a C block (src/c/block.h) that owns its
// weights in one allocation of the module's memory. A forward takes one region of memory for
// everything it needs (the scratch area for small calls, one allocation freed in `finally`
// for large ones): the input and output when they live outside the module, the C workspace, and the
// trace arrays. Results that leave the API are the caller's own arrays.
import { copyIn, copyOut, expectLength, optionalFloats, readOptions, required, tokenArrays } from './args.js';
import { ACTIVATIONS, DEFAULTS, LIMITS, MAX_MEMORY_BYTES, MAX_SEED, NORMS } from './defaults.js';
import { checkStatus } from './errors.js';
import { NativeHandle } from './native-object.js';
import * as check from './validate.js';

const { MAX_DIM, BLOCK_MAX_DIM, BLOCK_MAX_TOKENS } = LIMITS;
const SMALL_FLOATS = 1 << 18; // forwards needing up to 1 MiB use the scratch area

/** The six matrices, which come together, and every weight in the order of pf_block_load. */
const MATRICES = ['wq', 'wk', 'wv', 'wo', 'w1', 'w2'];
const WEIGHTS = ['wq', 'bq', 'wk', 'bk', 'wv', 'bv', 'wo', 'bo', 'w1', 'b1', 'w2', 'b2', 'gamma1', 'beta1', 'gamma2', 'beta2'];
/** The trace arrays, in the order of pf_block_forward's arguments. */
const TRACE = ['q', 'k', 'v', 'scores', 'weights', 'attention', 'h1', 'hidden', 'ffn'];

const BLOCK_OPTIONS = ['dModel', 'heads', 'dFF', 'activation', 'norm', 'causal', 'eps', 'seed', ...WEIGHTS];
const FORWARD_OPTIONS = ['out', 'trace'];

/** Values and their description for each weight's expected length. */
function weightShapes(dModel, dFF) {
  const dd = [dModel * dModel, 'dModel * dModel'], d = [dModel, 'dModel'];
  return {
    wq: dd, wk: dd, wv: dd, wo: dd, w1: [dModel * dFF, 'dModel * dFF'], w2: [dFF * dModel, 'dFF * dModel'],
    bq: d, bk: d, bv: d, bo: d, b1: [dFF, 'dFF'], b2: d, gamma1: d, beta1: d, gamma2: d, beta2: d,
  };
}

export function createEncoderBlock(core, options) {
  const { heap, exports } = core;
  const o = readOptions('options', required('options', options), BLOCK_OPTIONS);
  const dModel = check.integer('dModel', required('dModel', o.dModel), 1, BLOCK_MAX_DIM);
  const heads = check.integer('heads', required('heads', o.heads), 1, dModel);
  if (dModel % heads !== 0) throw new RangeError(`heads must divide dModel = ${dModel}, got ${heads}`);
  const dFF = check.integer('dFF', required('dFF', o.dFF), 1, MAX_DIM);
  const activation = o.activation === undefined ? DEFAULTS.activation : check.oneOf('activation', o.activation, ACTIVATIONS);
  const norm = o.norm === undefined ? DEFAULTS.norm : check.oneOf('norm', o.norm, NORMS);
  const causal = o.causal === undefined ? DEFAULTS.causal : check.boolean('causal', o.causal);
  const eps = o.eps === undefined ? DEFAULTS.eps : check.finiteAbove('eps', o.eps, 0);
  const seed = o.seed === undefined ? DEFAULTS.seed : check.integer('seed', o.seed, 0, MAX_SEED);
  const present = MATRICES.filter((name) => o[name] !== undefined);
  if (present.length > 0 && present.length < MATRICES.length) {
    const missing = MATRICES.find((name) => o[name] === undefined);
    throw new TypeError(`${missing} is missing: the matrices ${MATRICES.join(', ')} come together (got ${present.join(', ')})`);
  }
  const config = [dModel, heads, dFF, activation, norm, causal ? 1 : 0, eps];
  checkStatus(exports.pf_block_bytes(heap.slot, ...config), 'dFF');
  const layerBytes = heap.slotF64();
  if (layerBytes >= MAX_MEMORY_BYTES) {
    throw new RangeError(`dFF: a block with dModel ${dModel} and dFF ${dFF} needs ${layerBytes} bytes, more than the module's memory can hold (${MAX_MEMORY_BYTES} bytes)`);
  }
  const shapes = weightShapes(dModel, dFF);
  const weights = {};
  for (const name of WEIGHTS) weights[name] = optionalFloats(heap, name, o[name]); // arrays last
  for (const name of WEIGHTS) expectLength(name, weights[name], ...shapes[name]);

  checkStatus(exports.pf_block_new(heap.slot, ...config), 'dFF', `a block with dModel ${dModel} and dFF ${dFF} needs ${layerBytes} bytes`);
  const layer = heap.slotU32();
  const temps = [];
  try {
    const pointers = WEIGHTS.map((name) => copyIn(heap, weights[name], temps, name));
    checkStatus(exports.pf_block_load(layer, present.length === 0 ? 1 : 0, seed, ...pointers), 'dFF');
  } catch (error) {
    exports.pf_block_delete(layer);
    throw error;
  } finally {
    temps.forEach((ptr) => heap.free(ptr));
  }
  return new EncoderBlock(core, layer, { dModel, heads, dFF, activation: ACTIVATIONS[activation], norm: NORMS[norm], causal, eps });
}

const round4 = (n) => Math.ceil(n / 4) * 4;

export class EncoderBlock {
  #core;
  #native;

  constructor(core, layer, { dModel, heads, dFF, activation, norm, causal, eps }) {
    this.#core = core;
    this.#native = new NativeHandle(this, layer, core.exports.pf_block_delete, 'encoder block');
    const value = (v) => ({ value: v, enumerable: true });
    Object.defineProperties(this, {
      dModel: value(dModel), heads: value(heads), headDim: value(dModel / heads), dFF: value(dFF),
      activation: value(activation), norm: value(norm), causal: value(causal), eps: value(eps),
      paramCount: value(4 * dModel * dModel + 2 * dModel * dFF + dFF + 9 * dModel),
    });
  }

  /** out (tokens, dModel) = the block of x; with { trace: true } also every intermediate array. */
  forward(x, options) {
    const o = readOptions('options', options, FORWARD_OPTIONS);
    const wantTrace = o.trace === undefined ? false : check.boolean('trace', o.trace);
    const { heap, exports } = this.#core;
    const { input, out, tokens } = tokenArrays(heap, x, o.out, this.dModel, BLOCK_MAX_TOKENS);
    const layer = this.#native.pointer('block.forward()'); // last: a getter among the arguments may have disposed it

    const n = input.length;
    const traceLengths = {
      q: n, k: n, v: n, scores: this.heads * tokens * tokens, weights: this.heads * tokens * tokens,
      attention: n, h1: n, hidden: tokens * this.dFF, ffn: n,
    };
    // One region: [x copy] [output] [workspace] [trace arrays], each 16-byte aligned.
    const parts = [];
    const part = (name, floats) => parts.push({ name, floats: round4(floats) });
    if (input.array !== undefined) part('x', n);
    if (!out || out.array !== undefined) part('out', n);
    checkStatus(exports.pf_block_workspace_floats(heap.slot, layer, tokens), 'x');
    part('work', heap.slotF64());
    const untraced = parts.reduce((sum, p) => sum + p.floats, 0);
    if (wantTrace) TRACE.forEach((name) => part(name, traceLengths[name]));
    const total = parts.reduce((sum, p) => sum + p.floats, 0);
    // The memory a forward needs is x's (its tokens), or the trace's when the trace is what does not fit.
    const blame = wantTrace && untraced * 4 < MAX_MEMORY_BYTES ? 'trace' : 'x';
    if (total * 4 >= MAX_MEMORY_BYTES) {
      const traced = wantTrace ? ` with its trace (${untraced * 4} without)` : '';
      throw new RangeError(`${blame}: a forward of the ${tokens} tokens of x needs ${total * 4} bytes${traced}, more than the module's memory can hold (${MAX_MEMORY_BYTES} bytes)`);
    }

    let region = 0;
    try {
      const base = tokens === 0 ? 0 : total <= SMALL_FLOATS ? heap.scratch(total, blame) : (region = heap.alloc(total * 4, blame));
      const at = {};
      let offset = base;
      for (const p of parts) {
        at[p.name] = offset;
        offset += p.floats * 4;
      }
      const xPtr = input.array === undefined ? input.ptr : at.x;
      const outPtr = out && out.array === undefined ? out.ptr : at.out;
      if (tokens > 0) {
        if (input.array !== undefined) heap.f32(xPtr, n).set(input.array);
        const tracePtrs = TRACE.map((name) => (wantTrace ? at[name] : 0));
        checkStatus(exports.pf_block_forward(layer, outPtr, xPtr, tokens, at.work, parts.find((p) => p.name === 'work').floats, ...tracePtrs), 'x');
      }
      let output = o.out;
      if (!out) output = heap.f32(outPtr, n).slice();
      else if (tokens > 0) copyOut(heap, out, outPtr);
      if (!wantTrace) return output;
      const trace = {};
      for (const name of TRACE) trace[name] = tokens > 0 ? heap.f32(at[name], traceLengths[name]).slice() : new Float32Array(0);
      return { output, trace };
    } finally {
      heap.free(region);
    }
  }

  /** Frees the block's memory. Safe to call twice; forward() afterwards throws. */
  dispose() {
    this.#native.dispose();
  }
}

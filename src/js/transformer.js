// The trainable Transformer (API.md, "Training a small Transformer") as a JavaScript object over a C
// model (src/c/model.h) that owns its parameters, gradients and packed matrices in one allocation of
// the module's memory. Calls take one region of that memory, kept by the model between calls (a
// training loop allocates nothing per step) and grown to the largest call: the tokens and targets,
// the logits, the C workspace (the activations a backward needs). Results that leave the API are the
// caller's own arrays. save() writes the model file; loading it is in model-file.js, the options in
// model-options.js, the trainer in trainer.js.
import { copyOut, floats, readOptions, required } from './args.js';
import { ACTIVATIONS, LIMITS, MAX_MEMORY_BYTES, NORM, NORMS, POSITION, POSITIONS } from './defaults.js';
import { checkStatus } from './errors.js';
import { MODEL_OPTIONS, metadataOf, resolveOptions } from './model-options.js';
import { memoryBuffer } from './intrinsics.js';
import { NativeHandle } from './native-object.js';
import { writeSafetensors } from './safetensors.js';
import { readTokens } from './tokens.js';
import { Trainer, readTrainerOptions } from './trainer.js';
import * as check from './validate.js';

export { MODEL_OPTIONS, resolveOptions };

/** The trace arrays of a layer, in the order of a C block_trace. */
const TRACE = ['q', 'k', 'v', 'scores', 'weights', 'attention', 'h1', 'hidden', 'ffn'];

/** Every parameter's [name, shape], in the contract's order. */
export function parameterShapes(config) {
  const { vocab, dModel: D, dFF: F } = config;
  const shapes = [['embedding', [vocab, D]]];
  if (config.position === POSITION.LEARNED) shapes.push(['position', [config.maxLength, D]]);
  for (let l = 0; l < config.layers; l++) {
    for (const m of ['q', 'k', 'v', 'o']) shapes.push([`layers.${l}.w${m}`, [D, D]], [`layers.${l}.b${m}`, [D]]);
    shapes.push([`layers.${l}.gamma1`, [D]], [`layers.${l}.beta1`, [D]], [`layers.${l}.w1`, [D, F]], [`layers.${l}.b1`, [F]],
      [`layers.${l}.w2`, [F, D]], [`layers.${l}.b2`, [D]], [`layers.${l}.gamma2`, [D]], [`layers.${l}.beta2`, [D]]);
  }
  if (config.norm === NORM.PRE) shapes.push(['final.gamma', [D]], ['final.beta', [D]]);
  shapes.push(['output.w', [D, vocab]], ['output.b', [vocab]]);
  return shapes;
}

/** How many parameters a model of `config` holds: the sum of its arrays' sizes. */
export function parameterCount(config) {
  return parameterShapes(config).reduce((n, [, shape]) => n + shape.reduce((a, b) => a * b, 1), 0);
}

/** The C arguments of a configuration (pf_model_bytes, pf_model_new). */
const cConfig = (c) => [c.vocab, c.dModel, c.heads, c.dFF, c.layers, c.maxLength, POSITIONS.indexOf(c.position),
  c.causal ? 1 : 0, NORMS.indexOf(c.norm), ACTIVATIONS.indexOf(c.activation), c.eps];

/** A new C model of `config` (seeded), checked to fit; returns its pointer. */
export function newModel(core, config) {
  const { heap, exports } = core;
  checkStatus(exports.pf_model_bytes(heap.slot, ...cConfig(config)), 'dModel');
  const bytes = heap.slotF64();
  const what = `a model with vocab ${config.vocab}, dModel ${config.dModel}, dFF ${config.dFF}, ${config.layers} layers and maxLength ${config.maxLength} needs ${bytes} bytes`;
  if (bytes >= MAX_MEMORY_BYTES) throw new RangeError(`dModel: ${what}, more than the module's memory can hold (${MAX_MEMORY_BYTES} bytes)`);
  checkStatus(exports.pf_model_new(heap.slot, ...cConfig(config), config.seed), 'dModel', what);
  return heap.slotU32();
}

export function createTransformer(core, options) {
  const o = readOptions('options', required('options', options), MODEL_OPTIONS);
  const config = resolveOptions(o);
  return new Transformer(core, newModel(core, config), config);
}

/** A model of `config` holding `values` (name -> Float32Array of the right sizes: checked by the caller). */
export function transformerWith(core, config, values) {
  const model = new Transformer(core, newModel(core, config), config);
  try {
    writeParameters.get(model)(values);
  } catch (error) {
    model.dispose();
    throw error;
  }
  return model;
}

const round4 = (n) => Math.ceil(n / 4) * 4;

/** The index of the first value of `values` that is NaN or infinite, or -1. */
export function firstNonFinite(values) {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v - v !== 0) return i; // NaN - NaN and Infinity - Infinity are NaN; every finite v gives 0
  }
  return -1;
}

/** Each trace array's length for `batch` sequences of `length` tokens. */
function traceLengths({ heads, dModel, dFF }, batch, length) {
  const n = batch * length, scores = batch * heads * length * length;
  return { q: n * dModel, k: n * dModel, v: n * dModel, scores, weights: scores, attention: n * dModel, h1: n * dModel, hidden: n * dFF, ffn: n * dModel };
}

/** The bytes of a forward's trace: the table of pointers, then every layer's arrays. */
function traceBytes(config, batch, length) {
  const lengths = traceLengths(config, batch, length);
  const perLayer = TRACE.reduce((sum, name) => sum + round4(lengths[name]), 0);
  return 4 * (round4(config.layers * TRACE.length) + config.layers * perLayer);
}

/** transformerWith's way in: a model's writer of all its parameters, kept out of its public face. */
const writeParameters = new WeakMap();

export class Transformer {
  #core;
  #native;
  #tensors; // name -> { index, offset (floats), length, shape }
  #region; // { ptr, bytes }: the memory of calls, kept between them, freed with the model

  constructor(core, pointer, config) {
    this.#core = core;
    const region = (this.#region = { ptr: 0, bytes: 0 });
    const { heap: h, exports: x } = core;
    // Frees the region, then the model (its trainers are freed first by the handle); it must not
    // refer to `this`, or a dropped model would never be collected.
    const free = (p) => {
      h.free(region.ptr);
      region.ptr = region.bytes = 0;
      x.pf_model_delete(p);
    };
    this.#native = new NativeHandle(this, pointer, free, 'Transformer');
    const names = parameterShapes(config);
    const { heap, exports } = core;
    this.#tensors = new Map();
    names.forEach(([name, shape], index) => {
      checkStatus(exports.pf_model_tensor(heap.slot, pointer, index), 'name');
      const offset = heap.slotF64(), length = shape.reduce((a, b) => a * b, 1);
      this.#tensors.set(name, { index, offset, length, shape });
    });
    const value = (v) => ({ value: v, enumerable: true });
    writeParameters.set(this, (values) => this.#writeParameters(values));
    Object.defineProperties(this, {
      config: value(Object.freeze({ ...config })),
      paramCount: value(parameterCount(config)),
      parameterNames: value(Object.freeze(names.map(([name]) => name))),
    });
  }

  /** [rows, cols] or [n] of a parameter. */
  parameterShape(name) {
    const { shape } = this.#tensor(name);
    this.#native.pointer('model.parameterShape()'); // a disposed model's methods throw, this one too
    return [...shape];
  }

  #tensor(name) {
    const t = typeof name === 'string' ? this.#tensors.get(name) : undefined;
    if (t === undefined) {
      if (typeof name !== 'string') throw new TypeError(`name must be a parameter's name (a string), got ${typeof name}`);
      throw new RangeError(`name must be one of the model's parameterNames, got ${JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name)}`);
    }
    return t;
  }

  /** A copy of a parameter's values. */
  getParameter(name) {
    const t = this.#tensor(name);
    const pointer = this.#native.pointer('model.getParameter()');
    const { heap, exports } = this.#core;
    return heap.f32(exports.pf_model_params(pointer) + t.offset * 4, t.length).slice();
  }

  /** Copies values (Float32Array or tensor of the parameter's size) into a parameter. */
  setParameter(name, values) {
    const t = this.#tensor(name);
    const { heap, exports } = this.#core;
    const v = floats(heap, 'values', values);
    if (v.length !== t.length) throw new RangeError(`values must hold exactly ${t.length} values for ${name} (shape [${t.shape.join(', ')}]), got ${v.length}`);
    const pointer = this.#native.pointer('model.setParameter()');
    let temp = 0;
    try {
      let src = v.ptr;
      if (v.array !== undefined) {
        src = temp = heap.alloc(t.length * 4, 'values');
        heap.f32(temp, t.length).set(v.array);
      }
      checkStatus(exports.pf_model_set_tensor(pointer, t.index, src), 'name');
    } finally {
      heap.free(temp);
    }
  }

  /** The model's region of at least `bytes`, grown (never shrunk) as calls need. */
  #regionOf(bytes) {
    const region = this.#region;
    if (bytes > region.bytes) {
      const heap = this.#core.heap;
      heap.free(region.ptr);
      region.ptr = region.bytes = 0;
      region.ptr = heap.alloc(bytes, 'batch');
      region.bytes = bytes;
    }
    return region.ptr;
  }

  /**
   * Reads a call's arguments (tokens, targets or null, options) once and checks them all, running
   * every getter and Proxy trap among them; touches no memory: { batch, trace, tokens, targets,
   * length, out, o }. #layout takes it on.
   */
  #read(tokensValue, targetsValue, options, keys) {
    const o = readOptions('options', options, keys);
    const batch = o.batch === undefined ? 1 : check.integer('batch', o.batch, 1, LIMITS.MAX_LENGTH);
    const trace = o.trace === undefined ? false : check.boolean('trace', o.trace);
    const { vocab, maxLength } = this.config;
    const { tokens, targets, length } = readTokens(tokensValue, targetsValue, batch, vocab, maxLength);
    const out = o.out === undefined ? null : floats(this.#core.heap, 'out', o.out); // no user code runs after this
    if (out && out.length !== tokens.length * vocab) throw new RangeError(`out must hold exactly batch * T * vocab = ${tokens.length * vocab} values, got ${out.length}`);
    return { batch, trace, tokens, targets, length, out, o };
  }

  /**
   * Resolves the model's pointer (after #read: a getter may have disposed the model) and lays out the
   * region for arguments `args`: { pointer, batch, length, n, at: { tokens, targets, logits, work },
   * workFloats, out, trace, o }. Runs no user code.
   */
  #layout(method, args, backward) {
    const { batch, trace, tokens, targets, length, out, o } = args;
    const pointer = this.#native.pointer(method);
    const n = tokens.length;
    const { heap, exports } = this.#core;
    checkStatus(exports.pf_model_workspace_floats(heap.slot, pointer, batch, length, backward ? 1 : 0), 'batch');
    const workFloats = heap.slotF64();
    const parts = { tokens: round4(n), targets: targets ? round4(n) : 0, logits: round4(n * this.config.vocab), work: workFloats };
    const bytes = 4 * Object.values(parts).reduce((a, b) => a + b, 0);
    if (bytes >= MAX_MEMORY_BYTES) {
      throw new RangeError(`batch: ${batch} sequences of ${length} tokens need ${bytes} bytes, more than the module's memory can hold (${MAX_MEMORY_BYTES} bytes)`);
    }
    // The trace is allocated by forward, after the region: refused here, before any memory is touched.
    const traced = trace ? traceBytes(this.config, batch, length) : 0;
    if (bytes + traced >= MAX_MEMORY_BYTES) {
      throw new RangeError(`batch: the trace of ${batch} sequences of ${length} tokens needs ${traced} bytes besides the call's ${bytes}, more than the module's memory can hold (${MAX_MEMORY_BYTES} bytes)`);
    }
    const base = this.#regionOf(bytes);
    const at = {};
    let offset = base;
    for (const [name, floatCount] of Object.entries(parts)) {
      at[name] = offset;
      offset += floatCount * 4;
    }
    new Int32Array(memoryBuffer(heap.memory), at.tokens, n).set(tokens);
    if (targets) new Int32Array(memoryBuffer(heap.memory), at.targets, n).set(targets);
    return { pointer, batch, length, n, at, workFloats, out, trace, o };
  }

  /** #read then #layout: a call's arguments read and checked, then its memory laid out. */
  #begin(method, tokensValue, targetsValue, options, keys, backward) {
    return this.#layout(method, this.#read(tokensValue, targetsValue, options, keys), backward);
  }

  /** logits (batch * T * vocab, [b][t][v]); with { trace: true } also every layer's trace. */
  forward(tokens, options) {
    const call = this.#begin('model.forward()', tokens, null, options, ['batch', 'out', 'trace'], false);
    const { heap, exports } = this.#core;
    const { vocab, layers } = this.config;
    const { n, batch, length } = call;
    const logitsPtr = call.out && call.out.array === undefined ? call.out.ptr : call.at.logits;
    let traceRegion = 0;
    try {
      let table = 0;
      const lengths = traceLengths(this.config, batch, length);
      const at = [];
      if (call.trace) {
        traceRegion = heap.alloc(traceBytes(this.config, batch, length), 'batch');
        table = traceRegion;
        let offset = traceRegion + 4 * round4(layers * TRACE.length);
        const pointers = new Int32Array(memoryBuffer(heap.memory), table, layers * TRACE.length);
        for (let l = 0; l < layers; l++) {
          at.push({});
          TRACE.forEach((name, i) => {
            at[l][name] = offset;
            pointers[l * TRACE.length + i] = offset;
            offset += 4 * round4(lengths[name]);
          });
        }
      }
      checkStatus(exports.pf_model_forward(call.pointer, logitsPtr, table, call.at.tokens, batch, length, call.at.work, call.workFloats), 'tokens');
      let logits = call.o.out;
      if (!call.out) logits = heap.f32(logitsPtr, n * vocab).slice();
      else copyOut(heap, call.out, logitsPtr);
      if (!call.trace) return logits;
      const traceLayers = at.map((layer) => Object.fromEntries(TRACE.map((name) => [name, heap.f32(layer[name], lengths[name]).slice()])));
      return { logits, trace: { layers: traceLayers } };
    } finally {
      heap.free(traceRegion);
    }
  }

  /** The mean cross-entropy of the logits for targets (-1: not counted). */
  loss(tokens, targets, options) {
    const call = this.#begin('model.loss()', tokens, required('targets', targets), options, ['batch'], false);
    const { heap, exports } = this.#core;
    checkStatus(exports.pf_model_loss(heap.slot, call.pointer, call.at.tokens, call.at.targets, call.batch, call.length, call.at.work, call.workFloats), 'tokens');
    return heap.slotF64();
  }

  /** { loss, grads: { name: Float32Array } }: dloss/dp for every parameter. */
  gradients(tokens, targets, options) {
    const call = this.#begin('model.gradients()', tokens, required('targets', targets), options, ['batch'], true);
    const { heap, exports } = this.#core;
    checkStatus(exports.pf_model_gradients(heap.slot, call.pointer, call.at.tokens, call.at.targets, call.batch, call.length, call.at.work, call.workFloats), 'tokens');
    const loss = heap.slotF64();
    const all = heap.f32(exports.pf_model_grads(call.pointer), this.paramCount).slice();
    const grads = {};
    for (const [name, t] of this.#tensors) grads[name] = all.subarray(t.offset, t.offset + t.length);
    return { loss, grads };
  }

  /** An AdamW trainer of this model (disposed with it). */
  createTrainer(options) {
    const hyper = readTrainerOptions(options);
    const pointer = this.#native.pointer('model.createTrainer()');
    const step = {
      read: (tokens, targets, o) => this.#read(tokens, required('targets', targets), o, ['batch']),
      layout: (args) => this.#layout('trainer.step()', args, true),
      finite: () => this.#nonFinite(this.#native.pointer('trainer.step()')) === null,
    };
    return new Trainer(this.#core, this.#native, pointer, step, hyper);
  }

  /**
   * The first parameter holding a value that is not a finite number, as { name, index, value }, or
   * null when every value is finite. One pass over the parameters, no copy.
   */
  #nonFinite(pointer) {
    const { heap, exports } = this.#core;
    const all = heap.f32(exports.pf_model_params(pointer), this.paramCount);
    const at = firstNonFinite(all);
    if (at < 0) return null;
    for (const [name, t] of this.#tensors) {
      if (at < t.offset + t.length) return { name, index: at - t.offset, value: all[at] };
    }
    return null; // not reached: the tensors cover the parameters
  }

  /**
   * A trainer whose steps run in workers, bit-identical for any number of them (parallel-trainer.js).
   * Its module is loaded on the first call: a page that never trains in parallel does not fetch it.
   */
  async createParallelTrainer(options) {
    const { createParallelTrainer } = await import('./parallel-trainer.js');
    return createParallelTrainer({ core: this.#core, handle: this.#native, config: this.config, paramCount: this.paramCount }, options);
  }

  /**
   * A safetensors file: every parameter in order (F32, its shape), and `__metadata__` holding every
   * option of config as String(value). A parameter holding NaN or an infinity (a training that
   * diverged) is a RangeError naming it: such a file would load as a model that computes nothing.
   */
  save() {
    const pointer = this.#native.pointer('model.save()');
    const bad = this.#nonFinite(pointer);
    if (bad) {
      throw new RangeError(`model.save(): the parameter ${bad.name} holds ${bad.value} at index ${bad.index}, not a finite number (the training diverged: try a smaller learning rate); nothing was written`);
    }
    const { heap, exports } = this.#core;
    const all = heap.f32(exports.pf_model_params(pointer), this.paramCount).slice();
    const tensors = [...this.#tensors].map(([name, t]) => ({ name, shape: [...t.shape], data: all.subarray(t.offset, t.offset + t.length) }));
    return writeSafetensors(tensors, metadataOf(this.config));
  }

  /** Writes every parameter (name -> Float32Array) and re-packs the matrices. */
  #writeParameters(values) {
    const pointer = this.#native.pointer('loadTransformer()');
    const { heap, exports } = this.#core;
    const params = exports.pf_model_params(pointer);
    for (const [name, t] of this.#tensors) heap.f32(params + t.offset * 4, t.length).set(values.get(name));
    checkStatus(exports.pf_model_params_changed(pointer), 'bytes');
  }

  /** Frees the model, its trainers and its memory. Safe to call twice. */
  dispose() {
    this.#native.dispose();
  }
}

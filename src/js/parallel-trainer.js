// The parallel trainer of a trainable Transformer (API.md, "Training on every core"): data parallelism
// by messages. A step splits the batch's sequences into min(shards, batch) contiguous groups, as
// equal as possible (the first batch % groups get one more); workers (parallel-worker.js) compute the
// gradient of each group's *summed* loss at the step's parameters; here the groups' gradients are added
// in float64 in group order 0, 1, 2, … (whichever worker computed which), divided by the number of
// targets that count in the whole batch and rounded to float32 once, the groups' summed losses alike;
// then the model's own C trainer clips and applies AdamW exactly as trainer.step does
// (pf_trainer_apply). Each group's gradient depends only on its sequences and the parameters, and the
// combination only on the group order: the results are bit-identical for any number of workers.
//
// While steps are pending the model is locked (its methods throw, dispose excepted); the parameters
// change only when every group's gradient has arrived, so a failed step leaves them as they were.
import { required, readOptions } from './args.js';
import { LIMITS, MAX_MEMORY_BYTES } from './defaults.js';
import { checkStatus } from './errors.js';
import { NativeHandle } from './native-object.js';
import { hardwareParallelism, spawnWorker } from './parallel-spawn.js';
import { readTokens } from './tokens.js';
import { checkLearningRate, readTrainerOptions } from './trainer.js';
import * as check from './validate.js';

const TRAINER_KEYS = ['lr', 'betas', 'eps', 'weightDecay', 'clipNorm'];
const OPTIONS = ['workers', 'shards', ...TRAINER_KEYS];
export const PARALLEL_LIMITS = Object.freeze({ maxWorkers: 64, defaultMaxWorkers: 8, maxShards: 1024, defaultShards: 8 });
const LOCKED = 'a parallel step is running (await it, or dispose the parallel trainer)';

let spawn = spawnWorker;
/** Tests only: starts workers with `fn(onMessage, onFail)` instead (null: the default again). */
export function useWorkerSpawn(fn) {
  spawn = fn ?? spawnWorker;
}

/** The groups of a batch: [{ first, count }] sequences, min(shards, batch) of them, the first batch % groups one longer. */
export function splitGroups(batch, shards) {
  const groups = Math.min(shards, batch), base = Math.floor(batch / groups), extra = batch % groups;
  const out = [];
  for (let g = 0, first = 0; g < groups; g++) {
    const count = base + (g < extra ? 1 : 0);
    out.push({ first, count });
    first += count;
  }
  return out;
}

/** The resolved options: { workers (null: the machine's), shards, hyper (readTrainerOptions) }. */
function readParallelOptions(options) {
  const o = readOptions('options', options, OPTIONS);
  const { maxWorkers, maxShards, defaultShards } = PARALLEL_LIMITS;
  const workers = o.workers === undefined ? null : check.integer('workers', o.workers, 1, maxWorkers);
  const shards = o.shards === undefined ? defaultShards : check.integer('shards', o.shards, 1, maxShards);
  const trainer = {};
  for (const key of TRAINER_KEYS) if (o[key] !== undefined) trainer[key] = o[key];
  return { workers, shards, hyper: readTrainerOptions(trainer) };
}

/**
 * What a parallel trainer needs of its model (Transformer#createParallelTrainer): { core, handle (its
 * NativeHandle), config, paramCount }.
 */
export async function createParallelTrainer(model, options) {
  const { workers: asked, shards, hyper } = readParallelOptions(options);
  model.handle.pointer('model.createParallelTrainer()');
  const workers = asked ?? Math.max(1, Math.min(PARALLEL_LIMITS.defaultMaxWorkers, await hardwareParallelism()));
  const trainer = new ParallelTrainer(model, workers, shards, hyper);
  await starts.get(trainer);
  return trainer;
}

/** Each new trainer's start: every worker has loaded the module and holds a model (or one failed). */
const starts = new WeakMap();

export class ParallelTrainer {
  #model;
  #native; // the C trainer (AdamW's moments) in the model's instance, owned by the model
  #state; // shared with the workers' callbacks and the handle's free: never refers to this object
  #shards;
  #lr;
  #steps = 0;
  #queue = Promise.resolve();
  #pending = 0;
  #lock = null;

  constructor(model, workers, shards, hyper) {
    const { core, handle } = model;
    const { heap, exports } = core;
    const pointer = handle.pointer('model.createParallelTrainer()');
    checkStatus(exports.pf_trainer_new(heap.slot, pointer, hyper.lr, hyper.betas[0], hyper.betas[1], hyper.eps,
      hyper.weightDecay, hyper.clipNorm), 'lr', 'the trainer keeps two values per parameter');
    const state = (this.#state = { workers: [], count: workers, disposed: false, reason: null, current: null, onEnd: null });
    this.#native = new NativeHandle(this, heap.slotU32(), (p) => {
      shutdown(state, null);
      exports.pf_trainer_delete(p);
    }, 'parallel trainer');
    handle.own(this.#native);
    this.#model = model;
    this.#shards = shards;
    this.#lr = hyper.lr;
    const native = this.#native;
    state.onFail = () => native.dispose(); // a failed worker disposes the trainer
    starts.set(this, this.#start(model, workers).catch(async (error) => {
      await this.dispose();
      throw error;
    }));
  }

  async #start(model, count) {
    const state = this.#state;
    const ready = [];
    for (let i = 0; i < count; i++) {
      let started;
      ready.push(new Promise((resolve, reject) => { started = { resolve, reject }; }));
      const onMessage = (data) => {
        if (data?.type === 'ready') started.resolve();
        else if (data?.type === 'failed') fail(state, i, data.message, started.reject);
        else if (data?.type === 'group') received(state, data);
      };
      const worker = await spawn(onMessage, (reason) => fail(state, i, reason, started.reject));
      if (state.disposed) {
        await worker.terminate();
        throw this.#disposedError('model.createParallelTrainer()');
      }
      worker.hold(true);
      state.workers.push(worker);
      worker.post({ type: 'init', module: model.core.module, config: model.config, paramCount: model.paramCount });
    }
    await Promise.all(ready);
    for (const worker of state.workers) worker.hold(false);
  }

  #disposedError(method) {
    const why = this.#state.reason ? ` (${this.#state.reason})` : '';
    return new Error(`${method}: this parallel trainer has been disposed${why}`);
  }

  get steps() {
    return this.#steps;
  }

  get workers() {
    return this.#state.count;
  }

  get shards() {
    return this.#shards;
  }

  get lr() {
    return this.#lr;
  }

  /** A new learning rate from the next step that is called: a finite number > 0, else a RangeError naming lr. */
  set lr(value) {
    checkLearningRate(value);
    this.#native.pointer('parallelTrainer.lr');
    this.#lr = value;
  }

  /**
   * Forward, backward (the groups in the workers), clipping, AdamW on one batch; resolves to the loss
   * before the update. Bad input rejects before any worker is messaged; steps run in call order.
   */
  step(tokens, targets, options) {
    let call;
    try {
      call = this.#read(tokens, targets, options);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#pending++ === 0) this.#lock = this.#model.handle.lock('parallelTrainer.step()', LOCKED);
    const result = this.#queue.then(() => this.#run(call));
    const settle = () => {
      if (--this.#pending === 0) this.#unlock();
    };
    this.#queue = result.then(settle, settle);
    return result;
  }

  #unlock() {
    this.#lock?.unlock();
    this.#lock = null;
  }

  /** Checks and copies the step's arguments (each read once); nothing is touched or sent. */
  #read(tokensValue, targetsValue, options) {
    if (this.#state.disposed) throw this.#disposedError('parallelTrainer.step()');
    const { handle, config, core } = this.#model;
    if (this.#pending === 0) handle.pointer('parallelTrainer.step()'); // the model disposed, or locked by another
    const o = readOptions('options', options, ['batch']);
    const batch = o.batch === undefined ? 1 : check.integer('batch', o.batch, 1, LIMITS.MAX_LENGTH);
    const { tokens, targets, length } = readTokens(tokensValue, required('targets', targetsValue), batch, config.vocab, config.maxLength);
    const groups = splitGroups(batch, this.#shards);
    const largest = groups[0].count; // a worker's memory holds one group's call at a time
    const { heap, exports } = core;
    const model = this.#lock ? this.#lock.key() : handle.pointer('parallelTrainer.step()');
    checkStatus(exports.pf_model_workspace_floats(heap.slot, model, largest, length, 1), 'batch');
    const bytes = 4 * (heap.slotF64() + 2 * largest * length);
    if (bytes >= MAX_MEMORY_BYTES) {
      throw new RangeError(`batch: a group of ${largest} sequences of ${length} tokens needs ${bytes} bytes, more than a worker's module memory can hold (${MAX_MEMORY_BYTES} bytes)`);
    }
    let counted = 0;
    for (let i = 0; i < targets.length; i++) counted += targets[i] !== -1 ? 1 : 0;
    const parts = groups.map(({ first, count }, index) => ({
      index, batch: count, length,
      tokens: tokens.slice(first * length, (first + count) * length),
      targets: targets.slice(first * length, (first + count) * length),
    }));
    return { parts, counted, lr: this.#lr };
  }

  async #run({ parts, counted, lr }) {
    const state = this.#state;
    if (state.disposed) throw this.#disposedError('parallelTrainer.step()');
    const { core, paramCount } = this.#model;
    const { heap, exports } = core;
    const model = this.#lock.key();
    const params = heap.f32(exports.pf_model_params(model), paramCount).slice();
    const { grads, lossSums } = await gather(state, parts, params);
    if (state.disposed) throw this.#disposedError('parallelTrainer.step()');
    const trainer = this.#native.pointer('parallelTrainer.step()');
    combine(heap.f32(exports.pf_model_grads(model), paramCount), grads, counted);
    let lossSum = 0;
    for (const l of lossSums) lossSum += l;
    checkStatus(exports.pf_trainer_set_lr(trainer, lr), 'lr');
    checkStatus(exports.pf_trainer_apply(trainer, model), 'params');
    this.#steps++;
    return counted > 0 ? lossSum / counted : 0;
  }

  /** Terminates every worker, rejects pending steps, frees the trainer's moments. Safe to call twice. */
  async dispose() {
    const terminating = shutdown(this.#state, null);
    this.#unlock();
    this.#native.dispose();
    await terminating;
  }
}

/**
 * Sends each group to worker (group index mod workers); resolves to every group's gradient and summed
 * loss, in group order: { grads: [Float32Array], lossSums: [number] }.
 */
function gather(state, parts, params) {
  return new Promise((resolve, reject) => {
    const id = (state.id = (state.id ?? 0) + 1);
    const grads = new Array(parts.length), lossSums = new Array(parts.length);
    let arrived = 0;
    state.current = {
      id, reject,
      take(message) {
        grads[message.index] = message.grads;
        lossSums[message.index] = message.lossSum;
        if (++arrived === parts.length) {
          state.current = null;
          for (const worker of state.workers) worker.hold(false);
          resolve({ grads, lossSums });
        }
      },
    };
    const { workers } = state;
    const used = Math.min(workers.length, parts.length);
    for (const worker of workers) worker.hold(true);
    for (let w = 0; w < used; w++) {
      const groups = parts.filter((part) => part.index % workers.length === w);
      const last = w === used - 1;
      workers[w].post({ type: 'step', id, params, groups }, last ? [params.buffer] : []);
    }
  });
}

const BLOCK = 2048; // values combined at a time: the float64 sums stay in the first-level cache

/**
 * out[i] = (grads[0][i] + grads[1][i] + …) / counted, added in float64 in group order and rounded to
 * float32 once (0 where no target counts). Block by block, so that memory sees each group's float32
 * values once and out once, not a float64 sum array per group.
 */
function combine(out, grads, counted) {
  if (counted === 0) {
    out.fill(0);
    return;
  }
  const sum = new Float64Array(BLOCK);
  for (let start = 0; start < out.length; start += BLOCK) {
    const n = Math.min(BLOCK, out.length - start);
    sum.fill(0);
    for (const g of grads) for (let i = 0; i < n; i++) sum[i] += g[start + i];
    for (let i = 0; i < n; i++) out[start + i] = sum[i] / counted;
  }
}

function received(state, message) {
  if (state.disposed || state.current?.id !== message.id) return;
  state.current.take(message);
}

/** A worker failed: the step running rejects with an Error naming it, and the trainer is disposed. */
function fail(state, index, reason, rejectStart) {
  if (state.disposed) return;
  const error = new Error(`parallelTrainer: worker ${index + 1} of ${state.count} failed: ${reason}`);
  rejectStart?.(error);
  state.current?.reject(error);
  state.current = null;
  shutdown(state, `worker ${index + 1} failed: ${reason}`);
  state.onFail?.();
}

/** Marks the trainer disposed, rejects the step running and terminates every worker (once). */
function shutdown(state, reason) {
  if (state.disposed) return state.ended;
  state.disposed = true;
  state.reason = reason;
  state.current?.reject(new Error('parallelTrainer.step(): this parallel trainer has been disposed'));
  state.current = null;
  state.ended = Promise.all(state.workers.map((worker) => worker.terminate().catch(() => {})));
  return state.ended;
}

// The page's side of the lab's training: a pool of module workers (train-worker.js), each training
// some of a plan's runs, and one merged account of their progress. The page's thread only receives
// messages and keeps curves; every training step runs in a worker.
//
// Workers: one per logical core, at most one per run and at most 8 (the page only draws, between the
// workers' messages), or fewer when the reader asks. A run's numbers do not depend on which worker
// trains it (session.js): each run trains on its own model from the plan alone.
//
// API:
//   workerCount(runs, cores = navigator.hardwareConcurrency, chosen = none)  -> how many workers a plan
//                              gets: min(cores, runs, 8), and at most `chosen` (the reader's choice)
//   wasmForWorker(option)      the page's configured `wasm` option in a form a worker can receive
//                              (a Module, bytes, or an absolute URL), or undefined for its default
//   new LabTraining(plan, { wasm, workers (the most the reader allows; default all), onProgress, onPoint, onDone, onSnapshot, onError, onDiverged })
//     .start()  .pause()  .resume()  .dispose() (stops the workers)  .view(index, example)
//     .save(index) -> Promise<{ bytes, config }>
//     .state      'idle' | 'running' | 'paused' | 'done' | 'failed'
//     onProgress({ step, tokensPerSecond, secondsLeft, elapsed })    after every worker message
//     onPoint({ step, runs: [{ index, loss, accuracy, seconds, positions }] })  a held-out evaluation
//                                                                     of every run (session.js)
//     onDone({ step, final: [{ index, loss, accuracy, accuracyByLength }], losses: [Float64Array per
//       run], seconds: [per run] })
//     onSnapshot(snapshot)   attention and position table of the viewed run (session.js)
//     onDiverged({ index, step })  a run's training loss was not a finite number at that step (the
//                            first such step of the first such run; the caller decides to stop)
//   loadInWorker(bytes, plan, wasm, { signal, onProgress }) -> Promise<{ config, final, snapshot, metadata,
//     plan }>, tested in a worker of its own; onProgress(done, total) as the test goes; aborting `signal`
//     terminates the worker at once and rejects with an AbortError
import { startTrainingWorker } from './start-worker.js';

export const MAX_LAB_WORKERS = 8;

export function workerCount(runs, cores = globalThis.navigator?.hardwareConcurrency ?? 2, chosen = Infinity) {
  return Math.max(1, Math.min(runs, MAX_LAB_WORKERS, cores || 1, chosen));
}

export function wasmForWorker(option) {
  if (option === undefined) return undefined;
  if (option instanceof WebAssembly.Module || option instanceof ArrayBuffer || option instanceof Uint8Array) return option;
  if (option instanceof URL) return option.href;
  if (typeof option === 'string') return new URL(option, document.baseURI).href; // the worker's base differs
  return undefined; // a Response cannot be posted: the worker loads the package's own module
}

let requestId = 0;

/** One request to a worker, answered by the message of `type` with the same id (others with that id go to onOther). */
function ask(worker, message, type, onOther) {
  const id = ++requestId;
  return new Promise((resolve, reject) => {
    const listen = (event) => {
      const data = event.data;
      if (data?.id !== id) return;
      if (data.type !== 'error' && data.type !== type) return onOther?.(data);
      worker.removeEventListener('message', listen);
      if (data.type === 'error') reject(new Error(data.message));
      else resolve(data);
    };
    worker.addEventListener('message', listen);
    worker.postMessage({ ...message, id });
  });
}

export async function loadInWorker(bytes, plan, wasm, { signal, onProgress } = {}) {
  signal?.throwIfAborted();
  const worker = startTrainingWorker();
  let stop;
  const aborted = new Promise((_, reject) => {
    stop = () => reject(signal.reason);
    signal?.addEventListener('abort', stop, { once: true });
  });
  try {
    const answer = ask(worker, { type: 'load', bytes, plan, wasm }, 'loaded', (data) => {
      if (data.type === 'load-progress') onProgress?.(data.done, data.total);
    });
    return await (signal ? Promise.race([answer, aborted]) : answer);
  } finally {
    signal?.removeEventListener('abort', stop);
    worker.terminate();
  }
}

export class LabTraining {
  constructor(plan, { wasm, workers = Infinity, onProgress, onPoint, onDone, onSnapshot, onError, onDiverged } = {}) {
    this.plan = plan;
    this.wasm = wasm;
    this.chosenWorkers = workers;
    this.handlers = { onProgress, onPoint, onDone, onSnapshot, onError, onDiverged };
    this.diverged = null;
    this.state = 'idle';
    this.workers = [];
    this.owner = [];           // run index -> worker
    this.steps = [];           // per worker: steps taken
    this.points = new Map();   // step -> Map(run index -> { loss, accuracy }) until every run reported
    this.seconds = new Array(plan.runs.length).fill(0);
    this.tokens = 0;
    this.activeMs = 0;
    this.since = 0;
    this.finals = [];
    this.viewed = null;
  }

  start() {
    const n = workerCount(this.plan.runs.length, undefined, this.chosenWorkers);
    const indices = Array.from({ length: n }, () => []);
    this.plan.runs.forEach((_, i) => indices[i % n].push(i));
    this.workers = indices.map((own, w) => {
      const worker = startTrainingWorker();
      for (const i of own) this.owner[i] = worker;
      worker.addEventListener('message', (event) => this.receive(w, event.data));
      worker.addEventListener('error', (event) => this.fail(event.message || 'the training worker could not start'));
      worker.postMessage({ type: 'start', plan: this.plan, indices: own, wasm: this.wasm, view: this.viewed ?? undefined });
      return worker;
    });
    this.steps = this.workers.map(() => 0);
    this.state = 'running';
    this.since = performance.now();
  }

  pause() {
    if (this.state !== 'running') return;
    for (const worker of this.workers) worker.postMessage({ type: 'pause' });
    this.activeMs += performance.now() - this.since;
    this.state = 'paused';
  }

  resume() {
    if (this.state !== 'paused') return;
    for (const worker of this.workers) worker.postMessage({ type: 'resume' });
    this.since = performance.now();
    this.state = 'running';
  }

  dispose() {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    if (this.state === 'running' || this.state === 'paused') this.state = 'idle';
  }

  view(index, example) {
    this.viewed = { index, example };
    for (const worker of this.workers) worker.postMessage({ type: 'view', index, example });
  }

  async save(index) {
    const worker = this.owner[index];
    if (!worker) throw new Error('the run has no model yet');
    const { bytes, config } = await ask(worker, { type: 'save', index, plan: this.plan }, 'saved');
    return { bytes, config };
  }

  elapsedMs() {
    return this.activeMs + (this.state === 'running' ? performance.now() - this.since : 0);
  }

  fail(message) {
    if (this.state === 'failed') return;
    this.dispose();
    this.state = 'failed';
    this.handlers.onError?.(new Error(message));
  }

  receive(w, data) {
    if (data.id !== undefined) return; // an answer to ask()
    if (data.type === 'error') return this.fail(data.message);
    if (data.snapshot) this.handlers.onSnapshot?.(data.snapshot);
    if (data.type === 'snapshot') return undefined;
    if (data.type === 'progress') {
      if (data.diverged?.length && !this.diverged) {
        this.diverged = data.diverged.reduce((a, b) => (b.step < a.step ? b : a));
        this.handlers.onDiverged?.(this.diverged);
        if (this.state !== 'running' && this.state !== 'paused') return undefined; // stopped by the handler
      }
      this.steps[w] = data.step;
      this.tokens += data.tokens;
      for (const { index, seconds } of data.seconds) this.seconds[index] = seconds;
      for (const point of data.evals) this.addPoint(point);
      const step = Math.min(...this.steps);
      const elapsed = this.elapsedMs() / 1000;
      this.handlers.onProgress?.({
        step, elapsed,
        tokensPerSecond: elapsed > 0 ? this.tokens / elapsed : 0,
        secondsLeft: step > 0 ? (elapsed / step) * (this.plan.steps - step) : null,
      });
    } else if (data.type === 'done') {
      for (const { index, seconds } of data.seconds) this.seconds[index] = seconds;
      this.finals.push(data);
      if (this.finals.length === this.workers.length) this.finish();
    }
    return undefined;
  }

  addPoint({ step, runs }) {
    const got = this.points.get(step) ?? new Map();
    for (const r of runs) got.set(r.index, r);
    this.points.set(step, got);
    if (got.size < this.plan.runs.length) return;
    this.points.delete(step);
    this.handlers.onPoint?.({ step, runs: [...got.values()].sort((a, b) => a.index - b.index) });
  }

  finish() {
    this.activeMs += performance.now() - this.since;
    this.state = 'done';
    const final = this.finals.flatMap((d) => d.final).sort((a, b) => a.index - b.index);
    const losses = [];
    for (const d of this.finals) for (const { index, losses: l } of d.losses) losses[index] = l;
    this.handlers.onDone?.({ step: this.plan.steps, final, losses, seconds: this.seconds.slice(), elapsed: this.activeMs / 1000 });
  }
}

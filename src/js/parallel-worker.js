// One worker of a parallel trainer (parallel-trainer.js): a module Web Worker in browsers, a
// worker_threads worker in Node. It instantiates the module the trainer's model runs on (posted to it
// as a compiled WebAssembly.Module: the same build, so the same sums), holds a model of the same
// configuration, and for each group of sequences it is given computes the gradient of the group's
// summed loss at the parameters the step sent (pf_model_sum_gradients).
//
// Messages in:  { type: 'init', module, config }
//               { type: 'step', id, params: Float32Array, groups: [{ index, tokens, targets, batch, length }] }
// Messages out: { type: 'ready' }
//               { type: 'group', id, index, lossSum, grads: Float32Array }   one per group, in the order given
//               { type: 'failed', message }                                   the trainer rejects the step
import { init } from './index.js';
import { checkStatus } from './errors.js';
import { memoryBuffer } from './intrinsics.js';
import { newModel } from './transformer.js';

const round4 = (n) => Math.ceil(n / 4) * 4;

/**
 * postMessage and the message listener of this worker. A browser's listener is attached while the
 * module first runs (messages that arrive before it would be lost); Node's port keeps them until then.
 */
function port() {
  if (typeof globalThis.WorkerGlobalScope === 'function') {
    return { post: (m, transfer) => globalThis.postMessage(m, transfer), listen: (fn) => globalThis.addEventListener('message', (e) => fn(e.data)) };
  }
  const name = 'node:worker_threads';
  const parentPort = import(/* @vite-ignore */ name).then((m) => m.parentPort);
  return {
    post: (m, transfer) => parentPort.then((p) => p.postMessage(m, transfer)),
    listen: (fn) => parentPort.then((p) => p.on('message', fn)),
  };
}

let core = null;
let model = 0; // the C model's pointer
let paramCount = 0;

/** The gradient of one group's summed loss at the parameters now in the model. */
function groupGradients({ tokens, targets, batch, length }) {
  const { heap, exports } = core;
  checkStatus(exports.pf_model_workspace_floats(heap.slot, model, batch, length, 1), 'batch');
  const workFloats = heap.slotF64(), n = tokens.length;
  const region = heap.alloc(4 * (2 * round4(n) + workFloats), 'batch');
  try {
    const at = { tokens: region, targets: region + 4 * round4(n), work: region + 8 * round4(n) };
    new Int32Array(memoryBuffer(heap.memory), at.tokens, n).set(tokens);
    new Int32Array(memoryBuffer(heap.memory), at.targets, n).set(targets);
    checkStatus(exports.pf_model_sum_gradients(heap.slot, model, at.tokens, at.targets, batch, length, at.work, workFloats), 'tokens');
    const lossSum = heap.slotF64();
    return { lossSum, grads: heap.f32(exports.pf_model_grads(model), paramCount).slice() };
  } finally {
    heap.free(region);
  }
}

async function handle(message, post) {
  if (message.type === 'init') {
    core = await init({ wasm: message.module });
    model = newModel(core, message.config);
    paramCount = message.paramCount;
    post({ type: 'ready' });
    return;
  }
  if (message.type !== 'step') throw new Error(`unknown message ${String(message.type)}`);
  const { heap, exports } = core;
  heap.f32(exports.pf_model_params(model), paramCount).set(message.params);
  checkStatus(exports.pf_model_params_changed(model), 'params');
  for (const group of message.groups) {
    const { lossSum, grads } = groupGradients(group);
    post({ type: 'group', id: message.id, index: group.index, lossSum, grads }, [grads.buffer]);
  }
}

const { post, listen } = port();
// One message at a time, in order; any failure is reported once and ends this worker's use.
let queue = Promise.resolve();
listen((message) => {
  queue = queue.then(() => handle(message, post)).catch((error) => {
    post({ type: 'failed', message: error?.message ?? String(error) });
  });
});

// Starts one worker of a parallel trainer (parallel-worker.js) and gives it one face in browsers (a
// module Web Worker) and in Node (worker_threads): { post(message, transfer), terminate(), hold(on) },
// and callbacks onMessage(data) and onFail(reason) (it crashed, exited, or its script did not load).
// No SharedArrayBuffer: everything crosses by messages, so it runs in any page, isolated or not.
//
// The browser line stays literally `new Worker(new URL('./parallel-worker.js', import.meta.url),
// { type: 'module' })`: bundlers such as Vite recognise it and ship the worker with the page.

/** Node, which has worker_threads and no global Worker (Node 20). */
const inNode = () => typeof globalThis.Worker !== 'function' && typeof globalThis.process?.versions?.node === 'string';

function webWorker(onMessage, onFail) {
  const worker = new Worker(new URL('./parallel-worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event) => onMessage(event.data));
  worker.addEventListener('messageerror', () => onFail('a message from it could not be read'));
  worker.addEventListener('error', (event) => {
    event.preventDefault?.();
    onFail(event.message ? event.message : 'its script could not be loaded or threw before it started');
  });
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    terminate: async () => worker.terminate(),
    hold: () => {}, // a page does not wait for its workers to close
  };
}

async function nodeWorker(onMessage, onFail, url) {
  const name = 'node:worker_threads'; // hidden from bundlers: only reached under Node
  const { Worker: NodeWorker } = await import(/* @vite-ignore */ name);
  const worker = new NodeWorker(url);
  let ending = false;
  worker.on('message', onMessage);
  worker.on('messageerror', () => onFail('a message from it could not be read'));
  worker.on('error', (error) => onFail(error?.message ?? String(error)));
  worker.on('exit', (code) => {
    if (!ending) onFail(`it exited with code ${code}`);
  });
  worker.unref(); // an idle trainer does not keep the process alive; hold(true) while a step runs
  return {
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    terminate: async () => {
      ending = true;
      await worker.terminate();
    },
    hold: (on) => (on ? worker.ref() : worker.unref()),
  };
}

/** The default: parallel-worker.js next to this file. */
export function spawnWorker(onMessage, onFail) {
  return inNode() ? nodeWorker(onMessage, onFail, new URL('./parallel-worker.js', import.meta.url)) : webWorker(onMessage, onFail);
}

/** For tests: a Node worker running another script (a worker that fails on purpose). */
export const spawnNodeWorkerFrom = (url) => (onMessage, onFail) => nodeWorker(onMessage, onFail, url);

/** The machine's parallelism: navigator.hardwareConcurrency, or os.availableParallelism() in Node. */
export async function hardwareParallelism() {
  if (inNode()) {
    const name = 'node:os';
    const os = await import(/* @vite-ignore */ name);
    return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  }
  return globalThis.navigator?.hardwareConcurrency || 1;
}

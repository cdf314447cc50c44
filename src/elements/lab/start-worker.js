// Starts one training worker (train-worker.js) as a module worker. The expression stays literally
// `new Worker(new URL('./train-worker.js', import.meta.url), { type: 'module' })`: Vite recognises it
// and builds the worker as a chunk of its own; scripts/bundle.mjs builds it as dist/lab-worker.js and
// points this line of dist/elements.js there.
export function startTrainingWorker() {
  return new Worker(new URL('./train-worker.js', import.meta.url), { type: 'module' });
}

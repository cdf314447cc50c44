// The Web Worker (a module worker) that trains the lab's runs, so that the page never waits for a
// training step. It loads the package's module on its own instance and trains a session (session.js)
// a slice of SLICE_MS at a time, reading its messages between slices (pause takes effect within one
// slice) and posting progress at most every POST_MS.
//
// Which .wasm: the one the page configured (configureCore), when it could be posted here; otherwise
// the SIMD128 build next to the core, never the relaxed one, whose fused multiply-adds depend on the
// CPU: with SIMD128 a shared link replays the same run bit for bit on any device.
//
// Messages in:  { type: 'start', plan, indices, wasm?, view? }  { type: 'pause' }  { type: 'resume' }
//               { type: 'view', index, example }   (the run and held-out example whose attention is sent)
//               { type: 'save', id, index, plan }  { type: 'load', id, bytes, plan, wasm? }
// Messages out: { type: 'progress', step, evals, seconds, tokens, diverged, snapshot? }
//               { type: 'done', step, final, losses: [{ index, losses }], seconds, snapshot? }
//               { type: 'snapshot', snapshot }     (after a 'view', when this worker trains that run)
//               { type: 'saved', id, bytes, config }
//               { type: 'loaded', id, config, final, snapshot, metadata, plan }
//               { type: 'load-progress', id, done, total }  (while a loaded file is tested)
//               { type: 'error', id?, message }
import { init } from '../../js/index.js';
import { createSession } from './session.js';
import { loadedRun, savedFile } from './model-file.js';

const SLICE_MS = 30;
const POST_MS = 200;
const SIMD128_WASM = new URL('../../../dist/pe_ffn.wasm', import.meta.url);

let core = null;
let session = null;
let paused = false;
let view = null; // { index, example }
let timer = 0;

const snapshotFor = () => (view && session ? trySnapshot() : undefined);
function trySnapshot() {
  try {
    return { index: view.index, example: view.example, ...session.snapshot(view.index, view.example) };
  } catch {
    return undefined; // the run is in another worker
  }
}

function schedule() {
  clearTimeout(timer);
  if (session && !paused && !session.done) timer = setTimeout(slice, 0);
}

// What the slices since the last message trained: each message is a task on the page's thread, so
// they are sent at most every POST_MS, however short the slices.
let pending = { evals: [], tokens: 0, diverged: [] };
let lastPost = 0;
let last = null; // { step, seconds } of the latest slice

function post(step, seconds) {
  postMessage({ type: 'progress', step, evals: pending.evals, seconds, tokens: pending.tokens, diverged: pending.diverged, snapshot: pending.evals.length ? snapshotFor() : undefined });
  pending = { evals: [], tokens: 0, diverged: [] };
  lastPost = performance.now();
}

function slice() {
  const { step, evals, seconds, tokens, diverged } = session.advance(SLICE_MS);
  pending.evals.push(...evals);
  pending.diverged.push(...diverged);
  pending.tokens += tokens;
  last = { step, seconds };
  if (session.done || diverged.length || performance.now() - lastPost >= POST_MS) post(step, seconds);
  if (!session.done) {
    schedule();
    return;
  }
  const final = session.finish();
  const losses = final.map(({ index }) => ({ index, losses: session.losses(index) }));
  postMessage({ type: 'done', step, final, losses, seconds, snapshot: snapshotFor() });
}

async function handle(message) {
  switch (message.type) {
    case 'start': {
      core ??= await init({ wasm: message.wasm ?? SIMD128_WASM });
      session?.dispose();
      session = createSession(core, message.plan, message.indices);
      pending = { evals: [], tokens: 0, diverged: [] };
      last = null;
      view = message.view ?? null;
      paused = false;
      schedule();
      break;
    }
    case 'pause':
      paused = true;
      clearTimeout(timer);
      if (last && (pending.evals.length || pending.tokens)) post(last.step, last.seconds); // the step it stopped at
      break;
    case 'resume': paused = false; schedule(); break;
    case 'view': {
      view = { index: message.index, example: message.example };
      const snapshot = snapshotFor();
      if (snapshot) postMessage({ type: 'snapshot', snapshot });
      break;
    }
    case 'save': {
      const model = session.model(message.index);
      postMessage({ type: 'saved', id: message.id, bytes: savedFile(model, message.plan, message.index), config: model.config });
      break;
    }
    case 'load': {
      core ??= await init({ wasm: message.wasm ?? SIMD128_WASM });
      const progress = (done, total) => postMessage({ type: 'load-progress', id: message.id, done, total });
      postMessage({ type: 'loaded', id: message.id, ...loadedRun(core, message.bytes, message.plan, progress) });
      break;
    }
    default: throw new Error(`unknown message ${String(message.type)}`);
  }
}

// Messages are handled one after another (a start waits for the module before the next message).
let queue = Promise.resolve();
addEventListener('message', (event) => {
  queue = queue.then(() => handle(event.data)).catch((error) => {
    postMessage({ type: 'error', id: event.data?.id, message: error?.message ?? String(error) });
  });
});

// The learned position table of <pe-compare>: either one the reader loads (a .npy file of float32
// [positions, d_model], e.g. exported from a model they have) or, without one, a freshly initialised
// table drawn by the module — honestly untrained.
//
// A file from elsewhere is read as a stream: its header first, so that a table the element cannot
// show (a 512 MiB one, a 3-D array) is refused by its shape before its values are read, and a file
// longer than its shape says is cut off there. An address that does not answer in time fails.
//
// API:
//   freshTable(core, positions, dModel, seed)  -> Float32Array(positions * dModel): row p is position
//        p's vector, uniform in ±1/sqrt(positions) (the seeded initialisation of src/js/embedding.js,
//        as nn.Linear draws its weights; BERT and GPT-2 start from a normal of std 0.02 instead)
//   tableFromNpy(bytes)   -> { table, positions, dModel }; throws NpyError (a RangeError) saying what
//        is wrong
//   readNpyTable(stream, { fileBytes })  -> Promise<{ table, positions, dModel }> from a ReadableStream
//        of the file's bytes (a File's stream(), a response body); fileBytes: the file's size when
//        known (a File), checked against the header before any value is read
//   fetchNpyTable(url, { signal, timeoutMs = LOAD_TIMEOUT_MS })  -> Promise<{ table, positions,
//        dModel }>; rejects with an Error naming the URL (no answer in time, HTTP status, a bad file),
//        or with the signal's reason when the caller aborts
//   LIMITS                { positions: 8192, dModel: 1024 }: what the element shows
//   LOAD_TIMEOUT_MS       30000: how long an address may take to deliver its whole table
import { seededEmbedding } from '../../js/embedding.js';
import { NpyError, npyHeaderSize, parseNpy, readNpyHeader } from './npy.js';

export const LIMITS = { positions: 8192, dModel: 1024 };
export const LOAD_TIMEOUT_MS = 30000;
const MAX_VALUES = LIMITS.positions * LIMITS.dModel;

export function freshTable(core, positions, dModel, seed) {
  return seededEmbedding(core, positions, dModel, seed);
}

/** The table's size from its shape, or NpyError when the element cannot show it. */
function tableShape(shape) {
  if (shape.length !== 2) throw new NpyError(`a position table has two dimensions [positions, d_model], this array has shape (${shape.join(', ')})`);
  const [positions, dModel] = shape;
  if (positions < 1 || positions > LIMITS.positions) throw new NpyError(`positions (rows) must be 1 … ${LIMITS.positions}, got ${positions}`);
  if (dModel < 2 || dModel > LIMITS.dModel || dModel % 2) throw new NpyError(`d_model (columns) must be an even number 2 … ${LIMITS.dModel} (RoPE pairs columns), got ${dModel}`);
  return { positions, dModel };
}

export function tableFromNpy(bytes) {
  const { shape, data } = parseNpy(bytes, { maxValues: MAX_VALUES });
  return { table: data, ...tableShape(shape) };
}

function joined(chunks, length) {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk.subarray(0, length - at), at);
    at += Math.min(chunk.length, length - at);
  }
  return out;
}

export async function readNpyTable(stream, { fileBytes } = {}) {
  const reader = stream.getReader();
  const chunks = [];
  let received = 0;
  let header = null;
  let done = false;
  try {
    while (!done) {
      const next = await reader.read();
      done = next.done;
      if (next.value) {
        chunks.push(next.value);
        received += next.value.length;
      }
      if (!header && (received >= 12 || done)) {
        const start = joined(chunks, Math.min(received, 12));
        const headerEnd = npyHeaderSize(start);
        if (received >= headerEnd || done) {
          header = readNpyHeader(joined(chunks, Math.min(received, headerEnd)), { maxValues: MAX_VALUES });
          tableShape(header.shape);
          const { shape, dataStart, fileBytes: needed } = header;
          const given = fileBytes ?? (done ? received : undefined);
          if (given !== undefined && given !== needed) throw new NpyError(`shape (${shape.join(', ')}) needs ${needed - dataStart} bytes of values, the file has ${given - dataStart}`);
        }
      }
      if (header && received > header.fileBytes) {
        throw new NpyError(`shape (${header.shape.join(', ')}) needs ${header.fileBytes - header.dataStart} bytes of values, the file has more`);
      }
    }
    return tableFromNpy(joined(chunks, received));
  } finally {
    if (!done) reader.cancel().catch(() => {}); // stop the download or the file read
  }
}

export async function fetchNpyTable(url, { signal, timeoutMs = LOAD_TIMEOUT_MS } = {}) {
  const controller = new AbortController();
  const timedOut = new Error(`${url}: no complete answer within ${timeoutMs / 1000} s`);
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  const stop = () => controller.abort(signal.reason);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const response = await fetch(url, { signal: controller.signal });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${response.statusText}`.trim());
    return await readNpyTable(response.body);
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error instanceof NpyError || error.message.startsWith(url) ? error : new Error(`${url}: ${error.message}`);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

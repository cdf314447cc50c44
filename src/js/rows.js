// The one loop of the calls that work row by row (positional encoding, layer norm, RoPE): data that
// lives in the module's memory (tensors, views of core.memory) is handed to the core in one call; a
// plain Float32Array goes through the instance's scratch area (Heap.scratch) a chunk of rows at a
// time, so that no temporary grows with the array. Rows are independent in every such kernel, and each
// kernel gives the same bits for any split of its rows, so the chunks change no result.
import { LIMITS } from './defaults.js';
import { SCRATCH_FLOATS } from './memory.js';

const round4 = (n) => Math.ceil(n / 4) * 4; // keeps every part of the scratch 16-byte aligned
const inMemory = (resolved) => resolved.array === undefined;
/** params of a kernel that has none. */
export const NO_PARAMS = Object.freeze([]);

/**
 * Runs `kernel(outPtr, inPtr, rows, firstRow, paramPtrs)` over `rows` rows of `width` values, in as
 * few calls as the core's limits and the scratch area allow.
 *   name:   the parameter a scratch area too large for the memory is a RangeError about;
 *   input:  a resolved argument (args.js floats()) the kernel reads, or null (inPtr 0);
 *   output: one it writes; `input` itself for a kernel that works in place;
 *   params: resolved arguments (or null) the kernel reads whole in every call (layer norm's gamma and
 *           beta), copied to the scratch area once when they are plain arrays; paramPtrs their
 *           pointers (0 for null), in order; NO_PARAMS for none;
 *   chunkRows(firstRow, rows): how many of the next `rows` rows a chunk through the scratch area takes,
 *           or null (all of them).
 * Nothing is allocated for data in the module's memory; the scratch area otherwise. Positional
 * arguments, not an options object, which every call of the API would allocate: this loop is most of
 * the wrapper's own cost for small calls (one row of RoPE: a fifth of its time, profiled).
 */
export function forEachRowChunk(heap, name, rows, width, input, output, params, chunkRows, kernel) {
  if (rows === 0) return;
  const direct = (input === null || inMemory(input)) && inMemory(output);
  // In memory, one call per LIMITS.MAX_LENGTH rows (the core's limit per call; only layer norm's rows
  // are not held to it by the API); otherwise what fits one chunk of the scratch area, at least a row.
  const chunk = Math.min(rows, direct ? LIMITS.MAX_LENGTH : Math.max(1, Math.floor(SCRATCH_FLOATS / width)));
  const inBuffer = input !== null && !inMemory(input), outBuffer = !inMemory(output) && output !== input;
  let paramFloats = 0;
  for (let i = 0; i < params.length; i++) if (params[i] && !inMemory(params[i])) paramFloats += round4(params[i].length);
  const floats = paramFloats + ((inBuffer ? 1 : 0) + (outBuffer ? 1 : 0)) * chunk * width;
  let at = floats > 0 ? heap.scratch(floats, name) : 0;
  const paramPtrs = params.length === 0 ? NO_PARAMS : params.map((p) => {
    if (!p) return 0;
    if (inMemory(p)) return p.ptr;
    const ptr = at;
    heap.f32(ptr, p.length).set(p.array);
    at += round4(p.length) * 4;
    return ptr;
  });
  const inChunk = at, outChunk = inBuffer ? at + chunk * width * 4 : at;

  for (let r0 = 0, n; r0 < rows; r0 += n) {
    n = Math.min(chunk, rows - r0);
    if (chunkRows && !direct) n = chunkRows(r0, n);
    const from = r0 * width, span = n * width;
    let inPtr = 0;
    if (input !== null && inMemory(input)) inPtr = input.ptr + from * 4;
    else if (input !== null) heap.f32((inPtr = inChunk), span).set(input.array.subarray(from, from + span));
    const outPtr = inMemory(output) ? output.ptr + from * 4 : output === input ? inChunk : outChunk;
    kernel(outPtr, inPtr, n, r0, paramPtrs);
    if (!inMemory(output)) output.array.set(heap.f32(outPtr, span), from);
  }
}

// Layer normalisation over the module's memory (PyTorch's nn.LayerNorm(dModel) on every row). Data
// inside the module's memory is normalised by one call; plain Float32Arrays go through the core's
// reusable scratch area a block of rows at a time, so no temporary grows with x.
import { LIMITS } from './abi.js';
import { expectLength, floats, noOverlap, optionalFloats, readOptions } from './args.js';
import { checkStatus } from './errors.js';
import * as check from './validate.js';

const SCRATCH_FLOATS = 1 << 16; // rows per chunk: as many as fit in 256 KiB (at least one)
const OPTIONS = ['gamma', 'beta', 'eps', 'out'];

export function layerNorm(core, xArg, dModelArg, options) {
  const heap = core.heap;
  const o = readOptions('options', options, OPTIONS);
  const dModel = check.integer('dModel', dModelArg, 1, LIMITS.MAX_DIM);
  const eps = o.eps === undefined ? 1e-5 : check.finiteAbove('eps', o.eps, 0);
  const x = floats(heap, 'x', xArg);
  const gamma = optionalFloats(heap, 'gamma', o.gamma);
  const beta = optionalFloats(heap, 'beta', o.beta);
  const out = optionalFloats(heap, 'out', o.out);
  if (x.length % dModel !== 0) {
    throw new RangeError(`x must hold a whole number of rows of dModel = ${dModel} values, got ${x.length} values`);
  }
  expectLength('gamma', gamma, dModel, 'dModel');
  expectLength('beta', beta, dModel, 'dModel');
  expectLength('out', out, x.length, 'x.length');
  noOverlap('out', out, x);
  const rows = x.length / dModel;
  const result = out ? o.out : new Float32Array(x.length);
  if (rows === 0) return result;

  const inHeap = x.array === undefined && out && out.array === undefined;
  const chunkRows = inHeap ? rows : Math.max(1, Math.min(rows, Math.floor(SCRATCH_FLOATS / dModel)));
  // Scratch: gamma and beta when they are outside the module's memory, then a chunk of x and of y.
  const paramFloats = (gamma?.array ? dModel : 0) + (beta?.array ? dModel : 0);
  const chunkFloats = inHeap ? 0 : 2 * chunkRows * dModel;
  let at = paramFloats + chunkFloats > 0 ? core.scratch(paramFloats + chunkFloats, 'x') : 0;
  const place = (p) => {
    if (!p) return 0;
    if (p.array === undefined) return p.ptr;
    const ptr = at;
    heap.f32(ptr, dModel).set(p.array);
    at += dModel * 4;
    return ptr;
  };
  const gammaPtr = place(gamma), betaPtr = place(beta);
  const run = (yPtr, xPtr, n) => checkStatus(core.exports.pf_layer_norm(yPtr, xPtr, gammaPtr, betaPtr, n, dModel, eps), 'x');
  if (inHeap) {
    run(out.ptr, x.ptr, rows);
    return result;
  }
  const xChunk = at, yChunk = at + chunkRows * dModel * 4;
  const target = out ?? { array: result };
  for (let r0 = 0; r0 < rows; r0 += chunkRows) {
    const n = Math.min(chunkRows, rows - r0), span = n * dModel, from = r0 * dModel;
    if (x.array !== undefined) heap.f32(xChunk, span).set(x.array.subarray(from, from + span));
    const yPtr = target.array === undefined ? target.ptr + from * 4 : yChunk;
    run(yPtr, x.array === undefined ? x.ptr + from * 4 : xChunk, n);
    if (target.array !== undefined) target.array.set(heap.f32(yChunk, span), from);
  }
  return result;
}

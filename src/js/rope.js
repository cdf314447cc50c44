// Rotary position embedding (RoPE) over the module's memory. Tensors and views of core.memory are
// rotated where they are; plain Float32Arrays go through the scratch area a few rows at a time, so
// no temporary grows with the array. The core's workspace (frequencies and the current row's cosines
// and sines) is one allocation per instance, reused by every call.
import { LIMITS } from './abi.js';
import { expectLength, floats, noOverlap, optionalFloats, readOptions } from './args.js';
import { checkStatus, describe } from './errors.js';
import { MAX_MEMORY_BYTES } from './memory.js';
import * as check from './validate.js';

const { MAX_LENGTH, MAX_DIM, MAX_POSITION } = LIMITS;
export const ROTARY_LAYOUTS = ['interleaved', 'half'];
const SCRATCH_FLOATS = 1 << 16; // rows per chunk of a plain array: as for the PE tables

const workspaces = new WeakMap(); // core -> { ptr, bytes }: grows, never shrinks

/** The instance's RoPE workspace, at least big enough for heads of headDim values. */
function workspace(core, headDim) {
  const { heap } = core;
  checkStatus(core.exports.pf_rope_workspace_bytes(heap.slot, headDim), 'headDim');
  const bytes = heap.slotU32();
  let ws = workspaces.get(core);
  if (!ws || ws.bytes < bytes) {
    const ptr = core.heap.alloc(bytes, 'headDim');
    if (ws) core.heap.free(ws.ptr);
    ws = { ptr, bytes };
    workspaces.set(core, ws);
  }
  return ws;
}

/** headDim: default dModel; an even integer from 2 to dModel that divides dModel. */
function headDimOf(value, dModel) {
  const accepted = `an even integer from 2 to dModel (${dModel}) that divides dModel`;
  if (value === undefined) {
    if (dModel % 2) throw new RangeError(`headDim (default: dModel = ${dModel}) must be ${accepted}; give headDim, or an even dModel`);
    return dModel;
  }
  if (typeof value !== 'number') throw new TypeError(`headDim must be ${accepted}, got ${describe(value)}`);
  if (!Number.isInteger(value) || value < 2 || value > dModel || value % 2 || dModel % value) {
    throw new RangeError(`headDim must be ${accepted}, got ${value}`);
  }
  return value;
}

/**
 * x (length, dModel) rotated in place, or into out: each head's pair i at position t + offset turns by
 * (t + offset) / base^(2i / headDim). See docs/API.md, "Rotary position embedding".
 */
export function applyRotary(core, x, length, dModel, options) {
  const o = readOptions('options', options, ['headDim', 'base', 'offset', 'layout', 'out']);
  check.integer('length', length, 0, MAX_LENGTH);
  check.integer('dModel', dModel, 1, MAX_DIM);
  const headDim = headDimOf(o.headDim, dModel);
  const base = o.base === undefined ? 10000 : check.finiteAbove('base', o.base, 1);
  const offset = o.offset === undefined ? 0 : check.integer('offset', o.offset, 0, MAX_POSITION);
  const layout = o.layout === undefined ? 0 : check.oneOf('layout', o.layout, ROTARY_LAYOUTS);
  if (length > 0 && offset + length - 1 > MAX_POSITION) {
    throw new RangeError(`offset must keep every position offset + t within 0 .. ${MAX_POSITION}: offset ${offset} with length ${length} reaches ${offset + length - 1}`);
  }
  const n = length * dModel;
  if (n * 4 > MAX_MEMORY_BYTES) {
    throw new RangeError(`length * dModel must be at most ${MAX_MEMORY_BYTES / 4} values (2 GiB of float32), got ${length} * ${dModel} = ${n}`);
  }
  const input = floats(core.heap, 'x', x); // arrays last: no user code runs after this
  const out = optionalFloats(core.heap, 'out', o.out);
  expectLength('x', input, n, 'length * dModel');
  expectLength('out', out, n, 'length * dModel');
  noOverlap('out', out, input);
  const result = out ? o.out : x;
  if (n === 0) return result;

  const { heap, exports } = core;
  const ws = workspace(core, headDim);
  const rotate = (outPtr, xPtr, rows, t0) => checkStatus(
    exports.pf_rope_apply(outPtr, xPtr, rows, dModel, headDim, base, offset + t0, layout, ws.ptr, ws.bytes), 'x');
  const target = out ?? input;
  if (input.array === undefined && target.array === undefined) { // both in the module's memory
    rotate(target.ptr, input.ptr, length, 0);
    return result;
  }
  if (target.array === undefined) { // a plain x into out in memory: copy in, rotate there
    heap.f32(target.ptr, n).set(input.array);
    rotate(target.ptr, target.ptr, length, 0);
    return result;
  }
  // The result is a plain array: chunks of rows through scratch (x read from memory or copied in).
  const rowsPerChunk = Math.max(1, Math.floor(SCRATCH_FLOATS / dModel));
  const ptr = core.scratch(rowsPerChunk * dModel, 'dModel');
  for (let t0 = 0; t0 < length; t0 += rowsPerChunk) {
    const rows = Math.min(rowsPerChunk, length - t0);
    const span = rows * dModel, start = t0 * dModel;
    if (input.array === undefined) {
      rotate(ptr, input.ptr + start * 4, rows, t0);
    } else {
      heap.f32(ptr, span).set(input.array.subarray(start, start + span));
      rotate(ptr, ptr, rows, t0);
    }
    target.array.set(heap.f32(ptr, span), start);
  }
  return result;
}

/** The angle (position) / base^(2 pair / headDim) of one pair, in double precision. */
export function rotaryAngle(core, position, pair, headDim, options) {
  const o = readOptions('options', options, ['base']);
  check.integer('position', position, 0, MAX_POSITION);
  check.integer('headDim', headDim, 2, MAX_DIM);
  if (headDim % 2) throw new RangeError(`headDim must be an even integer from 2 to ${MAX_DIM}, got ${headDim}`);
  check.integer('pair', pair, 0, headDim / 2 - 1);
  const base = o.base === undefined ? 10000 : check.finiteAbove('base', o.base, 1);
  const { heap } = core;
  checkStatus(core.exports.pf_rope_angle(heap.slot, position, pair, headDim, base), 'position');
  return heap.slotF64();
}

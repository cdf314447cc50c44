// Rotary position embedding (RoPE) over the module's memory. Tensors and views of core.memory are
// rotated where they are; plain Float32Arrays go through the scratch area a chunk of rows at a time
// (rows.js), so no temporary grows with the array. The core keeps its own workspace (frequencies and
// the current row's cosines and sines) as it does PE's, in memory that was never a tensor
// (wasm_exports.c).
import { expectLength, floats, noOverlap, optionalFloats, readOptions } from './args.js';
import { DEFAULTS, LIMITS, ROTARY_LAYOUTS } from './defaults.js';
import { checkStatus, describe } from './errors.js';
import { NO_PARAMS, forEachRowChunk } from './rows.js';
import * as check from './validate.js';

const { MAX_LENGTH, MAX_DIM, MAX_POSITION } = LIMITS;

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
  const base = o.base === undefined ? DEFAULTS.base : check.finiteAbove('base', o.base, 1);
  const offset = o.offset === undefined ? DEFAULTS.offset : check.integer('offset', o.offset, 0, MAX_POSITION);
  const layout = o.layout === undefined ? DEFAULTS.layout : check.oneOf('layout', o.layout, ROTARY_LAYOUTS);
  const n = check.tableValues(length, dModel, offset);
  const input = floats(core.heap, 'x', x); // arrays last: no user code runs after this
  const out = optionalFloats(core.heap, 'out', o.out);
  expectLength('x', input, n, 'length * dModel');
  expectLength('out', out, n, 'length * dModel');
  noOverlap('out', out, input);
  forEachRowChunk(core.heap, 'dModel', length, dModel, input, out ?? input, NO_PARAMS, null,
    (outPtr, xPtr, rows, t0) => checkStatus(core.exports.pf_rope_apply(outPtr, xPtr, rows, dModel, headDim, base, offset + t0, layout), 'headDim'));
  return out ? o.out : x;
}

/** The angle (position) / base^(2 pair / headDim) of one pair, in double precision. */
export function rotaryAngle(core, position, pair, headDim, options) {
  const o = readOptions('options', options, ['base']);
  check.integer('position', position, 0, MAX_POSITION);
  check.integer('headDim', headDim, 2, MAX_DIM);
  if (headDim % 2) throw new RangeError(`headDim must be an even integer from 2 to ${MAX_DIM}, got ${headDim}`);
  check.integer('pair', pair, 0, headDim / 2 - 1);
  const base = o.base === undefined ? DEFAULTS.base : check.finiteAbove('base', o.base, 1);
  const { heap } = core;
  checkStatus(core.exports.pf_rope_angle(heap.slot, position, pair, headDim, base), 'position');
  return heap.slotF64();
}

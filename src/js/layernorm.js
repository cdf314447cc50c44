// Layer normalisation over the module's memory (PyTorch's nn.LayerNorm(dModel) on every row). Data
// inside the module's memory is normalised by one call; plain Float32Arrays go through the scratch
// area a chunk of rows at a time (rows.js), so no temporary grows with x.
import { expectLength, floats, noOverlap, optionalFloats, readOptions } from './args.js';
import { DEFAULTS, LIMITS } from './defaults.js';
import { checkStatus } from './errors.js';
import { forEachRowChunk } from './rows.js';
import * as check from './validate.js';

const OPTIONS = ['gamma', 'beta', 'eps', 'out'];

export function layerNorm(core, xArg, dModelArg, options) {
  const heap = core.heap;
  const o = readOptions('options', options, OPTIONS);
  const dModel = check.integer('dModel', dModelArg, 1, LIMITS.MAX_DIM);
  const eps = o.eps === undefined ? DEFAULTS.eps : check.finiteAbove('eps', o.eps, 0);
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
  noOverlap('out', out, gamma, 'gamma'); // later rows would read what earlier rows wrote
  noOverlap('out', out, beta, 'beta');
  const result = out ? o.out : new Float32Array(x.length);
  forEachRowChunk(heap, 'x', x.length / dModel, dModel, x, out ?? floats(heap, 'out', result), [gamma, beta], null,
    (yPtr, xPtr, rows, _, [gammaPtr, betaPtr]) => checkStatus(core.exports.pf_layer_norm(yPtr, xPtr, gammaPtr, betaPtr, rows, dModel, eps), 'x'));
  return result;
}

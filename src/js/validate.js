// Checks of argument values already read into locals (src/js/args.js reads them), shared by every
// API function. Each throws before anything is allocated or written:
// TypeError for a value of the wrong JavaScript type, RangeError for a value that is not accepted.
import { LIMITS, MAX_MEMORY_BYTES } from './defaults.js';
import { rangeError, typeError } from './errors.js';

/** An integer from min to max (inclusive). */
export function integer(name, value, min, max) {
  if (typeof value !== 'number') throw typeError(name, `an integer from ${min} to ${max}`, value);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw rangeError(name, `an integer from ${min} to ${max}`, value);
  }
  return value;
}

/** A finite number greater than `above`. */
export function finiteAbove(name, value, above) {
  if (typeof value !== 'number') throw typeError(name, `a finite number greater than ${above}`, value);
  if (!Number.isFinite(value) || !(value > above)) throw rangeError(name, `a finite number greater than ${above}`, value);
  return value;
}

/** One of a list of strings; returns its index. */
export function oneOf(name, value, choices) {
  const index = typeof value === 'string' ? choices.indexOf(value) : -1;
  if (index >= 0) return index;
  const accepted = `one of ${choices.map((c) => `'${c}'`).join(', ')}`; // only for the error
  throw typeof value !== 'string' ? typeError(name, accepted, value) : rangeError(name, accepted, value);
}

/**
 * The values of a table of `length` rows of dModel at positions offset .. offset + length - 1 (the
 * three already checked one by one): every position within MAX_POSITION (a RangeError naming offset),
 * and all of them within the memory (one naming length and dModel).
 */
export function tableValues(length, dModel, offset) {
  const last = LIMITS.MAX_POSITION;
  if (length > 0 && offset + length - 1 > last) {
    throw new RangeError(`offset must keep every position offset + t within 0 .. ${last}: offset ${offset} with length ${length} reaches ${offset + length - 1}`);
  }
  const n = length * dModel;
  if (n * 4 > MAX_MEMORY_BYTES) {
    throw new RangeError(`length * dModel must be at most ${MAX_MEMORY_BYTES / 4} values (2 GiB of float32), got ${length} * ${dModel} = ${n}`);
  }
  return n;
}

export function boolean(name, value) {
  if (typeof value !== 'boolean') throw typeError(name, 'a boolean', value);
  return value;
}

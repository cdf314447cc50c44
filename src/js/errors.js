// Error construction in one place: argument errors name the parameter and what is accepted, and
// every C status code becomes an error through statusError, from the table pf_abi.h generates.
import { STATUSES } from './abi.js';
import { typedArrayName } from './intrinsics.js';

/** A short description of a value for error messages: `0`, `a string ("x")`, `null`, `a Tensor`. */
export function describe(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)})`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  const typed = typedArrayName(value);
  if (typed) return `a ${typed}`;
  // Anything else may be a Proxy or have getters: whatever they do, the description must not throw.
  try {
    if (Array.isArray(value)) return 'an Array';
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    return typeof name === 'string' && name ? `a ${name}` : 'a plain object';
  } catch {
    return 'an object that cannot be inspected (a revoked Proxy?)';
  }
}

export function typeError(name, accepted, value) {
  return new TypeError(`${name} must be ${accepted}, got ${describe(value)}`);
}

export function rangeError(name, accepted, value) {
  return new RangeError(`${name} must be ${accepted}, got ${describe(value)}`);
}

const ERROR_OF_KIND = { RANGE: RangeError, TYPE: TypeError, STATE: Error };

/**
 * The error for a non-zero pf_status. It names the parameter the status is about, or `param` (the
 * one the call site says is most involved, e.g. the size that ran out of memory); `detail` is added.
 */
export function statusError(status, param, detail = '') {
  const s = STATUSES[status];
  if (!s) return new Error(`${param}: the core returned the unknown status ${status}`);
  const message = `${s.param || param}: ${s.text}${detail ? `: ${detail}` : ''} (status ${status}, ${s.name})`;
  return new ERROR_OF_KIND[s.kind](message);
}

/** Throws statusError(status, param) unless status is PF_OK. */
export function checkStatus(status, param, detail) {
  if (status !== 0) throw statusError(status, param, detail);
}

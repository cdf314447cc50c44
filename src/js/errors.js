// Error construction in one place: argument errors name the parameter and what is accepted, and
// C status codes become errors with the core's own description.

/** A short description of a value for error messages: `got 0`, `got a string`, `got null`. */
export function describe(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return `a string (${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)})`;
  if (Array.isArray(value)) return 'an Array';
  if (typeof value === 'object') return `a ${value.constructor?.name ?? 'plain object'}`;
  return `a ${typeof value}`;
}

export function typeError(name, accepted, value) {
  return new TypeError(`${name} must be ${accepted}, got ${describe(value)}`);
}

export function rangeError(name, accepted, value) {
  return new RangeError(`${name} must be ${accepted}, got ${describe(value)}`);
}

const PF_ERR_NO_MEMORY = 11; // pf_status in src/c/pe_ffn.h

/** The error for a non-zero C status; `name` is the parameter most involved. */
export function statusError(heap, status, name) {
  const message = `${name}: ${heap.statusText(status)} (status ${status})`;
  return status === PF_ERR_NO_MEMORY ? new RangeError(message) : new Error(message);
}

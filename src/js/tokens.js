// Token and target arguments of the trainable Transformer, read once into the package's own
// Int32Array before anything is checked or touched: an Int32Array, Uint8Array, Uint16Array or
// Uint32Array (read through the engine's accessors), or an Array of integers (each element read
// once). A value of another type is a TypeError naming the parameter, a non-integer inside an Array
// too; a number out of range is a RangeError naming it.
import { typeError } from './errors.js';
import { typedArrayName, typedArrayParts } from './intrinsics.js';

const INTEGER_ARRAYS = ['Int32Array', 'Uint8Array', 'Uint16Array', 'Uint32Array'];
const ACCEPTED = 'an Int32Array, Uint8Array, Uint16Array, Uint32Array or an Array of integers';

/**
 * A copy of `value`: an Int32Array, or a Float64Array for a Uint32Array (values above 2^31 - 1 must
 * not wrap to negative ones that look like -1) and an Array (each element checked to be an integer).
 */
function copyIntegers(name, value) {
  const typed = typedArrayName(value);
  if (typed !== undefined) {
    if (!INTEGER_ARRAYS.includes(typed)) throw typeError(name, ACCEPTED, value);
    const { buffer, byteOffset, length } = typedArrayParts(value);
    const view = new globalThis[typed](buffer, byteOffset, length);
    const copy = typed === 'Uint32Array' ? new Float64Array(length) : new Int32Array(length);
    copy.set(view);
    return copy;
  }
  let isArray;
  try {
    isArray = Array.isArray(value);
  } catch {
    isArray = false; // a revoked Proxy
  }
  if (!isArray) throw typeError(name, ACCEPTED, value);
  const n = value.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = value[i];
    if (typeof v !== 'number' || !Number.isInteger(v)) throw typeError(`${name}[${i}]`, `an integer (${name} must be ${ACCEPTED})`, v);
    out[i] = v;
  }
  return out;
}

/**
 * tokens (and targets, same length; or null) as Int32Arrays with every token in 0 .. vocab - 1 and
 * every target that or -1; also the batch's sequence length T = length / batch (1 .. maxLength).
 */
export function readTokens(tokensValue, targetsValue, batch, vocab, maxLength) {
  const tokens = copyIntegers('tokens', tokensValue);
  const targets = targetsValue === null ? null : copyIntegers('targets', targetsValue);
  const n = tokens.length;
  if (n === 0) throw new RangeError('tokens must hold at least one token, got an empty array');
  if (n % batch !== 0) throw new RangeError(`tokens must hold batch * T values: ${n} tokens are not a whole number of sequences of batch = ${batch}`);
  const length = n / batch;
  if (length > maxLength) throw new RangeError(`tokens: sequences of ${length} tokens are longer than maxLength = ${maxLength}`);
  for (let i = 0; i < n; i++) {
    if (!(tokens[i] >= 0 && tokens[i] < vocab)) throw new RangeError(`tokens must be integers from 0 to ${vocab - 1}, got ${tokens[i]} at ${i}`);
  }
  if (targets) {
    if (targets.length !== n) throw new RangeError(`targets must hold as many values as tokens (${n}), got ${targets.length}`);
    for (let i = 0; i < n; i++) {
      if (!(targets[i] >= -1 && targets[i] < vocab)) throw new RangeError(`targets must be integers from -1 to ${vocab - 1}, got ${targets[i]} at ${i}`);
    }
  }
  const asInt32 = (a) => (a instanceof Int32Array ? a : Int32Array.from(a)); // checked above: every value fits
  return { tokens: asInt32(tokens), targets: targets && asInt32(targets), length };
}

// Arguments read once, through the engine's own accessors. Every API function follows these steps,
// so that no getter, Proxy trap or overridden property can change a value between its check and use:
//
//   const o = readOptions('options', options, ['eps', 'gamma', 'out']); // 1. each option read once
//   const eps = o.eps === undefined ? DEFAULTS.eps : check.finiteAbove('eps', o.eps, 0); // 2. check locals
//   const x = floats(core.heap, 'x', xArg);                               // 3. arrays and tensors
//   const out = o.out === undefined ? null : floats(core.heap, 'out', o.out); //    resolved last
//   expectLength('x', x, n, 'length * dModel'); noOverlap('out', out, x); // 4. their lengths
//   ... then allocate, copy in (copyIn), call the core, copy out (copyOut) ...
//
// Steps 1-4 run no user code after step 3, so a tensor freed by a getter is seen as freed, and a
// typed array's buffer, offset and length are taken from its internal slots, not its properties.
import { typeError } from './errors.js';
import { isDetached, memoryBuffer, typedArrayName, typedArrayParts } from './intrinsics.js';
import { tensorOf } from './memory.js';

/**
 * The options argument as a null-prototype object holding each of `keys` read exactly once
 * (undefined: not given). `value` must be undefined or an object (not an Array). A property that
 * throws when read (a getter, a revoked Proxy) is a TypeError naming it.
 */
const NO_OPTIONS = Object.freeze(Object.create(null));

export function readOptions(name, value, keys) {
  if (value === undefined) return NO_OPTIONS;
  const o = Object.create(null);
  let isArray;
  try {
    isArray = Array.isArray(value);
  } catch (error) {
    throw new TypeError(`${name} must be an object, got a revoked Proxy (${error.message})`, { cause: error });
  }
  if (value === null || typeof value !== 'object' || isArray) throw typeError(name, 'an object', value);
  for (const key of keys) {
    try {
      o[key] = value[key];
    } catch (error) {
      throw new TypeError(`${key} could not be read from ${name}: ${error?.message ?? error}`, { cause: error });
    }
  }
  return o;
}

/** A required option or argument: undefined is a TypeError. */
export function required(name, value) {
  if (value === undefined) throw new TypeError(`${name} is required`);
  return value;
}

/**
 * Resolves a Float32Array-or-tensor argument of this heap. Returns { ptr, length } for data inside
 * the module's memory (a live tensor, or a view of core.memory inside one), or { array, length } for
 * any other Float32Array, `array` being the package's own view of the same bytes. Freed tensors and
 * tensors of another instance are Errors; other types TypeErrors; views of core.memory outside
 * every tensor RangeErrors.
 */
export function floats(heap, name, value) {
  const tensor = tensorOf(value);
  if (tensor) {
    if (tensor.freed) throw new Error(`${name} is a tensor that has been freed`);
    if (tensor.heap !== heap) throw new Error(`${name} is a tensor of another pe-ffn-wasm instance`);
    return { ptr: tensor.ptr, length: tensor.length };
  }
  if (typedArrayName(value) !== 'Float32Array') throw typeError(name, 'a Float32Array or a tensor from core.alloc()', value);
  const { buffer, byteOffset, length } = typedArrayParts(value);
  if (length === 0) {
    if (isDetached(buffer)) throw new TypeError(`${name} is a Float32Array whose buffer has been detached (a view of core.memory from before the memory grew? take tensor.data again)`);
    return { array: new Float32Array(0), length: 0 };
  }
  if (buffer === memoryBuffer(heap.memory)) {
    if (!heap.holds(byteOffset, length * 4)) {
      throw new RangeError(`${name} is a view of core.memory (bytes ${byteOffset} .. ${byteOffset + length * 4}) that does not lie inside one live tensor`);
    }
    return { ptr: byteOffset, length };
  }
  return { array: new Float32Array(buffer, byteOffset, length), buffer, byteOffset, length };
}

/** floats() of an optional argument: null when undefined. */
export const optionalFloats = (heap, name, value) => (value === undefined ? null : floats(heap, name, value));

/** A resolved argument must hold exactly n values (`what` says how n is made, e.g. 'length * dModel'). */
export function expectLength(name, resolved, n, what) {
  if (resolved && resolved.length !== n) throw new RangeError(`${name} must hold exactly ${what} = ${n} values, got ${resolved.length}`);
}

/** True when two resolved arguments share any memory. */
export function overlaps(a, b) {
  if (!a || !b || a.length === 0 || b.length === 0) return false;
  if ((a.array === undefined) !== (b.array === undefined)) return false; // heap vs. outside
  if (a.array !== undefined && a.buffer !== b.buffer) return false;
  const a0 = a.array === undefined ? a.ptr : a.byteOffset, b0 = b.array === undefined ? b.ptr : b.byteOffset;
  return a0 < b0 + b.length * 4 && b0 < a0 + a.length * 4;
}

/** RangeError naming `name` when a and b share memory. */
export function noOverlap(name, a, b, otherName = 'x') {
  if (overlaps(a, b)) throw new RangeError(`${name} must not share memory with ${otherName}`);
}

/**
 * The x and optional out of a layer's forward (steps 3-4 above): x whole tokens of dModel values, at
 * most maxTokens of them; out exactly as long as x and sharing no memory with it.
 */
export function tokenArrays(heap, x, outValue, dModel, maxTokens) {
  const input = floats(heap, 'x', x);
  const out = optionalFloats(heap, 'out', outValue);
  if (input.length % dModel !== 0) {
    throw new RangeError(`x must hold a whole number of tokens of dModel = ${dModel} values, got ${input.length} values`);
  }
  const tokens = input.length / dModel;
  if (tokens > maxTokens) throw new RangeError(`x must hold at most ${maxTokens} tokens, got ${tokens}`);
  expectLength('out', out, input.length, 'tokens * dModel');
  noOverlap('out', out, input);
  return { input, out, tokens };
}

/** Pointer to a resolved argument's data in the heap, copying an outside array into `temps`. */
export function copyIn(heap, resolved, temps, name) {
  if (!resolved || resolved.length === 0) return 0;
  if (resolved.array === undefined) return resolved.ptr;
  const ptr = heap.alloc(resolved.length * 4, name);
  temps.push(ptr);
  heap.f32(ptr, resolved.length).set(resolved.array);
  return ptr;
}

/** Copies n floats at ptr back to a resolved outside array (nothing for data already in the heap). */
export function copyOut(heap, resolved, ptr) {
  if (resolved.array !== undefined && resolved.length > 0) resolved.array.set(heap.f32(ptr, resolved.length));
}

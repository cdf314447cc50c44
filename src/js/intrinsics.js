// The engine's own accessors, captured when the package loads: a typed array's own properties (or a
// Proxy's traps) can say anything, the internal slots these getters read cannot.
const TypedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const getter = (object, key) => Object.getOwnPropertyDescriptor(object, key).get;

const toStringTag = getter(TypedArrayPrototype, Symbol.toStringTag);
const bufferGetter = getter(TypedArrayPrototype, 'buffer');
const byteOffsetGetter = getter(TypedArrayPrototype, 'byteOffset');
const lengthGetter = getter(TypedArrayPrototype, 'length');
const memoryBufferGetter = getter(WebAssembly.Memory.prototype, 'buffer');
const detachedGetter = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detached')?.get; // Node 22+

/** 'Float32Array', 'Uint8Array', ... for a genuine typed array (not a Proxy of one), else undefined. */
export const typedArrayName = (value) => toStringTag.call(value);

/** buffer, byteOffset and length of a genuine typed array, from its internal slots. */
export function typedArrayParts(array) {
  return { buffer: bufferGetter.call(array), byteOffset: byteOffsetGetter.call(array), length: lengthGetter.call(array) };
}

/** memory.buffer of a genuine WebAssembly.Memory. */
export const memoryBuffer = (memory) => memoryBufferGetter.call(memory);

/** Whether an ArrayBuffer has been detached (transferred, or a wasm memory that grew since). */
export function isDetached(buffer) {
  if (detachedGetter) {
    try {
      return detachedGetter.call(buffer);
    } catch {
      return false; // a SharedArrayBuffer is never detached
    }
  }
  try {
    new Uint8Array(buffer, 0, 0);
    return false;
  } catch {
    return true;
  }
}

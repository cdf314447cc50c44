// The module's linear memory as JavaScript sees it: allocation, tensors (float32 arrays that live in
// that memory), fresh views after growth, and the resolution of array arguments into pointers.
import { typeError } from './errors.js';

/** Bytes the wasm memory can ever hold (MAXIMUM_MEMORY in build.sh); larger requests are refused. */
export const MAX_MEMORY_BYTES = 2 ** 31;

const tensorState = new WeakMap(); // Tensor -> { heap, ptr, length, view, freed }

export class Heap {
  constructor(exports) {
    this.exports = exports;
    this.memory = exports.memory;
  }

  /** A fresh Float32Array view of n floats at byte address ptr (never hold it across an allocation). */
  f32(ptr, n) {
    return new Float32Array(this.memory.buffer, ptr, n);
  }

  /** Allocates `bytes` (16-byte aligned); throws RangeError naming `name` when memory cannot hold it. */
  alloc(bytes, name) {
    const ptr = bytes < MAX_MEMORY_BYTES ? this.exports.pf_alloc(bytes) >>> 0 : 0;
    if (ptr === 0) {
      throw new RangeError(`${name} needs ${bytes} bytes, more than the module's memory can hold (at most ${MAX_MEMORY_BYTES} bytes)`);
    }
    return ptr;
  }

  free(ptr) {
    if (ptr) this.exports.pf_free(ptr);
  }

  statusText(status) {
    const ptr = this.exports.pf_status_text(status) >>> 0;
    const bytes = new Uint8Array(this.memory.buffer, ptr);
    return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
  }
}

/** n float32 values inside the module's memory, shared with C without copies. */
export class Tensor {
  constructor(heap, n) {
    const ptr = n > 0 ? heap.alloc(n * 4, 'n') : 0;
    tensorState.set(this, { heap, ptr, length: n, view: null, freed: false });
  }

  /** Byte address in core.memory. */
  get ptr() {
    return tensorState.get(this).ptr;
  }

  get length() {
    return tensorState.get(this).length;
  }

  /** A Float32Array view of the values, rebuilt when the memory has grown since the last access. */
  get data() {
    const s = liveState(this, 'tensor');
    if (!s.view || s.view.buffer !== s.heap.memory.buffer) s.view = s.heap.f32(s.ptr, s.length);
    return s.view;
  }

  free() {
    const s = tensorState.get(this);
    if (s.freed) throw new Error('tensor.free(): this tensor has already been freed');
    s.freed = true;
    s.view = null;
    s.heap.free(s.ptr);
  }
}

function liveState(tensor, name) {
  const s = tensorState.get(tensor);
  if (s.freed) throw new Error(`${name} is a tensor that has been freed`);
  return s;
}

/**
 * Resolves a Float32Array-or-tensor argument. Returns { ptr, length } for data inside this heap's
 * memory (a live tensor of this instance, or a Float32Array view of core.memory), or { array, length }
 * for any other Float32Array. Throws TypeError for other types, Error for freed or foreign tensors.
 */
export function resolveFloats(heap, name, value) {
  if (value instanceof Tensor) {
    const s = liveState(value, name);
    if (s.heap !== heap) throw new Error(`${name} is a tensor of another pe-ffn-wasm instance`);
    return { ptr: s.ptr, length: s.length };
  }
  if (value instanceof Float32Array) {
    if (value.buffer === heap.memory.buffer) return { ptr: value.byteOffset, length: value.length };
    return { array: value, length: value.length };
  }
  throw typeError(name, 'a Float32Array or a tensor from core.alloc()', value);
}

/** True when two resolved arguments share any memory. */
export function overlaps(a, b) {
  if (a.length === 0 || b.length === 0) return false;
  if (a.array && b.array) {
    if (a.array.buffer !== b.array.buffer) return false;
    const a0 = a.array.byteOffset, b0 = b.array.byteOffset;
    return a0 < b0 + b.length * 4 && b0 < a0 + a.length * 4;
  }
  if (a.array || b.array) return false;
  return a.ptr < b.ptr + b.length * 4 && b.ptr < a.ptr + a.length * 4;
}


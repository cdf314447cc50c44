// The module's linear memory as JavaScript sees it: allocation, the results exports write through
// out-pointers, the instance's scratch area, tensors (float32 arrays that live in that memory), and
// which regions of it are handed out, so that a view of core.memory is accepted only inside one of
// them.
import { MAX_MEMORY_BYTES } from './defaults.js';
import { checkStatus } from './errors.js';
import { memoryBuffer } from './intrinsics.js';

const tensorState = new WeakMap(); // Tensor -> { heap, ptr, length, view, freed }

/**
 * The scratch area's size, in float32 values: 256 KiB, large enough to amortise a call on a chunk of
 * rows (rows.js), small enough to stay in cache. It grows only for a call that needs more.
 */
export const SCRATCH_FLOATS = 1 << 16;

export class Heap {
  #slot;
  #views = null; // { buffer, i32, f64 } over the whole memory, rebuilt after growth
  #starts = []; // byte addresses of the live tensors of non-zero length, sorted
  #ends = new Map(); // start -> end (exclusive)
  #scratch = { ptr: 0, floats: 0 };

  constructor(exports) {
    this.exports = exports;
    this.memory = exports.memory;
    this.#slot = exports.pf_out_slot() >>> 0;
  }

  /** The pointer exports write their results to; read it with slotI32 / slotF64 right after. */
  get slot() {
    return this.#slot;
  }

  #whole() {
    // Growth detaches the old buffer, which leaves our views empty: then (only) make new ones.
    if (this.#views === null || this.#views.f64.length === 0) {
      const buffer = memoryBuffer(this.memory);
      this.#views = { i32: new Int32Array(buffer), f64: new Float64Array(buffer) };
    }
    return this.#views;
  }

  slotU32() {
    return this.#whole().i32[this.#slot >> 2] >>> 0;
  }

  slotF64() {
    return this.#whole().f64[this.#slot >> 3];
  }

  /** A fresh Float32Array view of n floats at byte address ptr (never hold it across an allocation). */
  f32(ptr, n) {
    return new Float32Array(memoryBuffer(this.memory), ptr, n);
  }

  /** Allocates `bytes` (16-byte aligned); throws RangeError naming `name` when memory cannot hold it. */
  alloc(bytes, name) {
    if (!(bytes < MAX_MEMORY_BYTES)) {
      throw new RangeError(`${name} needs ${bytes} bytes, more than the module's memory can hold (at most ${MAX_MEMORY_BYTES} bytes)`);
    }
    checkStatus(this.exports.pf_alloc(this.#slot, bytes), name, `${bytes} bytes do not fit in the module's memory`);
    return this.slotU32();
  }

  free(ptr) {
    if (ptr) this.exports.pf_free(ptr);
  }

  /**
   * The instance's scratch area, at least `floats` values (16-byte aligned): what one call copies in
   * and out, valid until the next call that asks for it (it grows, never shrinks, and keeps nothing
   * between calls). A RangeError naming `name` when it cannot grow.
   */
  scratch(floats, name) {
    if (floats > this.#scratch.floats) {
      const size = Math.max(floats, SCRATCH_FLOATS);
      const ptr = this.alloc(size * 4, name);
      this.free(this.#scratch.ptr);
      this.#scratch = { ptr, floats: size };
    }
    return this.#scratch.ptr;
  }

  /** Marks [ptr, ptr + bytes) as handed out to the caller (a tensor). */
  claim(ptr, bytes) {
    if (bytes === 0) return;
    const starts = this.#starts;
    let i = starts.length;
    while (i > 0 && starts[i - 1] > ptr) i--; // tensors are mostly allocated at rising addresses
    starts.splice(i, 0, ptr);
    this.#ends.set(ptr, ptr + bytes);
  }

  release(ptr) {
    if (!this.#ends.delete(ptr)) return;
    this.#starts.splice(this.#starts.indexOf(ptr), 1);
  }

  /** Whether [start, start + bytes) lies wholly inside one region handed out (bytes > 0). */
  holds(start, bytes) {
    const end = this.#ends.get(start);
    if (end !== undefined) return start + bytes <= end; // a tensor's own data view
    const starts = this.#starts;
    let lo = 0, hi = starts.length; // the last region starting at or before `start`
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= start) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && start + bytes <= this.#ends.get(starts[lo - 1]);
  }
}

function stateOf(tensor) {
  const s = tensorState.get(tensor);
  if (!s) throw new TypeError('this is not a tensor from core.alloc()');
  return s;
}

/** n float32 values inside the module's memory, shared with C without copies. */
export class Tensor {
  constructor(heap, n) {
    const ptr = n > 0 ? heap.alloc(n * 4, 'n') : 0;
    heap.claim(ptr, n * 4);
    tensorState.set(this, { heap, ptr, length: n, view: null, freed: false });
  }

  /** Byte address in core.memory. */
  get ptr() {
    return stateOf(this).ptr;
  }

  get length() {
    return stateOf(this).length;
  }

  /** A Float32Array view of the values, rebuilt when the memory has grown since the last access. */
  get data() {
    const s = stateOf(this);
    if (s.freed) throw new Error('tensor.data: this tensor has been freed');
    if (!s.view || s.view.buffer !== memoryBuffer(s.heap.memory)) s.view = s.heap.f32(s.ptr, s.length);
    return s.view;
  }

  free() {
    const s = stateOf(this);
    if (s.freed) throw new Error('tensor.free(): this tensor has already been freed');
    s.freed = true;
    s.view = null;
    s.heap.release(s.ptr);
    s.heap.free(s.ptr);
  }
}

/** The state of a Tensor of any instance (undefined for anything else: no user code runs). */
export const tensorOf = (value) => tensorState.get(value);

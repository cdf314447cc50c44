// The lifecycle every JavaScript object over a C object shares (an FFN, an encoder block, a model and
// its trainers): the C pointer stays private to the object, dispose() frees it once (a second
// call does nothing), a method called afterwards throws an Error naming that method, and an object
// that is garbage-collected without dispose() is freed by a FinalizationRegistry. An object may own
// others (a model its trainers): they are freed with it, first, since their C memory may point into
// its own.
//
// A method reads and checks every argument first and takes the pointer last: a getter or Proxy trap
// among the arguments may dispose the object (or free it and make another one at the same address),
// and a pointer taken before it would then be used on freed memory or on the other object.
//
//   class FFN {
//     #native;
//     constructor(core, layer) { this.#native = new NativeHandle(this, layer, core.exports.pf_ffn_delete, 'FFN'); }
//     forward(x, options) {
//       const o = readOptions('options', options, ['out']); // 1. every argument read and checked
//       const input = floats(core.heap, 'x', x);
//       const layer = this.#native.pointer('ffn.forward()'); // 2. then the pointer; no user code after
//       ...
//     }
//     dispose() { this.#native.dispose(); }
//   }
//
// Properties defined on the owner (dModel, paramCount, ...) are the owner's own and stay readable.

// A handle is held here, not its owner: the owner can be collected, and then its handle frees.
const orphans = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((handle) => handle.dispose()) : null;

/** The C pointer of one JavaScript object, and how and when it is freed. */
export class NativeHandle {
  #pointer;
  #free;
  #what;
  #children = new Set();
  #parent = null;
  #lock = null; // while set, pointer() throws this reason (a parallel step is running)

  /**
   * `owner`: the JavaScript object whose collection frees the pointer; `free(pointer)` frees it (it
   * must not refer to `owner`); `what` names the object in errors ('FFN', 'encoder block').
   */
  constructor(owner, pointer, free, what) {
    this.#pointer = pointer;
    this.#free = free;
    this.#what = what;
    orphans?.register(owner, this, this);
  }

  /** The C pointer, or an Error naming `method` (e.g. 'ffn.forward()') when the object is disposed. */
  pointer(method) {
    if (this.#pointer === 0) throw new Error(`${method}: this ${this.#what} has been disposed`);
    if (this.#lock !== null) throw new Error(`${method}: ${this.#lock}`);
    return this.#pointer;
  }

  /**
   * Until `unlock()`, pointer() throws an Error naming the method and `reason`; the holder reads the
   * pointer with `key()`. dispose() still frees. One lock at a time.
   */
  lock(method, reason) {
    this.pointer(method);
    this.#lock = reason;
    return {
      key: () => this.#pointer,
      unlock: () => {
        this.#lock = null;
      },
    };
  }

  get disposed() {
    return this.#pointer === 0;
  }

  /** Makes `child` (a live handle) freed with this one, before it. */
  own(child) {
    this.pointer('own()');
    child.#parent?.#children.delete(child);
    child.#parent = this;
    this.#children.add(child);
  }

  /** Frees the children, then the pointer; nothing the second time. */
  dispose() {
    if (this.#pointer === 0) return;
    for (const child of this.#children) child.dispose();
    const pointer = this.#pointer;
    this.#pointer = 0;
    orphans?.unregister(this);
    this.#parent?.#children.delete(this);
    this.#parent = null;
    this.#free(pointer);
  }
}

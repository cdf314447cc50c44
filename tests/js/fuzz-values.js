// Value generators of the API fuzz (fuzz.test.js): each returns { value, expect, ... } where `expect`
// lists the errors the value alone makes acceptable ([ErrorClass, parameter name]; empty: valid).
// Arrays also carry `read()` (the values they hold now, through the engine's own accessors) and
// `tensor` (the tensor whose memory they use, if any), so that a getter freeing it or growing the
// memory can update what the call must answer.
import { uniformArray } from '../reference/reference.js';

const MAX_POSITION = 2147483647;

export function makeRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)], chance: (p) => next() < p };
}

/** Values of the wrong JavaScript type for a number or string parameter. */
const WRONG_TYPES = ['3', 3n, null, true, {}, [3], () => 3, Symbol('s'), new Number(3)];

/** An integer parameter: valid from lo to hi (usually small), or an edge that is refused. */
export function integerArg(r, name, lo, hi, typicalHi = hi) {
  if (r.chance(0.8)) {
    const value = r.chance(0.1) ? hi : r.chance(0.1) ? lo : lo + r.int(Math.min(typicalHi, hi) - lo + 1);
    return { value: value === 0 && r.chance(0.2) ? -0 : value, expect: [] };
  }
  if (r.chance(0.3)) return { value: r.pick(WRONG_TYPES), expect: [[TypeError, name]] };
  const value = r.pick([NaN, Infinity, -Infinity, lo - 1, hi + 1, lo + 0.5, 2 ** 53, -(2 ** 31), 2 ** 32, Number.MIN_VALUE].filter((v) => !(Number.isInteger(v) && v >= lo && v <= hi)));
  return { value, expect: [[RangeError, name]] };
}

/** base: a finite number > 1. */
export function baseArg(r) {
  if (r.chance(0.8)) return { value: r.pick([10000, 2, 1.0001, 500.5, 1e6, 1e300]), expect: [] };
  if (r.chance(0.3)) return { value: r.pick(WRONG_TYPES), expect: [[TypeError, 'base']] };
  return { value: r.pick([1, 0.5, 0, -3, NaN, Infinity, -Infinity]), expect: [[RangeError, 'base']] };
}

/** One of `choices`, or a wrong string or type. */
export function choiceArg(r, name, choices) {
  if (r.chance(0.8)) return { value: r.pick(choices), expect: [] };
  if (r.chance(0.5)) return { value: r.pick(['', 'CONCAT', 'tanh', `${choices[0]} `]), expect: [[RangeError, name]] };
  return { value: r.pick([0, 1, null, {}, true]), expect: [[TypeError, name]] };
}

export function booleanArg(r, name) {
  if (r.chance(0.8)) return { value: r.chance(0.5), expect: [] };
  return { value: r.pick([0, 1, 'true', null, {}]), expect: [[TypeError, name]] };
}

/** offset for a table of `length` rows: often near the largest position. */
export function offsetArg(r, length) {
  const arg = r.chance(0.3) ? { value: MAX_POSITION - r.int(8), expect: [] } : integerArg(r, 'offset', 0, MAX_POSITION, 999999);
  const past = arg.expect.length === 0 && Number.isInteger(length) && length > 0 && arg.value + length - 1 > MAX_POSITION;
  if (past) arg.expect.push([RangeError, 'offset']);
  return arg;
}

/** Reads a genuine typed array's current values without touching its (possibly lying) properties. */
const TA = Object.getPrototypeOf(Uint8Array.prototype);
const slot = (key) => Object.getOwnPropertyDescriptor(TA, key).get;
const [bufferOf, offsetOf, lengthOf] = ['buffer', 'byteOffset', 'length'].map(slot);
const readArray = (a) => Float32Array.from(new Float32Array(bufferOf.call(a), offsetOf.call(a), lengthOf.call(a)));

/**
 * A Float32Array-or-tensor argument meant to hold n values. `ctx` holds the instance (core), another
 * instance (other), and the tensors created this round (tensors, freed at its end).
 */
export function floatsArg(r, ctx, name, n) {
  const { core } = ctx;
  const values = uniformArray(n, r.int(1e9));
  const tensor = (length) => {
    const t = core.alloc(length);
    ctx.tensors.push(t);
    return t;
  };
  return { n, ...floatsVariant(r, ctx, name, n, values, tensor) };
}

function floatsVariant(r, ctx, name, n, values, tensor) {
  const { core } = ctx;
  const inMemory = (t, at) => () => Float32Array.from(new Float32Array(core.memory.buffer, t.ptr + at * 4, n));
  const ok = (value, extra = {}) => ({ value, expect: [], read: () => readArray(value), ...extra });
  switch (r.int(24)) {
    case 0: case 1: case 2: return ok(values);
    case 3: { const big = new Float32Array(n + 3); big.set(values, 2); return ok(big.subarray(2, 2 + n)); }
    case 4: case 5: { const t = tensor(n); t.data.set(values); return { value: t, expect: [], read: inMemory(t, 0), tensor: t }; }
    case 6: { const t = tensor(n); t.data.set(values); return { value: t.data, expect: [], read: inMemory(t, 0), tensor: t, view: true }; }
    case 7: { const t = tensor(n + 4); t.data.set(values, 1); return { value: t.data.subarray(1, 1 + n), expect: [], read: inMemory(t, 1), tensor: t, view: true }; }
    case 8: { const rab = new ArrayBuffer(n * 4, { maxByteLength: n * 4 + 64 }); const a = new Float32Array(rab); a.set(values); return ok(a); }
    case 9: { const a = values.slice(); Object.defineProperty(a, 'length', { value: n + 7 }); Object.defineProperty(a, 'byteOffset', { value: 12 }); return ok(a); }
    case 10: { const a = values.slice(); Object.defineProperty(a, 'buffer', { value: core.memory.buffer }); return ok(a); }
    case 11: { const a = new Float32Array(n + (n > 0 && r.chance(0.5) ? -1 : 1)); return { value: a, expect: [[RangeError, name]], read: () => readArray(a), wrongLength: true }; }
    case 12: return { value: r.pick([new Float64Array(n), Array.from(values), new Uint8Array(n * 4), { length: n }, 'x', 7]), expect: [[TypeError, name]] };
    case 13: return { value: null, expect: [[TypeError, name]] };
    case 14: { const t = core.alloc(Math.max(n, 1)); t.free(); return { value: t, expect: [[Error, name]] }; }
    case 15: { const t = ctx.other.alloc(n); ctx.otherTensors.push(t); return { value: t, expect: [[Error, name]] }; }
    case 16: if (n > 0) return { value: new Float32Array(core.memory.buffer, 1024, n), expect: [[RangeError, name]], view: true }; // fall through
    case 17: if (n > 0) { const t = tensor(n); return { value: new Float32Array(core.memory.buffer, t.ptr + 4, n), expect: [[RangeError, name]], view: true }; } // fall through
    case 18: { const a = new Float32Array(n); structuredClone(a.buffer, { transfer: [a.buffer] }); return { value: a, expect: [[TypeError, name]] }; }
    case 19: return { value: new Proxy(values, {}), expect: [[TypeError, name]] };
    case 20: return { value: Object.create(Object.getPrototypeOf(core.alloc(0))), expect: [[TypeError, name]] };
    case 21: { const { proxy, revoke } = Proxy.revocable(values, {}); revoke(); return { value: proxy, expect: [[TypeError, name]] }; }
    default: return ok(values);
  }
}

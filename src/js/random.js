// Mulberry32 (Tommy Ettinger's 32-bit generator), the one seeded stream of the package: the core draws
// seeded weights with it (API.md), the quiz and the training tasks draw their examples with it.
//   state = (state + 0x6D2B79F5) mod 2^32
//   t = imul(state ^ (state >>> 15), state | 1)
//   t ^= t + imul(t ^ (t >>> 7), t | 61)
//   u = ((t ^ (t >>> 14)) >>> 0) / 2^32
// Integer arithmetic only, so the same seed gives the same numbers in every browser and in Node.

/** Returns a function giving uniform numbers in [0, 1) from the 32-bit `seed`. */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

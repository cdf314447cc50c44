// A small seeded pseudo-random generator for quiz generation and choice shuffling: Mulberry32
// (Tommy Ettinger's 32-bit generator, the same stream the core uses for seeded FFN weights, see
// API.md). One 32-bit state; each call advances it by 0x6D2B79F5 and mixes it with two multiplies:
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

/** A generator with helpers: int(lo, hi) inclusive, pick(array), shuffle(array) (a new array). */
export function createRandom(seed) {
  const next = mulberry32(seed);
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    shuffle(items) {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

/** Turns any string (a seed typed in a URL, a question id) into a 32-bit seed (FNV-1a). */
export function hashSeed(text) {
  let h = 0x811c9dc5;
  for (const ch of String(text)) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// A small seeded pseudo-random generator for quiz generation and choice shuffling: Mulberry32, the
// package's one seeded stream (src/js/random.js, the same the core uses for seeded FFN weights).
import { mulberry32 } from '../js/random.js';

export { mulberry32 };

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

// Linearity measured as a ratio in one process, not as a time: one large input against SCALE inputs
// of 1/SCALE its size, timed back to back so that both take about as long and a busy machine slows
// both alike. Linear: ~1 (up to ~5 measured on a machine loaded 9 times over); quadratic: ~SCALE.
// The parsers' tests (quiz-linear, safetensors) share it.
export const SCALE = 32; // the large input is SCALE times the small one
export const BOUND = 10; // time of one large ÷ time of SCALE small ones
const ROUNDS = 5; // a round under BOUND settles it; a quadratic reader is over it in every round
const MIN_MS = 10; // a quick reader repeats both sides until they take about this long

function ms(fn) {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/**
 * How much longer fn takes per byte on `large` than on `small`: { growth, large (ms) }, the smallest
 * growth of up to ROUNDS rounds (a pause of the collector or of the machine falls on one round, a
 * quadratic reader's growth on all of them). A quick reader repeats both sides.
 */
export function growth(fn, small, large) {
  let reps = 1;
  let best = { growth: Infinity, large: 0 };
  for (let round = 0; round < ROUNDS && best.growth > BOUND; round++) {
    const tSmall = ms(() => { for (let k = 0; k < SCALE * reps; k++) fn(small); });
    const tLarge = ms(() => { for (let k = 0; k < reps; k++) fn(large); });
    const g = tLarge / Math.max(tSmall, 0.01);
    if (g < best.growth) best = { growth: g, large: tLarge / reps };
    if (tLarge < MIN_MS) reps = Math.min(32, Math.ceil((reps * MIN_MS) / Math.max(tLarge, 0.1)));
  }
  return best;
}

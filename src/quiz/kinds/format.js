// How answers are shown, shared by the kinds: circled choice numbers and numbers without float noise.

/** The circled number ①..⑳ for 1..20, "(k)" beyond: how choices are numbered on screen and in answers. */
export function circled(k) {
  return k >= 1 && k <= 20 ? String.fromCodePoint(0x2460 + k - 1) : `(${k})`;
}

// One formatter for every call: toLocaleString builds a new one each time, which is slow.
const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });
export const formatCount = (n) => NUMBER_FORMAT.format(n);

/** A number shown with thousands separators and without float noise (4722432 -> "4,722,432"). */
export function formatAnswerNumber(x) {
  return NUMBER_FORMAT.format(Number(x.toPrecision(12)));
}

// Relative slack so that 0.1 + 0.2 style rounding never fails an exact answer.
const EPSILON = 1e-9;
export const within = (a, b, tolerance) => Math.abs(a - b) <= tolerance + EPSILON * Math.max(1, Math.abs(b));

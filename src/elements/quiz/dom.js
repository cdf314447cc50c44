// The circled numbers <pe-ffn-quiz> marks its choices with. (Its DOM is built with shared/dom.js.)

/** The circled number ①..⑳ for 1..20, "(k)" beyond. */
export function circled(k) {
  return k >= 1 && k <= 20 ? String.fromCodePoint(0x2460 + k - 1) : `(${k})`;
}

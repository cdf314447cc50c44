// A small MathML builder for the formulas that hold live numbers (a cell of the PE table, the rotation
// check with the reader's p and k): the fixed formulas are typeset at build time (shared/math.js),
// these are put together from MathML elements as strings, with every text escaped.
//
// API (each returns an HTML string):
//   math(content, { display })    <math>, display="block" when asked
//   mi(name) mn(number) mo(op) mtext(text)   tokens; mn of a negative number gives "−" then the digits
//   row(...parts)  sub(base, s)  sup(base, s)  subsup(base, s, p)  frac(num, den)
//   fn(name, argument)           \sin(...) with its parentheses: sin(x), the name upright
//   matrix(rows)                 a matrix in parentheses; rows: arrays of cell strings
//   number(x, digits)            mn for x to `digits` decimals (no "−0.0000")
import { escapeHtml } from './format.js';

export const mi = (name) => `<mi>${escapeHtml(name)}</mi>`;
export const mo = (op) => `<mo>${escapeHtml(op)}</mo>`;
export const mtext = (text) => `<mtext>${escapeHtml(text)}</mtext>`;
export const row = (...parts) => `<mrow>${parts.join('')}</mrow>`;
export const sub = (base, s) => `<msub>${base}${s}</msub>`;
export const sup = (base, s) => `<msup>${base}${s}</msup>`;
export const subsup = (base, s, p) => `<msubsup>${base}${s}${p}</msubsup>`;
export const frac = (num, den) => `<mfrac>${num}${den}</mfrac>`;

export function mn(value) {
  const text = String(value);
  return text.startsWith('-') ? row(mo('\u2212'), `<mn>${escapeHtml(text.slice(1))}</mn>`) : `<mn>${escapeHtml(text)}</mn>`;
}

export function number(x, digits) {
  let text = x.toFixed(digits);
  if (/^-0(\.0*)?$/.test(text)) text = text.slice(1);
  return mn(text);
}

export const fn = (name, argument) => row(`<mi mathvariant="normal">${escapeHtml(name)}</mi>`, mo('\u2061'),
  `<mo stretchy="true">(</mo>`, argument, `<mo stretchy="true">)</mo>`);

export function matrix(rows) {
  const table = rows.map((cells) => `<mtr>${cells.map((c) => `<mtd>${c}</mtd>`).join('')}</mtr>`).join('');
  return row(mo('('), `<mtable>${table}</mtable>`, mo(')'));
}

export function math(content, { display = false } = {}) {
  return display ? `<math display="block" style="display:block math;">${content}</math>` : `<math>${content}</math>`;
}

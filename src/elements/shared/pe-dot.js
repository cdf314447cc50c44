// The dot product of two PE rows, PE(p)·PE(q), in closed form, and the texts that state it. With an
// even d_model it is Σ cos((p − q)ω_i): a function of the distance |p − q| only (cos is even, so it
// cannot tell which position comes first), largest on the diagonal p = q where it is d_model/2.
// With an odd d_model the last sine column has no cosine partner and adds sin(pω_m)·sin(qω_m), a term
// of p and q themselves; the diagonal is then (d_model − 1)/2 + sin²(pω_m). The layout only reorders
// columns, so neither depends on it.
import { angularFrequency } from './pe-layout.js';
import { fill } from './i18n.js';

/** PE(p)·PE(q) in double precision from the closed form (any layout). */
export function peDotProduct(p, q, dModel, base) {
  const pairs = Math.floor(dModel / 2);
  let sum = 0;
  for (let i = 0; i < pairs; i++) sum += Math.cos((p - q) * angularFrequency(i, dModel, base));
  if (dModel % 2 === 1) {
    const w = angularFrequency(pairs, dModel, base);
    sum += Math.sin(p * w) * Math.sin(q * w);
  }
  return sum;
}

/** The heat map legend's maximum label: "= d_model/2" holds only for an even d_model. */
export function dotMaxLabel(strings, dModel, value) {
  return fill(dModel % 2 === 0 ? strings.legendMax : strings.legendMaxOdd, { v: value, d: dModel });
}

/** The prediction's explanation: the formula for this d_model, and what it depends on. */
export function dotExplanation(strings, dModel, k) {
  return fill(dModel % 2 === 0 ? strings.predictExplain : strings.predictExplainOdd, { k, d: dModel });
}

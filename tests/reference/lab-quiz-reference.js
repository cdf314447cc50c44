// Independent answers to the position lab's generated questions (src/quiz/generate/lab.js), from
// their params, without the module or the task code:
//   lab-params        the sum of the contract's parameter shapes (transformer-reference.js)
//   lab-bound         E[largest count] / n by counting every input of n symbols from K, rounded to
//                     3 decimals
//   lab-causal-share  equal scores under the causal mask: 1 / (t + 1), rounded to 3 decimals
import { parameterShapesRef } from './transformer-reference.js';

/** The mean over all K^n inputs of the largest symbol count, divided by n. */
export function positionBlindBoundRef(K, n) {
  let sum = 0;
  const input = new Array(n).fill(0);
  for (;;) {
    const counts = new Map();
    for (const s of input) counts.set(s, (counts.get(s) ?? 0) + 1);
    sum += Math.max(...counts.values());
    let i = 0;
    while (i < n && input[i] === K - 1) input[i++] = 0;
    if (i === n) break;
    input[i]++;
  }
  return sum / K ** n / n;
}

export function labQuizAnswerRef(q) {
  const p = q.params;
  switch (p.topic) {
    case 'lab-params': return parameterShapesRef(p).reduce((total, [, shape]) => total + shape.reduce((a, b) => a * b, 1), 0);
    case 'lab-bound': return Math.round(1000 * positionBlindBoundRef(p.K, p.n)) / 1000;
    case 'lab-causal-share': return Math.round(1000 / (p.t + 1)) / 1000;
    default: return undefined;
  }
}

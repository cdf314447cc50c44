// The hand calculation beside the module's LayerNorm: the mean and the (biased, divided by d_model)
// variance of one row, in double precision, and how far (z − μ) / √(σ² + ε) from those two numbers
// is from the row the module normalised. The element shows the module's row; these numbers are the
// worked steps a learner would write down, checked against it.

/** { mean, variance, std: √(variance + eps), byHand: Float64Array, largestDiff } for row t. */
export function rowStats(rows, dModel, t, eps, moduleRow) {
  const z = rows.subarray(t * dModel, (t + 1) * dModel);
  let mean = 0;
  for (const v of z) mean += v;
  mean /= dModel;
  let variance = 0;
  for (const v of z) variance += (v - mean) ** 2;
  variance /= dModel;
  const std = Math.sqrt(variance + eps);
  const byHand = Float64Array.from(z, (v) => (v - mean) / std);
  let largestDiff = 0;
  for (let j = 0; j < dModel; j++) largestDiff = Math.max(largestDiff, Math.abs(byHand[j] - moduleRow[t * dModel + j]));
  return { z, mean, variance, std, byHand, largestDiff };
}

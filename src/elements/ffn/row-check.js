// "The same FFN for every row", checked by the module itself: each token row is passed through the
// layer on its own, and compared with the same row of the batched call. Position-wise means they agree.

/** Largest |FFN(row t alone) - FFN(all rows)[t]| over all rows; `output` is the batched result. */
export function rowByRowDifference(core, { dModel, dFF, activation, seed }, x, output) {
  const layer = core.createFFN({ dModel, dFF, activation, seed });
  try {
    let largest = 0;
    const tokens = x.length / dModel;
    for (let t = 0; t < tokens; t++) {
      const alone = layer.forward(x.subarray(t * dModel, (t + 1) * dModel));
      for (let j = 0; j < dModel; j++) largest = Math.max(largest, Math.abs(alone[j] - output[t * dModel + j]));
    }
    return largest;
  } finally {
    layer.dispose();
  }
}

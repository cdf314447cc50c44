// The FFN's hidden layer before and after the activation, both from one forward of the wasm module:
// forward(x, { hidden: true, preActivation: true }) gives z = x W1 + b1 and act(z) from the same sums.

/**
 * Runs the seeded FFN on x (tokens x dModel) and returns
 * { pre: z (tokens x dFF), hidden: act(z) (tokens x dFF), output (tokens x dModel), paramCount }.
 */
export function forwardWithPreActivation(core, { dModel, dFF, activation, seed }, x) {
  const layer = core.createFFN({ dModel, dFF, activation, seed });
  try {
    const { output, hidden, preActivation } = layer.forward(x, { hidden: true, preActivation: true });
    return { pre: preActivation, hidden, output, paramCount: layer.paramCount };
  } finally {
    layer.dispose();
  }
}

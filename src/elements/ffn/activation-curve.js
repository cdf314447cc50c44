// The activation function itself, evaluated by the module: a layer with dModel = 1, W1 = the z values
// and b1 = 0, fed x = [1], has hidden = act(1 * z + 0) = act(z) exactly (both steps are exact).

/** act(z) for every z in `zs` (Float32Array), computed by the wasm module. */
export function activationCurve(core, activation, zs) {
  const layer = core.createFFN({
    dModel: 1, dFF: zs.length, activation, w1: zs, w2: new Float32Array(zs.length),
  });
  try {
    return layer.forward(new Float32Array([1]), { hidden: true }).hidden;
  } finally {
    layer.dispose();
  }
}

/** n evenly spaced float32 values from lo to hi. */
export function linspace(lo, hi, n) {
  return Float32Array.from({ length: n }, (_, i) => lo + ((hi - lo) * i) / (n - 1));
}

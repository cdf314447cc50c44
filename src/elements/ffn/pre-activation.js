// The FFN's hidden layer before and after the activation, both computed by the wasm module.
//
// forward(x, { hidden: true }) gives act(z) with z = x W1 + b1, but not z itself. We get z exactly as
// z = relu(z) - relu(-z): relu(z) is the hidden row of the seeded layer run with ReLU, and relu(-z) is
// the hidden row of a second layer whose first-layer weights are -W1 and -b1 (read exactly out of the
// seeded layer, see seeded-rows.js). Negating every input of the same sums negates every rounding, so
// the second layer's pre-activation is exactly -z; one of the two terms is always 0.
import { readSeededW1, readSeededB1 } from './seeded-rows.js';

/**
 * Runs the seeded FFN on x (tokens x dModel) and returns
 * { pre: z (tokens x dFF), hidden: act(z) (tokens x dFF), output (tokens x dModel), paramCount }.
 */
export function forwardWithPreActivation(core, { dModel, dFF, activation, seed }, x) {
  const made = [];
  try {
    const layer = core.createFFN({ dModel, dFF, activation, seed });
    made.push(layer);
    const { output, hidden } = layer.forward(x, { hidden: true });

    const relu = activation === 'relu' ? layer : core.createFFN({ dModel, dFF, activation: 'relu', seed });
    if (relu !== layer) made.push(relu);
    const positive = relu.forward(x, { hidden: true }).hidden;        // relu(z)

    const w1 = readSeededW1(core, dModel, dFF, seed);
    const b1 = readSeededB1(core, dModel, dFF, seed);
    for (let k = 0; k < w1.length; k++) w1[k] = -w1[k];
    for (let k = 0; k < b1.length; k++) b1[k] = -b1[k];
    const mirrored = core.createFFN({
      dModel, dFF, activation: 'relu', w1, b1, w2: new Float32Array(dFF * dModel),
    });
    made.push(mirrored);
    const negative = mirrored.forward(x, { hidden: true }).hidden;   // relu(-z)

    const pre = positive;
    for (let k = 0; k < pre.length; k++) pre[k] -= negative[k];
    return { pre, hidden, output, paramCount: layer.paramCount };
  } finally {
    for (const m of made) m.dispose();
  }
}

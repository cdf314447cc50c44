// Measures how long ffn.forward takes in this browser, in small steps so the page stays responsive:
// the loop yields to the page (one frame, then a task) whenever it has worked for YIELD_MS, so a big
// layer never blocks the page for more than one forward pass or the building of one layer.
//
// Browsers round performance.now() (Chromium: to 0.1 ms without cross-origin isolation), so a small
// layer's forward pass is repeated `batch` times back to back and the time divided by `batch`.
// Depth is timed for real: one sample passes the tokens through `layers` layers in a row (the output of
// one pass is the input of the next). The same layer object is reused for every depth: the time does
// not depend on the weight values, and one layer keeps memory small. The time includes copying the
// tokens into the module's memory and the result out, as a caller of forward() would see it.

export const MIN_SAMPLE_MS = 4;
const YIELD_MS = 8;

// A frame, then a task: the page paints between any two steps (and a hidden tab simply waits).
const yieldToPage = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Median milliseconds for the tokens in `x` (tokens x dModel) through `layers` FFN layers of
 * (dModel, dFF), over `repetitions` samples. `isCancelled()` is checked at every yield; the result is
 * null when it returns true. Returns { ms, samples, batch }. `onLayer(layer)` is called once the layer
 * exists (for its paramCount), before any timing.
 */
export async function measureLatency(core, { dModel, dFF, layers, repetitions }, x, isCancelled, onLayer) {
  const layer = core.createFFN({ dModel, dFF });
  try {
    onLayer?.(layer);
    await yieldToPage();
    if (isCancelled()) return null;
    // Warm-up (the engine may still be tiering the code up), then calibration; each its own task.
    layer.forward(x);
    await yieldToPage();
    if (isCancelled()) return null;
    let start = performance.now();
    layer.forward(x);
    const once = Math.max(performance.now() - start, 0.005);
    await yieldToPage();
    if (isCancelled()) return null;
    const batch = Math.min(1000, Math.max(1, Math.ceil(MIN_SAMPLE_MS / once)));

    const samples = [];
    let lastYield = performance.now();
    // With lastYield just now, a layer pass longer than YIELD_MS still gets a task of its own below.
    for (let r = 0; r < repetitions; r++) {
      let total = 0;
      let h = x;
      for (let l = 0; l < layers; l++) {
        if (performance.now() - lastYield > YIELD_MS) {
          await yieldToPage();
          if (isCancelled()) return null;
          lastYield = performance.now();
        }
        let out = h;
        start = performance.now();
        for (let b = 0; b < batch; b++) out = layer.forward(h);
        total += (performance.now() - start) / batch;
        h = out;
      }
      samples.push(total);
    }
    return { ms: median(samples), samples, batch };
  } finally {
    layer.dispose();
  }
}


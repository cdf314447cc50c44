// Everything <block-flow> shows, computed by the wasm module: the input h = x + PE (added once, before
// the first block), then one or two seeded encoder blocks in a row (core.createEncoderBlock with
// trace), the second taking the first one's output as its input (PE is not added again). For each
// block it keeps the two Add & Norm steps in one shape (see addNormParts), so one view draws both.
import { blockInput, embeddingSeed } from '../ffn/block-input.js';
import { NORM } from '../../js/defaults.js';

/**
 * Seed of block b (0-based): the element's seed for the first block, +2 for the next, so that no
 * block starts the Mulberry32 stream of the embedding table (embeddingSeed = seed + 1).
 */
export const blockSeed = (seed, b) => (seed + 2 * b) % 4294967296;

/** a + b element by element in float32: the residual sum of post-norm, which the trace leaves out. */
function addRows(a, b) {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] + b[i];
  return out;
}

/**
 * The two residual + normalisation steps of a block, each as
 *   { input, branch, sum, normIn, normOut }
 * input: the residual path (the whole input of the sub-layer); branch: Attn(...) or FFN(...);
 * sum = input + branch; normIn: the rows LayerNorm normalises in this step, normOut: its result.
 * Post-norm normalises the sum (normOut is h1 or the block's output, from the trace); pre-norm
 * normalises the sub-layer's input before the branch (normOut from core.layerNorm, the values the
 * branch was fed), and the sum itself is h1 or the output.
 */
function addNormParts(core, { x, output, trace, norm, eps, dModel }) {
  const ln = (rows) => core.layerNorm(rows, dModel, { eps });
  if (norm === NORM.POST) {
    const sum1 = addRows(x, trace.attention);
    const sum2 = addRows(trace.h1, trace.ffn);
    return [
      { input: x, branch: trace.attention, sum: sum1, normIn: sum1, normOut: trace.h1 },
      { input: trace.h1, branch: trace.ffn, sum: sum2, normIn: sum2, normOut: output },
    ];
  }
  return [
    { input: x, branch: trace.attention, sum: trace.h1, normIn: x, normOut: ln(x) },
    { input: trace.h1, branch: trace.ffn, sum: output, normIn: trace.h1, normOut: ln(trace.h1) },
  ];
}

/**
 * Runs the flow. options: { tokens, dModel, heads, dFF, activation, norm, causal, seed, blocks }.
 * Returns { ids, x, pe, h, eseed, blocks: [{ seed, input, output, trace, addNorm: [step3, step5],
 * ffnIn, paramCount, eps }] }, every array a Float32Array of the module's results.
 */
export function runFlow(core, { tokens, dModel, heads, dFF, activation, norm, causal, seed, blocks }) {
  const { ids, x, pe, h } = blockInput(core, { tokens, dModel, seed });
  const result = { ids, x, pe, h, eseed: embeddingSeed(seed), blocks: [] };
  let input = h;
  for (let b = 0; b < blocks; b++) {
    const s = blockSeed(seed, b);
    const block = core.createEncoderBlock({ dModel, heads, dFF, activation, norm, causal, seed: s });
    try {
      const { output, trace } = block.forward(input, { trace: true });
      const addNorm = addNormParts(core, { x: input, output, trace, norm, eps: block.eps, dModel });
      result.blocks.push({
        seed: s, input, output, trace, addNorm, eps: block.eps, paramCount: block.paramCount,
        // What the FFN is fed: h1 itself after post-norm, LN2(h1) before it in pre-norm.
        ffnIn: norm === NORM.POST ? trace.h1 : addNorm[1].normOut,
      });
    } finally {
      block.dispose();
    }
    input = result.blocks[b].output;
  }
  return result;
}

/** Pairs (i, j) the module gave a weight of exactly 0 in head `head` (the masked ones), and the rest. */
export function countPairs(weights, tokens, head) {
  let kept = 0;
  const base = head * tokens * tokens;
  for (let k = 0; k < tokens * tokens; k++) if (weights[base + k] !== 0) kept++;
  return { kept, masked: tokens * tokens - kept, total: tokens * tokens };
}

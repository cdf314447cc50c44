// The FFN sweep through the JS API, for Node (tests/js/ffn-sweep.test.js) and Chromium
// (tests/browser/sweep.test.js): shapes around the kernels' edges (matmul.c: panels of 8 columns,
// the one-token path's groups of 4 panels, tiles of 5 tokens (6 in the relaxed build), one pass over
// at most 4096 inner values; ffn.c: blocks of 128 tokens), every activation, weights given (magnitude
// up to 1, the contract's worst case) or seeded, and random shapes (fixed seed). Output and hidden
// against ffnRef (double precision) within 1e-4 (1 + M); an out tensor and one token at a time give
// the same bits.
import { ffnRef, maxAbs, seededWeightsRef, uniformArray } from '../reference/reference.js';
import { family, note, random } from './family.js';

const ACTIVATIONS = ['relu', 'gelu', 'gelu_tanh', 'silu'];

/** [dModel, dFF, tokens] of a sweep; `scale` is 'quick' (browser), 'default' (Node) or 'full'. */
export function ffnShapes(scale) {
  const edges = scale === 'quick' ? [1, 4, 5, 7, 8, 9, 16, 17, 31, 32, 33, 65] : [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 39, 40, 41, 63, 64, 65];
  const tokens = [1, 2, 4, 5, 6, 7, 10, 11, 12, 13, 30, 31];
  const shapes = [];
  let i = 0;
  for (const d of edges) for (const f of edges) if (scale === 'full' || (i++ % 3) === 0) shapes.push([d, f, tokens[shapes.length % tokens.length]]);
  for (const t of [127, 128, 129, 256, 257]) shapes.push([9, 12, t]);              // blocks of 128 tokens
  shapes.push([4095, 9, 6], [4097, 7, 5], [3, 4096, 6], [5, 4097, 2], [8193, 3, 2]); // one pass of 4096, and more
  if (scale !== 'quick') shapes.push([512, 2048, 3], [768, 3072, 1]);
  const next = random(0x51ed270b);
  for (let k = 0; k < { quick: 6, default: 20, full: 200 }[scale]; k++) {
    shapes.push([1 + Math.floor(next() * 200), 1 + Math.floor(next() * 300), 1 + Math.floor(next() * 40)]);
  }
  return shapes;
}

/** Runs the sweep on `core` and returns its families (plain objects). */
export function sweepFfn(core, { scale = 'default' } = {}) {
  const fams = {
    output: family('ffn output (dModel, dFF <= 4096), |err| / (1 + M)', 1e-4),
    hidden: family('ffn hidden, |err| / (1 + M)', 1e-4),
    wide: family('ffn output, an inner size beyond 4096, |err| / (1 + M)', 1e-4),
    bits: family('ffn out tensor and one token at a time = fresh output (bits)', 0, 'values differing'),
  };
  ffnShapes(scale).forEach(([dModel, dFF, tokens], i) => {
    const activation = ACTIVATIONS[i % 4];
    const given = i % 2 === 0;
    const weights = given
      ? { w1: uniformArray(dModel * dFF, 4 * i + 1), b1: uniformArray(dFF, 4 * i + 2), w2: uniformArray(dFF * dModel, 4 * i + 3), b2: uniformArray(dModel, 4 * i + 4) }
      : seededWeightsRef(dModel, dFF, i);
    const layer = core.createFFN(given ? { dModel, dFF, activation, ...weights } : { dModel, dFF, activation, seed: i });
    const where = `dModel=${dModel} dFF=${dFF} tokens=${tokens} ${activation} ${given ? 'given' : 'seeded'}`;
    const x = uniformArray(tokens * dModel, 1000 + i);
    const { output, hidden } = layer.forward(x, { hidden: true });
    const ref = ffnRef(x, { dModel, dFF, activation, ...weights });

    const fo = dModel > 4096 || dFF > 4096 ? fams.wide : fams.output;
    fo.configs++;
    const mOut = 1 + maxAbs(ref.output), mHidden = 1 + maxAbs(ref.hidden);
    for (let k = 0; k < output.length; k++) note(fo, Math.abs(output[k] - ref.output[k]) / mOut, where, k);
    fams.hidden.configs++;
    for (let k = 0; k < hidden.length; k++) note(fams.hidden, Math.abs(hidden[k] - ref.hidden[k]) / mHidden, where, k);

    const out = core.alloc(tokens * dModel);
    layer.forward(x, { out });
    const one = Array.from({ length: tokens }, (_, t) => layer.forward(x.subarray(t * dModel, (t + 1) * dModel)));
    fams.bits.configs++;
    const viaTensor = out.data;
    for (let k = 0; k < output.length; k++) {
      const same = Object.is(viaTensor[k], output[k]) && Object.is(one[Math.floor(k / dModel)][k % dModel], output[k]);
      note(fams.bits, same ? 0 : 1, where, k);
    }
    out.free();
    layer.dispose();
  });
  return { shapes: ffnShapes(scale).length, families: Object.values(fams) };
}

// Reads the module's seeded first-layer weights (W1, b1) back out through forward(), exactly, so that
// the elements can show pre-activations that the wasm module itself produced.
//
// Why this works (API.md, "Seeded initialisation"): with b1 given as zeros, a ReLU layer's hidden row
// for the one-hot input e_i is relu(W1[i]) and for -e_i it is relu(-W1[i]). A one-hot product adds
// only exact zeros and negation is exact, so relu(W1[i]) - relu(-W1[i]) = W1[i] bit for bit (one of
// the two terms is 0). shared/embedding.js does exactly this read-out for its embedding table, so we
// reuse it: "the embedding table of a (vocab = dModel) x dFF layer" is that layer's W1.
import { seededEmbedding } from '../shared/embedding.js';

/** Seeded W1 of a (dModel x dFF) layer, row-major [dModel][dFF], read back exactly. */
export function readSeededW1(core, dModel, dFF, seed) {
  return seededEmbedding(core, dModel, dFF, seed);
}

/**
 * Seeded b1 of a (dModel x dFF) layer, exactly. The stream draws all of W1 and then b1, each value
 * (2u - 1) / sqrt(dModel). A layer of width 2*dFF draws 2*dModel*dFF values with that same fanIn into
 * its W1, so positions dModel*dFF .. dModel*dFF + dFF - 1 of that wider W1 are our b1.
 */
export function readSeededB1(core, dModel, dFF, seed) {
  const wide = readSeededW1(core, dModel, 2 * dFF, seed);
  return wide.slice(dModel * dFF, dModel * dFF + dFF);
}

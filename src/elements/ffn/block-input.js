// The input rows the FFN demos work on: h_t = x_t + PE(t) (the documents' h_t^(0) = x_t + PE(t)),
// with x_t the module's seeded token embedding (src/js/embedding.js) and PE added by the module.
import { seededEmbedding, lookup } from '../../js/embedding.js';

/** Size of the demo vocabulary: token ids 0 .. VOCAB - 1, so adding tokens keeps earlier rows. */
export const VOCAB = 16;

/**
 * Embedding seed for an element's `seed`: the next seed, so that the embedding table is not a
 * rescaled copy of the FFN's own W1 (both would start the same Mulberry32 stream).
 */
export const embeddingSeed = (seed) => (seed + 1) % 4294967296;

/** { ids, x, pe, h }: ids 0..tokens-1, x (tokens x dModel), PE (tokens x dModel), h = x + PE. */
export function blockInput(core, { tokens, dModel, seed }) {
  const ids = Array.from({ length: tokens }, (_, t) => t % VOCAB);
  const x = lookup(seededEmbedding(core, VOCAB, dModel, embeddingSeed(seed)), dModel, ids);
  const pe = core.positionalEncoding(tokens, dModel);
  const h = core.addPositionalEncoding(x.slice(), tokens, dModel);
  return { ids, x, pe, h };
}

// Token embeddings for the demos and the generated questions, computed by the wasm module: the
// embedding table is W1 of a seeded layer createFFN({ dModel: vocab, dFF: dModel, seed }), read out
// exactly with one-hot inputs (relu(e_i W1) - relu(-e_i W1) = row i of W1). So every number is the
// module's own, and src/elements/shared/snippets.js embeddingSnippets reproduces it bit for bit in
// NumPy. Built on the public API only (not exported by index.js): the elements and the quiz, which
// both need it, sit above this layer.
//
// API:
//   seededEmbedding(core, vocab, dModel, seed = 0)  -> Float32Array(vocab * dModel), row-major
//        [token][dim], values in [-1/sqrt(vocab), 1/sqrt(vocab)]
//   lookup(table, dModel, ids)                      -> Float32Array(ids.length * dModel): the rows
import { ACTIVATION } from './defaults.js';

export function seededEmbedding(core, vocab, dModel, seed = 0) {
  const ffn = core.createFFN({ dModel: vocab, dFF: dModel, activation: ACTIVATION.RELU, seed, b1: new Float32Array(dModel) });
  try {
    const eye = new Float32Array(vocab * vocab);
    for (let i = 0; i < vocab; i++) eye[i * vocab + i] = 1;
    const positive = ffn.forward(eye, { hidden: true }).hidden;
    for (let i = 0; i < vocab; i++) eye[i * vocab + i] = -1;
    const negative = ffn.forward(eye, { hidden: true }).hidden;
    const table = new Float32Array(vocab * dModel);
    for (let i = 0; i < table.length; i++) table[i] = positive[i] - negative[i];
    return table;
  } finally {
    ffn.dispose();
  }
}

export function lookup(table, dModel, ids) {
  const out = new Float32Array(ids.length * dModel);
  ids.forEach((id, r) => out.set(table.subarray(id * dModel, (id + 1) * dModel), r * dModel));
  return out;
}

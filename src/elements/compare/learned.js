// The learned position table of <pe-compare>: either one the reader loads (a .npy file of float32
// [positions, d_model], e.g. exported from a model they have) or, without one, a freshly initialised
// table drawn by the module — honestly untrained.
//
// API:
//   freshTable(core, positions, dModel, seed)  -> Float32Array(positions * dModel): row p is position
//        p's vector, uniform in ±1/sqrt(positions) (the seeded initialisation of src/js/embedding.js,
//        as nn.Linear draws its weights; BERT and GPT-2 start from a normal of std 0.02 instead)
//   tableFromNpy(bytes)   -> { table, positions, dModel }; throws RangeError saying what is wrong
//   fetchNpy(url, signal) -> Promise<ArrayBuffer> (rejects with an Error naming the URL)
//   LIMITS                { positions: 8192, dModel: 1024 }: what the element shows
import { seededEmbedding } from '../../js/embedding.js';
import { NpyError, parseNpy } from './npy.js';

export const LIMITS = { positions: 8192, dModel: 1024 };

export function freshTable(core, positions, dModel, seed) {
  return seededEmbedding(core, positions, dModel, seed);
}

export function tableFromNpy(bytes) {
  const { shape, data } = parseNpy(bytes, { maxValues: LIMITS.positions * LIMITS.dModel });
  if (shape.length !== 2) throw new NpyError(`a position table has two dimensions [positions, d_model], this array has shape (${shape.join(', ')})`);
  const [positions, dModel] = shape;
  if (positions < 1 || positions > LIMITS.positions) throw new NpyError(`positions (rows) must be 1 … ${LIMITS.positions}, got ${positions}`);
  if (dModel < 2 || dModel > LIMITS.dModel || dModel % 2) throw new NpyError(`d_model (columns) must be an even number 2 … ${LIMITS.dModel} (RoPE pairs columns), got ${dModel}`);
  return { table: data, positions, dModel };
}

export async function fetchNpy(url, signal) {
  let response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw new Error(`${url}: ${error.message}`);
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${response.statusText}`.trim());
  return response.arrayBuffer();
}

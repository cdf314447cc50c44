// NumPy and PyTorch code that reproduces <ffn-explorer>'s numbers: the seeded embedding plus PE
// (shared/snippets.js embeddingSnippets), then the FFN weights drawn from the same Mulberry32 stream
// in the order w1, b1, w2, b2, the pre-activation z, the activation and the output.
import { embeddingSnippets } from '../shared/snippets.js';
import { pyInt } from '../../js/python.js';
import { ACTIVATION, ACTIVATIONS } from '../../js/defaults.js';
import { kindTable } from '../../js/kinds.js';

const NUMPY_ACT = kindTable('ffn/snippets.js NUMPY_ACT', ACTIVATIONS, {
  [ACTIVATION.RELU]: 'a = np.maximum(z, 0)',
  [ACTIVATION.GELU]: 'from math import erf\na = z * 0.5 * (1 + np.vectorize(erf)(z / np.sqrt(2)))       # exact GELU',
  [ACTIVATION.GELU_TANH]: 'a = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))',
  [ACTIVATION.SILU]: 'a = z / (1 + np.exp(-z))',
});
const TORCH_ACT = kindTable('ffn/snippets.js TORCH_ACT', ACTIVATIONS, {
  [ACTIVATION.RELU]: 'a = torch.relu(z)',
  [ACTIVATION.GELU]: 'a = torch.nn.functional.gelu(z)                         # exact (erf)',
  [ACTIVATION.GELU_TANH]: "a = torch.nn.functional.gelu(z, approximate='tanh')",
  [ACTIVATION.SILU]: 'a = torch.nn.functional.silu(z)',
});

function weightLines({ dFF, seed }) {
  return [
    '',
    '# FFN weights: one Mulberry32 stream from the seed, drawn in the order w1, b1, w2, b2',
    `d_ff, ffn_seed = ${pyInt(dFF)}, ${pyInt(seed)}`,
    'n1 = d_model * d_ff',
    'u = np.array(mulberry32(ffn_seed, 2 * n1 + d_ff + d_model))',
    'w1 = ((2 * u[:n1] - 1) / np.sqrt(d_model)).astype(np.float32).reshape(d_model, d_ff)',
    'b1 = ((2 * u[n1:n1 + d_ff] - 1) / np.sqrt(d_model)).astype(np.float32)',
    'w2 = ((2 * u[n1 + d_ff:2 * n1 + d_ff] - 1) / np.sqrt(d_ff)).astype(np.float32).reshape(d_ff, d_model)',
    'b2 = ((2 * u[2 * n1 + d_ff:] - 1) / np.sqrt(d_ff)).astype(np.float32)',
  ];
}

/** { numpy, torch } for the explorer's attributes (tokens ids 0..tokens-1 of a vocab of `vocab`). */
export function ffnSnippets({ dModel, dFF, activation, seed, tokens, vocab, embeddingSeed }) {
  const ids = Array.from({ length: tokens }, (_, t) => t % vocab);
  const peArgs = { length: tokens, dModel, base: 10000, offset: 0, layout: 'interleaved' };
  const base = embeddingSnippets({ vocab, dModel, seed: embeddingSeed, tokens: ids, peArgs });
  const numpy = [
    base.numpy,
    ...weightLines({ dFF, seed }),
    '',
    'z = h.astype(np.float64) @ w1 + b1                       # pre-activation (tokens, d_ff)',
    NUMPY_ACT[activation],
    'y = a @ w2 + b2                                          # FFN output (tokens, d_model)',
  ].join('\n');
  const torch = [
    base.torch,
    ...weightLines({ dFF, seed }),
    '',
    'W1, B1, W2, B2 = (torch.from_numpy(w).double() for w in (w1, b1, w2, b2))',
    'z = h.double() @ W1 + B1                                 # pre-activation (tokens, d_ff)',
    TORCH_ACT[activation],
    'y = a @ W2 + B2                                          # FFN output (tokens, d_model)',
  ].join('\n');
  return { numpy, torch };
}

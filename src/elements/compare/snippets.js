// NumPy and PyTorch programs behind <pe-compare>'s downloads: RoPE rows, RoPE scores, the learned
// table (loaded or freshly initialised). Pure functions returning code text.
//
// API:
//   ropeRowsSnippets({ positions, dModel, headDim, base, layout, seed, file })   q moved to every position
//   ropeScoresSnippets({ positions, dModel, headDim, base, layout, seed, file })  S[p, q] = q(p) . k(q), head 0
//   learnedSnippets({ positions, dModel, seed, loadedName, file })              the table and its last row
// Every value goes into the code as a literal of its type (src/js/python.js): a loaded file's name
// is the reader's text.
import { MULBERRY32_PY } from '../shared/snippets.js';
import { pyFloat, pyInt, pyStr } from '../../js/python.js';

/** q and k: rows 0 and 1 of the seeded 2 x d_model table of src/js/embedding.js. */
const qkLines = (seed) => [
  MULBERRY32_PY, '',
  `u = np.array(mulberry32(${pyInt(seed)}, 2 * d_model))`,
  'q, k = ((2 * u - 1) / np.sqrt(2)).astype(np.float32).reshape(2, d_model)  # the same q and k for every position',
];

const ropeNumpy = (layout) => [
  'def rope(x, offset, head_dim, base, layout):',
  '    """Rows of x (length, d_model) at positions offset, offset + 1, ...: each head\'s pair i turns by p / base**(2i/head_dim)."""',
  '    length, d_model = x.shape',
  '    i = np.arange(head_dim // 2)',
  '    theta = (offset + np.arange(length))[:, None] / base ** (2 * i / head_dim)  # (length, head_dim/2)',
  '    c, s = np.cos(theta)[:, None, :], np.sin(theta)[:, None, :]',
  '    h = x.astype(np.float64).reshape(length, d_model // head_dim, head_dim)',
  '    first, second = (np.s_[..., 0::2], np.s_[..., 1::2]) if layout == "interleaved" else (np.s_[..., :head_dim // 2], np.s_[..., head_dim // 2:])',
  '    a, b = h[first], h[second]',
  '    out = np.empty_like(h)',
  '    out[first], out[second] = a * c - b * s, a * s + b * c',
  '    return out.reshape(length, d_model).astype(np.float32)',
  '',
  `layout = ${pyStr(layout)}`,
];

const ropeTorch = (layout) => layout === 'half'
  ? [
    'def rotate_half(x):  # Hugging Face\'s helper: (a, b) halves -> (-b, a)',
    '    a, b = x.chunk(2, dim=-1)',
    '    return torch.cat([-b, a], dim=-1)',
    '',
    'def rope(x, offset, head_dim, base):',
    '    length, d_model = x.shape',
    '    inv_freq = 1.0 / base ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim)',
    '    theta = torch.outer(torch.arange(offset, offset + length, dtype=torch.float64), inv_freq)',
    '    emb = torch.cat([theta, theta], dim=-1)[:, None, :]  # (length, 1, head_dim)',
    '    h = x.double().view(length, d_model // head_dim, head_dim)',
    '    return (h * emb.cos() + rotate_half(h) * emb.sin()).view(length, d_model).float()',
  ]
  : [
    'def rope(x, offset, head_dim, base):  # interleaved pairs (2i, 2i + 1), as complex numbers (Meta\'s LLaMA code)',
    '    length, d_model = x.shape',
    '    inv_freq = 1.0 / base ** (torch.arange(0, head_dim, 2, dtype=torch.float64) / head_dim)',
    '    theta = torch.outer(torch.arange(offset, offset + length, dtype=torch.float64), inv_freq)',
    '    z = torch.view_as_complex(x.double().view(length, d_model // head_dim, head_dim // 2, 2))',
    '    z = z * torch.polar(torch.ones_like(theta), theta)[:, None, :]',
    '    return torch.view_as_real(z).reshape(length, d_model).float()',
  ];

function ropeCommon({ positions, dModel, headDim, base, seed }) {
  return [`positions, d_model, head_dim, base = ${pyInt(positions)}, ${pyInt(dModel)}, ${pyInt(headDim)}, ${pyFloat(base)}`, ...qkLines(seed)];
}

export function ropeRowsSnippets(args) {
  const { layout, file } = args;
  const torchCall = 'rope(torch.from_numpy(np.tile(q, (positions, 1))), 0, head_dim, base)';
  return {
    numpy: ['import numpy as np', '', ...ropeNumpy(layout), ...ropeCommon(args),
      'rows = rope(np.tile(q, (positions, 1)), 0, head_dim, base, layout)  # row p: q rotated to position p',
      `# np.allclose(rows, np.load(${pyStr(file)}), atol=1e-6) -> True`].join('\n'),
    torch: ['import numpy as np', 'import torch', '', ...ropeTorch(layout), '', ...ropeCommon(args),
      `rows = ${torchCall}  # row p: q rotated to position p`,
      `# torch.allclose(rows, torch.from_numpy(np.load(${pyStr(file)})), atol=1e-6) -> True`].join('\n'),
  };
}

export function ropeScoresSnippets(args) {
  const { layout, file } = args;
  return {
    numpy: ['import numpy as np', '', ...ropeNumpy(layout), ...ropeCommon(args),
      'qs = rope(np.tile(q, (positions, 1)), 0, head_dim, base, layout)[:, :head_dim].astype(np.float64)  # head 0',
      'ks = rope(np.tile(k, (positions, 1)), 0, head_dim, base, layout)[:, :head_dim].astype(np.float64)',
      'S = qs @ ks.T  # S[p, r] = q(p) . k(r): depends on p - r only',
      'print(max(np.ptp(np.diagonal(S, d)) for d in range(-positions + 1, positions)))  # ~1e-6: float32 rounding',
      `# np.allclose(S, np.load(${pyStr(file)}), atol=1e-5) -> True`].join('\n'),
    torch: ['import numpy as np', 'import torch', '', ...ropeTorch(layout), '', ...ropeCommon(args),
      'qs = rope(torch.from_numpy(np.tile(q, (positions, 1))), 0, head_dim, base)[:, :head_dim].double()  # head 0',
      'ks = rope(torch.from_numpy(np.tile(k, (positions, 1))), 0, head_dim, base)[:, :head_dim].double()',
      'S = qs @ ks.T  # S[p, r] = q(p) . k(r): depends on p - r only',
      `# torch.allclose(S, torch.from_numpy(np.load(${pyStr(file)})), atol=1e-5) -> True`].join('\n'),
  };
}

export function learnedSnippets({ positions, dModel, seed, loadedName, file }) {
  const make = loadedName
    ? [`table = np.load(${pyStr(loadedName)})  # the table you loaded: (${pyInt(positions)}, ${pyInt(dModel)})`]
    : [MULBERRY32_PY, '',
      `positions, d_model, seed = ${pyInt(positions)}, ${pyInt(dModel)}, ${pyInt(seed)}`,
      'u = np.array(mulberry32(seed, positions * d_model))',
      '# this page\'s untrained table: uniform in +-1/sqrt(positions) (nn.Embedding would draw N(0, 1), BERT and GPT-2 N(0, 0.02**2))',
      'table = ((2 * u - 1) / np.sqrt(positions)).astype(np.float32).reshape(positions, d_model)'];
  return {
    numpy: ['import numpy as np', '', ...make,
      `x_last = table[${pyInt(positions - 1)}]      # the last position the table has a row for`,
      `# table[${pyInt(positions)}]  -> IndexError: there is no row past max_position_embeddings = ${pyInt(positions)}`,
      `# np.allclose(table, np.load(${pyStr(file)})) -> True`].join('\n'),
    torch: ['import numpy as np', 'import torch', '', ...make,
      'emb = torch.nn.Embedding.from_pretrained(torch.from_numpy(table))  # as BERT / GPT-2 hold it',
      `emb(torch.tensor([${pyInt(positions - 1)}]))   # the last row`,
      `# emb(torch.tensor([${pyInt(positions)}]))  -> IndexError: index out of range in self`].join('\n'),
  };
}

// Short NumPy and PyTorch programs that reproduce the numbers an element shows (and downloads), so a
// learner can check them in their own notebook. Pure functions returning code text.
//
// API:
//   peSnippets({ length, dModel, base, offset, layout })   -> { numpy, torch }  the PE table, shape
//        (length, d_model), float32, same layout as the element
//   similaritySnippets(peArgs)                             -> { numpy, torch }  S = PE @ PE.T
//   rotationSnippets({ dModel, base, p, k, layout, file })  -> { numpy, torch }  the rotation check (shift Δ = k) of
//        <pe-relative>, shape (d_model // 2, 10), one row per frequency pair; `file`: its .npy download
//   embeddingSnippets({ vocab, dModel, seed, tokens, peArgs })  -> { numpy, torch }  the seeded token
//        embedding of src/js/embedding.js, plus h = x + PE for the token ids `tokens`
//   MULBERRY32_PY                                          Python text of the seeded generator
// Every value goes into the code as a literal of its type (src/js/python.js), never as raw text.
import { pyFloat, pyInt, pyList, pyStr } from '../../js/python.js';

// The positions the table is built for: `length` rows from `offset`, or (shift = { p, k }, k the shift
// Δ) just the three rows PE(p), PE(Δ), PE(p + Δ), so a large p needs no table of p rows.
function posLines(lib, { length, dModel, base, offset, shift }) {
  if (shift) {
    return [
      `d_model, base, p, shift = ${pyInt(dModel)}, ${pyFloat(base)}, ${pyInt(shift.p)}, ${pyInt(shift.k)}`,
      `pos = ${lib === 'np' ? 'np.array' : 'torch.tensor'}([p, shift, p + shift], dtype=${lib}.float64)[:, None]  # rows: PE(p), PE(Δ), PE(p + Δ)`,
    ];
  }
  return [
    `length, d_model, base, offset = ${pyInt(length)}, ${pyInt(dModel)}, ${pyFloat(base)}, ${pyInt(offset)}`,
    `pos = ${lib}.arange(offset, offset + length, dtype=${lib}.float64)[:, None]  # (length, 1)`,
  ];
}

function peNumpyLines({ length, dModel, base, offset = 0, layout = 'interleaved', shift }) {
  const lines = ['import numpy as np', '', ...posLines('np', { length, dModel, base, offset, shift })];
  if (layout === 'concat') {
    lines.push(
      'h = (d_model + 1) // 2                                  # sine columns first, then cosines',
      'i = np.concatenate([np.arange(h), np.arange(d_model - h)])  # frequency i of each column',
      'angle = pos / base ** (2 * i / d_model)                  # (length, d_model)',
      'pe = np.concatenate([np.sin(angle[:, :h]), np.cos(angle[:, h:])], axis=1).astype(np.float32)',
    );
  } else {
    lines.push(
      'j = np.arange(d_model)',
      'angle = pos / base ** (2 * (j // 2) / d_model)           # (length, d_model)',
      'pe = np.where(j % 2 == 0, np.sin(angle), np.cos(angle)).astype(np.float32)',
    );
  }
  return lines;
}

function peTorchLines({ length, dModel, base, offset = 0, layout = 'interleaved', shift }) {
  const lines = ['import torch', '', ...posLines('torch', { length, dModel, base, offset, shift })];
  if (layout === 'concat') {
    lines.push(
      'h = (d_model + 1) // 2                                  # sine columns first, then cosines',
      'i = torch.cat([torch.arange(h), torch.arange(d_model - h)]).double()  # frequency i of each column',
      'angle = pos / base ** (2 * i / d_model)                  # (length, d_model)',
      'pe = torch.cat([angle[:, :h].sin(), angle[:, h:].cos()], dim=1).float()',
    );
  } else {
    lines.push(
      'j = torch.arange(d_model)',
      'angle = pos / base ** (2 * torch.div(j, 2, rounding_mode="floor").double() / d_model)',
      'pe = torch.where(j % 2 == 0, angle.sin(), angle.cos()).float()  # (length, d_model)',
    );
  }
  return lines;
}

export function peSnippets(args) {
  return {
    numpy: [...peNumpyLines(args), "# np.allclose(pe, np.load('pe.npy'), atol=1e-6) -> True"].join('\n'),
    torch: [...peTorchLines(args), '# torch.allclose(pe, torch.from_numpy(np.load("pe.npy")), atol=1e-6) -> True'].join('\n'),
  };
}

export function similaritySnippets(args) {
  return {
    numpy: [...peNumpyLines(args), 'S = pe.astype(np.float64) @ pe.T.astype(np.float64)  # (length, length): S[p, r] = PE(p) . PE(r)'].join('\n'),
    torch: [...peTorchLines(args), 'S = pe.double() @ pe.double().T  # (length, length): S[p, r] = PE(p) . PE(r)'].join('\n'),
  };
}

/** Rows PE(p), PE(Δ), PE(p + Δ) as above (Δ = k), then per pair i the rotation by Δ·ω_i read off PE(Δ). */
export function rotationSnippets({ dModel, base, p, k, layout = 'interleaved', file = 'pe_rotation.npy' }) {
  const args = { dModel, base, layout, shift: { p, k } };
  const cols = layout === 'concat' ? 'js, jc = i, h + i' : 'js, jc = 2 * i, 2 * i + 1';
  const check = (lib, stack, max, abs) => [
    `i = ${lib}.arange(d_model // 2)  # frequency pairs`,
    `${cols}  # their sin and cos columns`,
    `omega = 1 / base ** (2 * i${lib === 'torch' ? '.double()' : ''} / d_model)`,
    'cos_w, sin_w = pe_shift[jc], pe_shift[js]  # the rotation comes from PE(Δ) alone',
    'rot_sin = cos_w * pe_p[js] + sin_w * pe_p[jc]',
    'rot_cos = -sin_w * pe_p[js] + cos_w * pe_p[jc]',
    `diff = ${max}(${abs('rot_sin - pe_p_shift[js]')}, ${abs('rot_cos - pe_p_shift[jc]')})`,
    `table = ${stack}([omega, cos_w, sin_w, pe_p[js], pe_p[jc], rot_sin, rot_cos, pe_p_shift[js], pe_p_shift[jc], diff], ${lib === 'np' ? 'axis' : 'dim'}=1)`,
  ];
  return {
    numpy: [
      ...peNumpyLines(args), 'pe_p, pe_shift, pe_p_shift = pe.astype(np.float64)',
      ...check('np', 'np.stack', 'np.maximum', (x) => `np.abs(${x})`),
      `# np.allclose(table, np.load(${pyStr(file)}), atol=1e-6) -> True`,
    ].join('\n'),
    torch: [
      ...peTorchLines(args), 'pe_p, pe_shift, pe_p_shift = pe.double()',
      ...check('torch', 'torch.stack', 'torch.maximum', (x) => `(${x}).abs()`),
      `# with numpy as np: torch.allclose(table, torch.from_numpy(np.load(${pyStr(file)})), atol=1e-6) -> True`,
    ].join('\n'),
  };
}

export const MULBERRY32_PY = `def mulberry32(seed, n):
    """The package's seeded generator: n uniform numbers in [0, 1)."""
    s, out = seed, []
    for _ in range(n):
        s = (s + 0x6D2B79F5) & 0xFFFFFFFF
        t = ((s ^ (s >> 15)) * (s | 1)) & 0xFFFFFFFF
        t ^= (t + ((t ^ (t >> 7)) * (t | 61) & 0xFFFFFFFF)) & 0xFFFFFFFF
        out.append(((t ^ (t >> 14)) & 0xFFFFFFFF) / 2**32)
    return out`;

export function embeddingSnippets({ vocab, dModel, seed, tokens, peArgs }) {
  const common = [
    MULBERRY32_PY,
    '',
    `vocab, seed = ${pyInt(vocab)}, ${pyInt(seed)}`,
    'u = np.array(mulberry32(seed, vocab * d_model))',
    '# token embedding = W1 of a seeded nn.Linear-style layer: (2u - 1) / sqrt(fan_in), fan_in = vocab',
    'emb = ((2 * u - 1) / np.sqrt(vocab)).astype(np.float32).reshape(vocab, d_model)',
    `tokens = ${pyList(tokens)}                        # token ids of the sentence`,
    'x = emb[tokens]                                          # (length, d_model)',
  ];
  const numpy = [...peNumpyLines(peArgs), ...common, 'h = x + pe                                               # the Transformer input'].join('\n');
  const torch = [
    ...peTorchLines(peArgs), 'import numpy as np', ...common,
    'h = torch.from_numpy(x) + pe                             # the Transformer input',
  ].join('\n');
  return { numpy, torch };
}

// The PyTorch script offered beside a saved model (model.save(), the position lab's download): from the
// model's options it writes a readable, self-contained Python program that rebuilds the same
// Transformer as a torch.nn.Module and loads the saved safetensors file into it, with the `safetensors`
// package when it is installed and with a few lines of plain Python when it is not. It refuses a file
// of another model: every option of model-options.js's FILE_OPTIONS must be in the file's metadata
// with this model's value. Options are checked as createTransformer checks them, values written by
// python.js. Pure: no module, no memory; tests/js/pytorch-script.test.js runs it with Debian's
// python3-torch against the double-precision reference.
import { readOptions } from './args.js';
import { FILE_OPTIONS, MODEL_OPTIONS, metadataOf, resolveOptions } from './model-options.js';
import { pyBool, pyFloat, pyInt, pyStr } from './python.js';
import { ACTIVATION, ACTIVATIONS, NORM, POSITION } from './defaults.js';
import { kindTable } from './kinds.js';

/** Each activation's PyTorch function. */
const TORCH_ACTIVATIONS = kindTable('pytorch-script.js', ACTIVATIONS, {
  [ACTIVATION.RELU]: 'F.relu',
  [ACTIVATION.GELU]: 'F.gelu',
  [ACTIVATION.GELU_TANH]: 'lambda z: F.gelu(z, approximate="tanh")',
  [ACTIVATION.SILU]: 'F.silu',
});

/**
 * The options every file must state, as the file's metadata holds them (model.save(): String(value)),
 * as a Python dict literal: model.py compares each of them with the file it loads.
 */
function pyOptions(c) {
  const metadata = metadataOf(c);
  return `{\n${FILE_OPTIONS.map((key) => `    ${pyStr(key)}: ${pyStr(metadata[key])},`).join('\n')}\n}`;
}

/**
 * The script's text for a model of these options (model.config, or the options given to
 * createTransformer). Run as `python3 model.py model.safetensors [token ...] [--double] [--json out]`.
 */
export function pytorchScript(config) {
  const c = resolveOptions(readOptions('config', config, MODEL_OPTIONS)); // createTransformer's checks and limits
  return `#!/usr/bin/env python3
"""A small Transformer trained with pe-ffn-wasm, rebuilt in PyTorch.

Loads the weights the module saved (model.save(), a safetensors file) into a torch.nn.Module of the
same shape and runs it. The computation, as the module's contract states it:
  x = embedding[tokens] * sqrt(D_MODEL) + positions   (positions: ${c.position})
  ${c.layers} encoder block(s), ${c.norm}-norm${c.causal ? ', causal attention' : ''}, ${c.activation} in the FFN
  ${c.norm === NORM.PRE ? 'a final layer norm, then ' : ''}logits = y W_out + b_out
Run:  python3 model.py model.safetensors 3 1 4 1 5    prints the most likely next token at each place
      add --double to run in float64, --json out.json to write the logits
"""
import json
import math
import struct
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, D_MODEL, HEADS, D_FF, LAYERS, MAX_LENGTH = ${[c.vocab, c.dModel, c.heads, c.dFF, c.layers, c.maxLength].map(pyInt).join(', ')}
POSITION, CAUSAL, NORM, ACTIVATION, EPS = ${pyStr(c.position)}, ${pyBool(c.causal)}, ${pyStr(c.norm)}, ${pyStr(c.activation)}, ${pyFloat(c.eps)}
# Every option of the model, as the saved file's metadata states it: load() refuses a file that lacks
# one or states another value (the seed, which only drew the first weights, is not compared).
OPTIONS = ${pyOptions(c)}

ACT = {
${ACTIVATIONS.map((name) => `    ${JSON.stringify(name)}: ${TORCH_ACTIVATIONS[name]},${name === ACTIVATION.GELU ? '  # exact, with erf' : ''}`).join('\n')}
}[ACTIVATION]


def sinusoidal_table(length, d):
    """PE[t][2k] = sin(t / 10000^(2k/d)), PE[t][2k+1] = cos(t / 10000^(2k/d))."""
    t = torch.arange(length, dtype=torch.float64)[:, None]
    k = torch.div(torch.arange(d), 2, rounding_mode="floor").to(torch.float64)
    angle = t / torch.pow(10000.0, 2 * k / d)
    return torch.where(torch.arange(d) % 2 == 0, torch.sin(angle), torch.cos(angle))


def rotate(x):
    """RoPE on (batch, heads, T, head_dim): pair (2i, 2i+1) at position t turns by t / 10000^(2i / head_dim)."""
    T, E = x.shape[-2], x.shape[-1]
    i = torch.arange(E // 2, dtype=torch.float64)
    theta = (torch.arange(T, dtype=torch.float64)[:, None] / torch.pow(10000.0, 2 * i / E)).to(x.dtype)
    a, b = x[..., 0::2], x[..., 1::2]
    return torch.stack((a * theta.cos() - b * theta.sin(), a * theta.sin() + b * theta.cos()), dim=-1).flatten(-2)


class Block(nn.Module):
    """Self-attention, Add & Norm, the position-wise FFN, Add & Norm."""

    def __init__(self):
        super().__init__()
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(D_MODEL, D_MODEL) for _ in range(4))
        self.ln1, self.ln2 = nn.LayerNorm(D_MODEL, eps=EPS), nn.LayerNorm(D_MODEL, eps=EPS)
        self.ffn1, self.ffn2 = nn.Linear(D_MODEL, D_FF), nn.Linear(D_FF, D_MODEL)

    def attention(self, a):
        B, T, _ = a.shape
        split = lambda m: m.view(B, T, HEADS, D_MODEL // HEADS).transpose(1, 2)  # (B, heads, T, head_dim)
        q, k, v = split(self.wq(a)), split(self.wk(a)), split(self.wv(a))
        if POSITION == "${POSITION.ROPE}":
            q, k = rotate(q), rotate(k)
        scores = q @ k.transpose(-1, -2) / math.sqrt(D_MODEL // HEADS)
        if POSITION == "${POSITION.ALIBI}":  # -m_h |i - j|, m_h = 2^(-8 (h + 1) / heads)
            slopes = torch.tensor([2.0 ** (-8.0 * (h + 1) / HEADS) for h in range(HEADS)], dtype=a.dtype)
            distance = (torch.arange(T)[:, None] - torch.arange(T)[None, :]).abs().to(a.dtype)
            scores = scores - slopes[:, None, None] * distance
        if CAUSAL:  # no token sees the ones after it
            scores = scores.masked_fill(torch.ones(T, T, dtype=torch.bool).triu(1), float("-inf"))
        out = torch.softmax(scores, dim=-1) @ v
        return self.wo(out.transpose(1, 2).reshape(B, T, D_MODEL))

    def forward(self, x):
        ffn = lambda z: self.ffn2(ACT(self.ffn1(z)))
        if NORM == "${NORM.POST}":
            h1 = self.ln1(x + self.attention(x))
            return self.ln2(h1 + ffn(h1))
        h1 = x + self.attention(self.ln1(x))
        return h1 + ffn(self.ln2(h1))


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCAB, D_MODEL)
        if POSITION == "${POSITION.LEARNED}":
            self.position = nn.Parameter(torch.zeros(MAX_LENGTH, D_MODEL))
        self.blocks = nn.ModuleList(Block() for _ in range(LAYERS))
        if NORM == "${NORM.PRE}":
            self.final = nn.LayerNorm(D_MODEL, eps=EPS)
        self.output = nn.Linear(D_MODEL, VOCAB)

    def forward(self, tokens):
        """tokens: (batch, T) integers -> logits (batch, T, VOCAB)."""
        T = tokens.shape[1]
        x = self.embedding(tokens) * math.sqrt(D_MODEL)
        if POSITION == "${POSITION.SINUSOIDAL}":
            x = x + sinusoidal_table(T, D_MODEL).to(x.dtype)
        elif POSITION == "${POSITION.LEARNED}":
            x = x + self.position[:T]
        for block in self.blocks:
            x = block(x)
        if NORM == "${NORM.PRE}":
            x = self.final(x)
        return self.output(x)


def read_safetensors(path):
    """{name: float32 tensor} and the metadata of a safetensors file (F32 only)."""
    try:
        from safetensors import safe_open
        from safetensors.torch import load_file
        with safe_open(path, framework="pt") as f:
            return load_file(path), f.metadata() or {}
    except ImportError:  # the format is simple enough to read by hand
        with open(path, "rb") as f:
            raw = f.read()
        (n,) = struct.unpack("<Q", raw[:8])
        header = json.loads(raw[8:8 + n])
        metadata = header.pop("__metadata__", {})
        tensors = {}
        for name, info in header.items():
            if info["dtype"] != "F32":
                raise ValueError(f"{name}: dtype {info['dtype']}, expected F32")
            begin, end = info["data_offsets"]
            data = bytearray(raw[8 + n + begin:8 + n + end])
            tensors[name] = torch.frombuffer(data, dtype=torch.float32).reshape(info["shape"]) if data else torch.zeros(info["shape"])
        return tensors, metadata


def same_option(theirs, ours):
    """The file's value of an option is this script's: the same text, or the same number (1e-05, 0.00001)."""
    if theirs == ours:
        return True
    try:
        return float(theirs) == float(ours)
    except ValueError:
        return False


def check_options(metadata):
    """Refuses a file of another model: every option of OPTIONS must be in its metadata, with this value."""
    for key, ours in OPTIONS.items():
        if key not in metadata:
            raise ValueError(f"the file's metadata has no {key}: it does not say which model it holds")
        if not same_option(metadata[key], ours):
            raise ValueError(f"the file's {key} is {metadata[key]}, this script's is {ours}")


def load(path):
    """The model with the saved weights. The file's [in, out] matrices are nn.Linear's weight transposed."""
    tensors, metadata = read_safetensors(path)
    check_options(metadata)
    model = Transformer()
    state = {"embedding.weight": tensors["embedding"], "output.weight": tensors["output.w"].T, "output.bias": tensors["output.b"]}
    if POSITION == "${POSITION.LEARNED}":
        state["position"] = tensors["position"]
    if NORM == "${NORM.PRE}":
        state["final.weight"], state["final.bias"] = tensors["final.gamma"], tensors["final.beta"]
    for l in range(LAYERS):
        p = f"layers.{l}."
        for ours, theirs in (("wq", "wq"), ("wk", "wk"), ("wv", "wv"), ("wo", "wo"), ("ffn1", "w1"), ("ffn2", "w2")):
            bias = "b" + theirs[1:]
            state[f"blocks.{l}.{ours}.weight"] = tensors[p + theirs].T
            state[f"blocks.{l}.{ours}.bias"] = tensors[p + bias]
        for i in "12":
            state[f"blocks.{l}.ln{i}.weight"], state[f"blocks.{l}.ln{i}.bias"] = tensors[p + "gamma" + i], tensors[p + "beta" + i]
    model.load_state_dict({k: v.contiguous() for k, v in state.items()})
    return model.eval()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:]]
    if not args:
        sys.exit(__doc__)
    double = "--double" in args
    out = args[args.index("--json") + 1] if "--json" in args else None
    words = [a for i, a in enumerate(args[1:], 1) if not a.startswith("--") and args[i - 1] != "--json"]
    model = load(args[0])
    if double:
        model = model.double()
    tokens = torch.tensor([[int(w) for w in words] or [0]])
    with torch.no_grad():
        logits = model(tokens)
    print("token  ->  most likely next token (logit)")
    for t, row in zip(tokens[0].tolist(), logits[0]):
        print(f"{t:5d}  ->  {int(row.argmax()):5d} ({float(row.max()):.4f})")
    if out:
        with open(out, "w") as f:
            json.dump(logits.reshape(-1).tolist(), f)
`;
}

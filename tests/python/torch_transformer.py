#!/usr/bin/env python3
"""The trainable Transformer of API.md ("Training a small Transformer") in PyTorch, float64: the second
oracle of the training tests, written from the contract's formulas with PyTorch's own layer norm,
activations, softmax, cross-entropy, autograd, clip_grad_norm_ and AdamW.

Reads a JSON list of cases on stdin, writes a JSON list of results on stdout. A case:
  {"config": {vocab, dModel, heads, dFF, layers, maxLength, position, causal, norm, activation, eps},
   "params": {name: [values, row-major]}, "tokens": [...], "targets": [...], "batch": B,
   "trace": bool, "train": {"lr", "betas", "eps", "weightDecay", "clipNorm", "steps": [{"tokens",
   "targets"}, ...]} (optional)}
A result: {"logits": [...], "loss": x, "grads": {name: [...]}, "trace": {"layers": [{q, k, ...}]},
  "losses": [loss before each step], "params": {name: [...] after the steps}}
"""
import json
import math
import sys

import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
torch.set_num_threads(1)

ACTIVATIONS = {
    "relu": F.relu,
    "gelu": lambda z: F.gelu(z),
    "gelu_tanh": lambda z: F.gelu(z, approximate="tanh"),
    "silu": F.silu,
}


def shapes(c):
    """Every parameter's name and shape, in the contract's order."""
    D, Fd, V = c["dModel"], c["dFF"], c["vocab"]
    out = [("embedding", (V, D))]
    if c["position"] == "learned":
        out.append(("position", (c["maxLength"], D)))
    for l in range(c["layers"]):
        for n in "qkvo":
            out += [(f"layers.{l}.w{n}", (D, D)), (f"layers.{l}.b{n}", (D,))]
        out += [(f"layers.{l}.gamma1", (D,)), (f"layers.{l}.beta1", (D,)), (f"layers.{l}.w1", (D, Fd)),
                (f"layers.{l}.b1", (Fd,)), (f"layers.{l}.w2", (Fd, D)), (f"layers.{l}.b2", (D,)),
                (f"layers.{l}.gamma2", (D,)), (f"layers.{l}.beta2", (D,))]
    if c["norm"] == "pre":
        out += [("final.gamma", (D,)), ("final.beta", (D,))]
    out += [("output.w", (D, V)), ("output.b", (V,))]
    return out


def sinusoid(T, D):
    """PE[t][j] = sin(t / 10000^(2k/D)) for even j, cos for odd j, k = j // 2 (interleaved)."""
    t = torch.arange(T, dtype=torch.float64)[:, None]
    k = torch.div(torch.arange(D), 2, rounding_mode="floor").to(torch.float64)
    angle = t / torch.pow(10000.0, 2 * k / D)
    return torch.where(torch.arange(D) % 2 == 0, torch.sin(angle), torch.cos(angle))


def rotate(x, T, E):
    """RoPE on (B, H, T, E): pair (2i, 2i + 1) turned by t / 10000^(2i / E)."""
    i = torch.arange(E // 2, dtype=torch.float64)
    theta = torch.arange(T, dtype=torch.float64)[:, None] / torch.pow(10000.0, 2 * i / E)  # (T, E/2)
    a, b = x[..., 0::2], x[..., 1::2]
    out = torch.empty_like(x)
    out[..., 0::2] = a * torch.cos(theta) - b * torch.sin(theta)
    out[..., 1::2] = a * torch.sin(theta) + b * torch.cos(theta)
    return out


def block(x, p, l, c, traces):
    B, T, D = x.shape
    H = c["heads"]
    E = D // H
    P = lambda n: p[f"layers.{l}.{n}"]
    ln = lambda z, i: F.layer_norm(z, (D,), P(f"gamma{i}"), P(f"beta{i}"), c["eps"])
    a = ln(x, 1) if c["norm"] == "pre" else x
    split = lambda m: m.reshape(B, T, H, E).transpose(1, 2)  # (B, H, T, E)
    q, k, v = (split(a @ P(f"w{n}") + P(f"b{n}")) for n in "qkv")
    if c["position"] == "rope":
        q, k = rotate(q, T, E), rotate(k, T, E)
    scores = q @ k.transpose(-1, -2) / math.sqrt(E)
    if c["position"] == "alibi":
        slopes = torch.tensor([2.0 ** (-8.0 * (h + 1) / H) for h in range(H)])
        distance = (torch.arange(T)[:, None] - torch.arange(T)[None, :]).abs().to(torch.float64)
        scores = scores - slopes[:, None, None] * distance
    masked = scores
    if c["causal"]:
        masked = scores.masked_fill(torch.ones(T, T, dtype=torch.bool).triu(1), float("-inf"))
    weights = torch.softmax(masked, dim=-1)
    merge = lambda m: m.transpose(1, 2).reshape(B, T, D)
    attention = merge(weights @ v) @ P("wo") + P("bo")
    h1 = ln(x + attention, 1) if c["norm"] == "post" else x + attention
    z = ln(h1, 2) if c["norm"] == "pre" else h1
    hidden = ACTIVATIONS[c["activation"]](z @ P("w1") + P("b1"))
    ffn = hidden @ P("w2") + P("b2")
    y = ln(h1 + ffn, 2) if c["norm"] == "post" else h1 + ffn
    traces.append({"q": merge(q), "k": merge(k), "v": merge(v), "scores": scores, "weights": weights,
                   "attention": attention, "h1": h1, "hidden": hidden, "ffn": ffn})
    return y


def forward(p, c, tokens, traces):
    B, T = tokens.shape
    D = c["dModel"]
    x = p["embedding"][tokens] * math.sqrt(D)
    if c["position"] == "sinusoidal":
        x = x + sinusoid(T, D)
    elif c["position"] == "learned":
        x = x + p["position"][:T]
    for l in range(c["layers"]):
        x = block(x, p, l, c, traces)
    if c["norm"] == "pre":
        x = F.layer_norm(x, (D,), p["final.gamma"], p["final.beta"], c["eps"])
    return x @ p["output.w"] + p["output.b"]


def loss_of(logits, targets, V):
    """cross_entropy(ignore_index=-1), the mean over counted targets; 0 (and zero gradients) when none counts."""
    flat = targets.reshape(-1)
    if (flat != -1).sum() == 0:
        return logits.sum() * 0.0
    return F.cross_entropy(logits.reshape(-1, V), flat, ignore_index=-1)


def run(case):
    c = case["config"]
    B = case.get("batch", 1)
    names = [n for n, _ in shapes(c)]
    p = {n: torch.tensor(case["params"][n], dtype=torch.float64).reshape(s).requires_grad_() for n, s in shapes(c)}
    tokens = torch.tensor(case["tokens"], dtype=torch.long).reshape(B, -1)
    targets = torch.tensor(case["targets"], dtype=torch.long).reshape(B, -1)
    traces = []
    logits = forward(p, c, tokens, traces)
    loss = loss_of(logits, targets, c["vocab"])
    loss.backward()
    flat = lambda t: t.detach().reshape(-1).tolist()
    result = {"logits": flat(logits), "loss": loss.item(), "grads": {n: flat(p[n].grad) for n in names}}
    if case.get("trace"):
        result["trace"] = {"layers": [{k: flat(v) for k, v in t.items()} for t in traces]}
    train = case.get("train")
    if train:
        params = [p[n] for n in names]
        opt = torch.optim.AdamW(params, lr=train.get("lr", 1e-3), betas=tuple(train.get("betas", (0.9, 0.999))),
                                eps=train.get("eps", 1e-8), weight_decay=train.get("weightDecay", 0.01))
        losses = []
        for step in train["steps"]:
            opt.zero_grad()
            tb = torch.tensor(step["tokens"], dtype=torch.long).reshape(B, -1)
            yb = torch.tensor(step["targets"], dtype=torch.long).reshape(B, -1)
            step_loss = loss_of(forward(p, c, tb, []), yb, c["vocab"])
            step_loss.backward()
            if train.get("clipNorm") is not None:
                torch.nn.utils.clip_grad_norm_(params, train["clipNorm"])
            opt.step()
            losses.append(step_loss.item())
        result["losses"] = losses
        result["params"] = {n: flat(p[n]) for n in names}
    return result


if __name__ == "__main__":
    # json.dumps then one write: json.dump streams through the pure-Python encoder, one write per
    # number (measured: 24 s for the 4.3 million numbers of a d_model 1024 case, 2 s this way).
    sys.stdout.write(json.dumps([run(case) for case in json.load(sys.stdin)]))

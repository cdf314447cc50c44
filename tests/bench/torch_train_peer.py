#!/usr/bin/env python3
"""PyTorch peer of the training benchmark (tests/bench/train-bench.js): the same Transformer as the
module's, in float32 on one thread (or THREADS), trained with torch.optim.AdamW, timed step by step.

    /usr/bin/python3 torch_train_peer.py MODEL.safetensors BATCH.bin BATCH_SIZE [THREADS]

MODEL.safetensors is what model.save() wrote (the same parameters and options as the module's model);
BATCH.bin holds the tokens then the targets as little-endian int32. The model is written with
PyTorch's own fast pieces: F.linear (weights kept in PyTorch's [out, in] layout), F.layer_norm,
softmax, F.relu / F.gelu / F.silu, F.cross_entropy(ignore_index=-1). Commands, one JSON line each on
stdin, answered with one JSON line on stdout:
    {"cmd": "info"}           which BLAS library and OpenBLAS kernel this process runs, torch's version
    {"cmd": "losses", "n": k} k steps from the file's parameters: the losses (the correctness check)
    {"cmd": "time", "n": k}   k more steps: the seconds they took, wall (perf_counter) and CPU time of
                              this process, all its threads (process_time)
    {"cmd": "gemm", "n": m}   GFLOPS (per second of CPU time) of an m x m float32 matrix product on this
                              thread: the native ceiling
    {"cmd": "rss"}            the process's peak resident memory in bytes
"""
import ctypes
import json
import math
import resource
import struct
import sys
import time

import torch
import torch.nn.functional as F

torch.set_num_threads(int(sys.argv[4]) if len(sys.argv) > 4 else 1)

ACTIVATIONS = {"relu": F.relu, "gelu": F.gelu, "gelu_tanh": lambda z: F.gelu(z, approximate="tanh"), "silu": F.silu}


def read_safetensors(path):
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    meta = header.pop("__metadata__", {})
    tensors = {}
    for name, t in header.items():
        begin, end = t["data_offsets"]
        values = torch.frombuffer(bytearray(data[8 + n + begin:8 + n + end]), dtype=torch.float32)
        tensors[name] = values.reshape(t["shape"]) if t["shape"] else values
    return meta, tensors


class Model:
    def __init__(self, meta, tensors):
        self.D, self.H, self.V = int(meta["dModel"]), int(meta["heads"]), int(meta["vocab"])
        self.layers, self.eps = int(meta["layers"]), float(meta["eps"])
        self.norm, self.position, self.causal = meta["norm"], meta["position"], meta["causal"] == "true"
        self.act = ACTIVATIONS[meta["activation"]]
        if self.position not in ("sinusoidal", "none") or self.causal:
            raise SystemExit("torch_train_peer.py: the bench's models are non-causal, sinusoidal or none")
        self.p = {}
        for name, t in tensors.items():
            leaf = name.split(".")[-1]
            transposed = leaf in ("wq", "wk", "wv", "wo", "w1", "w2", "w")   # [in, out] -> PyTorch's [out, in]
            self.p[name] = (t.t().contiguous() if transposed else t.clone()).requires_grad_()

    def sinusoid(self, T):
        t = torch.arange(T, dtype=torch.float64)[:, None]
        k = torch.div(torch.arange(self.D), 2, rounding_mode="floor").to(torch.float64)
        angle = t / torch.pow(10000.0, 2 * k / self.D)
        return torch.where(torch.arange(self.D) % 2 == 0, torch.sin(angle), torch.cos(angle)).float()

    def forward(self, tokens):
        B, T = tokens.shape
        D, H, p = self.D, self.H, self.p
        E = D // H
        x = p["embedding"][tokens] * math.sqrt(D)
        if self.position == "sinusoidal":
            x = x + self.sinusoid(T)
        for l in range(self.layers):
            P = lambda n: p[f"layers.{l}.{n}"]
            ln = lambda z, i: F.layer_norm(z, (D,), P(f"gamma{i}"), P(f"beta{i}"), self.eps)
            a = ln(x, 1) if self.norm == "pre" else x
            q, k, v = (F.linear(a, P(f"w{n}"), P(f"b{n}")).view(B, T, H, E).transpose(1, 2) for n in "qkv")
            w = torch.softmax(q @ k.transpose(-1, -2) * (1.0 / math.sqrt(E)), dim=-1)
            attention = F.linear((w @ v).transpose(1, 2).reshape(B, T, D), P("wo"), P("bo"))
            h1 = ln(x + attention, 1) if self.norm == "post" else x + attention
            z = ln(h1, 2) if self.norm == "pre" else h1
            ffn = F.linear(self.act(F.linear(z, P("w1"), P("b1"))), P("w2"), P("b2"))
            x = ln(h1 + ffn, 2) if self.norm == "post" else h1 + ffn
        if self.norm == "pre":
            x = F.layer_norm(x, (D,), p["final.gamma"], p["final.beta"], self.eps)
        return F.linear(x, p["output.w"], p["output.b"])


def blas_info():
    maps = open("/proc/self/maps").read().split("\n")
    libs = sorted({line.split()[-1] for line in maps if "blas" in line.lower() and line.split()[-1].startswith("/")})
    core = None
    for lib in libs:
        try:
            get = ctypes.CDLL(lib).openblas_get_corename
            get.restype = ctypes.c_char_p
            core = get().decode()
            break
        except (OSError, AttributeError):
            pass
    blas = [line.strip() for line in torch.__config__.show().split("\n") if "BLAS" in line]
    return {"torch": torch.__version__, "libraries": libs, "openblasCore": core, "config": blas, "threads": torch.get_num_threads()}


def main():
    meta, tensors = read_safetensors(sys.argv[1])
    batch = int(sys.argv[3])
    ints = open(sys.argv[2], "rb").read()
    n = len(ints) // 8
    both = torch.tensor(struct.unpack(f"<{2 * n}i", ints), dtype=torch.long)
    tokens, targets = both[:n].reshape(batch, -1), both[n:].reshape(-1)
    model = Model(meta, tensors)
    optimizer = torch.optim.AdamW(list(model.p.values()), lr=1e-3)

    def step():
        optimizer.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model.forward(tokens).reshape(-1, model.V), targets, ignore_index=-1)
        loss.backward()
        optimizer.step()
        return loss.item()

    for line in sys.stdin:
        cmd = json.loads(line)
        if cmd["cmd"] == "info":
            out = blas_info()
        elif cmd["cmd"] == "losses":
            out = {"losses": [step() for _ in range(cmd["n"])]}
        elif cmd["cmd"] == "time":
            t0, c0 = time.perf_counter(), time.process_time()
            for _ in range(cmd["n"]):
                step()
            out = {"seconds": time.perf_counter() - t0, "cpuSeconds": time.process_time() - c0}
        elif cmd["cmd"] == "gemm":
            m = cmd["n"]
            a, b = torch.rand(m, m), torch.rand(m, m)
            c = a @ b
            best = math.inf
            for _ in range(5):
                t0 = time.process_time()
                c = a @ b
                best = min(best, time.process_time() - t0)
            ok = abs(c[3, 5].item() - float(a[3].double() @ b[:, 5].double())) < 1e-3 * m
            out = {"gflops": 2 * m ** 3 / best / 1e9, "correct": ok}
        elif cmd["cmd"] == "rss":
            out = {"bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
        else:
            out = {"error": f"unknown command {cmd['cmd']}"}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()

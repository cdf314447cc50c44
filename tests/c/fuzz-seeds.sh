#!/usr/bin/env bash
# Writes the fuzzer's seed inputs into directory $1: each is a list of little-endian u32 that
# tests/c/fuzz_core.c reads in order, so that the fuzzer starts from wide tables, both layouts and
# positions near 0, 1e6 and 2^31 instead of having to find those bytes itself.
set -euo pipefail
dir=$1
mkdir -p "$dir"
seed() {                                            # seed NAME u32 ...
  local name=$1 out=""
  shift
  for v in "$@"; do out+=$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((v & 255)) $((v >> 8 & 255)) $((v >> 16 & 255)) $((v >> 24 & 255))); done
  printf "$out" > "$dir/$name"
}
# PE: 1 (pe), wide? (0: yes), then for wide tables two u32 u, v: d_model = 2^(16 u / 2^32) + v % 3
# (u = 3221225472: 4096, 3369164461: about 6000, 3489660928: 8192), and length - 1; for narrow ones
# d_model + 8 and length + 8. Then the offset, its kind (0 raw, 1 small, 2 near 1e6, 3 near 2^31),
# base u32s, the layout (0 interleaved, 1 concat), data.
seed pe-wide-concat-8192        1 0 3489660928 0  0  5 1     0 1 1  1  3 4 5 6 7
seed pe-wide-interleaved-65535  1 0 4294967295 0  1  7 1     0 2 2  0  9 9 9 9
seed pe-wide-concat-4097-1e6    1 0 3221225472 1  2  100 2   0 1 0  1  1 2 3 4
seed pe-wide-concat-6000-max    1 0 3369164461 1  0  4999 3  5 3 3  1
seed pe-narrow-concat-13        1 1 21 78 3 1 0 1 1 1  1 2 3
seed pe-narrow-interleaved-37   1 1 45 70 0 2 0 2 2 0  5 6 7
# FFN: 0 (ffn), d_model + 2, d_ff + 2, activation, tokens + 1, then data.
seed ffn-9-12-gelu              0 11 14 1 7 1 2 3 4 5 6 7 8
seed ffn-33-5-silu              0 35 7 3 12 0 2 3 4 5
# Model: 4 (model), vocab + 1, d_model + 1, heads, d_ff + 1, layers, max_length + 1, position (0
# sinusoidal .. 4 none), causal, norm, activation, eps choice (not 0: 1e-5), seeded (not 0), seed,
# batch + 1, length + 1, not-bad (not 0), then tokens and targets.
seed model-lab-like-rope        4 9 9 2 17 2 9 2 1 1 1 1 1 5 3 7 1  1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0
seed model-alibi-pre            4 6 13 3 9 1 6 3 1 1 3 1 1 9 2 5 1  0 1 2 3 4 5 6 7 8 9 0 1 2 3
seed model-learned-post         4 5 5 1 7 3 8 1 0 0 2 1 1 2 4 4 1  4 3 2 1 0 1 2 3 4

#!/usr/bin/env bash
# `npm run test:sweep`: the sweeps of `npm test`, much denser (SWEEP=full: every tail of widths to
# 300, powers of two +-8, hundreds of random widths and shapes, tables of up to 60,000 values and
# whole 64-row blocks up to 1M, every activation at the deep shapes), in C under ASan + UBSan with a
# longer fuzz run (FUZZ_SECONDS, default 600), through the JS API in Node for both builds, and in
# Chromium at Node's default size.
set -euo pipefail
cd "$(dirname "$0")/.."
export SWEEP=full
FUZZ_SECONDS=${FUZZ_SECONDS:-600} bash tests/c/run.sh
sweeps=(tests/js/pe-sweep.test.js tests/js/ffn-sweep.test.js)
node --test --test-concurrency=1 "${sweeps[@]}" tests/browser/sweep.test.js
PE_FFN_WASM=dist/pe_ffn_relaxed.wasm node --experimental-wasm-relaxed-simd --test --test-concurrency=1 "${sweeps[@]}"

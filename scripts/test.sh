#!/usr/bin/env bash
# Runs every test: the native C core under sanitizers, then all node:test suites (unit, packaging,
# and real headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/c/run.sh
mapfile -t files < <(find tests -name '*.test.js' -not -path '*/node_modules/*' | sort)
node --test --test-concurrency=1 "${files[@]}"

# The relaxed-SIMD build (chosen by init() where the engine runs it) must pass the same Node suites.
# Node 20 runs relaxed SIMD only behind a flag; browsers exercise it through the Chromium tests.
relaxed_flag=--experimental-wasm-relaxed-simd
if node $relaxed_flag -e 'process.exit(WebAssembly.validate(require("fs").readFileSync("dist/pe_ffn_relaxed.wasm")) ? 0 : 1)' 2>/dev/null; then
  mapfile -t js_files < <(find tests/js -name '*.test.js' | sort)
  PE_FFN_WASM=dist/pe_ffn_relaxed.wasm node $relaxed_flag --test --test-concurrency=1 "${js_files[@]}"
else
  echo "relaxed SIMD: this Node cannot run it; the relaxed build is tested in Chromium only"
fi

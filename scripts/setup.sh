#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for building and testing: Emscripten, Chromium, clang and
# its libFuzzer runtime from Debian's packages (when root), and the npm dev dependencies (esbuild among
# them). The one installer: build.sh only checks and says what is missing. Safe to run again: it skips
# what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()      # required: the build and the tests cannot run without them
want_apt=()      # optional: the tests run without them, with less to show
command -v emcc >/dev/null 2>&1 || need_apt+=(emscripten)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v clang >/dev/null 2>&1 || need_apt+=(clang)
# Debian's NumPy for /usr/bin/python3: the encoder block's cross-check runs the NumPy script that
# <block-flow> offers for download (tests/js/numpy-script.test.js).
/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1 || need_apt+=(python3-numpy)
# Debian's PyTorch for /usr/bin/python3: the second oracle of the trainable Transformer (float64 logits,
# gradients and AdamW, tests/python/torch_transformer.py) and the CPU peer of the training benchmark.
/usr/bin/python3 -c 'import torch' >/dev/null 2>&1 || need_apt+=(python3-torch)
# OpenBLAS behind libblas.so.3: with Debian's reference BLAS that peer would run ~8x slower than it can.
ls /usr/lib/*/openblas-pthread/libblas.so.3 >/dev/null 2>&1 || need_apt+=(libopenblas0-pthread)
# libFuzzer's runtime: build.sh builds tests/c/fuzz_core.c, which npm test runs (Debian 12's clang is 14).
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' \
  | clang -x c -fsanitize=fuzzer - -o /dev/null 2>/dev/null || need_apt+=(libclang-rt-14-dev)
# xmllint validates the LMS packages' manifests against the SCORM XSDs (tests/js/lms-package.test.js).
command -v xmllint >/dev/null 2>&1 || need_apt+=(libxml2-utils)
# A Korean font, so that screenshots of the Korean-first page are legible.
[ -n "$(fc-list :lang=ko 2>/dev/null)" ] || want_apt+=(fonts-nanum)

is_debian_root() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }

if [ ${#need_apt[@]} -gt 0 ] || [ ${#want_apt[@]} -gt 0 ]; then
  if is_debian_root; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    if [ ${#need_apt[@]} -gt 0 ]; then
      echo "setup: installing ${need_apt[*]} from Debian's packages"
      apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
    fi
    if [ ${#want_apt[@]} -gt 0 ]; then
      echo "setup: installing ${want_apt[*]} (optional) from Debian's packages"
      apt-get install -y -qq --no-install-recommends "${want_apt[@]}" >/dev/null \
        || echo "setup: could not install ${want_apt[*]}; continuing without them" >&2
    fi
  elif [ ${#need_apt[@]} -gt 0 ]; then
    echo "setup: missing ${need_apt[*]}." >&2
    echo "  Emscripten: install it from https://emscripten.org/docs/getting_started (emsdk) and put emcc on PATH." >&2
    echo "  Chromium (browser tests only): install a Chromium and set CHROMIUM=/path/to/chrome." >&2
    echo "  clang with its libFuzzer runtime (native tests): clang and libclang-rt-<version>-dev or your system's equivalent." >&2
    command -v emcc >/dev/null 2>&1 || exit 1
  fi
fi

# npm dev dependencies: reinstall when the lock file is newer than the last install.
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "setup: installing npm dev dependencies"
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
fi

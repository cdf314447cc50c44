#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks, from Debian's packages (when root) and npm's lock file:
#
#   bash scripts/setup.sh page   what `npm start` needs: Emscripten and the npm dev dependencies
#   bash scripts/setup.sh test   that, and what `npm test` needs besides (the default)
#
# The one installer: build.sh only checks and says what is missing. Safe to run again: it skips what
# is there. A new requirement is one `need` line below.
set -euo pipefail
cd "$(dirname "$0")/.."

purpose=${1:-test}
case "$purpose" in
  page|test) ;;
  *) echo "setup: unknown purpose '$purpose' (page or test)" >&2; exit 2 ;;
esac

need_apt=()      # required: what the purpose cannot run without
want_apt=()      # optional: the tests run without them, with less to show
# need|want PURPOSE DEBIAN-PACKAGE CHECK: the package is installed when CHECK (a shell command) fails
# and the purpose is asked for ('test' includes 'page').
asked() { [ "$1" = page ] || [ "$purpose" = test ]; }
need() { asked "$1" || return 0; eval "$3" >/dev/null 2>&1 || need_apt+=("$2"); }
want() { asked "$1" || return 0; eval "$3" >/dev/null 2>&1 || want_apt+=("$2"); }
fuzzer_links="echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' | clang -x c -fsanitize=fuzzer - -o /dev/null"

# The core's .wasm (build.sh wasm).
need page emscripten 'command -v emcc'
# The browser tests (tests/browser/, playwright-core drives /usr/bin/chromium).
need test chromium '[ -x /usr/bin/chromium ]'
# The native sanitizer and fuzz builds (build.sh native; Debian 12's clang is 14).
need test clang 'command -v clang'
need test libclang-rt-14-dev "$fuzzer_links"
# Debian's NumPy for /usr/bin/python3: the encoder block's cross-check runs the NumPy script that
# <block-flow> offers for download (tests/js/numpy-script.test.js).
need test python3-numpy "/usr/bin/python3 -c 'import numpy'"
# Debian's PyTorch for /usr/bin/python3: the second oracle of the trainable Transformer (float64 logits,
# gradients and AdamW, tests/python/torch_transformer.py) and the CPU peer of the training benchmark.
need test python3-torch "/usr/bin/python3 -c 'import torch'"
# OpenBLAS behind libblas.so.3: with Debian's reference BLAS that peer would run ~8x slower than it can.
need test libopenblas0-pthread 'ls /usr/lib/*/openblas-pthread/libblas.so.3'
# xmllint validates the LMS packages' manifests against the SCORM XSDs (tests/js/lms-package.test.js).
need test libxml2-utils 'command -v xmllint'
# A Korean font, so that screenshots of the Korean-first page are legible.
want test fonts-nanum '[ -n "$(fc-list :lang=ko 2>/dev/null)" ]'

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
    echo "setup: missing ${need_apt[*]} (Debian's names)." >&2
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

#!/usr/bin/env bash
# Runs the native C tests (built by build.sh with ASan + UBSan) and, when clang's libFuzzer runtime
# is installed, a short fuzz run of the core's entry points (FUZZ_SECONDS, default 20).
set -euo pipefail
cd "$(dirname "$0")/../.."
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
build/native/test_core

sources=(src/c/*.c)
sources=("${sources[@]/src\/c\/wasm_exports.c}")
if echo 'int LLVMFuzzerTestOneInput(const char*d,unsigned long n){return 0;}' \
    | clang -x c -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then
  mkdir -p build/native/fuzz-corpus
  clang -std=c11 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -Isrc/c \
    ${sources[@]} tests/c/fuzz_core.c -lm -o build/native/fuzz_core
  build/native/fuzz_core -max_total_time="${FUZZ_SECONDS:-20}" -max_len=512 build/native/fuzz-corpus 2>build/native/fuzz.log \
    || { tail -40 build/native/fuzz.log; exit 1; }
  echo "fuzz: $(grep -c . build/native/fuzz.log) log lines, $(tail -1 build/native/fuzz.log)"
else
  echo "fuzz: skipped (clang's libFuzzer runtime is not installed; apt-get install libclang-rt-14-dev)"
fi

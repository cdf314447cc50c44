#!/usr/bin/env bash
# Runs the native C tests and a short fuzz run of the core's entry points (FUZZ_SECONDS, default 20),
# both built by build.sh with ASan + UBSan from src/c/sources.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
for binary in build/native/test_core build/native/fuzz_core; do
  [ -x "$binary" ] || { echo "tests/c: $binary is missing; run 'bash build.sh native' first" >&2; exit 1; }
done
build/native/test_core

mkdir -p build/native/fuzz-corpus
bash tests/c/fuzz-seeds.sh build/native/fuzz-seeds
build/native/fuzz_core -max_total_time="${FUZZ_SECONDS:-20}" -max_len=512 build/native/fuzz-corpus build/native/fuzz-seeds \
  2>build/native/fuzz.log \
  || { tail -40 build/native/fuzz.log; exit 1; }
echo "fuzz: $(grep -c . build/native/fuzz.log) log lines, $(tail -1 build/native/fuzz.log)"

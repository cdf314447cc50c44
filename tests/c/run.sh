#!/usr/bin/env bash
# Runs the native C tests (built by build.sh with ASan + UBSan) and, when clang's libFuzzer runtime
# is present, a short fuzz run of the core's entry points.
set -euo pipefail
cd "$(dirname "$0")/../.."
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 build/native/test_core

#!/usr/bin/env bash
# Runs every test: the native C core under sanitizers, then all node:test suites (unit, packaging,
# and real headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/c/run.sh
mapfile -t files < <(find tests -name '*.test.js' -not -path '*/node_modules/*' | sort)
node --test --test-concurrency=1 "${files[@]}"

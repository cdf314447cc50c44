#!/usr/bin/env bash
# Builds the package, the page and the tests' native programs, as separate targets:
#
#   bash build.sh [--force] [target ...]          no target: all
#
#   wasm       dist/pe_ffn.wasm          the release module (emcc from PATH, optimised, SIMD on)
#              dist/pe_ffn_relaxed.wasm  the same with relaxed-SIMD FFN kernels (f32x4.relaxed_madd);
#                                        init() picks it where the engine validates it (src/js/loader.js)
#              (and src/js/abi.js with emcc's export list, from src/c/pf_abi.h: scripts/gen-abi.mjs)
#   bench      build/wasm/pe_ffn_bench.wasm  the release module plus the entry points only tests/bench
#                                        and tests/js/abi.test.js call (not shipped); builds wasm too
#   native     build/native/test_core    the same C sources (src/c/sources.txt) natively, ASan + UBSan
#              build/native/fuzz_core    the same again as a libFuzzer target (tests/c/run.sh runs both)
#   bundles    dist/elements.js, dist/element-<tag>.js, dist/quiz.js, dist/lab-worker.js,
#              dist/parallel-worker.js
#                                                    the browser entries (scripts/bundle.mjs, esbuild)
#              dist/lms/, dist/quiz-package.js       the LMS packages' parts (scripts/bundle-lms.mjs)
#              custom-elements.json                  the elements' manifest, from their declarations
#   font       dist/math-font.woff2      the formulas' font: what they draw, from Noto Sans Math
#                                        (scripts/math-font.mjs)
#   generated  every committed file made from another (scripts/generate.mjs: src/js/abi.js and the kind
#              unions of src/js/index.d.ts, the attribute types of src/elements/index.d.ts, the tables
#              of docs/elements.md, docs/quiz.md, docs/lms.md); needs wasm and bundles
#   page       wasm bundles font: what the tutorial site needs (`npm start`, `npm run build:web`)
#   all        every target (`npm test`)
#
# A target is skipped when each of its outputs is newer than everything it is made from (its sources,
# its scripts, this file, the installed npm packages, the compiler's version); --force builds anyway.
# `generated` always runs: its generators are quick and rewrite a file only when it changes.
set -euo pipefail
cd "$(dirname "$0")"

force=0
targets=()
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    all) targets+=(wasm bench native bundles font generated) ;;
    page) targets+=(wasm bundles font) ;;
    bench) targets+=(wasm bench) ;; # links the wasm target's objects
    wasm|native|bundles|font|generated) targets+=("$arg") ;;
    *) echo "build: unknown target '$arg' (wasm, bench, native, bundles, font, generated, page, all; --force)" >&2; exit 2 ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(wasm bench native bundles font generated)
wants() { [[ " ${targets[*]} " == *" $1 "* ]]; }

# Builds only: installing is scripts/setup.sh's job (npm start and npm test run it first). Whatever the
# chosen targets need and is missing stops the build here, saying what to install.
missing=()
if wants wasm || wants bench; then
  command -v emcc >/dev/null 2>&1 || missing+=("emcc (Emscripten: 'apt-get install emscripten' on Debian, or emsdk from https://emscripten.org; emcc must be on PATH)")
fi
if wants native; then
  if ! command -v clang >/dev/null 2>&1; then
    missing+=("clang (the native sanitizer and fuzz builds: 'apt-get install clang')")
  elif ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' \
      | clang -x c -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then
    missing+=("clang's libFuzzer runtime (tests/c/fuzz_core.c: 'apt-get install libclang-rt-14-dev', the version of your clang)")
  fi
fi
if wants bundles; then
  [ -d node_modules/esbuild ] || missing+=("esbuild (the bundled dist/elements.js and dist/quiz.js: 'npm ci')")
fi
if wants font; then
  [ -d node_modules/subset-font ] && [ -d node_modules/@fontsource/noto-sans-math ] \
    || missing+=("subset-font and @fontsource/noto-sans-math (dist/math-font.woff2: 'npm ci', the lock file has them)")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "build: missing what the build needs ('bash scripts/setup.sh page' or 'test' installs it on Debian):" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  exit 1
fi
# Debian's emcc runs its JS tools with the system's node modules (acorn); harmless elsewhere.
if [ -d /usr/share/nodejs ]; then export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"; fi

# fresh OUTPUT... -- INPUT...: true when every output exists and no input (a file, or any file under a
# directory) was modified after it. Each input must exist: a missing one means "build".
fresh() {
  local outputs=()
  while [ "$1" != -- ]; do outputs+=("$1"); shift; done
  shift
  [ "$force" = 0 ] || return 1
  local output input
  for input in "$@"; do [ -e "$input" ] || return 1; done
  for output in "${outputs[@]}"; do
    [ -e "$output" ] || return 1
    [ -z "$(find "$@" -newer "$output" -print -quit)" ] || return 1
  done
}
# Writes the compiler's version to FILE only when it changed, so that the file is an input whose time
# says when the compiler changed (an upgraded package keeps its files' old times). The flags are in
# this file, an input too.
record() {
  local file=$1 text=$2
  mkdir -p "$(dirname "$file")"
  [ -f "$file" ] && [ "$(cat "$file")" = "$text" ] || printf '%s\n' "$text" > "$file"
}
skip() { echo "build: $1 is up to date"; }
# The installed npm packages (npm ci rewrites this file): the bundles, the font and the site use them.
npm_packages=node_modules/.package-lock.json

src=src/c
# The one list of the core's sources (src/c/sources.txt; '#' starts a comment).
mapfile -t sources < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' -e "s|^|$src/|" "$src/sources.txt")
mkdir -p dist

# --- wasm -----------------------------------------------------------------------------------------
compile_flags=(
  -O3 -msimd128               # optimised, wasm SIMD128 (runs by default in Node 20 and Chromium)
  -std=c11 -Wall -Wextra -Werror
)
# The module's objects, one per source (the bench target links them too).
wasm_objects=()
for source in "${sources[@]}" "$src/wasm_exports.c"; do wasm_objects+=("build/wasm/$(basename "${source%.c}").o"); done
# emcc's link flags; the exports and the memory size come from pf_abi.h (scripts/gen-abi.mjs writes them).
wasm_link_flags() {
  local abi_link_flags
  mapfile -t abi_link_flags < build/wasm/abi-link-flags.txt
  link_flags=(
    -Oz                         # link-time (binaryen) passes tuned for size: clang already optimised
                                # every object at -O3 (measured: no slower than -Os, and 5 KB smaller)
    -msimd128
    --no-entry -sSTANDALONE_WASM # a plain module our own loader instantiates: no JS glue, so the same
                                 # loader serves Node, browsers and bundlers
    "${abi_link_flags[@]}"     # -sEXPORTED_FUNCTIONS and -sMAXIMUM_MEMORY (2 GiB: every pointer stays a
                                # positive int32), from pf_abi.h
    -sALLOW_MEMORY_GROWTH=1     # tensors may take most of the memory
    -sINITIAL_MEMORY=1048576    # 1 MiB to start: init() stays cheap, memory grows on demand
    -sTOTAL_STACK=65536         # the core uses a few KiB of stack
    -sMALLOC=emmalloc           # small allocator; the core allocates rarely
  )
}

build_wasm() {
  node scripts/gen-abi.mjs # src/c/pf_abi.h -> src/js/abi.js and emcc's exports and memory size
  wasm_link_flags
  record build/wasm/toolchain.txt "$(emcc --version | head -1)"
  if fresh dist/pe_ffn.wasm dist/pe_ffn_relaxed.wasm "${wasm_objects[@]}" -- "$src" build.sh build/wasm/abi-link-flags.txt \
      build/wasm/toolchain.txt scripts/relaxed-opcodes.mjs; then
    skip "wasm (dist/pe_ffn.wasm, dist/pe_ffn_relaxed.wasm)"
    return
  fi
  local object
  for object in "${wasm_objects[@]}"; do
    emcc "${compile_flags[@]}" -c "$src/$(basename "${object%.o}").c" -o "$object"
  done
  emcc "${link_flags[@]}" "${wasm_objects[@]}" -o dist/pe_ffn.wasm
  echo "build: dist/pe_ffn.wasm $(wc -c < dist/pe_ffn.wasm) bytes"

  # Relaxed-SIMD variant: only the FFN kernels (matmul.c) change, compiled with PF_RELAXED_SIMD so
  # that every multiply-add is one f32x4.relaxed_madd. LLVM 14 (Debian's emcc 3.1.6) writes that as the
  # pre-standard f32x4.fma opcode, which current engines reject; scripts/relaxed-opcodes.mjs rewrites it
  # to the standard opcode (a newer emcc emits the standard one and the script changes nothing).
  emcc "${compile_flags[@]}" -mrelaxed-simd -DPF_RELAXED_SIMD -c "$src/matmul.c" -o build/wasm/matmul_relaxed.o
  local relaxed_objects=("${wasm_objects[@]/build\/wasm\/matmul.o/build/wasm/matmul_relaxed.o}")
  emcc "${link_flags[@]}" -mrelaxed-simd "${relaxed_objects[@]}" -o build/wasm/pe_ffn_relaxed.prototype.wasm
  node scripts/relaxed-opcodes.mjs build/wasm/pe_ffn_relaxed.prototype.wasm dist/pe_ffn_relaxed.wasm
  node --experimental-wasm-relaxed-simd -e '
    const ok = WebAssembly.validate(require("fs").readFileSync("dist/pe_ffn_relaxed.wasm"));
    if (!ok) { console.error("build: dist/pe_ffn_relaxed.wasm does not validate with relaxed SIMD on"); process.exit(1); }'
  echo "build: dist/pe_ffn_relaxed.wasm $(wc -c < dist/pe_ffn_relaxed.wasm) bytes"
}

# --- bench (not shipped): the release module plus the entry points only tests/bench calls ---------
# (PF_BENCH_EXPORTS of pf_abi.h, compiled where -DPF_BENCH is set), so that they stay out of the
# release ABI. Its later -sEXPORTED_FUNCTIONS replaces the release list.
build_bench() {
  wasm_link_flags
  if fresh build/wasm/pe_ffn_bench.wasm -- "$src" build.sh build/wasm/abi-link-flags-bench.txt \
      build/wasm/toolchain.txt dist/pe_ffn.wasm; then
    skip "bench (build/wasm/pe_ffn_bench.wasm)"
    return
  fi
  local bench_link_flags bench_objects=() object name
  mapfile -t bench_link_flags < build/wasm/abi-link-flags-bench.txt
  for object in "${wasm_objects[@]}"; do
    name=$(basename "${object%.o}")
    if grep -q PF_BENCH "$src/$name.c"; then
      object="build/wasm/${name}_bench.o"
      emcc "${compile_flags[@]}" -DPF_BENCH -c "$src/$name.c" -o "$object"
    fi
    bench_objects+=("$object")
  done
  emcc "${link_flags[@]}" "${bench_link_flags[@]}" "${bench_objects[@]}" -o build/wasm/pe_ffn_bench.wasm
  echo "build: build/wasm/pe_ffn_bench.wasm $(wc -c < build/wasm/pe_ffn_bench.wasm) bytes (tests/bench)"
}

# --- native: the same sources; sanitizers catch what wasm would silently allow --------------------
build_native() {
  local native_flags=(-std=c11 -O1 -g -Wall -Wextra -Werror -fno-omit-frame-pointer -fno-sanitize-recover=all -I"$src")
  record build/native/toolchain.txt "$(clang --version | head -1)"
  if fresh build/native/test_core build/native/fuzz_core -- "$src" tests/c build.sh build/native/toolchain.txt; then
    skip "native (build/native/test_core, build/native/fuzz_core)"
    return
  fi
  # The tests also cover the bench's entry points (-DPF_BENCH): they must reproduce a forward bit for bit.
  clang "${native_flags[@]}" -DPF_BENCH -fsanitize=address,undefined "${sources[@]}" tests/c/test_*.c -lm \
    -o build/native/test_core
  clang "${native_flags[@]}" -fsanitize=fuzzer,address,undefined "${sources[@]}" tests/c/fuzz_core.c -lm \
    -o build/native/fuzz_core
  echo "build: build/native/test_core, build/native/fuzz_core"
}

# --- bundles: the browser entries, the LMS packages' parts, the elements' manifest ----------------
build_bundles() {
  if fresh dist/elements.js dist/quiz.js dist/lms/quiz-lms.js dist/lms/fonts.json dist/quiz-package.js custom-elements.json \
      -- src web/lms-launch.js scripts/bundle.mjs scripts/bundle-lms.mjs scripts/math-at-build.mjs scripts/custom-elements-manifest.mjs \
      build.sh "$npm_packages"; then
    skip "bundles (dist/elements.js, dist/quiz.js, dist/lms/, dist/quiz-package.js, custom-elements.json)"
    return
  fi
  node scripts/bundle.mjs
  node scripts/custom-elements-manifest.mjs
}

# --- font: the formulas' glyphs, from every formula of the elements and the texts -----------------
build_font() {
  if fresh dist/math-font.woff2 -- src/elements src/i18n scripts/math-font.mjs scripts/math-at-build.mjs build.sh "$npm_packages"; then
    skip "font (dist/math-font.woff2)"
    return
  fi
  node scripts/math-font.mjs
  # The script rewrites the font only when its bytes change; it is made from today's sources either way.
  touch dist/math-font.woff2
}

# --- generated: committed files made from others (a test runs each generator's --check) -----------
build_generated() {
  node scripts/generate.mjs
}

for target in wasm bench native bundles font generated; do
  if wants "$target"; then "build_$target"; fi
done

#!/usr/bin/env bash
# Builds everything the package and the tests need:
#   dist/pe_ffn.wasm        the release module (emcc from PATH, optimised, SIMD on)
#   dist/pe_ffn_relaxed.wasm the same with relaxed-SIMD FFN kernels (f32x4.relaxed_madd); init() picks it
#                           where the engine validates it (src/js/loader.js)
#   build/wasm/pe_ffn_bench.wasm  the release module plus the bench's entry points (tests/bench)
#   build/native/test_core  the same C sources (src/c/sources.txt) built natively with ASan + UBSan
#   build/native/fuzz_core  the same again as a libFuzzer target (tests/c/run.sh runs both)
#   dist/elements.js, dist/quiz.js   bundled browser entries (scripts/bundle.mjs, esbuild)
#   custom-elements.json    the elements' manifest, from their own declarations
#   dist/math-font.woff2    the formulas' font: the characters they use, from Noto Sans Math
#                           (scripts/math-font.mjs)
set -euo pipefail
cd "$(dirname "$0")"

# Builds only: installing is scripts/setup.sh's job (`npm run build` runs it first). Whatever is
# missing stops the build here, saying what to install.
missing=()
command -v emcc >/dev/null 2>&1 || missing+=("emcc (Emscripten: 'apt-get install emscripten' on Debian, or emsdk from https://emscripten.org; emcc must be on PATH)")
command -v clang >/dev/null 2>&1 || missing+=("clang (the native sanitizer and fuzz builds: 'apt-get install clang')")
if command -v clang >/dev/null 2>&1 && ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' \
    | clang -x c -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then
  missing+=("clang's libFuzzer runtime (tests/c/fuzz_core.c: 'apt-get install libclang-rt-14-dev', the version of your clang)")
fi
[ -d node_modules/esbuild ] || missing+=("esbuild (the bundled dist/elements.js and dist/quiz.js: 'npm ci')")
[ -d node_modules/subset-font ] && [ -d node_modules/@fontsource/noto-sans-math ] \
  || missing+=("subset-font and @fontsource/noto-sans-math (dist/math-font.woff2: 'npm ci', the lock file has them)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "build: missing what the build needs ('bash scripts/setup.sh' installs all of it on Debian):" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  exit 1
fi
# Debian's emcc runs its JS tools with the system's node modules (acorn); harmless elsewhere.
if [ -d /usr/share/nodejs ]; then export NODE_PATH="${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs"; fi

src=src/c
# The one list of the core's sources (src/c/sources.txt; '#' starts a comment).
mapfile -t sources < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' -e "s|^|$src/|" "$src/sources.txt")

mkdir -p dist build/native
node scripts/gen-abi.mjs # src/c/pf_abi.h -> src/js/abi.js and emcc's exports and memory size
mapfile -t abi_link_flags < build/wasm/abi-link-flags.txt

compile_flags=(
  -O3 -msimd128               # optimised, wasm SIMD128 (runs by default in Node 20 and Chromium)
  -std=c11 -Wall -Wextra -Werror
)
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
mkdir -p build/wasm
objects=()
for source in "${sources[@]}" "$src/wasm_exports.c"; do
  object="build/wasm/$(basename "${source%.c}").o"
  emcc "${compile_flags[@]}" -c "$source" -o "$object"
  objects+=("$object")
done
emcc "${link_flags[@]}" "${objects[@]}" -o dist/pe_ffn.wasm
echo "build: dist/pe_ffn.wasm $(wc -c < dist/pe_ffn.wasm) bytes"

# --- Relaxed-SIMD variant: only the FFN kernels (matmul.c) change, compiled with PF_RELAXED_SIMD so
# that every multiply-add is one f32x4.relaxed_madd. LLVM 14 (Debian's emcc 3.1.6) writes that as the
# pre-standard f32x4.fma opcode, which current engines reject; scripts/relaxed-opcodes.mjs rewrites it
# to the standard opcode (a newer emcc emits the standard one and the script changes nothing). ------
emcc "${compile_flags[@]}" -mrelaxed-simd -DPF_RELAXED_SIMD -c "$src/matmul.c" -o build/wasm/matmul_relaxed.o
relaxed_objects=("${objects[@]/build\/wasm\/matmul.o/build/wasm/matmul_relaxed.o}")
emcc "${link_flags[@]}" -mrelaxed-simd "${relaxed_objects[@]}" -o build/wasm/pe_ffn_relaxed.prototype.wasm
node scripts/relaxed-opcodes.mjs build/wasm/pe_ffn_relaxed.prototype.wasm dist/pe_ffn_relaxed.wasm
node --experimental-wasm-relaxed-simd -e '
  const ok = WebAssembly.validate(require("fs").readFileSync("dist/pe_ffn_relaxed.wasm"));
  if (!ok) { console.error("build: dist/pe_ffn_relaxed.wasm does not validate with relaxed SIMD on"); process.exit(1); }'
echo "build: dist/pe_ffn_relaxed.wasm $(wc -c < dist/pe_ffn_relaxed.wasm) bytes"

# --- Bench build (not shipped): the release module plus the entry points only tests/bench calls
# (PF_BENCH_EXPORTS of pf_abi.h, compiled where -DPF_BENCH is set), so that they stay out of the
# release ABI. Its later -sEXPORTED_FUNCTIONS replaces the release list. -----------------------------
mapfile -t bench_link_flags < build/wasm/abi-link-flags-bench.txt
bench_objects=()
for object in "${objects[@]}"; do
  name=$(basename "${object%.o}")
  if grep -q PF_BENCH "$src/$name.c"; then
    object="build/wasm/${name}_bench.o"
    emcc "${compile_flags[@]}" -DPF_BENCH -c "$src/$name.c" -o "$object"
  fi
  bench_objects+=("$object")
done
emcc "${link_flags[@]}" "${bench_link_flags[@]}" "${bench_objects[@]}" -o build/wasm/pe_ffn_bench.wasm
echo "build: build/wasm/pe_ffn_bench.wasm $(wc -c < build/wasm/pe_ffn_bench.wasm) bytes (tests/bench)"

# --- Native builds of the same sources: sanitizers catch what wasm would silently allow. ---------
native_flags=(-std=c11 -O1 -g -Wall -Wextra -Werror -fno-omit-frame-pointer -fno-sanitize-recover=all -I"$src")
# The tests also cover the bench's entry points (-DPF_BENCH): they must reproduce a forward bit for bit.
clang "${native_flags[@]}" -DPF_BENCH -fsanitize=address,undefined "${sources[@]}" tests/c/test_*.c -lm \
  -o build/native/test_core
clang "${native_flags[@]}" -fsanitize=fuzzer,address,undefined "${sources[@]}" tests/c/fuzz_core.c -lm \
  -o build/native/fuzz_core

# --- Bundled browser entries (elements, quiz). ----------------------------------------------------
node scripts/bundle.mjs
node scripts/custom-elements-manifest.mjs
node scripts/math-font.mjs

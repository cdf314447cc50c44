#!/usr/bin/env node
// Rewrites the pre-standard relaxed-SIMD fused multiply-add of LLVM 14 (Debian's emcc 3.1.6) into the
// standard one, so that current engines accept the relaxed build:
//
//   f32x4.fma (prototype, 0xfd 0xaf 0x01)  ->  f32x4.relaxed_madd (standard, 0xfd 0x85 0x02)
//
// Both compute a * b + c with the operands in the same order, and both opcodes are two-byte LEB128,
// so the rewrite keeps every offset and size in the module. Only the code section is touched. To be
// sure no byte pattern inside an immediate is hit by accident, the count is cross-checked against
// binaryen's disassembly (wasm-dis, installed with Emscripten): every relaxed instruction in the
// module must be that FMA, and there must be exactly as many as rewritten. A module from a current
// LLVM already holds the standard opcode and passes through unchanged.
//
//   node scripts/relaxed-opcodes.mjs in.wasm out.wasm
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/relaxed-opcodes.mjs in.wasm out.wasm');
  process.exit(2);
}
const bytes = readFileSync(input);
const PROTOTYPE = [0xfd, 0xaf, 0x01];
const STANDARD = [0xfd, 0x85, 0x02];

function leb(at) {
  let value = 0, shift = 0, byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return { value, at };
}

/** [start, end) of the code section (id 10). */
function codeSection() {
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const size = leb(at + 1);
    if (id === 10) return [size.at, size.at + size.value];
    at = size.at + size.value;
  }
  throw new Error(`${input}: no code section`);
}

const [start, end] = codeSection();
let rewritten = 0;
for (let i = start; i + 2 < end; i++) {
  if (bytes[i] === PROTOTYPE[0] && bytes[i + 1] === PROTOTYPE[1] && bytes[i + 2] === PROTOTYPE[2]) {
    bytes.set(STANDARD, i);
    rewritten++;
    i += 2;
  }
}

if (rewritten > 0) {
  let text;
  try {
    text = execFileSync('wasm-dis', [input], { encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (error) {
    console.error(`relaxed-opcodes: cannot cross-check without binaryen's wasm-dis (${error.message})`);
    process.exit(1);
  }
  const relaxed = text.match(/\(\S*relaxed\S*/g) ?? [];
  const fmas = relaxed.filter((op) => op === '(f32x4.relaxed_fma');
  if (fmas.length !== relaxed.length || fmas.length !== rewritten) {
    console.error(`relaxed-opcodes: ${rewritten} byte patterns rewritten, but wasm-dis lists ${fmas.length} f32x4.relaxed_fma among ${relaxed.length} relaxed instructions (${[...new Set(relaxed)].join(', ')}); refusing`);
    process.exit(1);
  }
}
writeFileSync(output, bytes);
console.log(`relaxed-opcodes: ${output}: ${rewritten} f32x4.fma rewritten to f32x4.relaxed_madd`);

// The arithmetic ceiling of WebAssembly on this machine: a hand-assembled module whose loop does
// nothing but f32x4 multiply-adds on 12 independent accumulators (more than the FMA units' latency
// times their count, so nothing waits), as separate f32x4.mul + f32x4.add (SIMD128) or as
// f32x4.relaxed_madd (relaxed SIMD). GFLOPS = 8 flops per multiply-add of four lanes. The bench sets
// this beside PyTorch's native matrix product (256- and 512-bit FMA) to say how far apart the two
// instruction sets are here, before comparing the training steps.

const ACCUMULATORS = 12;
// CPU time of this process where there is one (Node): on a shared machine wall-clock time also counts
// the other processes' turns. Else the wall clock (a browser).
const seconds_ = typeof process !== 'undefined' && process.cpuUsage
  ? () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; }
  : () => performance.now() / 1000;
const v128 = (x) => { // v128.const of four equal floats
  const b = new Uint8Array(new Float32Array([x, x, x, x]).buffer);
  return [0xfd, 0x0c, ...b];
};
const uleb = (n) => { const out = []; do { let b = n & 0x7f; n >>>= 7; if (n) b |= 0x80; out.push(b); } while (n); return out; };

/** The module: export `run(iterations: i32) -> f32` (the accumulators' lane 0 summed, so nothing is dead). */
function moduleBytes(relaxed) {
  const A = ACCUMULATORS, iters = 0, acc = (j) => 1 + j, a = 1 + A, b = 2 + A;
  const body = [];
  body.push(...v128(0.999), 0x21, a, ...v128(1e-3), 0x21, b);
  for (let j = 0; j < A; j++) body.push(...v128(1), 0x21, acc(j));
  body.push(0x03, 0x40); // loop
  for (let j = 0; j < A; j++) {
    if (relaxed) body.push(0x20, acc(j), 0x20, a, 0x20, b, 0xfd, 0x85, 0x02, 0x21, acc(j)); // acc = acc * a + b
    else body.push(0x20, acc(j), 0x20, a, 0xfd, 0xe6, 0x01, 0x20, b, 0xfd, 0xe4, 0x01, 0x21, acc(j)); // acc = acc * a + b
  }
  body.push(0x20, iters, 0x41, 1, 0x6b, 0x22, iters, 0x0d, 0x00, 0x0b); // iters -= 1; br_if loop
  body.push(0x43, 0, 0, 0, 0); // f32.const 0
  for (let j = 0; j < A; j++) body.push(0x20, acc(j), 0xfd, 0x1f, 0, 0x92); // + lane 0
  body.push(0x0b);
  const locals = [0x01, ...uleb(A + 2), 0x7b]; // A + 2 locals of v128
  const fn = [...locals, ...body];
  const code = [0x01, ...uleb(fn.length), ...fn];
  const name = [...new TextEncoder().encode('run')];
  return Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7d, // type (i32) -> f32
    0x03, 0x02, 0x01, 0x00,
    0x07, ...uleb(name.length + 4), 0x01, name.length, ...name, 0x00, 0x00, // export "run"
    0x0a, ...uleb(code.length), ...code]);
}

/**
 * GFLOPS of the multiply-add loop, the best of `rounds` runs of about `seconds` each: { simd128,
 * relaxed (null where the engine rejects relaxed SIMD) }.
 */
export async function wasmCeiling({ rounds = 5, seconds = 0.2 } = {}) {
  const out = {};
  for (const relaxed of [false, true]) {
    const bytes = moduleBytes(relaxed);
    if (!WebAssembly.validate(bytes)) {
      out[relaxed ? 'relaxed' : 'simd128'] = null;
      continue;
    }
    const { instance } = await WebAssembly.instantiate(bytes);
    const run = instance.exports.run;
    let n = 1 << 16, best = 0, sink = 0;
    for (let r = 0; r < rounds + 1; r++) {
      const t0 = seconds_();
      sink += run(n);
      const s = seconds_() - t0;
      if (r > 0) best = Math.max(best, (n * ACCUMULATORS * 8) / s / 1e9);
      n = Math.max(1 << 12, Math.round((n * seconds) / Math.max(s, 1e-4)));
    }
    if (!Number.isFinite(sink)) throw new Error('fma-ceiling: the loop did not stay finite');
    out[relaxed ? 'relaxed' : 'simd128'] = best;
  }
  return out;
}

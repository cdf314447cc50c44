// The declarations of layerNorm and createEncoderBlock (src/js/index.d.ts) compile under --strict with
// NodeNext and Bundler resolution, and reject a misuse (a trace read from a forward without one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile } from './typecheck.js';

const use = `
import { init, type PeFfnCore, type EncoderBlock, type EncoderBlockTrace, type Tensor } from '../../src/js/index.js';
const core: PeFfnCore = await init();
const x = new Float32Array(4 * 16);
const t: Tensor = core.alloc(64);
const y: Float32Array = core.layerNorm(x, 16, { eps: 1e-6, gamma: new Float32Array(16), beta: t });
const into: Tensor = core.layerNorm(x, 16, { out: t });
const block: EncoderBlock = core.createEncoderBlock({ dModel: 16, heads: 4, dFF: 64, norm: 'pre', causal: true, activation: 'gelu', seed: 7 });
const out: Float32Array = block.forward(x);
const same: Tensor = block.forward(x, { out: t });
const { output, trace } = block.forward(x, { trace: true });
const traced: EncoderBlockTrace = trace;
const w: Float32Array = traced.weights;
const o2: Tensor = block.forward(x, { out: t, trace: true }).output;
const n: number = block.paramCount + block.headDim + block.heads + block.eps + output.length;
const flags: string = block.norm + block.activation + String(block.causal);
block.dispose();
export { y, into, out, same, w, o2, n, flags };
`;
const misuse = `
import { init } from '../../src/js/index.js';
const core = await init();
const block = core.createEncoderBlock({ dModel: 16, heads: 4, dFF: 64, norm: 'middle' });
const w = block.forward(new Float32Array(16)).trace;
export { w };
`;

test('layerNorm and the encoder block type-check under --strict (NodeNext and Bundler); misuse is refused', () => {
  for (const r of compile('types-block', { 'use.ts': use, 'misuse.ts': misuse })) {
    const errors = r.stdout.trim().split('\n');
    assert.equal(errors.length, 2, r.stdout + r.stderr);          // use.ts compiles cleanly
    assert.match(errors[0], /^misuse\.ts\(4,.*'"middle"' is not assignable to type 'BlockNorm/);
    assert.match(errors[1], /^misuse\.ts\(5,.*Property 'trace' does not exist/);
  }
});

// layerNorm and the encoder block in real headless Chromium, with both wasm builds (SIMD128, and the
// relaxed-SIMD build that Chromium runs by default): every trace array against the double reference
// computed in the page, the causal prefix promise bit for bit, and the SIMD128 build's numbers bit
// for bit the same as in Node (one module, IEEE arithmetic, no engine-dependent instruction).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useServerAndBrowser } from './harness.js';
import { loadCore } from '../js/target.js';
import { uniformArray } from '../reference/reference.js';

const shared = useServerAndBrowser();
const CASES = [ // dModel, heads, dFF, tokens, norm, causal, activation
  [32, 4, 64, 12, 'post', false, 'relu'], [24, 3, 40, 9, 'pre', true, 'gelu'], [64, 8, 128, 70, 'post', true, 'silu'],
];

/** Runs every case in the page with one build; returns the largest relative differences and output bits. */
async function runInPage(page, wasm, cases) {
  return page.evaluate(async ({ wasm, cases }) => {
    const { init } = await import('/src/js/index.js');
    const { uniformArray, maxAbs, maxAbsDiff } = await import('/tests/reference/reference.js');
    const { encoderBlockRef, layerNormRef } = await import('/tests/reference/block-reference.js');
    const core = await init({ wasm });
    const sameBits = (a, b) => a.length === b.length && a.every((v, k) => Object.is(v, b[k]));
    const results = [];
    for (const [dModel, heads, dFF, tokens, norm, causal, activation] of cases) {
      const block = core.createEncoderBlock({ dModel, heads, dFF, norm, causal, activation, seed: dModel });
      const x = uniformArray(tokens * dModel, tokens);
      const { output, trace } = block.forward(x, { trace: true });
      const { seededBlockWeightsRef } = await import('/tests/reference/block-reference.js');
      const ref = encoderBlockRef(x, { dModel, heads, dFF, norm, causal, activation }, seededBlockWeightsRef(dModel, dFF, dModel));
      const rel = {};
      for (const name of [...Object.keys(trace), 'output']) {
        const got = name === 'output' ? output : trace[name], want = name === 'output' ? ref.output : ref.trace[name];
        rel[name] = maxAbsDiff(got, want) / (1 + maxAbs(want));
      }
      let prefix = true;
      if (causal) {
        for (const n of [1, 5, tokens - 1]) {
          prefix &&= sameBits(block.forward(x.subarray(0, n * dModel)), output.subarray(0, n * dModel));
        }
      }
      const ln = core.layerNorm(x, dModel, { eps: 1e-6 });
      const lnRef = layerNormRef(x, dModel, { eps: 1e-6 });
      rel.layerNorm = maxAbsDiff(ln, lnRef) / (1 + maxAbs(lnRef));
      results.push({ rel, prefix, output: Array.from(output), ln: Array.from(ln) });
      block.dispose();
    }
    return results;
  }, { wasm, cases });
}

for (const [variant, wasm] of [['simd128', '/dist/pe_ffn.wasm'], ['relaxed', '/dist/pe_ffn_relaxed.wasm']]) {
  test(`Chromium, ${variant} build: block forward and layerNorm match the reference; causal prefixes bit for bit`, async () => {
    const page = await openPage(shared.browser);
    await page.goto(`${shared.server.url}tests/browser/fixtures/block-core.html`);
    const results = await runInPage(page, wasm, CASES);
    const node = await loadCore(); // Node's SIMD128 build (or the relaxed one under PE_FFN_WASM)
    const nodeIsSimd128 = !process.env.PE_FFN_WASM;
    results.forEach(({ rel, prefix, output, ln }, c) => {
      console.log(`Chromium ${variant} case ${c}: largest |diff| / (1 + M) ${Object.entries(rel).map(([k, v]) => `${k} ${v.toExponential(1)}`).join(', ')}`);
      for (const [name, r] of Object.entries(rel)) assert.ok(r <= (name === 'layerNorm' ? 1e-5 : 1e-4), `${name}: ${r}`);
      assert.ok(prefix, 'causal prefixes');
      if (variant === 'simd128' && nodeIsSimd128) {
        const [dModel, heads, dFF, tokens, norm, causal, activation] = CASES[c];
        const block = node.createEncoderBlock({ dModel, heads, dFF, norm, causal, activation, seed: dModel });
        const x = uniformArray(tokens * dModel, tokens);
        assert.ok(block.forward(x).every((v, k) => Object.is(v, output[k])), 'the same bits as Node');
        assert.ok(node.layerNorm(x, dModel, { eps: 1e-6 }).every((v, k) => Object.is(v, ln[k])), 'layerNorm: the same bits as Node');
        block.dispose();
      }
    });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

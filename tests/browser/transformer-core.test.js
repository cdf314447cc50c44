// The trainable Transformer in real headless Chromium, with both wasm builds (SIMD128, and the
// relaxed-SIMD build Chromium runs by default): logits and every gradient against the double-precision
// reference computed in the page, within the contract; ten trainer steps; and the SIMD128 build's
// losses, logits and trained parameters bit for bit the same as in Node (the contract: the same .wasm
// build gives the same numbers in Node and every browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useServerAndBrowser } from './harness.js';
import { pkg } from '../js/target.js';
import { runCases } from './fixtures/transformer-run.js';

const shared = useServerAndBrowser();
const CASES = [
  { vocab: 12, dModel: 32, heads: 4, dFF: 48, layers: 2, maxLength: 16, position: 'rope', norm: 'pre', causal: true, activation: 'gelu', seed: 3 },
  { vocab: 9, dModel: 24, heads: 3, dFF: 40, layers: 1, maxLength: 16, position: 'learned', seed: 4 },
  { vocab: 16, dModel: 64, heads: 4, dFF: 256, layers: 2, maxLength: 17, position: 'alibi', activation: 'silu', seed: 5 },
];

for (const [variant, wasm] of [['simd128', '/dist/pe_ffn.wasm'], ['relaxed', '/dist/pe_ffn_relaxed.wasm']]) {
  test(`Chromium, ${variant} build: the Transformer within the contract of the reference; 10 steps ${variant === 'simd128' ? 'bit for bit as in Node' : 'that learn'}`, async () => {
    const page = await openPage(shared.browser);
    await page.goto(`${shared.server.url}tests/browser/fixtures/transformer-core.html`);
    const inPage = await page.evaluate(async ({ wasm, cases }) => {
      const { runCases } = await import('/tests/browser/fixtures/transformer-run.js');
      const modules = {
        ...(await import('/src/js/index.js')),
        reference: await import('/tests/reference/transformer-reference.js'),
        cases: await import('/tests/reference/transformer-cases.js'),
      };
      return runCases(cases, modules, wasm);
    }, { wasm, cases: CASES });
    const nodeIsSimd128 = !process.env.PE_FFN_WASM;
    const node = variant === 'simd128' && nodeIsSimd128 ? await runCases(CASES, pkg, new URL('../../dist/pe_ffn.wasm', import.meta.url)) : null;
    inPage.forEach(({ rel, losses, logits, params }, c) => {
      console.log(`# Chromium ${variant} case ${c}: logits ${rel.logits.toExponential(1)}, gradients ${rel.gradients.toExponential(1)}; losses ${losses[0].toFixed(4)} -> ${losses[9].toFixed(4)}`);
      assert.ok(rel.logits <= 1e-4 && rel.gradients <= 1e-4, JSON.stringify(rel));
      assert.ok(losses[9] < losses[0], 'ten steps lower the loss');
      if (node) {
        assert.ok(losses.every((l, s) => Object.is(l, node[c].losses[s])), `case ${c}: the same losses as Node`);
        assert.ok(logits.every((v, k) => Object.is(v, node[c].logits[k])), `case ${c}: the same logits as Node`);
        assert.ok(params.every((v, k) => Object.is(v, node[c].params[k])), `case ${c}: the same parameters as Node`);
      }
    });
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

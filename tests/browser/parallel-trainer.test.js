// model.createParallelTrainer in real headless Chromium (module Web Workers, no SharedArrayBuffer):
// three steps with 1, 2 and 3 workers give the same losses and parameters bit for bit, and with the
// SIMD128 build the same bits as in Node (the same .wasm build gives the same numbers everywhere);
// and the same inside a cross-origin iframe served without COOP/COEP headers, as an LMS frames a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, repoRoot, startStaticServer, useServerAndBrowser } from './harness.js';
import { pkg } from '../js/target.js';
import { parallelRuns } from './fixtures/parallel-run.js';

const shared = useServerAndBrowser();
const sameBits = (a, b) => a.length === b.length && a.every((v, k) => Object.is(v, b[k]));

function assertSameRuns(runs, what) {
  for (const run of runs.slice(1)) {
    assert.ok(sameBits(run.losses, runs[0].losses), `${what}: the losses of ${run.workers} workers are those of ${runs[0].workers}`);
    assert.ok(sameBits(run.params, runs[0].params), `${what}: the parameters of ${run.workers} workers are those of ${runs[0].workers}`);
  }
  assert.ok(runs[0].losses.every((l) => Number.isFinite(l) && l > 0), `${what}: finite losses`);
}

test('Chromium: 1, 2 and 3 workers bit for bit the same, and the same bits as Node (SIMD128 build)', async () => {
  const page = await openPage(shared.browser);
  await page.goto(`${shared.server.url}tests/browser/fixtures/transformer-core.html`);
  const inPage = await page.evaluate(async () => {
    const { parallelRuns } = await import('/tests/browser/fixtures/parallel-run.js');
    return parallelRuns(await import('/src/js/index.js'), '/dist/pe_ffn.wasm', [1, 2, 3]);
  });
  assertSameRuns(inPage.runs, 'Chromium');
  if (!process.env.PE_FFN_WASM) {
    const node = await parallelRuns(pkg, new URL('../../dist/pe_ffn.wasm', import.meta.url), [2]);
    assert.ok(sameBits(node.runs[0].losses, inPage.runs[0].losses), 'Node and Chromium: the same losses');
    assert.ok(sameBits(node.runs[0].params, inPage.runs[0].params), 'Node and Chromium: the same parameters');
  }
  console.log(`# Chromium parallel trainer: losses ${inPage.runs[0].losses.map((l) => l.toFixed(5)).join(', ')} for 1, 2, 3 workers`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('Chromium: inside a cross-origin iframe without COOP/COEP, 1 and 2 workers bit for bit the same', async () => {
  const other = await startStaticServer(repoRoot); // another port: another origin
  try {
    const page = await openPage(shared.browser);
    await page.goto(`${shared.server.url}tests/browser/fixtures/transformer-core.html`);
    const src = `${other.url}tests/browser/fixtures/parallel-frame.html`;
    await page.evaluate((src) => new Promise((loaded) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.addEventListener('load', loaded, { once: true });
      document.body.append(frame);
    }), src);
    const frame = page.frames().find((f) => f.url() === src);
    assert.ok(frame, 'the iframe loaded');
    assert.notEqual(new URL(src).origin, new URL(shared.server.url).origin);
    const inFrame = await frame.evaluate(async () => {
      const { parallelRuns } = await import('/tests/browser/fixtures/parallel-run.js');
      return parallelRuns(await import('/src/js/index.js'), undefined, [1, 2]);
    });
    assert.equal(inFrame.crossOriginIsolated, false, 'the frame is not cross-origin isolated');
    assert.equal(inFrame.sharedArrayBuffer, 'undefined', 'no SharedArrayBuffer in the frame');
    assertSameRuns(inFrame.runs, 'cross-origin iframe');
    assert.deepEqual(page.problems, []);
    await page.context().close();
  } finally {
    await other.close();
  }
});

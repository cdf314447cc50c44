#!/usr/bin/env node
// `npm run bench:browser`: the bench of bench.js inside headless Chromium (where users are). Bundles
// browser-entry.js with esbuild, serves the repository on 127.0.0.1, runs the page, prints the same
// tables and writes test-artifacts/bench-browser-results.json. Chromium runs relaxed SIMD by default.
//
//   node tests/bench/browser.js [--smoke] [--json path] [--only ffn,activations,pe,rope,block,train]
import { build } from 'esbuild';
import { trainBrowserMarkdown } from './train-browser.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { artifactsDir, launchChromium, openPage, repoRoot, startStaticServer } from '../browser/harness.js';
import { markdown } from './report.js';
import { targetLines } from './targets.js';
import { blockMarkdown, blockTargetLines } from './block-bench.js';

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const jsonPath = args.includes('--json') ? args[args.indexOf('--json') + 1] : join(artifactsDir, smoke ? 'bench-browser-smoke.json' : 'bench-browser-results.json');
const pageDir = join(artifactsDir, 'bench-browser');

await mkdir(pageDir, { recursive: true });
await build({
  entryPoints: [join(repoRoot, 'tests/bench/browser-entry.js')],
  bundle: true, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'error',
  external: ['/src/js/*'], outfile: join(pageDir, 'bench.js'),
});
await writeFile(join(pageDir, 'index.html'), `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>pe-ffn-wasm bench</title><link rel="icon" href="data:,">
<pre id="progress"></pre>
<script type="module" src="./bench.js"></script></html>\n`);

const server = await startStaticServer(repoRoot);
const browser = await launchChromium();
try {
  const page = await openPage(browser);
  page.on('console', (msg) => { if (msg.type() === 'error') console.error(`page: ${msg.text()}`); });
  const query = new URLSearchParams({ ...(smoke ? { smoke: '' } : {}), ...(only ? { only } : {}) }).toString();
  await page.goto(`${server.url}test-artifacts/bench-browser/index.html${query ? `?${query}` : ''}`);
  await page.waitForFunction(() => window.benchDone !== undefined);
  const outcome = await page.evaluate(() => window.benchDone);
  if (outcome.error) throw new Error(`the bench failed in Chromium: ${outcome.error}`);
  const { meta, labels, results } = outcome.report;
  meta.chromium = browser.version();
  await mkdir(dirname(jsonPath), { recursive: true });
  await writeFile(jsonPath, JSON.stringify(outcome.report, null, 2));
  console.log(`pe-ffn-wasm bench in headless Chromium ${meta.chromium} (${smoke ? 'smoke sizes' : 'full sizes'}), one thread; init() picks ${meta.defaultVariant}`);
  console.log(`wasm sizes: ${Object.entries(meta.wasmBytes).map(([k, v]) => `${k} ${v ?? 'missing'} bytes`).join(', ')}`);
  console.log(`init(): first ${meta.initMs.firstMs.toFixed(2)} ms, median ${meta.initMs.medianMs.toFixed(3)} ms (browser timers are coarse)\n`);
  // --only block or train runs none of the families the first tables and the speed targets are about.
  if (!only || only.split(',').some((family) => family !== 'block' && family !== 'train')) {
    console.log(markdown(results, labels));
    console.log(targetLines(results, meta).join('\n'));
  }
  if (results.block) {
    console.log(`\n${blockMarkdown(results.block, labels.block, 'simd128, bench build')}\n`);
    console.log(blockTargetLines(results.block).join('\n'));
  }
  if (results.train) console.log(`\n${trainBrowserMarkdown(results.train)}`);
  console.log(`\nJSON: ${jsonPath}`);
} finally {
  await browser.close();
  await server.close();
}

// Measures the built tutorial page as a learner receives it: the bytes of each kind (raw and gzip)
// that the first load transfers, and the time from navigation start to the first <pe-table> numbers:
// the frame after the element rendered them (recorded in the page, so a busy main thread does not
// delay the reading), median of several loads in headless Chromium.
// Usage: node tests/bench/page-metrics.js [loads]
import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, openPage, repoRoot, startStaticServer } from '../browser/harness.js';

const loads = Number(process.argv[2] || 7);
const outDir = join(repoRoot, 'dist-web');
await build({ configFile: join(repoRoot, 'web/vite.config.js'), logLevel: 'error' });
const server = await startStaticServer(outDir);
const browser = await launchChromium();
const kindOf = (url) => (/\.wasm$/.test(url) ? 'wasm' : /\.js$/.test(url) ? 'js' : /\.css$/.test(url) ? 'css' : /\.html$|\/$/.test(url) ? 'html' : 'other');

try {
  const times = [];
  let transferred = null;
  for (let i = 0; i < loads; i++) {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.addInitScript(() => {
      document.addEventListener('pe-ffn-render', (event) => {
        const el = event.composedPath()[0];
        if (window.firstNumbersAt || el.localName !== 'pe-table' || !el.shadowRoot.querySelector('td[data-j]')) return;
        window.firstNumbersAt = -1;
        requestAnimationFrame(() => { window.firstNumbersAt = performance.now(); });
      }, true);
    });
    const urls = new Set();
    page.on('requestfinished', (req) => urls.add(req.url()));
    await page.goto(server.url);
    await page.waitForFunction(() => window.firstNumbersAt > 0);
    times.push(await page.evaluate(() => window.firstNumbersAt));
    await page.waitForLoadState('networkidle');
    if (!transferred) {
      transferred = {};
      for (const url of urls) {
        const path = decodeURIComponent(new URL(url).pathname);
        const bytes = await readFile(join(outDir, path.endsWith('/') ? `${path}index.html` : path)).catch(() => null);
        if (!bytes) continue;
        const kind = kindOf(path);
        transferred[kind] ??= { files: 0, bytes: 0, gzip: 0 };
        transferred[kind].files += 1;
        transferred[kind].bytes += bytes.length;
        transferred[kind].gzip += gzipSync(bytes, { level: 9 }).length;
      }
    }
    await page.context().close();
  }
  times.sort((a, b) => a - b);
  console.log('| kind | files | bytes | gzip |\n|---|---:|---:|---:|');
  let total = { bytes: 0, gzip: 0 };
  for (const [kind, t] of Object.entries(transferred)) {
    console.log(`| ${kind} | ${t.files} | ${t.bytes.toLocaleString('en')} | ${t.gzip.toLocaleString('en')} |`);
    total = { bytes: total.bytes + t.bytes, gzip: total.gzip + t.gzip };
  }
  console.log(`| total | | ${total.bytes.toLocaleString('en')} | ${total.gzip.toLocaleString('en')} |`);
  console.log(`first <pe-table> numbers (the frame after they render) after navigation start: median ${times[loads >> 1].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[loads - 1].toFixed(0)}, ${loads} loads, local static server, no throttling)`);
} finally {
  await browser.close();
  await server.close();
}

// Measures the built tutorial page as a learner receives it, in headless Chromium from a local static
// server (no throttling):
//   - weight: every file the page itself loads before the reader scrolls (HTML, CSS, JS, wasm, fonts,
//     data), raw and gzip, at 1280 x 900 and at 390 x 844; after the page is idle. The service
//     worker's background precache (for offline use) is reported apart: it starts after the page has
//     loaded and is idle, and is fetched once per version;
//   - time to the first numbers: from navigation start to the frame after <pe-table> (section 3)
//     rendered module values, opened at its section (#formula, the first element a reader meets),
//     median of several loads.
// Usage: node tests/bench/page-metrics.js [loads]      (npm run measure:page)
// tests/browser/site.test.js asserts the weight budget with measureWeight().
import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, openPage, repoRoot, startStaticServer } from '../browser/harness.js';

export const WEIGHT_BUDGET_GZIP = 120 * 1024;

const kindOf = (path) => (/\.wasm$/.test(path) ? 'wasm' : /\.m?js$/.test(path) ? 'js' : /\.css$/.test(path) ? 'css'
  : /\.html$|\/$/.test(path) ? 'html' : /\.(woff2?|ttf|otf)$/.test(path) ? 'font' : 'other');

/** Sums raw and gzip bytes per kind for URLs of the site in outDir. */
async function weigh(urls, outDir, base) {
  const kinds = {};
  const files = [];
  for (const url of urls) {
    if (!url.startsWith(base)) continue;
    const path = decodeURIComponent(new URL(url).pathname);
    const bytes = await readFile(join(outDir, path.endsWith('/') ? `${path}index.html` : path)).catch(() => null);
    if (!bytes) continue;
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const kind = kindOf(path);
    kinds[kind] ??= { files: 0, bytes: 0, gzip: 0 };
    kinds[kind].files += 1;
    kinds[kind].bytes += bytes.length;
    kinds[kind].gzip += gzip;
    files.push({ path, bytes: bytes.length, gzip });
  }
  const total = Object.values(kinds).reduce((t, k) => ({ bytes: t.bytes + k.bytes, gzip: t.gzip + k.gzip }), { bytes: 0, gzip: 0 });
  return { kinds, files, total };
}

/**
 * Loads the page once without scrolling and weighs what it requested; also what its service worker
 * precached, apart. Returns { page: weigh(), precache: weigh() }.
 */
export async function measureWeight(browser, { url, outDir, viewport = { width: 1280, height: 900 }, settleMs = 6000 }) {
  const page = await openPage(browser, { viewport });
  const own = new Set();
  const worker = new Set();
  page.on('requestfinished', (req) => own.add(req.url()));
  page.context().on('requestfinished', (req) => { if (req.serviceWorker()) worker.add(req.url()); });
  try {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(settleMs);
    await page.waitForLoadState('networkidle');
    return { page: await weigh(own, outDir, url), precache: await weigh(worker, outDir, url) };
  } finally {
    await page.context().close();
  }
}

/** Milliseconds from navigation start to the frame after <pe-table> showed module values. */
export async function timeToFirstNumbers(browser, url) {
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  try {
    await page.addInitScript(() => {
      document.addEventListener('pe-ffn-render', (event) => {
        const el = event.composedPath()[0];
        if (window.firstNumbersAt || el.localName !== 'pe-table' || !el.shadowRoot.querySelector('td[data-j]')) return;
        window.firstNumbersAt = -1;
        requestAnimationFrame(() => { window.firstNumbersAt = performance.now(); });
      }, true);
    });
    await page.goto(url);
    await page.waitForFunction(() => window.firstNumbersAt > 0, null, { timeout: 30000 });
    return await page.evaluate(() => window.firstNumbersAt);
  } finally {
    await page.context().close();
  }
}

export function weightTable({ kinds, total }) {
  const lines = ['| kind | files | bytes | gzip |', '|---|---:|---:|---:|'];
  for (const [kind, t] of Object.entries(kinds)) lines.push(`| ${kind} | ${t.files} | ${t.bytes.toLocaleString('en')} | ${t.gzip.toLocaleString('en')} |`);
  lines.push(`| total | | ${total.bytes.toLocaleString('en')} | ${total.gzip.toLocaleString('en')} |`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const loads = Number(process.argv[2] || 7);
  const outDir = join(repoRoot, 'dist-web');
  await build({ configFile: join(repoRoot, 'web/vite.config.js'), logLevel: 'error' });
  const server = await startStaticServer(outDir);
  const browser = await launchChromium();
  try {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { page, precache } = await measureWeight(browser, { url: server.url, outDir, viewport });
      console.log(`\nBefore the reader scrolls, ${viewport.width} x ${viewport.height} (budget ${WEIGHT_BUDGET_GZIP.toLocaleString('en')} gzip):\n${weightTable(page)}`);
      for (const f of page.files) console.log(`  ${f.path}  ${f.bytes.toLocaleString('en')} bytes, ${f.gzip.toLocaleString('en')} gzip`);
      console.log(`Service worker precache after the page is idle (once per version): ${precache.files.length} files, ${precache.total.bytes.toLocaleString('en')} bytes, ${precache.total.gzip.toLocaleString('en')} gzip`);
    }
    const times = [];
    for (let i = 0; i < loads; i++) times.push(await timeToFirstNumbers(browser, `${server.url}#formula`));
    times.sort((a, b) => a - b);
    console.log(`\nfirst <pe-table> numbers (the frame after they render), page opened at #formula: median ${times[loads >> 1].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[loads - 1].toFixed(0)}, ${loads} loads, local static server, no throttling)`);
  } finally {
    await browser.close();
    await server.close();
  }
}

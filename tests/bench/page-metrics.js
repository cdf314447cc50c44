// Measures the built tutorial page as a learner receives it, in headless Chromium from a local static
// server (no throttling):
//   - weight: every file the page itself loads before the reader scrolls (HTML, CSS, JS, wasm, fonts,
//     data), raw and gzip, at 1280 x 900 and at 390 x 844; after the page is idle. The service
//     worker's background precache (for offline use) is reported apart: it starts after the page has
//     loaded and is idle, and is fetched once per version;
//   - time to the first numbers: from navigation start to the frame after <pe-table> (section 3)
//     rendered module values, opened at its section (#formula, the first element a reader meets), and
//     the same for <pe-heatmap> (#waves); each load in a fresh browser context (empty cache), median
//     and quartiles of several loads, with when the .wasm and the element's chunk arrived.
// Usage: node tests/bench/page-metrics.js [loads] [--times] [--rtt MS] [--site DIR ...]
//        (npm run measure:page; default 9 loads; --times: only the times; --rtt: add a round trip to
//        every request; --site: time built sites in turn, not dist-web)
// tests/browser/site.test.js asserts the weight budget with measureWeight().
import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
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

// The first numbers of an element: its tag, the section the page is opened at, and what in its shadow
// root shows that module values are drawn (a table cell with a value; the heat map's canvas, labelled
// once it is painted).
export const FIRST_NUMBERS = {
  'pe-table': { hash: '#formula', drawn: 'td[data-j]' },
  'pe-heatmap': { hash: '#waves', drawn: 'canvas.map[aria-label]' },
};

/**
 * One load in a fresh context: milliseconds from navigation start to the frame after `tag` showed
 * module values, and when the requests it waited on ended (Resource Timing, ms from navigation start).
 */
export async function timeToFirstNumbers(browser, url, tag = 'pe-table', { rtt = 0 } = {}) {
  const { drawn } = FIRST_NUMBERS[tag];
  const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  try {
    if (rtt) {
      // A network's round trip (Chromium adds it to every request); bandwidth is left unlimited.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: rtt, downloadThroughput: -1, uploadThroughput: -1 });
    }
    await page.addInitScript(({ tag, drawn }) => {
      document.addEventListener('pe-ffn-render', (event) => {
        const el = event.composedPath()[0];
        if (window.firstNumbersAt || el.localName !== tag || !el.shadowRoot.querySelector(drawn)) return;
        window.firstNumbersAt = -1;
        requestAnimationFrame(() => { window.firstNumbersAt = performance.now(); });
      }, true);
    }, { tag, drawn });
    await page.goto(url);
    await page.waitForFunction(() => window.firstNumbersAt > 0, null, { timeout: 30000 });
    return await page.evaluate((tag) => {
      const ends = {};
      for (const e of performance.getEntriesByType('resource')) {
        const name = new URL(e.name).pathname.split('/').pop();
        const kind = /\.wasm$/.test(name) ? 'wasm' : name.startsWith(`${tag}-`) ? 'element' : null;
        if (kind) ends[kind] = Math.min(ends[kind] ?? Infinity, e.responseEnd);
      }
      return { ms: window.firstNumbersAt, ...ends };
    }, tag);
  } finally {
    await page.context().close();
  }
}

const quantile = (sorted, q) => {
  const at = (sorted.length - 1) * q;
  return sorted[Math.floor(at)] + (sorted[Math.ceil(at)] - sorted[Math.floor(at)]) * (at - Math.floor(at));
};

/** Summary of samples: { median, q1, q3, min, max, n }. */
export function spread(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), q1: quantile(sorted, 0.25), q3: quantile(sorted, 0.75), min: sorted[0], max: sorted.at(-1), n: sorted.length };
}

const ms = (x) => `${x.toFixed(0)} ms`;
const spreadText = (s) => `median ${ms(s.median)} (quartiles ${s.q1.toFixed(0)}-${s.q3.toFixed(0)}, min ${s.min.toFixed(0)}, max ${s.max.toFixed(0)}, ${s.n} loads)`;

/**
 * Loads each site `loads` times per element (fresh contexts; sites and elements take turns, so a
 * change of the machine's load touches all alike) and prints each spread. `sites`: { name: url }.
 */
export async function measureFirstNumbers(browser, sites, loads, { rtt = 0 } = {}) {
  const samples = {};
  for (let i = 0; i < loads; i++) {
    for (const [site, baseUrl] of Object.entries(sites)) {
      for (const [tag, { hash }] of Object.entries(FIRST_NUMBERS)) {
        ((samples[site] ??= {})[tag] ??= []).push(await timeToFirstNumbers(browser, `${baseUrl}${hash}`, tag, { rtt }));
      }
    }
  }
  const result = {};
  for (const [site, tags] of Object.entries(samples)) {
    for (const [tag, runs] of Object.entries(tags)) {
      (result[site] ??= {})[tag] = { numbers: spread(runs.map((r) => r.ms)), wasm: spread(runs.map((r) => r.wasm)), element: spread(runs.map((r) => r.element)) };
      const r = result[site][tag];
      console.log(`${site}: first <${tag}> numbers (the frame after they render), page opened at ${FIRST_NUMBERS[tag].hash}: ${spreadText(r.numbers)}`);
      console.log(`  waiting on: the .wasm arrived at ${ms(r.wasm.median)}, the element's chunk at ${ms(r.element.median)} (medians)`);
    }
  }
  return result;
}

export function weightTable({ kinds, total }) {
  const lines = ['| kind | files | bytes | gzip |', '|---|---:|---:|---:|'];
  for (const [kind, t] of Object.entries(kinds)) lines.push(`| ${kind} | ${t.files} | ${t.bytes.toLocaleString('en')} | ${t.gzip.toLocaleString('en')} |`);
  lines.push(`| total | | ${total.bytes.toLocaleString('en')} | ${total.gzip.toLocaleString('en')} |`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const timesOnly = args.includes('--times');
  const loads = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--rtt') || 9);
  // --site DIR (repeatable): time already built sites side by side (a before and an after) instead.
  const siteDirs = args.flatMap((a, i) => (args[i - 1] === '--site' ? [a] : []));
  // --rtt MS: every request takes that round trip (a phone network: 150), the default none.
  const rtt = args.includes('--rtt') ? Number(args[args.indexOf('--rtt') + 1]) : 0;
  const outDir = join(repoRoot, 'dist-web');
  if (!siteDirs.length) await build({ configFile: join(repoRoot, 'web/vite.config.js'), logLevel: 'error' });
  const servers = await Promise.all((siteDirs.length ? siteDirs : [outDir]).map((dir) => startStaticServer(dir)));
  const server = servers[0];
  const browser = await launchChromium();
  try {
    if (!timesOnly && !siteDirs.length) {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
        const { page, precache } = await measureWeight(browser, { url: server.url, outDir, viewport });
        console.log(`\nBefore the reader scrolls, ${viewport.width} x ${viewport.height} (budget ${WEIGHT_BUDGET_GZIP.toLocaleString('en')} gzip):\n${weightTable(page)}`);
        for (const f of page.files) console.log(`  ${f.path}  ${f.bytes.toLocaleString('en')} bytes, ${f.gzip.toLocaleString('en')} gzip`);
        console.log(`Service worker precache after the page is idle (once per version): ${precache.files.length} files, ${precache.total.bytes.toLocaleString('en')} bytes, ${precache.total.gzip.toLocaleString('en')} gzip`);
      }
    }
    console.log(`\nTime to the first numbers (local static server, ${rtt ? `${rtt} ms round trip per request` : 'no throttling'}, 1280 x 900; 1-minute load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores):`);
    const names = siteDirs.length ? siteDirs : ['dist-web'];
    await measureFirstNumbers(browser, Object.fromEntries(servers.map((sv, i) => [names[i], sv.url])), loads, { rtt });
  } finally {
    await browser.close();
    await Promise.all(servers.map((sv) => sv.close()));
  }
}

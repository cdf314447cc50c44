// Shared helpers for tests that run in real headless Chromium: launch the browser with flags that work
// on a closed network, serve files or a Vite dev server on 127.0.0.1, collect console errors, and save
// screenshots as test artifacts (test-artifacts/).
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile, mkdir, writeFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const artifactsDir = join(repoRoot, 'test-artifacts');

const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const chromiumFlags = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Launches headless Chromium (a fresh profile each time). Close it with `browser.close()`. */
export async function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true });
}

/**
 * For one test file: a static server of the repository and one Chromium, started before its tests
 * and closed after them. The returned object has `server` and `browser` once the tests run.
 */
export function useServerAndBrowser() {
  const shared = {};
  before(async () => {
    shared.server = await startStaticServer(repoRoot);
    shared.browser = await launchChromium();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}

/**
 * Opens a page, in a context of its own, that records console errors/warnings and uncaught page errors
 * in `page.problems`. `viewport` defaults to a desktop size; other options go to the context
 * (`serviceWorkers: 'block'`, ...).
 */
export async function openPage(browser, { viewport = { width: 1280, height: 900 }, locale = 'ko-KR', ...contextOptions } = {}) {
  const context = await browser.newContext({ viewport, locale, ...contextOptions });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') page.problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`pageerror: ${err.message}`));
  return page;
}

const mimeTypes = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.css': 'text/css', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `rootDir` as static files on 127.0.0.1 (any free port), under the path `mount` ('/some/path/':
 * the site as a sub-path of a host). Returns { url, close, setRoot }; `url` is the mount's URL, and
 * `setRoot(dir)` serves another folder from the next request on (a new deploy, as far as a page can tell).
 * `onServe(file, bytes)` hears of every file sent (its path under the root and its size), for tests
 * that count what a visit downloads.
 */
export async function startStaticServer(rootDir, { mount = '/', onServe = null } = {}) {
  let root = resolve(rootDir);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (!path.startsWith(mount)) throw new Error('outside the mount');
      let file = normalize(join(root, path.slice(mount.length)));
      if (!file.startsWith(root)) throw new Error('outside root');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': mimeTypes[extname(file)] || 'application/octet-stream' });
      res.end(body);
      onServe?.(relative(root, file), body.length);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}${mount}`;
  // Closing ends every connection too: a browser's open keep-alive or in-flight request (a service
  // worker's) would otherwise hold close() open, as a stopped server's never do.
  const close = () => new Promise((ok) => {
    server.close(ok);
    server.closeAllConnections();
  });
  return { url, close, setRoot: (dir) => { root = resolve(dir); } };
}

/**
 * A test that needs build products fails at once, naming the build.sh target that makes them (a
 * missing product is never a skip).
 */
export function requireBuildProducts(target, ...files) {
  const missing = files.filter((file) => !existsSync(join(repoRoot, file)));
  if (missing.length) throw new Error(`${missing.join(', ')} missing: run bash build.sh ${target}`);
}

/** Starts a Vite dev server from a config file on 127.0.0.1. Returns { url, close }. */
export async function startViteServer({ configFile, root, port = 0 } = {}) {
  const { createServer: createVite } = await import('vite');
  const server = await createVite({
    configFile, root, logLevel: 'error', clearScreen: false,
    server: { host: '127.0.0.1', port: port || undefined, strictPort: Boolean(port) },
  });
  await server.listen();
  const url = server.resolvedUrls.local[0];
  return { url, close: () => server.close() };
}

/** Saves a screenshot (or any bytes) under test-artifacts/ and returns its path. */
export async function saveArtifact(name, bytes) {
  await mkdir(artifactsDir, { recursive: true });
  const file = join(artifactsDir, name);
  await writeFile(file, bytes);
  return file;
}

/**
 * The tutorial loads each element when it nears the viewport (web/lazy-elements.js). Brings every
 * element not yet defined into view, one after another, and keeps it there until it is defined (up to
 * `perElement` ms), passing again until all under `root` are defined or `timeout` ms pass; then back
 * to the top. (Polled from Node: page.waitForFunction takes a returned promise as a truthy value, and
 * a single quick pass left elements whose load had not started undefined.)
 */
export async function revealElements(page, root = '#main', { timeout = 60000, perElement = 5000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const pending = await page.evaluate(async ({ sel, perElement }) => {
      const waiting = () => [...document.querySelectorAll(`${sel} *`)].filter((el) => el.localName.includes('-') && !customElements.get(el.localName));
      for (const el of waiting()) {
        if (customElements.get(el.localName)) continue;
        el.scrollIntoView();
        await Promise.race([customElements.whenDefined(el.localName), new Promise((resolve) => setTimeout(resolve, perElement))]);
      }
      return waiting().map((el) => el.localName);
    }, { sel: root, perElement });
    if (!pending.length) break;
    if (Date.now() > deadline) throw new Error(`revealElements: still not defined after ${timeout} ms: ${[...new Set(pending)].join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

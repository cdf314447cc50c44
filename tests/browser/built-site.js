// The tutorial site built once (vite build with web/vite.config.js) and shared by every browser test
// that serves or reads it: the first test file to ask builds it into build/site/<variant>-<key>/, the
// others, and later runs, take that folder. The key hashes everything the build reads (web/, src/,
// scripts/, the dist/ files the pages import, the installed npm packages, this file), so a folder is
// never stale; a site missing its build products fails, naming the build.sh target that makes them.
// Tests only read the folder (and serve it): one that changes a site builds its own.
//
// API:
//   builtSite(variant = 'site') -> Promise<string>   the site's folder, absolute
//   useBuiltSite() -> { dir, server, browser }       for one test file: the site built, served on its
//                     own origin, and one Chromium, from before its tests until after them
//   variants:
//     'site'         the site as deployed
//     'next-deploy'  a later deploy of the same site: every chunk and asset under another name (so a
//                    page of 'site' finds none of its files there) and <meta name="test-version"
//                    content="next"> in both pages
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { launchChromium, repoRoot, requireBuildProducts, startStaticServer } from './harness.js';

const SITE_DIR = join(repoRoot, 'build/site');
// What the pages import from dist/ (web/style.css, web/quiz-lms-download.js, src/js/loader.js).
const PAGE_PRODUCTS = ['dist/pe_ffn.wasm', 'dist/pe_ffn_relaxed.wasm', 'dist/math-font.woff2', 'dist/lms/quiz-lms.js', 'dist/lms/fonts.json'];
const SOURCES = ['web', 'src', 'scripts', 'dist/pe_ffn.wasm', 'dist/pe_ffn_relaxed.wasm', 'dist/math-font.woff2', 'dist/lms',
  'package.json', 'package-lock.json', 'node_modules/.package-lock.json', relative(repoRoot, fileURLToPath(import.meta.url))];

const nextDeploy = {
  plugins: [{ name: 'test-next-deploy', transformIndexHtml: (html) => html.replace('</head>', '<meta name="test-version" content="next"></head>') }],
  build: { rolldownOptions: { output: {
    entryFileNames: 'assets/[name]-next-[hash].js',
    chunkFileNames: 'assets/[name]-next-[hash].js',
    assetFileNames: 'assets/[name]-next-[hash][extname]',
  } } },
};
const VARIANTS = { site: {}, 'next-deploy': nextDeploy };

async function filesUnder(path) {
  if (!existsSync(path)) throw new Error(`built-site: ${relative(repoRoot, path)} is missing`);
  const entries = await readdir(path, { withFileTypes: true }).catch(() => null);
  if (!entries) return [path];
  const nested = await Promise.all(entries.sort((a, b) => a.name.localeCompare(b.name)).map((e) => filesUnder(join(path, e.name))));
  return nested.flat();
}

/** A hash of every file the build reads, path and bytes. */
async function sourcesKey(variant) {
  const hash = createHash('sha256').update(variant);
  for (const source of SOURCES) {
    for (const file of await filesUnder(join(repoRoot, source))) {
      hash.update(`\0${relative(repoRoot, file)}\0`).update(await readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const pending = new Map();

export function builtSite(variant = 'site') {
  if (!Object.hasOwn(VARIANTS, variant)) throw new Error(`builtSite: no variant '${variant}' (${Object.keys(VARIANTS).join(', ')})`);
  if (!pending.has(variant)) pending.set(variant, build(variant));
  return pending.get(variant);
}

async function build(variant) {
  requireBuildProducts('page', ...PAGE_PRODUCTS);
  const dir = join(SITE_DIR, `${variant}-${await sourcesKey(variant)}`);
  if (existsSync(join(dir, 'index.html'))) return dir;
  // Built beside its final name and renamed into place: another process never sees half a site, and
  // when two build it at once, the first rename wins and the other's copy is dropped.
  const partial = `${dir}.partial-${process.pid}`;
  await mkdir(SITE_DIR, { recursive: true });
  await rm(partial, { recursive: true, force: true });
  const { build: viteBuild, mergeConfig } = await import('vite');
  const start = Date.now();
  await viteBuild(mergeConfig({ configFile: join(repoRoot, 'web/vite.config.js'), logLevel: 'error', build: { outDir: partial, emptyOutDir: true } }, VARIANTS[variant]));
  console.log(`# built-site: ${variant} built in ${Date.now() - start} ms (${relative(repoRoot, dir)})`);
  await rename(partial, dir).catch(async (err) => {
    if (!existsSync(join(dir, 'index.html'))) throw err;
    await rm(partial, { recursive: true, force: true });
  });
  // Older builds of this variant (made from other sources) are dropped, but not one made in the last
  // ten minutes: another test process may still be serving it.
  const stale = Date.now() - 10 * 60 * 1000;
  for (const name of await readdir(SITE_DIR)) {
    const other = join(SITE_DIR, name);
    if (other !== dir && name.startsWith(`${variant}-`) && statSync(other).mtimeMs < stale) await rm(other, { recursive: true, force: true });
  }
  return dir;
}

/** For one test file: the site built, served on its own origin, and one Chromium (see API above). */
export function useBuiltSite() {
  const site = {};
  before(async () => {
    site.dir = await builtSite();
    site.server = await startStaticServer(site.dir);
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}

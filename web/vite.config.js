// The tutorial site. Root is web/; `base: './'` makes every URL in the built pages relative, so
// dist-web/ works from any sub-path of any static host. The pages import the elements from
// ../src/elements (and through them the core and its .wasm from ../src/js and ../dist), so the dev
// server may read the whole repository.
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mathAtBuildVite } from '../scripts/math-at-build.mjs';
import { preloadFirst } from './preload-first.js';
import { siteBar } from './site-bar.js';
import { themeBootScript } from './theme-boot.js';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

// `import 'virtual:pe-tokens.css'`: the design tokens of src/elements/shared/tokens.js as a style
// sheet, so the pages get the one definition the elements use, in the page's CSS (no flash of
// untokened colours before the elements load).
function designTokens() {
  const id = 'virtual:pe-tokens.css';
  const file = here('../src/elements/shared/tokens.js');
  return {
    name: 'pe-design-tokens',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(resolved) {
      if (resolved !== `\0${id}`) return null;
      this.addWatchFile(file);
      const { tokenCss } = await import(`${pathToFileURL(file).href}?t=${Date.now()}`);
      return tokenCss;
    },
  };
}

// The reader's stored theme, applied by an inline script at the top of <head>, before anything paints
// (web/theme-boot.js): a stored "dark" never shows a light page first.
function themeBoot() {
  return {
    name: 'pe-theme-boot',
    transformIndexHtml: () => [{ tag: 'script', children: themeBootScript, injectTo: 'head-prepend' }],
  };
}

// Browser tests set PE_FFN_TEST_SERVER=1: no file watching and no hot reload, so a file saved while a
// test runs cannot reload the page under it.
const testServer = process.env.PE_FFN_TEST_SERVER === '1';

// quiz.html is written by the quiz part of the project; build it when it is there.
const pages = { index: here('./index.html') };
if (existsSync(here('./quiz.html'))) pages.quiz = here('./quiz.html');

export default defineConfig({
  root: here('.'),
  base: './',
  publicDir: false,
  plugins: [
    siteBar(),        // both pages' bar, from web/site-bar.js
    designTokens(),
    themeBoot(),
    mathAtBuildVite(),
    preloadFirst(),   // the .wasm and a linked section's elements start loading with the HTML
    // Offline after the first visit (web/offline.js registers it): the worker is web/sw.js, which
    // precaches both pages and everything a reader's pages can load (every chunk, the .wasm build this
    // engine uses, fonts), without fetching again what the page already has. The tutorial's and the
    // quiz's data is inside their chunks. 'prompt': a new version waits until the reader chooses it.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.js',
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,wasm,woff2,json,svg}'],
        // What only teachers use on the quiz page is fetched when a teacher asks, never precached for
        // every reader: the LMS package builder ("LMS용으로 내려받기": its chunk with the launch bundle,
        // 520 kB, and the packages' font pieces and their index, 1.9 MB) and the GIFT / Moodle XML exports.
        // Nor the core's parallel trainer (model.createParallelTrainer's chunk, one per bundle that holds
        // the core, and its worker, ~80 kB): no page of the site trains in parallel (the lab trains in
        // its own worker), so no reader ever loads them.
        globIgnores: ['**/quiz-lms-download-*.js', '**/quiz-exports-*.js', '**/noto-sans-kr-*-400-normal-*.woff2', '**/fonts-*.json',
          '**/parallel-trainer-*.js', '**/parallel-worker-*.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  // <pe-lab>'s training worker is a module worker that imports the core: ES format, split like the page.
  worker: { format: 'es' },
  build: {
    outDir: here('../dist-web'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: pages },
  },
  server: {
    fs: { allow: [here('..')] },
    ...(testServer ? { hmr: false, watch: null } : {}),
  },
  // Pre-bundle the libraries up front, so the dev server never reloads the page mid-test to add one.
  optimizeDeps: { include: ['d3-scale-chromatic'] },
});

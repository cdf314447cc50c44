// Bundles the package's browser-facing entries into dist/ with esbuild: the custom elements and the
// quiz module, each with the libraries they use (colour scales, bank data) inlined and their formulas
// typeset to MathML (scripts/math-at-build.mjs: no TeX engine ships), so that the
// published package declares no runtime dependencies. The core (src/js) is shipped as source and stays
// an external import, so the elements share the one loader that finds dist/pe_ffn.wasm.
// <pe-lab>'s training worker is an entry of its own, dist/lab-worker.js, beside dist/elements.js: the
// two module-relative addresses in its sources are rewritten to where the files are in dist/ (a source
// that no longer holds them fails the build).
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { mathAtBuildEsbuild } from './math-at-build.mjs';
import { bundleLms } from './bundle-lms.mjs';

const entries = {
  elements: 'src/elements/index.js',
  quiz: 'src/quiz/index.js',
  'lab-worker': 'src/elements/lab/train-worker.js',
};

// Source address -> address in dist/, per file (by its path's end).
const DIST_ADDRESSES = {
  'src/elements/lab/start-worker.js': ["'./train-worker.js'", "'./lab-worker.js'"],
  'src/elements/lab/train-worker.js': ["'../../../dist/pe_ffn.wasm'", "'./pe_ffn.wasm'"],
};
const distAddresses = {
  name: 'dist-addresses',
  setup(b) {
    b.onLoad({ filter: /src\/elements\/lab\/(start|train)-worker\.js$/ }, async ({ path }) => {
      const [file, [from, to]] = Object.entries(DIST_ADDRESSES).find(([end]) => path.endsWith(end));
      const text = await readFile(path, 'utf8');
      if (!text.includes(`new URL(${from}, import.meta.url)`)) throw new Error(`scripts/bundle.mjs: ${file} no longer holds new URL(${from}, import.meta.url)`);
      return { contents: text.replaceAll(`new URL(${from}, import.meta.url)`, `new URL(${to}, import.meta.url)`), loader: 'js' };
    });
  },
};

// Any import of the core's entry from inside src/ is rewritten to the shipped path ../src/js/index.js.
const coreExternal = {
  name: 'core-external',
  setup(b) {
    b.onResolve({ filter: /\/js\/index\.js$/ }, () => ({ path: '../src/js/index.js', external: true }));
  },
};

for (const [name, entry] of Object.entries(entries)) {
  await build({
    entryPoints: [entry],
    outfile: `dist/${name}.js`,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'linked',
    plugins: [coreExternal, distAddresses, mathAtBuildEsbuild()],
    logLevel: 'warning',
  });
}

// The LMS packages' prebuilt parts (dist/lms/, dist/quiz-package.js).
await bundleLms();

// Bundles the package's browser-facing entries into dist/ with esbuild: the custom elements and the
// quiz module, each with the libraries they use (colour scales, bank data) inlined and their formulas
// typeset to MathML (scripts/math-at-build.mjs: no TeX engine ships), so that the
// published package declares no runtime dependencies. The core (src/js) is shipped as source and stays
// an external import of the page's bundles, so the elements share the one loader that finds
// dist/pe_ffn.wasm.
//
// The elements are one build with code splitting: dist/elements.js registers all of them
// (`pe-ffn-wasm/elements`), dist/element-<tag>.js one (`pe-ffn-wasm/elements/<tag>`), and what they
// share sits in dist/element-chunk-<hash>.js, so a page that imports one element and then all of them
// loads every piece once. Every output sits directly in dist/: the core's external address
// ../src/js/index.js and the worker's ./lab-worker.js are written the same in every file.
// <pe-lab>'s training worker is an entry of its own, dist/lab-worker.js, with the core bundled in (one
// file to fetch, not the ~50 modules of src/js): its module-relative addresses are rewritten to where
// the files are in dist/ (a source that no longer holds them fails the build). The core it bundles
// holds the parallel trainer, whose workers start from ./parallel-worker.js beside it: that worker is
// an entry too, dist/parallel-worker.js (the core bundled alike), so every address in dist/ resolves
// in Node, in a plain page and in a bundler such as Vite.
import { readFile, readdir, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { mathAtBuildEsbuild } from './math-at-build.mjs';
import { bundleLms } from './bundle-lms.mjs';

const { attributes } = await import('../src/elements/attributes.js');
/** Every element's tag: its source is src/elements/<tag>.js, which registers it. */
export const ELEMENT_TAGS = Object.keys(attributes);

// Source address -> address in dist/, per file (by its path's end).
const DIST_ADDRESSES = {
  'src/elements/lab/start-worker.js': ["'./train-worker.js'", "'./lab-worker.js'"],
  'src/elements/lab/train-worker.js': ["'../../../dist/pe_ffn.wasm'", "'./pe_ffn.wasm'"],
  'src/js/loader.js': ["'../../dist/pe_ffn.wasm'", "'./pe_ffn.wasm'", "'../../dist/pe_ffn_relaxed.wasm'", "'./pe_ffn_relaxed.wasm'"],
};
const distAddresses = {
  name: 'dist-addresses',
  setup(b) {
    b.onLoad({ filter: /src\/(elements\/lab\/(start|train)-worker|js\/loader)\.js$/ }, async ({ path }) => {
      const [file, pairs] = Object.entries(DIST_ADDRESSES).find(([end]) => path.endsWith(end));
      let text = await readFile(path, 'utf8');
      for (let i = 0; i < pairs.length; i += 2) {
        const [from, to] = [pairs[i], pairs[i + 1]];
        if (!text.includes(`new URL(${from}, import.meta.url)`)) throw new Error(`scripts/bundle.mjs: ${file} no longer holds new URL(${from}, import.meta.url)`);
        text = text.replaceAll(`new URL(${from}, import.meta.url)`, `new URL(${to}, import.meta.url)`);
      }
      return { contents: text, loader: 'js' };
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

// element:<tag> -> an entry module that registers <tag> (its source does) and exports its class with
// what a page sets up before the first element connects (configureCore, setPageLang).
const elementEntries = {
  name: 'element-entries',
  setup(b) {
    b.onResolve({ filter: /^element:/ }, ({ path }) => ({ path: path.slice('element:'.length), namespace: 'element-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'element-entry' }, ({ path: tag }) => ({
      contents: `export * from './${tag}.js';\nexport { configureCore, getCore } from './shared/core.js';\nexport { setPageLang, LANG_EVENT } from './shared/i18n.js';\n`,
      resolveDir: 'src/elements',
      loader: 'js',
    }));
  },
};

// Outputs of an earlier build first: chunk names change with their contents, and the tarball ships dist/.
for (const file of await readdir('dist').catch(() => [])) {
  if (/^element-.*\.js(\.map|\.LEGAL\.txt)?$/.test(file)) await rm(`dist/${file}`);
}
const common = { bundle: true, format: 'esm', target: 'es2022', minify: true, legalComments: 'linked', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: [
    { in: 'src/elements/index.js', out: 'elements' },
    ...ELEMENT_TAGS.map((tag) => ({ in: `element:${tag}`, out: `element-${tag}` })),
  ],
  outdir: 'dist',
  splitting: true,
  chunkNames: 'element-chunk-[hash]',
  plugins: [elementEntries, coreExternal, distAddresses, mathAtBuildEsbuild()],
});
await build({ ...common, entryPoints: ['src/quiz/index.js'], outfile: 'dist/quiz.js', plugins: [coreExternal, distAddresses, mathAtBuildEsbuild()] });
await build({ ...common, entryPoints: ['src/elements/lab/train-worker.js'], outfile: 'dist/lab-worker.js', plugins: [distAddresses] });
await build({ ...common, entryPoints: ['src/js/parallel-worker.js'], outfile: 'dist/parallel-worker.js', plugins: [distAddresses] });

// The LMS packages' prebuilt parts (dist/lms/, dist/quiz-package.js).
await bundleLms();

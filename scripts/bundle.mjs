// Bundles the package's browser-facing entries into dist/ with esbuild: the custom elements and the
// quiz module, each with the libraries they use (colour scales, bank data) inlined and their formulas
// typeset to MathML (scripts/math-at-build.mjs: no TeX engine ships), so that the
// published package declares no runtime dependencies. The core (src/js) is shipped as source and stays
// an external import, so the elements share the one loader that finds dist/pe_ffn.wasm.
import { build } from 'esbuild';
import { mathAtBuildEsbuild } from './math-at-build.mjs';
import { bundleLms } from './bundle-lms.mjs';

const entries = {
  elements: 'src/elements/index.js',
  quiz: 'src/quiz/index.js',
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
    plugins: [coreExternal, mathAtBuildEsbuild()],
    logLevel: 'warning',
  });
}

// The LMS packages' prebuilt parts (dist/lms/, dist/quiz-package.js).
await bundleLms();

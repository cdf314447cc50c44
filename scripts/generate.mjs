// Runs every generator of a committed file (scripts/generated-file.mjs says what they share):
//   node scripts/generate.mjs [--check]   build.sh's `generated` target runs it without --check;
// tests/docs/generated.test.js (part of `npm test`) runs each one's --check and fails when a committed
// file made from another is missing from this list. A new generator joins by its line here.
import { fileURLToPath } from 'node:url';
import { applyOutputs } from './generated-file.mjs';

export const GENERATORS = [
  'scripts/gen-abi.mjs',            // src/js/abi.js and index.d.ts's kind unions from src/c/pf_abi.h
  'scripts/element-attributes.mjs', // docs/elements.md and src/elements/index.d.ts: the attributes
  'scripts/tokens-table.mjs',       // docs/elements.md: the design tokens
  'scripts/quiz-rules-table.mjs',   // docs/quiz.md: the answer readers' rules
  'scripts/quiz-kinds.mjs',         // docs/quiz.md and src/quiz/index.d.ts: the question kinds
  'scripts/lms-sizes.mjs',          // docs/lms.md: the LMS packages' sizes (from dist/)
  'scripts/lms-format-types.mjs',   // src/lms/package/index.d.ts: the formats' union type
];

/** Generators of build products only (dist/, never committed): build.sh runs them, not this list. */
export const BUILD_PRODUCT_GENERATORS = [
  'scripts/math-font.mjs',          // dist/math-font.woff2 from the formulas' characters
  'scripts/custom-elements-manifest.mjs', // custom-elements.json from the elements' declarations
];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let stale = 0;
  for (const script of GENERATORS) {
    const { outputs } = await import(`../${script}`);
    stale += applyOutputs(await outputs(), { check: process.argv.includes('--check'), command: `node ${script}` });
  }
  process.exitCode = stale ? 1 : 0;
}

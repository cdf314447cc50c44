// Runs every generator of a committed file (scripts/generated-file.mjs says what they share):
//   node scripts/generate.mjs [--check]   build.sh's `generated` target runs it without --check;
// tests/docs/generated.test.js runs each one's --check. A new generator joins by its line here.
import { fileURLToPath } from 'node:url';
import { applyOutputs } from './generated-file.mjs';

export const GENERATORS = [
  'scripts/gen-abi.mjs',            // src/js/abi.js from src/c/pf_abi.h
  'scripts/tokens-table.mjs',       // docs/elements.md: the design tokens
  'scripts/quiz-rules-table.mjs',   // docs/quiz.md: the answer readers' rules
  'scripts/lms-sizes.mjs',          // docs/lms.md: the LMS packages' sizes (from dist/)
];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let stale = 0;
  for (const script of GENERATORS) {
    const { outputs } = await import(`../${script}`);
    stale += applyOutputs(await outputs(), { check: process.argv.includes('--check'), command: `node ${script}` });
  }
  process.exitCode = stale ? 1 : 0;
}

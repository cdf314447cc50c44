// The union type of the LMS formats in src/lms/package/index.d.ts (QuizPackageFormat), from their one
// list, src/lms/formats/index.js:
//   node scripts/lms-format-types.mjs [--check]   (scripts/generated-file.mjs; scripts/generate.mjs)
import { FORMAT_NAMES } from '../src/lms/formats/index.js';
import { readRepoFile, runGenerator } from './generated-file.mjs';

const TYPES = 'src/lms/package/index.d.ts';
const LINE = /^export type QuizPackageFormat = [^;]*;$/m;

export function outputs() {
  const text = readRepoFile(TYPES);
  if (!LINE.test(text)) throw new Error(`${TYPES} has no "export type QuizPackageFormat = ...;" line`);
  return [{ file: TYPES, content: text.replace(LINE, `export type QuizPackageFormat = ${FORMAT_NAMES.map((n) => `'${n}'`).join(' | ')};`) }];
}

await runGenerator(import.meta.url, outputs);

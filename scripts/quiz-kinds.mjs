// What the question kinds (src/quiz/kinds/) declare, written where a reader looks for it: the union
// type QuestionType in src/quiz/index.d.ts, and the list of kinds in docs/quiz.md (each kind's `doc`
// between the <!-- quiz-kinds --> markers):
//   node scripts/quiz-kinds.mjs [--check]   (scripts/generated-file.mjs; scripts/generate.mjs)
import { KINDS, KIND_NAMES } from '../src/quiz/kinds/index.js';
import { readRepoFile, runGenerator, withSection } from './generated-file.mjs';

const TYPES = 'src/quiz/index.d.ts';
const LINE = /^export type QuestionType = [^;]*;$/m;
const PAGE = 'docs/quiz.md';

export function outputs() {
  const types = readRepoFile(TYPES);
  if (!LINE.test(types)) throw new Error(`${TYPES} has no "export type QuestionType = ...;" line`);
  const list = KINDS.map((kind) => `- \`${kind.name}\`: ${kind.doc}`).join('\n');
  return [
    { file: TYPES, content: types.replace(LINE, `export type QuestionType = ${KIND_NAMES.map((n) => `'${n}'`).join(' | ')};`) },
    { file: PAGE, content: withSection(readRepoFile(PAGE), 'quiz-kinds', list, PAGE) },
  ];
}

await runGenerator(import.meta.url, outputs);

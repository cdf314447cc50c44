// The answer readers' rule table (src/quiz/parse/rules.js) as the Markdown table of docs/quiz.md,
// between the <!-- quiz-rules-table --> markers:
//   node scripts/quiz-rules-table.mjs [--check]   (scripts/generated-file.mjs; tests/docs/generated.test.js)
// tests/js/quiz-answer-table.test.js runs every example of the rules through the readers.
import { ANSWER_RULES, exampleText as shown } from '../src/quiz/parse/rules.js';
import { readRepoFile, runGenerator, withSection } from './generated-file.mjs';

const PAGE = 'docs/quiz.md';

const reads = (want) => (want === null ? 'unreadable' : typeof want === 'number' ? String(want) : `problem: ${want}`);
const cell = (text) => String(text).replace(/\|/g, '\\|');

export function rulesTable() {
  const lines = ['| rule | applies to | what a learner may write | examples → read as |', '|---|---|---|---|'];
  for (const r of ANSWER_RULES) {
    const examples = r.examples.map(([input, want]) => `\`${cell(shown(input))}\` → ${reads(want)}`).join('<br>');
    lines.push(`| ${r.id} | ${r.applies} | ${cell(r.rule)}<br>${cell(r.ko)} | ${examples} |`);
  }
  return lines.join('\n');
}

export function outputs() {
  return [{ file: PAGE, content: withSection(readRepoFile(PAGE), 'quiz-rules-table', rulesTable(), PAGE) }];
}

await runGenerator(import.meta.url, outputs);

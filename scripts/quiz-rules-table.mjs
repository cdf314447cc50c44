// Prints the answer readers' rule table (src/quiz/parse/rules.js) as Markdown for docs/quiz.md:
//   node scripts/quiz-rules-table.mjs
// tests/js/quiz-answer-table.test.js checks that docs/quiz.md shows every rule and example.
import { ANSWER_RULES, exampleText as shown } from '../src/quiz/parse/rules.js';

const reads = (want) => (want === null ? 'unreadable' : typeof want === 'number' ? String(want) : `problem: ${want}`);
const cell = (text) => String(text).replace(/\|/g, '\\|');
const lines = ['| rule | applies to | what a learner may write | examples → read as |', '|---|---|---|---|'];
for (const r of ANSWER_RULES) {
  const examples = r.examples.map(([input, want]) => `\`${cell(shown(input))}\` → ${reads(want)}`).join('<br>');
  lines.push(`| ${r.id} | ${r.applies} | ${cell(r.rule)}<br>${cell(r.ko)} | ${examples} |`);
}
console.log(lines.join('\n'));

// The answer readers' rules (src/quiz/parse/rules.js) as the two Markdown tables of docs/quiz.md, what
// a learner may write and the kinds of "not graded", between the <!-- quiz-rules-table --> markers:
//   node scripts/quiz-rules-table.mjs [--check]   (scripts/generated-file.mjs; tests/docs/generated.test.js)
// tests/js/quiz-answer-table.test.js checks that docs/quiz.md shows every rule, kind and example.
import { READ_RULES, NOT_GRADED, SAMPLES, exampleCode as code } from '../src/quiz/parse/rules.js';
import { readRepoFile, runGenerator, withSection } from './generated-file.mjs';

const PAGE = 'docs/quiz.md';

const cell = (text) => String(text).replace(/\|/g, '\\|');
const value = (want) => (typeof want === 'number' ? String(Number(want.toPrecision(12))) : want);
// Which sample question an example is read against, when it is not the obvious one.
const against = (sample) => (['count', 'choice', 'ox', 'text'].includes(sample) ? '' : ` (${sample})`);
const reads = (list) => list.map(([input, sample, want]) => `${code(input)}${against(sample)} → ${cell(value(want))}`).join('<br>');
const refused = (list) => list.map(([input, sample, kind]) => `${code(input)}${against(sample)}${kind ? ` → \`${kind}\`` : ''}`).join('<br>');

export function rulesTables() {
  const sampleLines = Object.entries(SAMPLES).map(([name, q]) => {
    const words = [q.unit && `unit ${q.unit}`, q.units && `units ${q.units.join(', ')}`, q.labels && `labels ${q.labels.join(', ')}`,
      q.tolerance && `tolerance ±${q.tolerance}`, q.choices && `choices ${q.choices.map((c, i) => `${i + 1} ${c}`).join(', ')}`,
      q.accept && `accepted ${[q.answer, ...q.accept].join(', ')}`].filter(Boolean);
    return `- \`${name}\`: ${q.type}${words.length ? `, ${words.join('; ')}` : ''}`;
  });
  return [
    'The examples are read against these questions:', '', ...sampleLines, '',
    '| rule | applies to | what a learner may write | read as | not read (kind) |', '|---|---|---|---|---|',
    ...READ_RULES.map((r) => `| ${r.id} | ${r.applies} | ${cell(r.rule)}<br>${cell(r.ko)} | ${reads(r.reads)} | ${refused(r.refuses)} |`),
    '',
    '| kind | applies to | not graded | examples | read instead |', '|---|---|---|---|---|',
    ...NOT_GRADED.map((k) => {
      const markers = [...(k.words || []), ...(k.tokens || [])];
      const words = markers.length ? `<br>words: ${markers.map((w) => `\`${cell(w)}\``).join(' ')}` : '';
      return `| \`${k.kind}\` | ${k.applies} | ${cell(k.rule)}<br>${cell(k.ko)}${words} | ${refused(k.refuses)} | ${reads(k.reads)} |`;
    }),
  ].join('\n');
}

export function outputs() {
  return [{ file: PAGE, content: withSection(readRepoFile(PAGE), 'quiz-rules-table', rulesTables(), PAGE) }];
}

await runGenerator(import.meta.url, outputs);

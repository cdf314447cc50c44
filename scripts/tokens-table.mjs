// The design tokens of src/elements/shared/tokens.js as the Markdown table of docs/elements.md
// ("Theming"), one row per token, between the <!-- tokens-table --> markers:
//   node scripts/tokens-table.mjs [--check]   (scripts/generated-file.mjs; tests/docs/generated.test.js)
import { tokens } from '../src/elements/shared/tokens.js';
import { readRepoFile, runGenerator, withSection } from './generated-file.mjs';

const PAGE = 'docs/elements.md';

export function tokensTable() {
  const code = (v) => (v ? `\`${v}\`` : '');
  const lines = ['| property | light | dark | what |', '|---|---|---|---|'];
  for (const [name, t] of Object.entries(tokens)) lines.push(`| \`${name}\` | ${code(t.light)} | ${t.dark ? code(t.dark) : 'same'} | ${t.doc} |`);
  return lines.join('\n');
}

export function outputs() {
  return [{ file: PAGE, content: withSection(readRepoFile(PAGE), 'tokens-table', tokensTable(), PAGE) }];
}

await runGenerator(import.meta.url, outputs);

// Prints the design tokens of src/elements/shared/tokens.js as the Markdown table of docs/elements.md
// ("Theming"), one row per token: `node scripts/tokens-table.mjs`, then paste it between the
// <!-- tokens-table --> markers. tests/docs/tokens-table.test.js checks that the two agree.
import { tokens } from '../src/elements/shared/tokens.js';

export function tokensTable() {
  const code = (v) => (v ? `\`${v}\`` : '');
  const lines = ['| property | light | dark | what |', '|---|---|---|---|'];
  for (const [name, t] of Object.entries(tokens)) lines.push(`| \`${name}\` | ${code(t.light)} | ${t.dark ? code(t.dark) : 'same'} | ${t.doc} |`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(tokensTable());

// Prints the sizes of LMS quiz packages (the table in docs/lms.md): each format with the built-in bank
// in Korean and English and with the four-question test bank. Run after the build: node scripts/lms-sizes.mjs
import { readFileSync } from 'node:fs';
import { buildQuizPackage } from '../src/lms/package/node.js';

const mixed = JSON.parse(readFileSync(new URL('../tests/browser/lms-fixtures/mixed-bank.json', import.meta.url), 'utf8'));
for (const [label, options] of [['built-in bank, ko', {}], ['built-in bank, en', { lang: 'en' }], ['four-question bank', { bank: mixed }]]) {
  const row = [];
  for (const format of ['scorm12', 'scorm2004', 'cmi5']) {
    const { zip, files } = await buildQuizPackage({ format, ...options });
    row.push(`${format} ${zip.length} B (${files.filter((f) => f.startsWith('fonts/')).length} font pieces)`);
  }
  console.log(`${label} | ${row.join(' | ')}`);
}

// The sizes of LMS quiz packages, the table of docs/lms.md between the <!-- lms-sizes --> markers: each
// format of src/lms/formats/index.js with the built-in bank in Korean and English and with the
// four-question test bank, and what they are made of. Built from dist/ (bash build.sh wasm bundles first):
//   node scripts/lms-sizes.mjs [--check]   (scripts/generated-file.mjs; tests/docs/generated.test.js)
// Sizes are shown in kB, and a page whose every size is within 5 % of today's build, with the same
// number of font pieces, is left as it is: the table stays true without changing at every edit of the
// bank or the quiz.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FORMAT_NAMES as FORMATS } from '../src/lms/formats/index.js';
import { root, readRepoFile, runGenerator, section, withSection } from './generated-file.mjs';

const PAGE = 'docs/lms.md';
const TOLERANCE = 0.05;
const BANKS = [
  ['내장 은행, ko, 기본 옵션', {}],
  ['내장 은행, en', { lang: 'en' }],
  ['4문제짜리 선생님 은행 (`tests/browser/lms-fixtures/mixed-bank.json`)', { bank: 'tests/browser/lms-fixtures/mixed-bank.json' }],
];

const kB = (bytes) => `${Math.round(bytes / 1000).toLocaleString('en-US')} kB`;
const MB = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function sizesSection() {
  for (const file of ['dist/pe_ffn.wasm', 'dist/lms/quiz-lms.js', 'dist/lms/fonts.json']) {
    if (!existsSync(join(root, file))) throw new Error(`lms-sizes: ${file} is missing: run bash build.sh wasm bundles first`);
  }
  const { buildQuizPackage } = await import('../src/lms/package/node.js');
  const lines = [`| 문제 은행 | ${FORMATS.join(' | ')} | 글꼴 조각 |`, `|---|${FORMATS.map(() => '---|').join('')}---|`];
  for (const [label, { bank, ...options }] of BANKS) {
    const cells = [];
    let pieces;
    for (const format of FORMATS) {
      const built = await buildQuizPackage({ format, ...options, ...(bank && { bank: JSON.parse(readFileSync(join(root, bank), 'utf8')) }) });
      cells.push(kB(built.zip.length));
      pieces = built.files.filter((f) => f.startsWith('fonts/')).length;
    }
    lines.push(`| ${label} | ${cells.join(' | ')} | ${pieces}개 |`);
  }
  const fontDir = join(root, 'dist/lms/fonts');
  const fonts = readdirSync(fontDir);
  const fontBytes = fonts.reduce((sum, f) => sum + statSync(join(fontDir, f)).size, 0);
  const size = (file) => statSync(join(root, file)).size;
  return `${lines.join('\n')}

대부분은 글꼴입니다: Noto Sans KR(보통 굵기)을 유니코드 구간별로 나눈 조각 ${fonts.length}개(${MB(fontBytes)}) 가운데
**패키지의 글자가 쓰는 조각만** 넣습니다. 나머지는 퀴즈 번들(\`quiz-lms.js\`, 압축 전 ${kB(size('dist/lms/quiz-lms.js'))})과
\`.wasm\`(압축 전 ${kB(size('dist/pe_ffn.wasm'))})입니다.`;
}

/** Two texts that differ only in their sizes, each within the tolerance. */
function sameWithinTolerance(shown, measured) {
  const size = /(\d[\d,.]*) (kB|MB)/g;
  const template = (text) => text.replace(size, '#');
  const values = (text) => [...text.matchAll(size)].map((m) => Number(m[1].replace(/,/g, '')) * (m[2] === 'MB' ? 1000 : 1));
  if (template(shown) !== template(measured)) return false;
  const [a, b] = [values(shown), values(measured)];
  return a.every((value, i) => Math.abs(value - b[i]) <= TOLERANCE * b[i]);
}

export async function outputs() {
  const page = readRepoFile(PAGE);
  const measured = await sizesSection();
  const body = sameWithinTolerance(section(page, 'lms-sizes', PAGE), measured) ? section(page, 'lms-sizes', PAGE) : measured;
  return [{ file: PAGE, content: withSection(page, 'lms-sizes', body, PAGE) }];
}

await runGenerator(import.meta.url, outputs);

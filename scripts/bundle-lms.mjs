// Prebuilds what a quiz package for an LMS is made of, so that the `quiz-package` command and the quiz
// page only assemble a zip (no bundler at packaging time):
//   dist/lms/quiz-lms.js     the launch page's script: the quiz element, the LMS adapters and the wasm
//                            loader in one file (nothing external: a package is self-contained)
//   dist/lms/fonts/*.woff2   Noto Sans KR, regular, in the unicode-range pieces of @fontsource
//   dist/lms/fonts.json      each piece's file and code-point ranges (a package takes only the pieces
//                            its text uses), and the fonts' licence
//   dist/lms/schemas/<format>/  the SCORM schema files a package carries (each format's schemas: src/lms/formats/)
//   dist/quiz-package.js     the packaging for Node (the command, `pe-ffn-wasm/quiz-package`), with fflate
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import { LMS_FORMATS } from '../src/lms/formats/index.js';

const FONT_DIR = 'node_modules/@fontsource/noto-sans-kr';

export async function bundleLms() {
  mkdirSync('dist/lms/fonts', { recursive: true });
  const common = { bundle: true, format: 'esm', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning' };
  await build({ ...common, entryPoints: ['web/lms-launch.js'], outfile: 'dist/lms/quiz-lms.js', platform: 'browser' });
  await build({ ...common, entryPoints: ['src/lms/package/node.js'], outfile: 'dist/quiz-package.js', platform: 'node', minify: false });
  for (const { name: format, schemas: files } of LMS_FORMATS) {
    if (!files.length) continue;
    mkdirSync(`dist/lms/schemas/${format}`, { recursive: true });
    for (const f of files) copyFileSync(`src/lms/package/schemas/${format}/${f}`, `dist/lms/schemas/${format}/${f}`);
  }
  // A package without its fonts would fall back to whatever the learner's device has: stop instead.
  if (!existsSync(FONT_DIR)) throw new Error(`bundle-lms: ${FONT_DIR} is missing; run 'npm ci' (bash scripts/setup.sh)`);
  // unicode.json: { "[0]": "U+f9ca-fa0b,U+ff03-ff05,…", "latin": "…", … }, one entry per piece.
  const pieces = JSON.parse(readFileSync(`${FONT_DIR}/unicode.json`, 'utf8'));
  const fonts = [];
  for (const [name, ranges] of Object.entries(pieces)) {
    const piece = name.replace(/^\[(\d+)\]$/, '$1');
    const file = `noto-sans-kr-${piece}-400-normal.woff2`;
    if (!existsSync(`${FONT_DIR}/files/${file}`)) continue;
    copyFileSync(`${FONT_DIR}/files/${file}`, `dist/lms/fonts/${file}`);
    const parsed = ranges.split(',').map((r) => r.trim().replace(/^U\+/i, '').split('-').map((h) => Number.parseInt(h, 16)))
      .map(([a, b]) => [a, b ?? a]);
    fonts.push({ file, ranges: parsed });
  }
  const license = readFileSync(`${FONT_DIR}/LICENSE`, 'utf8');
  writeFileSync('dist/lms/fonts.json', JSON.stringify({ family: 'Noto Sans KR', weight: 400, license, fonts }));
}

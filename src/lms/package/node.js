// pe-ffn-wasm/quiz-package for Node scripts: build a quiz package for an LMS and write it to a file.
// The prebuilt parts are read from the package's dist/ folder (see scripts/bundle-lms.mjs).
//   buildQuizPackage(options, read?)        -> Promise<{ zip, files, options, id }>
//   writeQuizPackage(options, outFile)      -> Promise<{ file, bytes, files }> (writes nothing on error)
//   distReader(distDir?)                    -> read(name) for buildQuizPackage
//   questionList, formatQuestionList, bankFile: what a teacher chooses from (question-list.js)
import { readFile, writeFile, rename } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildQuizPackage as build } from './package.js';

export { packageOptions, FORMATS } from './package-options.js';
export { questionList, formatQuestionList, bankFile } from './question-list.js';
export { QUIZ_COUNT, SEED_MAX } from '../../quiz/limits.js';

function defaultDist() {
  // Bundled as dist/quiz-package.js the parts sit beside it; run from src/lms/package they are in ../../../dist.
  for (const rel of ['./', '../../../dist/']) {
    const dir = new URL(rel, import.meta.url);
    if (existsSync(new URL('lms/quiz-lms.js', dir))) return dir;
  }
  throw new Error('quiz-package: the prebuilt files (dist/lms/quiz-lms.js) are missing; run the build first');
}

export function distReader(distDir = defaultDist()) {
  const dir = distDir instanceof URL ? distDir : pathToFileURL(distDir.endsWith('/') ? distDir : `${distDir}/`);
  return async (name) => new Uint8Array(await readFile(fileURLToPath(new URL(name, dir))));
}

export function buildQuizPackage(options, read = distReader()) {
  return build(options, read);
}

export async function writeQuizPackage(options, outFile, read = distReader()) {
  if (typeof outFile !== 'string' || !outFile.endsWith('.zip')) throw new Error('--out: expected a file name ending in .zip');
  const result = await build(options, read);
  // Written beside the target and renamed: a failed write never leaves half a zip under its name.
  const partial = `${outFile}.partial`;
  await writeFile(partial, result.zip);
  await rename(partial, outFile);
  return { file: outFile, bytes: result.zip.length, files: result.files };
}

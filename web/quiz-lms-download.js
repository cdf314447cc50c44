// "LMS용으로 내려받기" on the quiz page: the same zip as `npx pe-ffn-wasm quiz-package`, built in the
// browser by the same buildQuizPackage() from the same prebuilt parts, which the site ships as plain
// files (Vite's ?url imports; the launch bundle as ?raw text, since the dev server would rewrite a
// .js file it serves). Loaded only when a teacher asks for a package.
//   downloadLmsPackage(options) -> Promise<{ name, bytes }>  (options as for the command)
import { buildQuizPackage } from '../src/lms/package/package.js';
import { saveFile } from '../src/elements/shared/data-export.js';
import bundleText from '../dist/lms/quiz-lms.js?raw';
import wasmUrl from '../dist/pe_ffn.wasm?url';
import fontIndexUrl from '../dist/lms/fonts.json?url';

const fontUrls = import.meta.glob('../dist/lms/fonts/*.woff2', { query: '?url', import: 'default', eager: true });
const schemaUrls = import.meta.glob(['../dist/lms/schemas/*/*.xsd', '../dist/lms/schemas/*/*.dtd'], { query: '?url', import: 'default', eager: true });
const byName = {
  'pe_ffn.wasm': wasmUrl,
  'lms/fonts.json': fontIndexUrl,
  ...Object.fromEntries(Object.entries(fontUrls).map(([path, url]) => [`lms/fonts/${path.split('/').pop()}`, url])),
  ...Object.fromEntries(Object.entries(schemaUrls).map(([path, url]) => [path.replace('../dist/', ''), url])),
};

async function read(name) {
  if (name === 'lms/quiz-lms.js') return new TextEncoder().encode(bundleText);
  const url = byName[name];
  if (!url) throw new Error(`LMS package: the site has no ${name}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`LMS package: ${name}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function downloadLmsPackage(options) {
  const { zip, options: o } = await buildQuizPackage(options, read);
  const name = `pe-ffn-quiz-${o.format}-${o.topic}-${o.lang}${o.seed ? `-seed${o.seed}` : ''}.zip`;
  saveFile(zip, name, 'application/zip');
  return { name, bytes: zip.length };
}

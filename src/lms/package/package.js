// Builds a quiz package for an LMS: one zip with the format's manifest at its root (imsmanifest.xml for
// SCORM 1.2 and 2004, cmi5.xml for cmi5: src/lms/formats/), the launch page, the quiz bundle, the
// .wasm, the bank when it is a teacher's own, the fonts and the licences. Everything the quiz needs is inside: it fetches nothing
// from another host. The same function runs in Node (the `quiz-package` command) and in the browser
// (the quiz page's "LMS용으로 내려받기"); only where the prebuilt files come from differs.
//   buildQuizPackage(rawOptions, read) -> Promise<{ zip: Uint8Array, files: string[], options, id }>
//     rawOptions: see package-options.js (checked first: a bad option rejects before anything is read)
//     read(name) -> Promise<Uint8Array> for the prebuilt files: 'lms/quiz-lms.js', 'pe_ffn.wasm',
//       'lms/fonts.json' and 'lms/fonts/<piece>.woff2' (paths inside dist/)
import { zipSync, strToU8 } from 'fflate';
import { packageOptions } from './package-options.js';
import { lmsFormat } from '../formats/index.js';
import { launchPage } from './launch-page.js';
import { launchCss } from './launch-css.js';
import { hashSeed } from '../../quiz/prng.js';
import { fontPieces, fontFaceCss } from './fonts.js';
import { licenseText } from './licenses.js';
import launchKo from '../../i18n/ko/lms-launch.js';
import launchEn from '../../i18n/en/lms-launch.js';
import quizKo from '../../i18n/ko/pe-ffn-quiz.js';
import quizEn from '../../i18n/en/pe-ffn-quiz.js';
import commonKo from '../../i18n/ko/common.js';
import commonEn from '../../i18n/en/common.js';

const UI_TEXT = { ko: [quizKo, commonKo, launchKo], en: [quizEn, commonEn, launchEn] };
const decoder = new TextDecoder();
const DESCRIPTION = {
  ko: '사인·코사인 위치 인코딩과 피드포워드(FFN) 퀴즈 (pe-ffn-wasm)',
  en: 'A quiz on sinusoidal positional encoding and the feed-forward network (pe-ffn-wasm)',
};

function packageId(o) {
  const key = JSON.stringify([o.format, o.title, o.lang, o.topic, o.count, o.seed, o.mastery, o.customBank ? o.bank : 'builtin']);
  return `${hashSeed(key).toString(16).padStart(8, '0')}${hashSeed(`${key}#`).toString(16).padStart(8, '0')}`;
}

export async function buildQuizPackage(rawOptions, read) {
  if (typeof read !== 'function') throw new TypeError('read: expected a function (name) -> Promise<Uint8Array> for the prebuilt files');
  const o = packageOptions(rawOptions);
  const hex = packageId(o);
  const format = lmsFormat(o.format);
  const id = format.packageId(hex);
  const [bundle, wasm, fontIndexBytes] = await Promise.all([read('lms/quiz-lms.js'), read('pe_ffn.wasm'), read('lms/fonts.json')]);
  const fontIndex = JSON.parse(decoder.decode(fontIndexBytes));
  // Every character the page can show: the bank, the interface and the title (digits and Latin come
  // with the bank's formulas and the English strings).
  const text = [JSON.stringify(o.bank), JSON.stringify(UI_TEXT[o.lang]), o.title, '0123456789'].join('');
  const pieces = fontPieces(fontIndex, text);
  const fontBytes = await Promise.all(pieces.map((p) => read(`lms/fonts/${p.file}`)));
  const content = {
    'index.html': strToU8(launchPage({
      title: o.title, lang: o.lang, titleShown: o.title !== UI_TEXT[o.lang][0].title,
      config: { id: hex, format: o.format, lang: o.lang, topic: o.topic, count: o.count, seed: o.seed, mastery: o.mastery, bank: o.customBank ? 'bank.json' : '' },
    })),
    'launch.css': strToU8(launchCss(fontFaceCss(fontIndex, pieces))),
    'quiz-lms.js': bundle,
    'pe_ffn.wasm': wasm,
  };
  if (o.customBank) content['bank.json'] = strToU8(JSON.stringify(o.bank));
  pieces.forEach((p, i) => { content[`fonts/${p.file}`] = fontBytes[i]; });
  content['LICENSES.txt'] = strToU8(licenseText(fontIndex));
  const files = Object.keys(content);
  const manifest = { id, title: o.title, lang: o.lang, mastery: o.mastery, files, description: DESCRIPTION[o.lang] };
  content[format.manifestFile] = strToU8(format.manifest(manifest));
  // The .wasm and fonts barely shrink (woff2 is compressed already); the text files shrink a lot.
  const entries = {};
  for (const [name, bytes] of Object.entries(content)) entries[name] = [bytes, { level: name.endsWith('.woff2') ? 0 : 9 }];
  // A fixed date: the same options give the same bytes.
  const zip = zipSync(entries, { mtime: new Date('2026-01-01T00:00:00Z') });
  return { zip, files: Object.keys(content), options: o, id };
}

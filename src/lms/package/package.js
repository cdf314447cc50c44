// Builds a quiz package for an LMS: one zip with the format's manifest at its root (imsmanifest.xml for
// SCORM 1.2 and 2004, cmi5.xml for cmi5: src/lms/formats/), the launch page, the quiz bundle, the .wasm, the bank when it is a
// teacher's own (or the questions chosen with --ids), the fonts, the licences and, for SCORM, the
// schema files the manifest names. Everything the quiz needs is inside: it fetches nothing
// from another host. The same function runs in Node (the `quiz-package` command) and in the browser
// (the quiz page's "LMS용으로 내려받기"); only where the prebuilt files come from differs.
//   buildQuizPackage(rawOptions, read) -> Promise<{ zip: Uint8Array, files: string[], options, id }>
//     rawOptions: see package-options.js (checked first: a bad option rejects before anything is read)
//     read(name) -> Promise<Uint8Array> for the prebuilt files: 'lms/quiz-lms.js', 'pe_ffn.wasm',
//       'lms/fonts.json', 'lms/fonts/<piece>.woff2' and 'lms/schemas/<format>/<file>' (paths inside dist/)
//     id: the manifest's identifier (SCORM) or the course id (cmi5): --id, else a urn:uuid made from the
//       options, so that the same options give the same id and different ones a different id
import { zipSync, strToU8 } from 'fflate';
import { packageOptions } from './package-options.js';
import { lmsFormat } from '../formats/index.js';
import { launchPage } from './launch-page.js';
import { launchCss } from './launch-css.js';
import { hex8, uuidUrn } from '../formats/uuid.js';
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

function packageKey(o) {
  return JSON.stringify([o.format, o.title, o.lang, o.topic, o.count, o.seed, o.mastery, o.customBank ? o.bank : 'builtin', o.courseId]);
}

export async function buildQuizPackage(rawOptions, read) {
  if (typeof read !== 'function') throw new TypeError('read: expected a function (name) -> Promise<Uint8Array> for the prebuilt files');
  const o = packageOptions(rawOptions);
  const key = packageKey(o);
  const hex = `${hex8(key)}${hex8(`${key}#`)}`;
  const format = lmsFormat(o.format);
  const id = format.packageId({ hex, urn: uuidUrn(key), courseId: o.courseId });
  const auId = format.auId?.(id) ?? null;
  const schemas = format.schemas;
  const [bundle, wasm, fontIndexBytes, ...schemaBytes] = await Promise.all([read('lms/quiz-lms.js'), read('pe_ffn.wasm'), read('lms/fonts.json'),
    ...schemas.map((f) => read(`lms/schemas/${o.format}/${f}`))]);
  const fontIndex = JSON.parse(decoder.decode(fontIndexBytes));
  // Every character the page can show: the bank, the interface and the title (digits and Latin come
  // with the bank's formulas and the English strings).
  const text = [JSON.stringify(o.bank), JSON.stringify(UI_TEXT[o.lang]), o.title, '0123456789'].join('');
  const pieces = fontPieces(fontIndex, text);
  const fontBytes = await Promise.all(pieces.map((p) => read(`lms/fonts/${p.file}`)));
  const content = {
    'index.html': strToU8(launchPage({
      title: o.title, lang: o.lang,
      config: { id: hex, format: o.format, lang: o.lang, title: o.title, topic: o.topic, count: o.count, seed: o.seed, mastery: o.mastery, bank: o.customBank ? 'bank.json' : '' },
    })),
    'launch.css': strToU8(launchCss(fontFaceCss(fontIndex, pieces))),
    'quiz-lms.js': bundle,
    'pe_ffn.wasm': wasm,
  };
  if (o.customBank) content['bank.json'] = strToU8(JSON.stringify(o.bank));
  pieces.forEach((p, i) => { content[`fonts/${p.file}`] = fontBytes[i]; });
  content['LICENSES.txt'] = strToU8(licenseText(fontIndex, { schemas: schemas.length > 0 }));
  const files = Object.keys(content);
  // The schemas sit at the root beside the manifest, where its schemaLocation looks; they are not
  // part of the SCO, so its resource does not list them.
  schemas.forEach((f, i) => { content[f] = schemaBytes[i]; });
  const manifest = { id, auId, title: o.title, lang: o.lang, mastery: o.mastery, files, description: o.description };
  content[format.manifestFile] = strToU8(format.manifest(manifest));
  // The .wasm and fonts barely shrink (woff2 is compressed already); the text files shrink a lot.
  const entries = {};
  for (const [name, bytes] of Object.entries(content)) entries[name] = [bytes, { level: name.endsWith('.woff2') ? 0 : 9 }];
  // A fixed date: the same options give the same bytes.
  const zip = zipSync(entries, { mtime: new Date('2026-01-01T00:00:00Z') });
  return { zip, files: Object.keys(content), options: o, id };
}

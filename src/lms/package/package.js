// Builds a quiz package for an LMS: one zip with the manifest at its root (imsmanifest.xml for SCORM
// 1.2 and 2004, cmi5.xml for cmi5), the launch page, the quiz bundle, the .wasm, the bank when it is a
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
import { scorm12Manifest, scorm2004Manifest, cmi5CourseStructure } from './manifests.js';
import { launchPage } from './launch-page.js';
import { launchCss } from './launch-css.js';
import { hashSeed } from '../../quiz/prng.js';
import { fontPieces, fontFaceCss } from './fonts.js';
import { licenseText } from './licenses.js';
import { SCHEMA_FILES } from './schemas.js';
import launchKo from '../../i18n/ko/lms-launch.js';
import launchEn from '../../i18n/en/lms-launch.js';
import quizKo from '../../i18n/ko/pe-ffn-quiz.js';
import quizEn from '../../i18n/en/pe-ffn-quiz.js';
import commonKo from '../../i18n/ko/common.js';
import commonEn from '../../i18n/en/common.js';

const UI_TEXT = { ko: [quizKo, commonKo, launchKo], en: [quizEn, commonEn, launchEn] };
const decoder = new TextDecoder();

const hex8 = (text) => hashSeed(text).toString(16).padStart(8, '0');

function packageKey(o) {
  return JSON.stringify([o.format, o.title, o.lang, o.topic, o.count, o.seed, o.mastery, o.customBank ? o.bank : 'builtin', o.courseId]);
}

/**
 * A name-based UUID (RFC 9562 version 8: 122 bits of FNV-1a hashes of `key`, with the version and
 * variant bits set) as a urn:uuid IRI. No domain in it: the package is nobody's web address.
 */
export function uuidUrn(key) {
  const h = [0, 1, 2, 3].map((i) => hex8(`${i}:${key}`)).join(''); // the index first: it stirs the whole hash
  const variant = ((Number.parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function buildQuizPackage(rawOptions, read) {
  if (typeof read !== 'function') throw new TypeError('read: expected a function (name) -> Promise<Uint8Array> for the prebuilt files');
  const o = packageOptions(rawOptions);
  const key = packageKey(o);
  const hex = `${hex8(key)}${hex8(`${key}#`)}`;
  // cmi5: the course and its AU are activities (IRIs); the AU's id is derived from the course's, so
  // a teacher's --id gives both. SCORM: an XML identifier.
  const id = o.format === 'cmi5' ? (o.courseId || uuidUrn(key)) : `pe-ffn-quiz-${hex}`;
  const auId = o.format === 'cmi5' ? uuidUrn(`${id}#au`) : null;
  const schemas = SCHEMA_FILES[o.format];
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
  if (o.format === 'scorm12') content['imsmanifest.xml'] = strToU8(scorm12Manifest(manifest));
  else if (o.format === 'scorm2004') content['imsmanifest.xml'] = strToU8(scorm2004Manifest(manifest));
  else content['cmi5.xml'] = strToU8(cmi5CourseStructure(manifest));
  // The .wasm and fonts barely shrink (woff2 is compressed already); the text files shrink a lot.
  const entries = {};
  for (const [name, bytes] of Object.entries(content)) entries[name] = [bytes, { level: name.endsWith('.woff2') ? 0 : 9 }];
  // A fixed date: the same options give the same bytes.
  const zip = zipSync(entries, { mtime: new Date('2026-01-01T00:00:00Z') });
  return { zip, files: Object.keys(content), options: o, id };
}

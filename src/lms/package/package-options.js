// The options of a quiz package, checked before anything is built: every problem is an Error that
// names the option (and, for a bank, the schema's path to the bad field), so the command can print it
// and write no file. Numbers are decimal only (src/quiz/limits.js): a count of '0x10', true or [7] and
// a pass mark of true, '0x1' or '   ' are refused, not read as 16, 7, 1 or 0.
//   packageOptions(raw) -> { format, title, description, lang, topic, count (null: not asked), seed, mastery,
//                            bank, customBank, ids (null: not asked), courseId (null: derived) }
//     raw: { format, title?, lang?, topic?, count?, seed?, mastery?, bank? (parsed JSON), ids?, id? }
//     title: --title, else a teacher's bank's own title, else the quiz element's title
//     mastery: a share 0..1 (default 0.8), or 'none' / null for completion only
//     ids: 'a,b,c' or ['a', 'b', 'c']: exactly these questions of the bank (the package then carries
//       them as its own bank file); every learner gets all of them, in an order of their seed
//     id: the cmi5 course id, an absolute IRI the teacher controls (cmi5 only; default: a urn:uuid)
import { FORMAT_NAMES, lmsFormat } from '../formats/index.js';
import { builtinBank } from '../../quiz/bank.js';
import { validateBank } from '../../quiz/schema.js';
import { resolveTopic } from '../../quiz/select.js';
import { QUIZ_COUNT, SEED_MAX, readCount, readDecimal } from '../../quiz/limits.js';
import quizKo from '../../i18n/ko/pe-ffn-quiz.js';
import quizEn from '../../i18n/en/pe-ffn-quiz.js';

/** The formats' names (src/lms/formats/index.js). */
export const FORMATS = FORMAT_NAMES;
const LANGS = ['ko', 'en'];
const DEFAULT_TITLE = { ko: quizKo.title, en: quizEn.title }; // the quiz element's own title
const DEFAULT_MASTERY = 0.8;
const MAX_TITLE = 200;
const MAX_IRI = 1000;
// An absolute IRI: a scheme, a colon, then no space, control character or character RFC 3987 excludes.
const IRI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s\u0000-\u001f\u007f<>"{}|\\^`]+$/u;
// What an LMS shows under the title. The built-in bank's questions are on the documents' topics
// whatever their selection; a teacher's bank is described by its title only.
const DESCRIPTION = {
  ko: { builtin: '사인·코사인 위치 인코딩과 피드포워드(FFN) 퀴즈 (pe-ffn-wasm)', custom: (title) => `${title}: 교사의 문제 은행으로 만든 퀴즈 (pe-ffn-wasm)` },
  en: { builtin: 'A quiz on sinusoidal positional encoding and the feed-forward network (pe-ffn-wasm)', custom: (title) => `${title}: a quiz from a teacher's question bank (pe-ffn-wasm)` },
};

function fail(option, message) {
  const error = new Error(`${option}: ${message}`);
  error.option = option;
  throw error;
}

const shown = (value) => (typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? JSON.stringify(value) : String(value));

/** A text option: a string (or, where `numbers` allows, a finite number, written in decimal). */
function textOption(option, value, fallback, { numbers = false } = {}) {
  if (value === undefined) return fallback;
  if (typeof value === 'string') return value;
  if (numbers && typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fail(option, `expected ${numbers ? 'text or a number' : 'text'}, got ${shown(value)}`);
}

function readMastery(value) {
  if (value === undefined) return DEFAULT_MASTERY;
  if (value === null || value === 'none') return null;
  const m = readDecimal(value);
  if (!(m >= 0 && m <= 1)) fail('--mastery', `expected a share from 0 to 1 written in decimal (0.8 = 80 %) or 'none', got ${shown(value)}`);
  return m;
}

function readCountOption(value) {
  if (value === undefined || value === null) return null; // the quiz's own default (12; the document topic: all its examples)
  const count = readCount(value);
  if (!(count >= QUIZ_COUNT.min && count <= QUIZ_COUNT.max)) {
    fail('--count', `expected a whole number from ${QUIZ_COUNT.min} to ${QUIZ_COUNT.max} in decimal digits, got ${shown(value)}`);
  }
  return count;
}

/** The --ids list: ids of the bank's questions, each once, in the teacher's order. */
function readIds(value, bank) {
  if (value === undefined || value === null) return null;
  let list;
  if (typeof value === 'string') list = value.split(',').map((id) => id.trim());
  else if (Array.isArray(value) && value.every((id) => typeof id === 'string')) list = value.map((id) => id.trim());
  else fail('--ids', `expected question ids separated by commas, got ${shown(value)}`);
  if (!list.length || list.some((id) => !id)) fail('--ids', `expected question ids separated by commas, got ${shown(value)}`);
  if (list.length > QUIZ_COUNT.max) fail('--ids', `at most ${QUIZ_COUNT.max} questions in one quiz, got ${list.length}`);
  const byId = new Map(bank.questions.map((q) => [q.id, q]));
  const seen = new Set();
  for (const id of list) {
    if (seen.has(id)) fail('--ids', `${JSON.stringify(id)} is given twice`);
    seen.add(id);
    if (!byId.has(id)) fail('--ids', `no question ${JSON.stringify(id.slice(0, 80))} in the bank (--list shows the ids)`);
  }
  return list;
}

function readCourseId(value, format) {
  if (value === undefined || value === null) return null;
  if (!lmsFormat(format).auId) fail('--id', `only for --format ${FORMATS.filter((f) => lmsFormat(f).auId).join(' or ')} (a SCORM package names itself)`);
  if (typeof value !== 'string' || !IRI.test(value) || value.length > MAX_IRI) {
    fail('--id', `expected an absolute IRI of at most ${MAX_IRI} characters (https://your.school/quiz/1 or urn:…), got ${shown(value)}`);
  }
  return value;
}

export function packageOptions(raw = {}) {
  const format = raw.format;
  if (!FORMATS.includes(format)) fail('--format', `expected one of ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
  const lang = raw.lang ?? 'ko';
  if (!LANGS.includes(lang)) fail('--lang', `expected ko or en, got ${JSON.stringify(lang)}`);
  const count = readCountOption(raw.count);
  const seed = textOption('--seed', raw.seed ?? undefined, '', { numbers: true });
  if (seed.length > SEED_MAX) fail('--seed', `at most ${SEED_MAX} characters`);
  let bank = builtinBank();
  const ownBank = raw.bank !== undefined;
  if (ownBank) {
    try { bank = validateBank(raw.bank); } catch (error) { fail('--bank', error.message); }
  }
  const bankTitle = ownBank && typeof bank.title === 'string' ? bank.title : undefined;
  let title = textOption('--title', raw.title, undefined)?.trim() ?? (bankTitle || DEFAULT_TITLE[lang]).trim();
  if (!title) fail('--title', 'must not be empty');
  if (title.length > MAX_TITLE) fail('--title', `at most ${MAX_TITLE} characters`);
  title = title.replace(/[\u0000-\u001f\u007f]/g, ' ');
  const description = ownBank ? DESCRIPTION[lang].custom(title) : DESCRIPTION[lang].builtin;
  const courseId = readCourseId(raw.id, format);
  const ids = readIds(raw.ids, bank);
  if (ids) {
    if (raw.topic !== undefined && String(raw.topic).trim() !== 'all') fail('--topic', 'not with --ids (the ids are the quiz)');
    if (count !== null && count > ids.length) fail('--count', `at most the ${ids.length} questions of --ids, got ${count}`);
    const byId = new Map(bank.questions.map((q) => [q.id, q]));
    bank = { ...bank, questions: ids.map((id) => byId.get(id)) };
    const mastery = readMastery(raw.mastery);
    return { format, title, description, lang, topic: 'all', count: count ?? ids.length, seed, mastery, bank, customBank: true, ids, courseId };
  }
  const customBank = ownBank;
  const topic = textOption('--topic', raw.topic ?? undefined, 'all').trim();
  const spec = resolveTopic(topic, bank);
  if (spec && customBank && spec.sections && !spec.sections.length) fail('--topic', `${topic} is generated practice, which needs the built-in bank; with --bank use all, document or a section id`);
  if (!spec) {
    const sections = (bank.sections || []).map((s) => s.id);
    fail('--topic', `unknown topic ${JSON.stringify(topic)}; use all, document, pe, ffn, practice, a generated topic or a section id${sections.length ? ` (${sections.slice(0, 8).join(', ')}${sections.length > 8 ? ', …' : ''})` : ''}`);
  }
  return { format, title, description, lang, topic, count, seed, mastery: readMastery(raw.mastery), bank, customBank, ids: null, courseId };
}

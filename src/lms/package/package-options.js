// The options of a quiz package, checked before anything is built: every problem is an Error that
// names the option (and, for a bank, the schema's path to the bad field), so the command can print it
// and write no file.
//   packageOptions(raw) -> { format, title, lang, topic, count (null: not asked), seed, mastery, bank, customBank }
//     raw: { format, title?, lang?, topic?, count?, seed?, mastery?, bank? (parsed JSON) }
import { builtinBank } from '../bank.js';
import { validateBank } from '../schema.js';
import { resolveTopic } from '../select.js';
import quizKo from '../../i18n/ko/pe-ffn-quiz.js';
import quizEn from '../../i18n/en/pe-ffn-quiz.js';

export const FORMATS = ['scorm12', 'scorm2004', 'cmi5'];
const LANGS = ['ko', 'en'];
const DEFAULT_TITLE = { ko: quizKo.title, en: quizEn.title }; // the quiz element's own title
const MAX_TITLE = 200;

function fail(option, message) {
  const error = new Error(`${option}: ${message}`);
  error.option = option;
  throw error;
}

function readMastery(value) {
  if (value === undefined || value === null || value === '') return 0.8;
  if (value === 'none' || value === false) return null;
  const m = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(m) || m < 0 || m > 1) fail('--mastery', `expected a share from 0 to 1 (0.8 = 80 %) or 'none', got ${JSON.stringify(value)}`);
  return m;
}

export function packageOptions(raw = {}) {
  const format = raw.format;
  if (!FORMATS.includes(format)) fail('--format', `expected one of ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
  const lang = raw.lang ?? 'ko';
  if (!LANGS.includes(lang)) fail('--lang', `expected ko or en, got ${JSON.stringify(lang)}`);
  // No count: the quiz's own default (12 questions; the document topic: all its examples).
  const count = raw.count === undefined || raw.count === null ? null : Number(raw.count);
  if (count !== null && (!Number.isInteger(count) || count < 1 || count > 50)) fail('--count', `expected a whole number from 1 to 50, got ${JSON.stringify(raw.count)}`);
  const seed = raw.seed === undefined || raw.seed === null ? '' : String(raw.seed);
  if (seed.length > 64) fail('--seed', 'at most 64 characters');
  let title = raw.title === undefined ? DEFAULT_TITLE[lang] : String(raw.title).trim();
  if (!title) fail('--title', 'must not be empty');
  if (title.length > MAX_TITLE) fail('--title', `at most ${MAX_TITLE} characters`);
  title = title.replace(/[\u0000-\u001f\u007f]/g, ' ');
  let bank = builtinBank();
  const customBank = raw.bank !== undefined;
  if (customBank) {
    try { bank = validateBank(raw.bank); } catch (error) { fail('--bank', error.message); }
  }
  const topic = String(raw.topic ?? 'all').trim();
  const spec = resolveTopic(topic, bank);
  if (spec && customBank && spec.sections && !spec.sections.length) fail('--topic', `${topic} is generated practice, which needs the built-in bank; with --bank use all, document or a section id`);
  if (!spec) {
    const sections = (bank.sections || []).map((s) => s.id);
    fail('--topic', `unknown topic ${JSON.stringify(topic)}; use all, document, pe, ffn, practice, a generated topic or a section id${sections.length ? ` (${sections.slice(0, 8).join(', ')}${sections.length > 8 ? ', …' : ''})` : ''}`);
  }
  return { format, title, lang, topic, count, seed, mastery: readMastery(raw.mastery), bank, customBank };
}

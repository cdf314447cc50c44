// The options of a quiz package, checked before anything is built: every problem is an Error that
// names the option (and, for a bank, the schema's path to the bad field), so the command can print it
// and write no file. Numbers are decimal only (src/quiz/limits.js): a count of '0x10', true or [7] and
// a pass mark of true, '0x1' or '   ' are refused, not read as 16, 7, 1 or 0.
//   packageOptions(raw) -> { format, title, lang, topic, count (null: not asked), seed, mastery, bank, customBank }
//     raw: { format, title?, lang?, topic?, count?, seed?, mastery?, bank? (parsed JSON) }
//     mastery: a share 0..1 (default 0.8), or 'none' / null for completion only
import { FORMAT_NAMES } from '../formats/index.js';
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

export function packageOptions(raw = {}) {
  const format = raw.format;
  if (!FORMATS.includes(format)) fail('--format', `expected one of ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
  const lang = raw.lang ?? 'ko';
  if (!LANGS.includes(lang)) fail('--lang', `expected ko or en, got ${JSON.stringify(lang)}`);
  const count = readCountOption(raw.count);
  const seed = textOption('--seed', raw.seed ?? undefined, '', { numbers: true });
  if (seed.length > SEED_MAX) fail('--seed', `at most ${SEED_MAX} characters`);
  let title = textOption('--title', raw.title, DEFAULT_TITLE[lang]).trim();
  if (!title) fail('--title', 'must not be empty');
  if (title.length > MAX_TITLE) fail('--title', `at most ${MAX_TITLE} characters`);
  title = title.replace(/[\u0000-\u001f\u007f]/g, ' ');
  let bank = builtinBank();
  const customBank = raw.bank !== undefined;
  if (customBank) {
    try { bank = validateBank(raw.bank); } catch (error) { fail('--bank', error.message); }
  }
  const topic = textOption('--topic', raw.topic ?? undefined, 'all').trim();
  const spec = resolveTopic(topic, bank);
  if (spec && customBank && spec.sections && !spec.sections.length) fail('--topic', `${topic} is generated practice, which needs the built-in bank; with --bank use all, document or a section id`);
  if (!spec) {
    const sections = (bank.sections || []).map((s) => s.id);
    fail('--topic', `unknown topic ${JSON.stringify(topic)}; use all, document, pe, ffn, practice, a generated topic or a section id${sections.length ? ` (${sections.slice(0, 8).join(', ')}${sections.length > 8 ? ', …' : ''})` : ''}`);
  }
  return { format, title, lang, topic, count, seed, mastery: readMastery(raw.mastery), bank, customBank };
}

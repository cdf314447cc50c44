// Picks one language's text out of a question or a study sheet. A question's own fields hold the
// bank's language (Korean in the built-in bank); a two-letter key ({ en: {...} }) holds a translation.
// Missing translated fields fall back to the original text, so a half-translated bank still works.
import ko from '../i18n/ko/quiz.js';
import en from '../i18n/en/quiz.js';
import { fillTemplate } from '../i18n/particle.js';
import { kindOf } from './kinds/index.js';

const STRINGS = { ko, en };

/** The quiz module's strings for `lang` (Korean when the language is unknown). */
export function quizStrings(lang) {
  return Object.hasOwn(STRINGS, lang) ? STRINGS[lang] : STRINGS.ko;
}

/** Fills {name} placeholders from `values`; a Korean particle after one fits the value (../i18n/particle.js). */
export const fill = fillTemplate;

/**
 * Returns the question's text in `lang`: { prompt, choices, explanation, hints, unit, category,
 * answerText, distractors: [{ match, misconception, explanation }] }.
 */
export function localizeQuestion(q, lang = 'ko') {
  const t = (lang && Object.hasOwn(q, lang) && q[lang] && typeof q[lang] === 'object') ? q[lang] : {};
  const distractors = (q.distractors || []).map((d, i) => ({
    ...d,
    explanation: (t.distractors && t.distractors[i]) || d.explanation,
  }));
  const { translated } = kindOf(q);
  return {
    prompt: t.prompt || q.prompt,
    choices: translated.includes('choices') ? (t.choices || q.choices) : undefined,
    explanation: t.explanation || q.explanation,
    hints: t.hints || q.hints || [],
    unit: t.unit !== undefined ? t.unit : (q.unit || ''),
    category: t.category || q.category || '',
    answerText: translated.includes('answer') ? (t.answer || q.answer) : undefined,
    distractors,
  };
}

/** Every language's choices of a multiple-choice question (the original first). */
export function allChoiceLists(q) {
  const lists = [q.choices];
  for (const [key, value] of Object.entries(q)) {
    if (/^[a-z]{2}$/.test(key) && value && typeof value === 'object' && Array.isArray(value.choices)) lists.push(value.choices);
  }
  return lists;
}

/** Every accepted spelling of a text question, in every language. */
export function allTextAnswers(q) {
  const out = [q.answer, ...(q.accept || [])];
  for (const [key, value] of Object.entries(q)) {
    if (!/^[a-z]{2}$/.test(key) || !value || typeof value !== 'object') continue;
    if (value.answer) out.push(value.answer);
    if (value.accept) out.push(...value.accept);
  }
  return out;
}

/** A misconception's text in `lang`, looked up in a bank's misconceptions list. */
export function misconceptionText(list, id, lang = 'ko') {
  const m = (list || []).find((x) => x.id === id);
  if (!m) return '';
  return (m[lang] && m[lang].text) || m.text;
}

/** The study sheet (the documents' "유형 / 풀이·예시" table) in `lang`. */
export function localizeStudySheet(sheet, lang = 'ko') {
  if (!sheet) return null;
  const t = (sheet[lang] && typeof sheet[lang] === 'object') ? sheet[lang] : {};
  return {
    title: t.title || sheet.title,
    columns: t.columns || sheet.columns || ['', ''],
    summary: t.summary || sheet.summary || '',
    rows: sheet.rows.map((row, i) => ({ ...row, ...((t.rows && t.rows[i]) || {}) })),
  };
}

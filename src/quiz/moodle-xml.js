// Moodle XML export: toMoodleXML(questions, { lang, category }) -> a <quiz> document that Moodle's
// "Moodle XML format" importer reads. mc -> multichoice (single answer, choices not reshuffled by
// Moodle since our order is part of the question), ox -> truefalse, number -> numerical with
// <tolerance> (absolute), text -> shortanswer (case-insensitive). Text is plain text, XML-escaped;
// known wrong answers carry their explanation as per-answer feedback.
import { localizeQuestion } from './localize.js';
import { kindOf } from './kinds/index.js';

/** Escapes text for XML element content and attribute values. */
export function escapeXML(text) {
  return String(text)
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    // Characters XML 1.0 forbids (controls other than tab, LF, CR) are dropped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

const num = (x) => String(Number(x.toPrecision(15)));
const textEl = (tag, text, indent) => `${indent}<${tag} format="plain_text"><text>${escapeXML(text)}</text></${tag}>`;

function answer(fraction, text, feedback, indent, extra = '') {
  return [
    `${indent}<answer fraction="${fraction}" format="plain_text">`,
    `${indent}  <text>${escapeXML(text)}</text>`,
    extra,
    `${indent}  <feedback format="plain_text"><text>${escapeXML(feedback || '')}</text></feedback>`,
    `${indent}</answer>`,
  ].filter(Boolean).join('\n');
}


function questionXML(q, lang) {
  const L = localizeQuestion(q, lang);
  const i = '    ';
  const lines = [
    `  <question type="${kindOf(q).moodleType}">`,
    `${i}<name><text>${escapeXML(q.id)}</text></name>`,
    textEl('questiontext', L.prompt, i),
    textEl('generalfeedback', L.explanation, i),
    `${i}<defaultgrade>1</defaultgrade>`,
    `${i}<penalty>0.3333333</penalty>`,
    `${i}<hidden>0</hidden>`,
    `${i}<idnumber>${escapeXML(q.id)}</idnumber>`,
  ];
  const feedbackFor = (match) => (L.distractors.find((d) => d.match === match) || {}).explanation || '';
  if (q.type === 'mc') {
    lines.push(`${i}<single>true</single>`, `${i}<shuffleanswers>false</shuffleanswers>`, `${i}<answernumbering>123</answernumbering>`);
    L.choices.forEach((c, k) => lines.push(answer(k + 1 === q.answer ? 100 : 0, c, feedbackFor(k + 1), i)));
  } else if (q.type === 'ox') {
    lines.push(answer(q.answer === 1 ? 100 : 0, 'true', feedbackFor(1), i));
    lines.push(answer(q.answer === 0 ? 100 : 0, 'false', feedbackFor(0), i));
  } else if (q.type === 'number') {
    const tol = `${i}  <tolerance>${num(q.tolerance || 0)}</tolerance>`;
    lines.push(answer(100, num(q.answer), '', i, tol));
    for (const d of L.distractors) lines.push(answer(0, num(d.match), d.explanation, i, tol));
    // Every unit the question accepts, each worth the number as it is (a percentage would need a base unit of 1).
    const units = [...new Set([L.unit, ...(q.units || [])].filter((u) => u && u !== '%'))];
    if (units.length) lines.push(`${i}<units>`, ...units.map((u) => `${i}  <unit><multiplier>1</multiplier><unit_name>${escapeXML(u)}</unit_name></unit>`), `${i}</units>`,
      `${i}<unitgradingtype>0</unitgradingtype>`, `${i}<showunits>3</showunits>`, `${i}<unitsleft>0</unitsleft>`);
  } else {
    lines.push(`${i}<usecase>0</usecase>`);
    const accepted = [...new Set([L.answerText, q.answer, ...(q.accept || [])])];
    for (const a of accepted) lines.push(answer(100, a, '', i));
    for (const d of L.distractors) lines.push(answer(0, d.match, d.explanation, i));
  }
  for (const hint of L.hints) lines.push(`${i}<hint format="plain_text"><text>${escapeXML(hint)}</text></hint>`);
  const tags = [...(q.tags || []), ...(q.section ? [`section:${q.section}`] : [])];
  if (tags.length) lines.push(`${i}<tags>`, ...tags.map((t) => `${i}  <tag><text>${escapeXML(t)}</text></tag>`), `${i}</tags>`);
  lines.push('  </question>');
  return lines.join('\n');
}

/** Exports questions (bank format) as a Moodle XML document in `lang` ('ko' default). */
export function toMoodleXML(questions, { lang = 'ko', category = '' } = {}) {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  if (category) {
    parts.push('  <question type="category">', `    <category><text>${escapeXML(`$course$/${category}`)}</text></category>`, '  </question>');
  }
  for (const q of questions) parts.push(questionXML(q, lang));
  parts.push('</quiz>', '');
  return parts.join('\n');
}

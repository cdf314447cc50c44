// Moodle XML export: toMoodleXML(questions, { lang, category }) -> a <quiz> document that Moodle's
// "Moodle XML format" importer reads. Each kind writes its own type and answers (src/quiz/kinds/):
// mc -> multichoice (single answer, choices not reshuffled by Moodle since our order is part of the
// question), ox -> truefalse, number -> numerical with <tolerance> (absolute), text -> shortanswer
// (case-insensitive). Text is plain text, XML-escaped; known wrong answers carry their explanation
// as per-answer feedback.
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
  const kind = kindOf(q);
  const i = '    ';
  const lines = [
    `  <question type="${kind.moodle.type}">`,
    `${i}<name><text>${escapeXML(q.id)}</text></name>`,
    textEl('questiontext', L.prompt, i),
    textEl('generalfeedback', L.explanation, i),
    `${i}<defaultgrade>1</defaultgrade>`,
    `${i}<penalty>0.3333333</penalty>`,
    `${i}<hidden>0</hidden>`,
    `${i}<idnumber>${escapeXML(q.id)}</idnumber>`,
  ];
  const feedbackFor = (match) => (L.distractors.find((d) => d.match === match) || {}).explanation || '';
  lines.push(...kind.moodle.answers(q, L, { answer, feedbackFor, escapeXML, num, indent: i }));
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

// One answered question as a SCORM interaction: type, learner response, result and correct-response
// patterns in the formats of SCORM 2004 4th edition (RTE book, cmi.interactions), from a bank question
// and the element's answer record.
//   interactionRecord(question, answer) -> { id, type, response, result, patterns: [..] }
//     response is omitted (null) when the solution was shown; result is then 'neutral'.
//   lmsText(text, max) -> text an LMS's characterstring takes (see below)
import { allTextAnswers } from '../../quiz/localize.js';
import { kindOf } from '../../quiz/kinds/index.js';

const MAX_TEXT = 250; // localized_string_type entries are SPM 250

// SCORM identifiers (long_identifier_type) must be URIs; a bank id becomes a URN part.
export function interactionId(questionId) {
  return `urn:pe-ffn-wasm:q:${encodeURIComponent(questionId).replace(/%/g, '.')}`;
}

/**
 * Any text as one SCORM characterstring: one line (the data model's strings hold no line breaks),
 * none of the delimiters "[,]" "[.]" "[:]" that separate fill-in and numeric entries, at most `max`
 * characters, and no "{" first, which the data model reads as a delimiter such as {lang=ko} or
 * {case_matters=true} (a prompt "{x} …" or a typed "{" made SetValue fail).
 */
export function lmsText(text, max = MAX_TEXT) {
  const line = String(text).replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').replace(/\[[,.:]\]/g, ' ');
  return Array.from(line.startsWith('{') ? ` ${line}` : line).slice(0, max).join('');
}

// Each kind says how SCORM and xAPI write its right answers and a learner's (src/quiz/kinds/).
const writing = { lmsText, allTextAnswers };
const patterns = (q) => kindOf(q).lms.patterns(q, writing);
const response = (q, a) => (a.revealed ? null : kindOf(q).lms.response(a, writing));

export function interactionRecord(q, a) {
  return {
    id: interactionId(q.id),
    type: kindOf(q).lms.interaction,
    response: response(q, a),
    result: a.revealed ? 'neutral' : a.correct ? 'correct' : 'incorrect',
    patterns: patterns(q),
  };
}

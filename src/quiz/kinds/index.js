// The quiz's question kinds, one file each (issue 32): what a kind's answer is read from, how it is
// graded and shown, its Moodle question type, its LMS interaction type and how the quiz renders it.
// To add a kind: a file beside these with the same fields, a line here, its schema fields
// (../schema.js) and its translations.
import mc from './mc.js';
import ox from './ox.js';
import number from './number.js';
import text from './text.js';

export const KINDS = Object.freeze({ mc, ox, number, text });
/** The kinds' names, in the order the quiz lists them. */
export const QUESTION_TYPES = Object.freeze(Object.keys(KINDS));
/** The kind of question q (undefined for an unknown type). */
export const kindOf = (q) => (Object.hasOwn(KINDS, q.type) ? KINDS[q.type] : undefined);

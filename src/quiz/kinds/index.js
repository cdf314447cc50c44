// The question kinds, one file each: a kind declares its bank fields and their checks, how its answers
// are read (with the readers of src/quiz/parse/) and graded, its GIFT and Moodle XML writing (and GIFT
// reading), its SCORM/xAPI interaction type and its render hints. Every dispatch on a question's
// `type` reads this list. To add a kind: a file beside these, a line below and its texts in
// src/i18n/<lang>/quiz-kinds.js (the recipe: docs/quiz.md, "Adding a question kind").
//   KINDS           the kinds in the order of the bank's documentation and the quiz page's statistics
//   KIND_NAMES      their names, the values of a question's `type`
//   KIND            their names by the upper-case name, for code that makes a question of one kind
//                   (KIND.MC, KIND.NUMBER), as POSITION.ROPE names a scheme
//   kindOf(q)       -> the kind of question q (a TypeError for an unknown type)
//   hasKind(name)   -> whether `name` is a kind
import mc from './mc.js';
import ox from './ox.js';
import number from './number.js';
import text from './text.js';

export const KINDS = Object.freeze([mc, ox, number, text]);
export const KIND_NAMES = Object.freeze(KINDS.map((kind) => kind.name));
export const KIND = Object.freeze(Object.fromEntries(KIND_NAMES.map((name) => [name.toUpperCase(), name])));

const BY_NAME = new Map(KINDS.map((kind) => [kind.name, kind]));

export const hasKind = (name) => BY_NAME.has(name);

export function kindOf(q) {
  const kind = BY_NAME.get(q?.type);
  if (!kind) throw new TypeError(`question.type: expected one of ${KIND_NAMES.join(', ')}, got ${String(q?.type)}`);
  return kind;
}

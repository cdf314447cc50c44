// English texts of each question kind (src/quiz/kinds/), one entry per kind: its name on a question's
// badge (badge) and in the quiz page's statistics (statistics), and how to answer it, said after an
// answer the quiz could not read (howTo; a number question's with the units it takes, howToUnits);
// the labels of a kind's radios by their value (labels).
const KINDS = {
  mc: {
    badge: 'Multiple choice',
    statistics: 'Multiple choice',
    howTo: 'Answer with the number of a choice (e.g. 2, ②) or its text, just one.',
  },
  ox: {
    badge: 'O/X',
    statistics: 'O/X',
    howTo: 'Answer with O or X.',
    labels: { 1: 'O — true (1)', 0: 'X — false (0)' },
  },
  number: {
    badge: 'Calculation',
    statistics: 'Calculation (number)',
    howTo: 'Answer with one number, without a unit.',
    howToUnits: 'Answer with one number; the units it takes: {units}.',
  },
  text: {
    badge: 'Short answer',
    statistics: 'Short answer',
    howTo: 'Answer with one term.',
  },
};
export default KINDS;

/** One text of every kind: { mc: …, ox: …, … }. */
export const eachKind = (key) => Object.fromEntries(Object.entries(KINDS).map(([kind, t]) => [kind, t[key]]));

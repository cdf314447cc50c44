// Korean texts of each question kind (src/quiz/kinds/), one entry per kind: its name on a question's
// badge (badge) and in the quiz page's statistics (statistics), and how to answer it, said after an
// answer the quiz could not read (howTo; a number question's with the units it takes, howToUnits);
// the labels of a kind's radios by their value (labels).
const KINDS = {
  mc: {
    badge: '객관식',
    statistics: '객관식',
    howTo: '선택지 번호(예: 2, 2번, ②, 두 번째)나 선택지 문구 하나로 답해 주세요.',
  },
  ox: {
    badge: 'O/X',
    statistics: 'O/X',
    howTo: 'O 또는 X 하나로 답해 주세요.',
    labels: { 1: 'O — 맞다 (1)', 0: 'X — 틀리다 (0)' },
  },
  number: {
    badge: '계산',
    statistics: '계산(숫자)',
    howTo: '숫자 하나로 답해 주세요. 단위는 붙이지 않아요.',
    howToUnits: '숫자 하나로 답해 주세요. 단위는 {units}만 붙일 수 있어요.',
  },
  text: {
    badge: '단답',
    statistics: '단답',
    howTo: '용어 하나로 답해 주세요.',
  },
};
export default KINDS;

/** One text of every kind: { mc: …, ox: …, … }. */
export const eachKind = (key) => Object.fromEntries(Object.entries(KINDS).map(([kind, t]) => [kind, t[key]]));

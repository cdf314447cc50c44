// The multiple-choice kind: `answer` is the 1-based number of the right choice. Read by number,
// letter, Roman numeral, keycap, ordinal or words only that choice has (../parse/read-choice.js).
import { choiceTable, readChoiceCore } from '../parse/read-choice.js';
import { CHOICE_PREFIXES, CHOOSING } from '../parse/words.js';
import { allChoiceLists } from '../localize.js';
import { circled } from './format.js';

export default {
  type: 'mc',
  moodleType: 'multichoice',
  lmsInteraction: 'choice',
  render: 'choices', // one radio button per choice, numbered ① ② …
  prefixes: CHOICE_PREFIXES, // words a choice's number may follow: 선택지 2, 보기 ③
  verbs: CHOOSING, // verbs of choosing after it: 2번 선택, 2번을 골랐어요
  spec(q) {
    const table = choiceTable(allChoiceLists(q).filter((l) => Array.isArray(l) && l.length));
    return { table, n: table.n, choices: [...table.entries].sort((a, b) => b.key.length - a.key.length) };
  },
  /** A radio button's value: a choice number in range. */
  readPlain: (spec, input) => (Number.isInteger(input) && input >= 1 && input <= spec.n ? { value: input } : { problem: 'no-choice', unread: String(input), values: { n: spec.n } }),
  readCore(spec, core) {
    const k = readChoiceCore(core, spec.table);
    return k === null ? null : { value: k };
  },
  isRight: (q, read) => read.value === q.answer,
  matchesDistractor: (q, d, given) => d.match === given,
  expectedText: (q, L) => `${circled(q.answer)} ${L.choices[q.answer - 1]}`,
};

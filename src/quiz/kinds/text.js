// The text kind: `answer` a term, `accept` its other spellings; every name the glossary gives the term
// is accepted too (../parse/glossary.js). Case, spaces and quiet punctuation are ignored.
import { acceptedTable, matchTextCore } from '../parse/read-text.js';
import { glossaryNamesOf } from '../parse/glossary.js';
import { answerKey } from '../parse/normalize.js';
import { allTextAnswers } from '../localize.js';

export default {
  type: 'text',
  moodleType: 'shortanswer',
  lmsInteraction: 'fill-in',
  render: 'text', // a text field
  prefixes: [],
  spec(q) {
    const answers = allTextAnswers(q);
    return { accepted: acceptedTable([...answers, ...glossaryNamesOf(answers)]) };
  },
  readPlain: () => null,
  readCore(spec, core) {
    const accepted = matchTextCore(core, spec.accepted);
    return accepted === null ? null : { value: core, accepted };
  },
  isRight: (q, read) => read.accepted !== null,
  matchesDistractor: (q, d, given) => answerKey(d.match) === answerKey(given),
  expectedText: (q, L) => L.answerText,
};

// The O/X kind: `answer` is 1 (O, true) or 0 (X, false). Read from signs, letters and words
// (../parse/read-ox.js).
import { readOXCore } from '../parse/read-ox.js';

export default {
  type: 'ox',
  moodleType: 'truefalse',
  lmsInteraction: 'true-false',
  render: 'ox', // two buttons, O and X
  prefixes: [],
  spec: () => ({}),
  /** A stored answer: true/false or 1/0. */
  readPlain(spec, input) {
    if (typeof input === 'boolean') return { value: input ? 1 : 0 };
    return input === 1 || input === 0 ? { value: input } : { problem: 'unknown', unread: String(input), values: {} };
  },
  readCore(spec, core) {
    const v = readOXCore(core);
    return v === null ? null : { value: v };
  },
  isRight: (q, read) => read.value === q.answer,
  matchesDistractor: (q, d, given) => d.match === given,
  expectedText: (q) => (q.answer === 1 ? 'O (1)' : 'X (0)'),
};

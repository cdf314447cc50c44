// O/X (true or false): `answer` is 1 (O, true) or 0 (X, false). Shown as two radios; GIFT {T}/{F},
// Moodle truefalse, SCORM/xAPI true-false.
export default {
  name: 'ox',
  // Its line in docs/quiz.md (scripts/quiz-kinds.mjs).
  doc: 'true or false; `answer` is 1 (O, true) or 0 (X, false). Shown as two radios; GIFT `{T}`/`{F}`, Moodle `truefalse`, SCORM/xAPI `true-false`',
  who: 'O/X questions',
  fields: {},
  translated: [],

  validate(q, path, { fail, describe }) {
    if (q.answer !== 0 && q.answer !== 1) fail(`${path}.answer`, `expected 1 (O, true) or 0 (X, false), got ${describe(q.answer)}`);
  },
  wrongMatch: (q, m) => ((m === 0 || m === 1) && m !== q.answer) || 'expected the wrong answer (0 or 1)',

  // Reading (src/quiz/parse/read-ox.js): a radio's 1 or 0, true or false, or a typed O/X.
  read: {
    spec: () => ({}),
    plain(input, spec, { notGraded }) {
      if (typeof input === 'boolean') return { value: input ? 1 : 0 };
      return input === 1 || input === 0 ? { value: input } : notGraded('unknown', String(input));
    },
    core(core, spec, { readOXCore }) {
      const v = readOXCore(core);
      return v === null ? null : { value: v };
    },
  },

  expected: (q) => (q.answer === 1 ? 'O (1)' : 'X (0)'),
  isRight: (q, read) => read.value === q.answer,
  sameAnswer: (q, match, given) => match === given,

  gift: {
    write(q, L, { escape, general }) {
      const d = L.distractors[0];
      // GIFT true/false: {T#feedback when answered wrongly#feedback when answered rightly}.
      return `{${q.answer === 1 ? 'T' : 'F'}${d ? `#${escape(d.explanation)}` : ''}${general}}`;
    },
    order: 2,
    reads: (body) => /^(T|F|TRUE|FALSE)\b/i.test(body),
    read(body, q, distractors, { unescape }) {
      const [value, ...fbs] = body.split(/(?<!\\)#/);
      q.answer = /^t/i.test(value.trim()) ? 1 : 0;
      if (fbs[0] && unescape(fbs[0])) distractors.push({ match: 1 - q.answer, explanation: unescape(fbs[0]) });
    },
  },
  moodle: {
    type: 'truefalse',
    answers: (q, L, { answer, feedbackFor, indent: i }) => [
      answer(q.answer === 1 ? 100 : 0, 'true', feedbackFor(1), i),
      answer(q.answer === 0 ? 100 : 0, 'false', feedbackFor(0), i),
    ],
  },
  lms: {
    interaction: 'true-false',
    patterns: (q) => [q.answer === 1 ? 'true' : 'false'],
    response: (a) => (a.given === 1 ? 'true' : 'false'),
  },
  // Two radios, labelled with the kind's texts (src/i18n/<lang>/quiz-kinds.js).
  render: {
    options: (q, L, { texts }) => [1, 0].map((value) => ({ value, label: texts.labels[value] })),
    shown: (q, L, value, { texts }) => texts.labels[value],
  },
};

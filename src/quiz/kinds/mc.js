// Multiple choice: `choices` (2 to 26 texts) and `answer`, the 1-based number of the right one.
// Shown as radios in the seed's order; GIFT {=right ~wrong}, Moodle multichoice, SCORM/xAPI choice.
export default {
  name: 'mc',
  // Its line in docs/quiz.md (scripts/quiz-kinds.mjs).
  doc: 'a choice among `choices` (2 to 26); `answer` is the 1-based number of the right one. Shown as radios shuffled by the seed; GIFT `{=right ~wrong}`, Moodle `multichoice`, SCORM/xAPI `choice`',
  // The fields only this kind has, with how an error names them on another kind.
  who: 'multiple-choice (mc) questions',
  fields: { choices: 'choices' },
  translated: ['choices'],

  validate(q, path, { textArray, fail, describe }) {
    textArray(q.choices, `${path}.choices`, { min: 2 });
    if (q.choices.length > 26) fail(`${path}.choices`, 'at most 26 choices');
    if (!Number.isInteger(q.answer) || q.answer < 1 || q.answer > q.choices.length) {
      fail(`${path}.answer`, `expected the 1-based number of a choice (1 to ${q.choices.length}), got ${describe(q.answer)}`);
    }
  },
  /** Whether a distractor's `match` names a wrong answer; else the error message. */
  wrongMatch: (q, m) => (Number.isInteger(m) && m >= 1 && m <= q.choices.length && m !== q.answer) || 'expected the number of a wrong choice',

  // Reading, with the readers of src/quiz/parse/ (parse-answer.js hands them over): the choices of
  // every language as one table, and the words of its frame: those a choice's number may follow
  // (선택지 2, 보기 ③) and the verbs of choosing after it (2번 선택, 2번을 골랐어요); a radio's
  // number; a typed core read as one choice.
  read: {
    spec(q, { choiceTable, allChoiceLists, CHOICE_PREFIXES, CHOOSING }) {
      const table = choiceTable(allChoiceLists(q).filter((l) => Array.isArray(l) && l.length));
      return { table, n: table.n, choices: [...table.entries].sort((a, b) => b.key.length - a.key.length), prefixes: CHOICE_PREFIXES, verbs: CHOOSING };
    },
    plain: (input, spec, { notGraded }) => (Number.isInteger(input) && input >= 1 && input <= spec.n ? { value: input } : notGraded('no-choice', String(input), { n: spec.n })),
    core(core, spec, { readChoiceCore }) {
      const k = readChoiceCore(core, spec.table);
      return k === null ? null : { value: k };
    },
  },

  // Grading: the reading is src/quiz/parse-answer.js's; these compare what it read.
  expected: (q, L, { circled }) => `${circled(q.answer)} ${L.choices[q.answer - 1]}`,
  isRight: (q, read) => read.value === q.answer,
  sameAnswer: (q, match, given) => match === given,

  gift: {
    write(q, L, { escape, feedback, general }) {
      const parts = L.choices.map((choice, i) => {
        const d = L.distractors.find((x) => x.match === i + 1);
        return `${i + 1 === q.answer ? '=' : '~'}${escape(choice)}${d ? feedback(d) : ''}`;
      });
      return `{\n${parts.map((p) => `\t${p}`).join('\n')}\n\t${general}\n}`;
    },
    // A block with a "~" answer; tried after number and O/X, whose blocks may hold one too.
    order: 3,
    reads: (body, { splitAnswers }) => splitAnswers(body).some((x) => x.startsWith('~')),
    read(body, q, distractors, { splitAnswers, parseWeight, textAndFeedback, unescape, fail }) {
      q.choices = [];
      splitAnswers(body).forEach((item) => {
        const explicit = /^.%/.test(item);
        const [weight, spec] = parseWeight(item.slice(1));
        const [choice, fb] = textAndFeedback(spec);
        q.choices.push(unescape(choice));
        // "=x" is right; "~x" is wrong unless it carries a positive weight "~%50%x".
        const right = item.startsWith('=') ? weight > 0 : explicit && weight > 0;
        if (right && q.answer === undefined) q.answer = q.choices.length;
        else if (unescape(fb)) distractors.push({ match: q.choices.length, explanation: unescape(fb) });
      });
      if (q.answer === undefined) fail('no right answer (=...)');
    },
  },
  moodle: {
    type: 'multichoice',
    answers(q, L, { answer, feedbackFor, indent: i }) {
      return [`${i}<single>true</single>`, `${i}<shuffleanswers>false</shuffleanswers>`, `${i}<answernumbering>123</answernumbering>`,
        ...L.choices.map((c, k) => answer(k + 1 === q.answer ? 100 : 0, c, feedbackFor(k + 1), i))];
    },
  },
  lms: {
    interaction: 'choice',
    patterns: (q) => [String(q.answer)],
    response: (a) => String(a.given),
  },
  // Render hints for <pe-ffn-quiz>: radios (`options`) rather than a text field, shuffled by the
  // seed (`ordered`: `order` lists the original numbers as shown); `shown` is how a value reads.
  render: {
    ordered: true,
    options: (q, L, { order, circled }) => order.map((orig, k) => ({ value: orig, label: `${circled(k + 1)} ${L.choices[orig - 1]}` })),
    shown: (q, L, value, { order, circled }) => `${circled(order.indexOf(value) + 1)} ${L.choices[value - 1]}`,
  },
};

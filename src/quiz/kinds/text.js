// Text: `answer` a text and `accept` its other accepted spellings (case and spacing do not count,
// src/quiz/parse/normalize.js). A text field; GIFT {=a =b}, Moodle shortanswer, SCORM/xAPI fill-in.
export default {
  name: 'text',
  // Its line in docs/quiz.md (scripts/quiz-kinds.mjs).
  doc: 'a term; `answer` plus other spellings in `accept` (case, spaces and punctuation are ignored). A text field; GIFT `{=a =b}`, Moodle `shortanswer`, SCORM/xAPI `fill-in`',
  who: 'text questions',
  fields: { accept: 'accepted alternatives' },
  translated: ['answer', 'accept'],

  validate(q, path, { text, textArray }) {
    text(q.answer, `${path}.answer`);
    if (q.accept !== undefined) textArray(q.accept, `${path}.accept`);
  },
  wrongMatch: (q, m, { text, path }) => { text(m, path); return true; },

  // Reading (src/quiz/parse/read-text.js): every accepted answer in every language and the glossary's
  // names for them; only typed text; a core matched against them (accepted: null for a wrong one).
  read: {
    spec(q, { allTextAnswers, acceptedTable, glossaryNamesOf }) {
      const answers = allTextAnswers(q);
      return { accepted: acceptedTable([...answers, ...glossaryNamesOf(answers)]) };
    },
    plain: () => null,
    core(core, spec, { matchTextCore }) {
      const accepted = matchTextCore(core, spec.accepted);
      return accepted === null ? null : { value: core, accepted };
    },
  },

  expected: (q, L) => L.answerText,
  isRight: (q, read) => read.accepted !== null,
  sameAnswer: (q, match, given, { answerKey }) => answerKey(match) === answerKey(given),

  gift: {
    write(q, L, { escape, feedback, general }) {
      const accepted = [L.answerText, ...(q.accept || [])];
      if (L.answerText !== q.answer) accepted.push(q.answer);
      const unique = [...new Set(accepted)];
      const wrong = L.distractors.map((d) => `\t=%0%${escape(d.match)}${feedback(d)}`);
      return `{\n${unique.map((a) => `\t=${escape(a)}\n`).join('')}${wrong.map((w) => `${w}\n`).join('')}\t${general}\n}`;
    },
    // Any other block: right answers "=a", wrong ones "=%0%b".
    order: 4,
    reads: () => true,
    read(body, q, distractors, { splitAnswers, parseWeight, textAndFeedback, unescape, fail }) {
      const accepted = [];
      for (const item of splitAnswers(body)) {
        const [weight, spec] = parseWeight(item.slice(1));
        const [value, fb] = textAndFeedback(spec);
        if (weight > 0) accepted.push(unescape(value)); else distractors.push({ match: unescape(value), explanation: unescape(fb) });
      }
      if (!accepted.length) fail('no right answer');
      q.answer = accepted[0];
      if (accepted.length > 1) q.accept = accepted.slice(1);
    },
  },
  moodle: {
    type: 'shortanswer',
    answers(q, L, { answer, indent: i }) {
      const accepted = [...new Set([L.answerText, q.answer, ...(q.accept || [])])];
      return [`${i}<usecase>0</usecase>`, ...accepted.map((a) => answer(100, a, '', i)), ...L.distractors.map((d) => answer(0, d.match, d.explanation, i))];
    },
  },
  lms: {
    interaction: 'fill-in',
    patterns: (q, { lmsText, allTextAnswers }) => [...new Set(allTextAnswers(q))].filter((t) => typeof t === 'string' && t.trim()).map((t) => `{case_matters=false}${lmsText(t)}`),
    response: (a, { lmsText }) => lmsText(a.input),
  },
  // A text field; its placeholder is a key of the element's strings.
  render: { placeholder: 'textPlaceholder' },
};

// Number: `answer` a finite number, `tolerance` (absolute, default 0), the shown `unit`, and the other
// `units` and `labels` (names of the quantity) an answer may carry: "3개", "열 15". Shown as a text
// field with a decimal keyboard; GIFT {#answer:tolerance}, Moodle numerical, SCORM/xAPI numeric.
export default {
  name: 'number',
  // Its line in docs/quiz.md (scripts/quiz-kinds.mjs).
  doc: 'a number; `tolerance` absolute (default 0), with `unit`, `units` and `labels` (the table above). A text field with a decimal keyboard; GIFT `{#answer:tolerance}`, Moodle `numerical`, SCORM/xAPI `numeric`',
  who: 'number questions',
  fields: { tolerance: 'a tolerance', unit: 'a unit', units: 'units', labels: 'labels' },
  translated: ['unit'],

  validate(q, path, { fail, describe, textArray, unitText }) {
    if (typeof q.answer !== 'number' || !Number.isFinite(q.answer)) fail(`${path}.answer`, `expected a finite number, got ${describe(q.answer)}`);
    if (q.tolerance !== undefined && (typeof q.tolerance !== 'number' || !(q.tolerance >= 0) || !Number.isFinite(q.tolerance))) {
      fail(`${path}.tolerance`, `expected a number >= 0, got ${describe(q.tolerance)}`);
    }
    if (q.unit !== undefined) unitText(q.unit, `${path}.unit`);
    for (const key of ['units', 'labels']) {
      if (q[key] === undefined) continue;
      textArray(q[key], `${path}.${key}`);
      q[key].forEach((u, i) => unitText(u, `${path}.${key}[${i}]`));
    }
  },
  wrongMatch: (q, m) => (typeof m === 'number' && Number.isFinite(m) && Math.abs(m - q.answer) > (q.tolerance ?? 0))
    || 'expected a wrong number (outside the tolerance)',

  // Reading (src/quiz/parse/read-number.js): the units, labels and names an answer may carry, the
  // answer itself (약 checks the places it is given to), and its frame's quiet end ("3~" starts a
  // range: '~' is not quiet after a number); a number given as such; a typed core read as one number,
  // or why not.
  read: {
    spec: (q, { unitsOf, lowerKeys, namesOf, QUIET_END_NUMBER }) => ({ units: unitsOf(q), labels: lowerKeys(q.labels || []), names: namesOf(q),
      tolerance: q.tolerance || 0, answer: typeof q.answer === 'number' ? q.answer : undefined, quiet: QUIET_END_NUMBER }),
    plain(input, spec, { notGraded }) {
      if (typeof input !== 'number') return null;
      return Number.isFinite(input) ? { value: input, unit: '' } : notGraded('unknown', String(input));
    },
    core(core, spec, { readNumberCore, notGraded }) {
      const r = readNumberCore(core, spec);
      return r && r.problem ? notGraded(r.problem, r.unread ?? core, r.values) : r;
    },
  },

  expected(q, L, { formatAnswerNumber }) {
    const tol = q.tolerance ? ` (±${formatAnswerNumber(q.tolerance)})` : '';
    // Korean counters follow the number without a space (3개, 512차원); other units take one (1.581 rad).
    const unit = !L.unit ? '' : /^[가-힣]/.test(L.unit) ? L.unit : ` ${L.unit}`;
    return `${formatAnswerNumber(q.answer)}${unit}${tol}`;
  },
  isRight: (q, read, { within }) => within(read.value, q.answer, q.tolerance || 0),
  sameAnswer: (q, match, given, { within }) => within(given, match, q.tolerance || 0),
  // The feedback on an answer not graded names the units this question takes.
  takesUnits: true,

  gift: {
    write(q, L, { num, feedback, general }) {
      const tol = num(q.tolerance || 0);
      const wrong = L.distractors.map((d) => `\t=%0%${num(d.match)}:${tol}${feedback(d)}`);
      return `{#\n\t=${num(q.answer)}:${tol}\n${wrong.map((w) => `${w}\n`).join('')}\t${general}\n}`;
    },
    order: 1,
    reads: (body) => body.startsWith('#'),
    read(body, q, distractors, { splitAnswers, parseWeight, textAndFeedback, splitRange, unescape, fail }) {
      const items = splitAnswers(body.slice(1).trim());
      for (const item of items.length ? items : ['']) {
        const [weight, spec] = parseWeight(item.replace(/^=/, ''));
        const [value, fb] = textAndFeedback(spec);
        const range = splitRange(value);
        const [a, t] = range
          ? [(Number(range[0]) + Number(range[1])) / 2, Math.abs(Number(range[1]) - Number(range[0])) / 2]
          : value.split(':').map((x) => Number(x.trim() || 0));
        if (!Number.isFinite(a)) fail(`"${value.trim()}" is not a number`);
        if (weight === 100 && q.answer === undefined) { q.answer = a; q.tolerance = Number.isFinite(t) ? t : 0; } else distractors.push({ match: a, explanation: unescape(fb) });
      }
    },
  },
  moodle: {
    type: 'numerical',
    answers(q, L, { answer, escapeXML, num, indent: i }) {
      const tol = `${i}  <tolerance>${num(q.tolerance || 0)}</tolerance>`;
      const lines = [answer(100, num(q.answer), '', i, tol), ...L.distractors.map((d) => answer(0, num(d.match), d.explanation, i, tol))];
      // Every unit the question accepts, each worth the number as it is (a percentage would need a base unit of 1).
      const units = [...new Set([L.unit, ...(q.units || [])].filter((u) => u && u !== '%'))];
      if (units.length) lines.push(`${i}<units>`, ...units.map((u) => `${i}  <unit><multiplier>1</multiplier><unit_name>${escapeXML(u)}</unit_name></unit>`), `${i}</units>`,
        `${i}<unitgradingtype>0</unitgradingtype>`, `${i}<showunits>3</showunits>`, `${i}<unitsleft>0</unitsleft>`);
      return lines;
    },
  },
  lms: {
    interaction: 'numeric',
    patterns(q) {
      const tol = q.tolerance || 0;
      return [tol ? `${q.answer - tol}[:]${q.answer + tol}` : `${q.answer}[:]${q.answer}`];
    },
    response: (a) => String(a.given),
  },
  // A text field with a decimal keyboard; its placeholder (a key of the element's strings) holds an
  // example in the answer's form (numberExample in src/elements/quiz/render-question.js).
  render: { inputmode: 'decimal', placeholder: 'numberPlaceholder', example: true },
};

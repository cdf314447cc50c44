// What every family of generated questions (../generate.js, block.js, rope.js) writes the same way:
// numbers printed for the text, the check of the module's value against the hand formula, and the
// Korean question with its English translation.
//   fixed(x, digits)   x with at most `digits` decimals, no trailing zeros, never "-0"
//   round3(x)          x rounded to 3 decimals, as a number (the answer a learner types)
//   thousands(n)       1234567 -> '1,234,567'
//   vec(xs)            [1, 2] -> '[1, 2]'
//   check(ok, what)    throws when the module and the hand formula disagree
//   bilingualFor(langs) -> bilingual(build, fields, distractors): see below

export function fixed(x, digits) {
  const r = Number(x.toFixed(digits));
  return String(r === 0 ? 0 : r);
}

export const round3 = (x) => Number(fixed(x, 3));
export const thousands = (n) => n.toLocaleString('en-US');
export const vec = (xs) => `[${xs.join(', ')}]`;

export function check(condition, what) {
  if (!condition) throw new Error(`quiz generation: the module's value disagrees with the hand formula (${what})`);
}

/**
 * The question builder of one family, over its strings `langs` = { ko, en }:
 *   bilingual(build, fields, distractors) -> { prompt, explanation, hints, choices?, unit?, ...fields,
 *                                              distractors?, en: { the same texts in English } }
 *     build(strings) -> { prompt, explanation, hints, choices?, unit?, distractors?: [text] }, called
 *       once with langs.ko (the question) and once with langs.en (its translation)
 *     fields: the rest of the question (type, section, answer, tolerance, params, …)
 *     distractors: [{ match, misconception? }], paired in order with build's distractor texts; a match
 *       that is not a finite number, or that the tolerance would grade right, is left out
 */
export function bilingualFor(langs) {
  return function bilingual(build, fields, distractors = []) {
    const k = build(langs.ko);
    const e = build(langs.en);
    const tolerance = fields.tolerance || 0;
    const kept = distractors.map((d, i) => [d, i])
      .filter(([d]) => Number.isFinite(d.match) && Math.abs(d.match - fields.answer) > tolerance);
    const q = { prompt: k.prompt, explanation: k.explanation, hints: k.hints, ...fields };
    if (k.choices) q.choices = k.choices;
    if (k.unit) q.unit = k.unit;
    if (kept.length) q.distractors = kept.map(([d, i]) => ({ ...d, explanation: k.distractors[i] }));
    q.en = { prompt: e.prompt, explanation: e.explanation, hints: e.hints };
    if (e.choices) q.en.choices = e.choices;
    if (e.unit) q.en.unit = e.unit;
    if (kept.length) q.en.distractors = kept.map(([, i]) => e.distractors[i]);
    return q;
  };
}

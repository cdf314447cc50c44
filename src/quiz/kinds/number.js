// The number kind: `answer` a number, `tolerance` absolute, `unit`/`units` what may follow it,
// `labels` names of the quantity that may stand before it. Read as an expression, a Korean number,
// a fraction or a worked answer (../parse/read-number.js).
import { readNumberCore } from '../parse/read-number.js';
import { normalizeInput, keyOfNormalized } from '../parse/normalize.js';
import { QUIET_END_NUMBER } from '../parse/frame.js';
import { formatAnswerNumber, within } from './format.js';

const byLength = (list) => [...list].sort((a, b) => b.length - a.length);
const lowerKeys = (list) => byLength([...new Set(list.filter((w) => typeof w === 'string' && w.trim()).map((w) => normalizeInput(w).toLowerCase()))]);
const translations = (q) => Object.entries(q).filter(([key, value]) => /^[a-z]{2}$/.test(key) && value && typeof value === 'object').map(([, value]) => value);

/** Every unit the question accepts: its unit in every language and its `units` list. */
const unitsOf = (q) => lowerKeys([q.unit, ...(q.units || []), ...translations(q).map((t) => t.unit)]);

// A name in a question's text: a Latin or Greek identifier, with its arguments and an index ("θ",
// "d_ff", "PE(0, 1)", "LayerNorm(z)[0]").
const NAME = /[A-Za-z\u0370-\u03ff][A-Za-z0-9_\u0370-\u03ff']*(?: ?\([^()]{0,30}\))?(?:\[[^[\]]{0,10}\])?/g;
/** The names a number question uses in its prompt, in every language (as keys), that a worked answer may put before its `=`. */
function namesOf(q) {
  const names = new Set();
  for (const p of [q.prompt, ...translations(q).map((t) => t.prompt)]) {
    if (typeof p !== 'string') continue;
    for (const m of normalizeInput(p).matchAll(NAME)) {
      names.add(keyOfNormalized(m[0]));
      names.add(keyOfNormalized(m[0].replace(/ ?[([].*$/, '')));
    }
  }
  return [...names].filter(Boolean);
}

export default {
  type: 'number',
  moodleType: 'numerical',
  lmsInteraction: 'numeric',
  render: 'number', // a text field (Korean number words and expressions are answers too)
  prefixes: [],
  quietEnd: QUIET_END_NUMBER, // "3~" starts a range: '~' is not quiet after a number
  spec: (q) => ({ units: unitsOf(q), labels: lowerKeys(q.labels || []), names: namesOf(q), tolerance: q.tolerance || 0,
    answer: typeof q.answer === 'number' ? q.answer : undefined }),
  /** A number given as a number. */
  readPlain: (spec, input) => (typeof input !== 'number' ? null : Number.isFinite(input) ? { value: input, unit: '' } : { problem: 'unknown', unread: String(input), values: {} }),
  readCore(spec, core) {
    const r = readNumberCore(core, spec);
    return r && r.problem ? { problem: r.problem, unread: r.unread ?? core, values: r.values || {} } : r;
  },
  isRight: (q, read) => within(read.value, q.answer, q.tolerance || 0),
  matchesDistractor: (q, d, given) => within(given, d.match, q.tolerance || 0),
  expectedText(q, L) {
    const tol = q.tolerance ? ` (±${formatAnswerNumber(q.tolerance)})` : '';
    // Korean counters follow the number without a space (3개, 512차원); other units take one (1.581 rad).
    const unit = !L.unit ? '' : /^[가-힣]/.test(L.unit) ? L.unit : ` ${L.unit}`;
    return `${formatAnswerNumber(q.answer)}${unit}${tol}`;
  },
};

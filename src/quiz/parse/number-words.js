// The words a number question lets its answer carry, in every language of the question: its units,
// the names of its quantity (`labels`: "열 15") and the names its prompt uses, which a worked answer
// may put before its `=` ("d_ff = 4 × 512"). Keys are normalised and longest first, for the readers.
import { normalizeInput, keyOfNormalized } from './normalize.js';

const byLength = (list) => [...list].sort((a, b) => b.length - a.length);
/** The distinct non-empty words of `list`, normalised to lower case, longest first. */
export const lowerKeys = (list) => byLength([...new Set(list.filter((w) => typeof w === 'string' && w.trim()).map((w) => normalizeInput(w).toLowerCase()))]);
const translations = (q) => Object.entries(q).filter(([key, value]) => /^[a-z]{2}$/.test(key) && value && typeof value === 'object').map(([, value]) => value);

/** Every unit the question accepts: its unit in every language and its `units` list. */
export const unitsOf = (q) => lowerKeys([q.unit, ...(q.units || []), ...translations(q).map((t) => t.unit)]);

// A name in a question's text: a Latin or Greek identifier, with its arguments and an index ("θ",
// "d_ff", "PE(0, 1)", "LayerNorm(z)[0]").
const NAME = /[A-Za-z\u0370-\u03ff][A-Za-z0-9_\u0370-\u03ff']*(?: ?\([^()]{0,30}\))?(?:\[[^[\]]{0,10}\])?/g;
/** The names a number question uses in its prompt, in every language (as keys), that a worked answer may put before its `=`. */
export function namesOf(q) {
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

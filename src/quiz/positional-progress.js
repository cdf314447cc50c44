// Saved progress that names its questions by position instead of by id, for a store with little room:
// SCORM 1.2 keeps 4,096 characters of cmi.suspend_data, which fifty long question ids alone can fill.
// Such progress carries a digest of the set's ids instead of the ids; the quiz, which knows the ids
// again once it has drawn the set from the seed, turns it back into the usual form, and a digest that
// differs (the bank or the package changed) means the progress belongs to another set.
//   questionsDigest(ids)    -> 16 hex digits
//   fromPositions(saved, ids) -> saved with `ids` and its answers and hints keyed by id, or null
//     saved = { digest, count, answers: { [position]: answer }, hints: { [position]: n }, ...the rest }
import { hashSeed } from './prng.js';

export function questionsDigest(ids) {
  const text = JSON.stringify(ids);
  return [text, `${text}#`].map((t) => hashSeed(t).toString(16).padStart(8, '0')).join('');
}

/** The entries of `map` whose key is a position 0..ids.length - 1, keyed by that question's id. */
function byId(map, ids) {
  if (!map || typeof map !== 'object') return {};
  const out = [];
  for (const [key, value] of Object.entries(map)) {
    const at = /^(0|[1-9][0-9]{0,3})$/.test(key) ? Number(key) : -1;
    if (at >= 0 && at < ids.length) out.push([ids[at], value]);
  }
  return Object.fromEntries(out); // own properties: an id like "constructor" is an ordinary key
}

export function fromPositions(saved, ids) {
  if (!saved || saved.count !== ids.length || saved.digest !== questionsDigest(ids)) return null;
  return { ...saved, ids, answers: byId(saved.answers, ids), hints: byId(saved.hints, ids) };
}

// Reads the core of a text answer (its frame already taken off by ./frame.js): the answer or one of
// its accepted spellings, compared by key (case, spaces and quiet punctuation ignored), or two
// accepted names of it as "A (B)": "FFN (피드포워드)".
//
// acceptedTable(answers) -> Map(key → answer);  matchTextCore(core, table) -> the accepted answer | null
// (core: normalised by normalizeInput)
import { answerKey, keyOfNormalized } from './normalize.js';

export function acceptedTable(answers) {
  const table = new Map();
  for (const a of answers) if (typeof a === 'string' && answerKey(a) && !table.has(answerKey(a))) table.set(answerKey(a), a);
  return table;
}

export function matchTextCore(core, table) {
  const whole = table.get(keyOfNormalized(core));
  if (whole) return whole;
  const open = core.lastIndexOf('(');
  if (open <= 0 || !core.endsWith(')')) return null;
  const name = table.get(keyOfNormalized(core.slice(0, open)));
  return name && table.has(keyOfNormalized(core.slice(open + 1, -1))) ? name : null;
}

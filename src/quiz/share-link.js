// A quiz's share-link parameters in a page URL: <prefix>-seed, <prefix>-topic, <prefix>-count
// (prefix 'quiz' by default; a second quiz on a page takes its own). One reader and one writer, used by
// <pe-ffn-quiz> and by the quiz page (web/quiz.js), so both accept exactly the same links. No DOM:
// the caller hands in the search string, a URLSearchParams or an address.
//   shareParamNames(prefix)            -> { seed, topic, count } or null (prefix '' or 'none': no URL)
//   readShareParams(search, names)     -> { seed?, topic?, count? }: only what the link sets and is valid
//   writeShareParams(params, names, v) sets them on a URLSearchParams (an empty seed is removed)
//   withSeed(href, names, seed)        -> the address with its seed replaced, or null when it has none
import { QUIZ_COUNT, SEED_MAX, readCount } from './limits.js';

export function shareParamNames(prefix) {
  const p = String(prefix ?? '').trim();
  if (!p || p === 'none') return null;
  return { seed: `${p}-seed`, topic: `${p}-topic`, count: `${p}-count` };
}

export function readShareParams(search, names) {
  const out = {};
  if (!names) return out;
  let params;
  try { params = new URLSearchParams(search); } catch { return out; }
  const seed = params.get(names.seed);
  const topic = params.get(names.topic);
  // Seeds and topics are short; longer text in a link is cut, not trusted.
  if (seed) out.seed = seed.slice(0, SEED_MAX);
  if (topic) out.topic = topic.slice(0, SEED_MAX);
  const count = readCount(params.get(names.count));
  if (count >= QUIZ_COUNT.min && count <= QUIZ_COUNT.max) out.count = count;
  return out;
}

export function writeShareParams(params, names, { seed, topic, count }) {
  if (!names) return;
  if (topic !== undefined) params.set(names.topic, String(topic));
  if (count !== undefined) params.set(names.count, String(count));
  if (seed !== undefined && seed !== '') params.set(names.seed, String(seed));
  else if (seed !== undefined) params.delete(names.seed);
}

export function withSeed(href, names, seed) {
  if (!names) return null;
  let url;
  try { url = new URL(href); } catch { return null; }
  if (!url.searchParams.has(names.seed)) return null;
  url.searchParams.set(names.seed, String(seed));
  return url.href;
}

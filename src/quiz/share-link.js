// The quiz's share-link parameters in a page URL: <prefix>-seed, <prefix>-topic, <prefix>-count
// (prefix 'quiz' by default; a second quiz on a page takes its own). One reader and one writer, used by
// <pe-ffn-quiz> and by the quiz page (web/quiz.js), so both accept exactly the same links.
//   shareParamNames(prefix)            -> { seed, topic, count } or null (prefix '' or 'none': no URL)
//   readShareParams(search, names)     -> { seed?, topic?, count? }: only what the link sets and is valid
//   writeShareParams(params, names, v) sets them on a URLSearchParams (an empty seed is removed)
//   replaceSeedInUrl(names, seed)      the browser's address bar, if it carries a seed already

const MAX_TEXT = 64;   // seeds and topics are short; longer text in a link is cut, not trusted
export const COUNT_RANGE = { min: 1, max: 50 };

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
  if (seed) out.seed = seed.slice(0, MAX_TEXT);
  if (topic) out.topic = topic.slice(0, MAX_TEXT);
  // Decimal digits only: Number() would also read "0x10" (16), "1e1" or " 12 ".
  const rawCount = params.get(names.count);
  const count = rawCount !== null && /^[0-9]{1,3}$/.test(rawCount) ? Number(rawCount) : NaN;
  if (Number.isInteger(count) && count >= COUNT_RANGE.min && count <= COUNT_RANGE.max) out.count = count;
  return out;
}

export function writeShareParams(params, names, { seed, topic, count }) {
  if (!names) return;
  if (topic !== undefined) params.set(names.topic, String(topic));
  if (count !== undefined) params.set(names.count, String(count));
  if (seed !== undefined && seed !== '') params.set(names.seed, String(seed));
  else if (seed !== undefined) params.delete(names.seed);
}

export function replaceSeedInUrl(names, seed) {
  if (!names) return;
  try {
    const url = new URL(location.href);
    if (!url.searchParams.has(names.seed)) return;
    url.searchParams.set(names.seed, String(seed));
    history.replaceState(history.state, '', url);
  } catch { /* no location to change (a sandboxed frame) */ }
}

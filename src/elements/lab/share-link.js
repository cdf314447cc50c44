// The lab's share link: every setting that shapes a run, as page parameters <prefix>-<attribute>
// (lab-task=reverse&lab-seed=7 …), so that the link replays the same run bit for bit. The values are
// written as the attributes hold them and read back through the element's own attribute parsing
// (clamped, unknown values noted), so a hand-edited link is no more dangerous than an attribute.
// No DOM: the caller hands in the search string or the address.
//
// API:
//   paramName(prefix, attribute)   -> 'lab-seed', or null when prefix is '' or 'none' (no URL at all)
//   readLabParams(search, prefix, names)   -> { attribute: text } for the names the search sets
//                                             (each value cut to 200 characters)
//   labShareUrl(href, prefix, values)      -> the address with every value of `values` set, the
//                                             other parameters and the #section kept
const MAX_VALUE = 200;

export function paramName(prefix, attribute) {
  const p = String(prefix ?? '').trim();
  return !p || p === 'none' ? null : `${p}-${attribute}`;
}

export function readLabParams(search, prefix, names) {
  const out = {};
  if (!paramName(prefix, 'x')) return out;
  let params;
  try { params = new URLSearchParams(search); } catch { return out; }
  for (const name of names) {
    const value = params.get(paramName(prefix, name));
    if (value !== null) out[name] = value.slice(0, MAX_VALUE);
  }
  return out;
}

export function labShareUrl(href, prefix, values) {
  const url = new URL(href);
  for (const [name, value] of Object.entries(values)) {
    const key = paramName(prefix, name);
    if (key) url.searchParams.set(key, String(value));
  }
  return url.href;
}

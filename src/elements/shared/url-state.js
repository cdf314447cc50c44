// Page parameters in the URL, so a teacher can share "d_model=64&length=50". Pure functions take and
// return strings (tested in Node); the two browser helpers read/write location.
//
// API:
//   parseState(search, schema)  -> object with only the known keys, each converted and validated;
//        schema = { d_model: { type: 'int', min, max }, layout: { type: 'enum', values }, ... };
//        unknown keys and bad values are dropped
//   encodeState(state, schema, defaults = {})  -> 'd_model=64&length=50' (schema order; values equal
//        to their default or undefined are left out)
//   readUrlState(schema)                 parseState(location.search, schema)
//   writeUrlState(state, schema, defaults)  replaces the URL's query (no history entry); returns href

function convert(raw, spec) {
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (spec.type === 'enum') return spec.values.includes(raw) ? raw : undefined;
  if (spec.type === 'string') return raw;
  const n = Number(raw);
  if (!Number.isFinite(n)) return undefined;
  if (spec.type === 'int' && !Number.isInteger(n)) return undefined;
  if (spec.min !== undefined && n < spec.min) return undefined;
  if (spec.max !== undefined && n > spec.max) return undefined;
  return n;
}

export function parseState(search, schema) {
  const params = new URLSearchParams(search);
  const state = {};
  for (const [key, spec] of Object.entries(schema)) {
    const value = convert(params.get(key), spec);
    if (value !== undefined) state[key] = value;
  }
  return state;
}

export function encodeState(state, schema, defaults = {}) {
  const params = new URLSearchParams();
  for (const key of Object.keys(schema)) {
    const value = state[key];
    if (value === undefined || value === null || value === '') continue;
    if (defaults[key] !== undefined && String(defaults[key]) === String(value)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export function readUrlState(schema) {
  return parseState(location.search, schema);
}

export function writeUrlState(state, schema, defaults = {}) {
  const query = encodeState(state, schema, defaults);
  const url = new URL(location.href);
  url.search = query;
  history.replaceState(history.state, '', url);
  return url.href;
}

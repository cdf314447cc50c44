// The few LRS calls a cmi5 AU makes, with the token the LMS handed out: the token itself (POST to the
// fetch URL, once per launch: kept in sessionStorage so a reload of the same launch reuses it), the
// State API (LaunchData, our own progress document) and statements.
//   fetchAuthToken(fetchUrl, fetchImpl, { signal }) -> token (throws Error with the LMS's error text)
//   xapiClient({ endpoint, token, fetchImpl })   -> { getState(q, { signal }), putState(q, body), postStatements(list, { keepalive }) }
//     signal: an AbortSignal that ends a request the LMS never answers (the launch's time limit)
const VERSION = '1.0.3';

function session() {
  try { return globalThis.sessionStorage || null; } catch { return null; }
}

export async function fetchAuthToken(fetchUrl, fetchImpl = fetch, { signal } = {}) {
  const key = `pe-ffn-quiz:cmi5-token:${fetchUrl}`;
  const cached = session()?.getItem(key);
  if (cached) return cached;
  const response = await fetchImpl(fetchUrl, { method: 'POST', signal });
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok || !body || typeof body['auth-token'] !== 'string') {
    const why = body && body['error-text'] ? `${body['error-code']} ${body['error-text']}` : `HTTP ${response.status}`;
    throw new Error(`cmi5: the fetch URL gave no token (${why})`);
  }
  try { session()?.setItem(key, body['auth-token']); } catch { /* a reload will ask again */ }
  return body['auth-token'];
}

export function xapiClient({ endpoint, token, fetchImpl = fetch }) {
  const headers = { Authorization: `Basic ${token}`, 'X-Experience-API-Version': VERSION };
  const stateUrl = ({ activityId, agent, registration, stateId }) => {
    const q = new URLSearchParams({ activityId, agent: JSON.stringify(agent), stateId });
    if (registration) q.set('registration', registration);
    return `${endpoint}activities/state?${q}`;
  };
  return {
    async getState(query, { signal } = {}) {
      const response = await fetchImpl(stateUrl(query), { headers, signal });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`LRS state ${query.stateId}: HTTP ${response.status}`);
      return response.json();
    },
    async putState(query, body) {
      const response = await fetchImpl(stateUrl(query), {
        method: 'PUT', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body), keepalive: true,
      });
      if (!response.ok) throw new Error(`LRS state ${query.stateId}: HTTP ${response.status}`);
    },
    /** Resolves to the HTTP status; rejects only when the request could not be made (offline). */
    async postStatements(list, { keepalive = false } = {}) {
      const response = await fetchImpl(`${endpoint}statements`, {
        method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(list), keepalive,
      });
      return response.status;
    },
  };
}

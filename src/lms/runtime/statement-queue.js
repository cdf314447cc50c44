// Statements waiting to reach the LRS, in order, kept in localStorage so that neither going offline nor
// closing the page loses them: each send appends and tries to deliver everything waiting; what could
// not be delivered goes out on the next try (the browser's 'online' event, a timer, the next launch).
// A statement the LRS rejects (HTTP 4xx other than 401/403/429) is dropped and reported, so one bad
// statement never blocks the ones after it.
//   statementQueue({ key, post, onProblem }) -> { send(statements, { keepalive }), flush({ keepalive }), pending() }
//     post(list, opts) -> Promise<HTTP status>, rejecting when offline
const RETRY_MS = 5000;

function storage() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

export function statementQueue({ key, post, onProblem = () => {} }) {
  const name = `pe-ffn-quiz:xapi-queue:${key}`;
  let memory = [];
  const load = () => {
    try { const list = JSON.parse(storage()?.getItem(name) || 'null'); return Array.isArray(list) ? list : memory; } catch { return memory; }
  };
  const store = (list) => {
    memory = list;
    try { if (list.length) storage()?.setItem(name, JSON.stringify(list)); else storage()?.removeItem(name); } catch { /* memory only */ }
  };
  let flushing = null;
  let timer = null;
  const later = () => { clearTimeout(timer); timer = setTimeout(() => flush(), RETRY_MS); timer.unref?.(); };

  async function deliver(opts) {
    const list = load();
    if (!list.length) return;
    let status;
    try { status = await post(list, opts); } catch { later(); return; }
    if (status >= 200 && status < 300) { store(load().slice(list.length)); return; }
    if (status === 401 || status === 403 || status === 429 || status >= 500) { onProblem(`LRS answered HTTP ${status}; statements kept to send later`); later(); return; }
    // Rejected: send them one by one to drop only the bad ones.
    const kept = [];
    for (const s of list) {
      let one;
      try { one = await post([s], opts); } catch { kept.push(s); continue; }
      if (one >= 400 && one < 500 && one !== 401 && one !== 403 && one !== 429) onProblem(`LRS rejected statement ${s.id} (${s.verb && s.verb.id}): HTTP ${one}`);
      else if (!(one >= 200 && one < 300)) kept.push(s);
    }
    store([...kept, ...load().slice(list.length)]);
    if (kept.length) later();
  }

  function flush(opts = {}) {
    // Leaving the page (keepalive): send at once, in this task, or the browser drops the request; a
    // statement also in flight from an earlier try keeps its id, and an LRS stores one id only once.
    if (opts.keepalive) return deliver(opts);
    flushing = (flushing || Promise.resolve()).then(() => deliver(opts));
    return flushing;
  }

  if (typeof addEventListener === 'function') addEventListener('online', () => flush());
  return {
    send(statements, opts) { store([...load(), ...statements]); return flush(opts); },
    flush,
    pending: () => load().length,
  };
}

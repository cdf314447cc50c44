// Quiz progress in localStorage, so a reload continues where the learner was. Every call survives a
// blocked or full storage (private windows, sandboxed iframes): the quiz then simply does not persist.
//   readProgress(key) -> saved object or null    writeProgress(key, value)    clearProgress(key)
//   progressKey({ src, topic, count, seed })    randomSeed() -> '1'..'999999'
//   localProgress = { read, write, clear }: the same three as one store (what the element uses unless
//   an LMS adapter provides its own)

const PREFIX = 'pe-ffn-quiz:v1:';

function storage() {
  try { return window.localStorage; } catch { return null; }
}

export function progressKey({ src, topic, count, seed }) {
  return `${PREFIX}${src || 'builtin'}|${topic}|${count}|${seed || 'auto'}`;
}

export function readProgress(key) {
  try {
    const raw = storage()?.getItem(key);
    const saved = raw ? JSON.parse(raw) : null;
    // Only the outer shape here; restoreState checks every part and keeps what is usable.
    return saved && typeof saved === 'object' && !Array.isArray(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function writeProgress(key, value) {
  try { storage()?.setItem(key, JSON.stringify(value)); } catch { /* not persisted */ }
}

export function clearProgress(key) {
  try { storage()?.removeItem(key); } catch { /* nothing to clear */ }
}

export const localProgress = { read: readProgress, write: writeProgress, clear: clearProgress };

/** A short random seed for a new set (short so that share links stay readable). */
export function randomSeed() {
  const buf = new Uint32Array(1);
  if (globalThis.crypto && crypto.getRandomValues) crypto.getRandomValues(buf);
  else buf[0] = Math.floor(Math.random() * 2 ** 32);
  return String(1 + (buf[0] % 999999));
}

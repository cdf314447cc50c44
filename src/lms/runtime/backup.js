// A second copy of the progress in this browser's localStorage, so that nothing is lost when the LMS
// commits late or not at all (a dropped connection, an LMS that only saves on exit): on resume the
// newer of the LMS's copy and this one wins. Keyed by learner and activity, so two learners on one
// computer, or two packages, never see each other's answers. Storage that is blocked or full is
// simply not used.
//   progressBackup(key) -> { read() -> progress|null, write(progress|null) }
//   newerProgress(a, b) -> whichever has the later savedAt (a on a tie), or the one that exists
import { decodeProgress, encodeProgress } from './suspend-data.js';

const PREFIX = 'pe-ffn-quiz:lms:v1:';

function storage() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

export function progressBackup(key) {
  const name = `${PREFIX}${key}`;
  return {
    read() {
      try { return decodeProgress(storage()?.getItem(name) ?? ''); } catch { return null; }
    },
    write(progress) {
      try {
        if (!progress) storage()?.removeItem(name);
        else storage()?.setItem(name, encodeProgress(progress, 1e6) ?? '');
      } catch { /* not kept here; the LMS still has it */ }
    },
  };
}

export function newerProgress(a, b) {
  if (!a) return b || null;
  if (!b) return a;
  return (b.savedAt || 0) > (a.savedAt || 0) ? b : a;
}

// The learner's progress in a SCORM package, the same in 1.2 and 2004: the newer of cmi.suspend_data
// and the local backup on resume; every save stamped, kept locally, and (while the session is open)
// written to cmi.suspend_data, if it fits the version's limit, and committed. What it returns is part
// of the adapter (see src/elements/quiz/lms-adapter.js): whether progress reaches the LMS at all
// (`connected`: the LMS answered init), and resume() and suspend().
//   scormProgress({ lms, live, backupKey, limit, onProblem, now, open }) -> { connected, resume(), suspend(progress) }
//     lms: scormCalls(...); live: the LMS answered init; limit: cmi.suspend_data's characters;
//     open() -> whether the session still takes data (not before init, not after finish)
import { encodeProgress, decodeProgress } from './suspend-data.js';
import { progressBackup, newerProgress } from './backup.js';

export function scormProgress({ lms, live, backupKey, limit, onProblem, now, open }) {
  const backup = progressBackup(backupKey);
  const saved = newerProgress(live ? decodeProgress(lms.get('cmi.suspend_data')) : null, backup.read());
  return {
    connected: live,
    resume: () => saved,
    suspend(progress) {
      const stamped = progress && { ...progress, savedAt: now() };
      backup.write(stamped);
      if (!open()) return;
      const text = stamped ? encodeProgress(stamped, limit) : '';
      if (text === null) onProblem(`progress does not fit into cmi.suspend_data (${limit} characters); kept locally only`, 'too-large');
      else lms.set('cmi.suspend_data', text);
      lms.commit();
    },
  };
}

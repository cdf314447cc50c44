// The SCORM 1.2 adapter (the contract: src/elements/quiz/lms-adapter.js): cmi.core.lesson_status
// 'incomplete' while answering, then 'passed'/'failed' against the mastery score (the LMS's
// cmi.student_data.mastery_score when it has one, else the package's) or 'completed' without one;
// cmi.core.score.raw as a percentage with min 0 and max 100; progress in cmi.suspend_data (and a local
// backup), committed after every change; session time and LMSFinish when the learner leaves. An LMS
// whose LMSInitialize returns "false" or throws is not connected (adapter.connected false): progress
// is then kept in this browser only.
//   scorm12Adapter({ api, mastery, key, onProblem, now }) -> adapter
//     mastery: 0..1 or null; key: names this package in the local backup
import { scormCalls } from './scorm-calls.js';
import { scormProgress } from './scorm-progress.js';
import { scorm12Time } from './session-time.js';

const DONE = ['passed', 'completed'];
const SUSPEND_LIMIT = 4096; // CMIString4096

export function scorm12Adapter({ api, mastery = null, key = 'package', onProblem = () => {}, now = () => Date.now() }) {
  const lms = scormCalls(api, '1.2', onProblem);
  const began = now();
  const live = lms.init();
  const status = live ? lms.get('cmi.core.lesson_status') : '';
  const lmsMastery = live ? Number.parseFloat(lms.get('cmi.student_data.mastery_score')) : NaN;
  const passMark = Number.isFinite(lmsMastery) ? lmsMastery / 100 : mastery;
  const learner = live ? lms.get('cmi.core.student_id') : '';
  let finished = false;
  const progress = scormProgress({ lms, live, backupKey: `scorm12|${learner}|${key}`, limit: SUSPEND_LIMIT, onProblem, now, open: () => live && !finished });

  return {
    passMark,
    ...progress, // connected, resume(), suspend(progress)
    started() {
      if (!live || finished) return;
      if (!DONE.includes(status) && status !== 'failed') lms.set('cmi.core.lesson_status', 'incomplete');
      lms.set('cmi.core.exit', 'suspend');
      lms.commit();
    },
    answered() { /* the answer is in the suspend data, saved just before */ },
    completed({ scaled }) {
      if (!live || finished) return;
      lms.set('cmi.core.score.min', '0');
      lms.set('cmi.core.score.max', '100');
      lms.set('cmi.core.score.raw', String(Math.round(scaled * 10000) / 100));
      const result = passMark === null || passMark === undefined ? 'completed' : scaled >= passMark ? 'passed' : 'failed';
      lms.set('cmi.core.lesson_status', result);
      // Finished: the next launch starts afresh; failed: the learner may come back to retry.
      lms.set('cmi.core.exit', result === 'failed' ? 'suspend' : '');
      lms.commit();
    },
    finish() {
      if (!live || finished) return;
      finished = true;
      lms.set('cmi.core.session_time', scorm12Time(now() - began));
      lms.commit();
      lms.finish();
    },
  };
}

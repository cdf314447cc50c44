// The SCORM 2004 (4th edition) adapter (the contract: src/elements/quiz/lms-adapter.js), through
// API_1484_11: cmi.completion_status 'incomplete' then 'completed'; cmi.success_status
// 'passed'/'failed' against the pass mark (the LMS's cmi.scaled_passing_score when it has one, else
// the package's mastery) or 'unknown' without one; cmi.score.scaled/raw/min/max; one
// cmi.interactions.n per answer (id, type, learner_response, result, correct_responses where the type
// has one, timestamp, description); progress in cmi.suspend_data (and a local backup), committed
// after every change; session time, cmi.exit and Terminate when the learner leaves. An LMS whose
// Initialize returns "false" or throws is not connected (adapter.connected false): progress is then
// kept in this browser only.
//   scorm2004Adapter({ api, mastery, key, onProblem, now }) -> adapter
import { scormCalls } from './scorm-calls.js';
import { scormProgress } from './scorm-progress.js';
import { iso8601Duration } from './session-time.js';
import { interactionRecord, lmsText } from './interactions.js';

const SUSPEND_LIMIT = 64000; // characterstring SPM 64000 in the 4th edition
const DESCRIPTION_LIMIT = 250;

export function scorm2004Adapter({ api, mastery = null, key = 'package', onProblem = () => {}, now = () => Date.now() }) {
  const lms = scormCalls(api, 2004, onProblem);
  const began = now();
  const live = lms.init();
  const lmsPass = live ? Number.parseFloat(lms.get('cmi.scaled_passing_score')) : NaN;
  const passMark = Number.isFinite(lmsPass) ? lmsPass : mastery;
  const learner = live ? lms.get('cmi.learner_id') : '';
  let success = live ? lms.get('cmi.success_status') : '';
  let finished = false;
  const progress = scormProgress({ lms, live, backupKey: `scorm2004|${learner}|${key}`, limit: SUSPEND_LIMIT, onProblem, now, open: () => live && !finished });

  const writeInteraction = (question, answer, lang) => {
    const count = Number.parseInt(lms.get('cmi.interactions._count'), 10);
    const n = Number.isInteger(count) && count >= 0 ? count : 0;
    const r = interactionRecord(question, answer);
    const at = `cmi.interactions.${n}`;
    // id and type first: the data model accepts the other fields only after them.
    lms.set(`${at}.id`, r.id);
    lms.set(`${at}.type`, r.type);
    r.patterns.forEach((p, k) => lms.set(`${at}.correct_responses.${k}.pattern`, p));
    if (r.response !== null) lms.set(`${at}.learner_response`, r.response);
    lms.set(`${at}.result`, r.result);
    lms.set(`${at}.timestamp`, new Date(now()).toISOString().replace(/Z$/, ''));
    const prompt = (question[lang] && question[lang].prompt) || question.prompt;
    // localized_string_type: the language first, then the prompt as one line.
    lms.set(`${at}.description`, `{lang=${lang === 'en' ? 'en' : 'ko'}}${lmsText(prompt, DESCRIPTION_LIMIT)}`);
  };

  return {
    passMark,
    ...progress, // connected, resume(), suspend(progress)
    started() {
      if (!live || finished) return;
      if (lms.get('cmi.completion_status') !== 'completed') lms.set('cmi.completion_status', 'incomplete');
      lms.set('cmi.exit', 'suspend');
      lms.commit();
    },
    answered({ question, answer, lang }) {
      if (!live || finished || !answer) return;
      writeInteraction(question, answer, lang);
      lms.commit();
    },
    completed({ score, total, scaled }) {
      if (!live || finished) return;
      lms.set('cmi.score.min', '0');
      lms.set('cmi.score.max', String(total));
      lms.set('cmi.score.raw', String(score));
      lms.set('cmi.score.scaled', String(Math.round(scaled * 1e6) / 1e6));
      lms.set('cmi.completion_status', 'completed');
      success = passMark === null || passMark === undefined ? 'unknown' : scaled >= passMark ? 'passed' : 'failed';
      lms.set('cmi.success_status', success);
      lms.commit();
    },
    finish() {
      if (!live || finished) return;
      finished = true;
      // Passed: this attempt is over ('normal'); otherwise keep it to resume or retry ('suspend').
      lms.set('cmi.exit', success === 'passed' || (success === 'unknown' && lms.get('cmi.completion_status') === 'completed') ? 'normal' : 'suspend');
      lms.set('cmi.session_time', iso8601Duration(now() - began));
      lms.commit();
      lms.finish();
    },
  };
}

// The cmi5 adapter (the contract: src/elements/quiz/lms-adapter.js): with the launch parameters
// (cmi5-launch.js), asks the fetch URL once for the token, reads LMS.LaunchData (contextTemplate,
// launchMode, masteryScore), and sends `initialized`, one `answered` per question, then `completed`
// and `passed`/`failed` (result.score.scaled, the mastery score) and, on leaving, `terminated`.
// Statements go through a queue that survives going offline. Progress is a State API document of
// this AU (and a local backup), so a learner resumes on any computer; it also remembers what was sent,
// since cmi5 allows one `completed` and one `passed` per registration.
//   cmi5Adapter({ launch, mastery, onProblem, now, fetchImpl, signal }) -> Promise<adapter>
//     signal: aborts the requests made while connecting (the launch page's time limit)
//   cmi5BackupKey(launch) -> the key of this registration's local backup
import { fetchAuthToken, xapiClient } from './xapi-client.js';
import { statementQueue } from './statement-queue.js';
import { cmi5Statement, answeredFor } from './cmi5-statements.js';
import { encodeProgress, decodeProgress } from './suspend-data.js';
import { progressBackup, newerProgress } from './backup.js';
import { iso8601Duration } from './session-time.js';

const PROGRESS_STATE = 'https://pe-ffn-wasm.dev/xapi/state/quiz-progress';

export const cmi5BackupKey = (launch) => `cmi5|${launch.registration}|${launch.activityId}`;

export async function cmi5Adapter({ launch, mastery = null, onProblem = () => {}, now = () => Date.now(), fetchImpl = (...a) => fetch(...a), signal }) {
  const began = now();
  const token = await fetchAuthToken(launch.fetchUrl, fetchImpl, { signal });
  const lrs = xapiClient({ endpoint: launch.endpoint, token, fetchImpl });
  const where = { activityId: launch.activityId, agent: launch.actor, registration: launch.registration };
  const launchData = await lrs.getState({ ...where, stateId: 'LMS.LaunchData' }, { signal });
  if (!launchData || !launchData.contextTemplate) throw new Error('cmi5: the LMS gave no LMS.LaunchData with a contextTemplate');
  const template = launchData.contextTemplate;
  const normal = (launchData.launchMode || 'Normal') === 'Normal';
  const passMark = typeof launchData.masteryScore === 'number' ? launchData.masteryScore : mastery;
  let doc = null;
  try { doc = await lrs.getState({ ...where, stateId: PROGRESS_STATE }, { signal }); } catch (error) { if (signal?.aborted) throw error; onProblem(error.message); }
  const backup = progressBackup(cmi5BackupKey(launch));
  const saved = newerProgress(doc ? decodeProgress(doc.progress) : null, backup.read());
  const sent = { completed: Boolean(doc && doc.sent && doc.sent.completed), passed: Boolean(doc && doc.sent && doc.sent.passed) };
  let failedThisSession = false; // one `failed` per session at most; never after `passed`
  let lastProgress = saved;
  let finished = false;
  const queue = statementQueue({ key: launch.registration, post: (list, o) => lrs.postStatements(list, o), onProblem });
  const statement = (verb, extra) => cmi5Statement(launch, template, verb, extra);
  const duration = () => iso8601Duration(now() - began);

  // One PUT at a time, always of the latest progress; one that fails (offline) is tried again when
  // the browser is online again, and on leaving.
  const progressBody = () => ({ progress: lastProgress ? encodeProgress(lastProgress, 1e6) : '', sent: { ...sent } });
  let putting = null;
  let again = false;
  let dirty = false;
  const putProgress = () => {
    if (putting) { again = true; return; }
    putting = lrs.putState({ ...where, stateId: PROGRESS_STATE }, progressBody())
      .then(() => { dirty = false; }, (error) => { dirty = true; onProblem(`${error.message || error}; progress kept locally, sent again when online`); })
      .finally(() => { putting = null; if (again) { again = false; putProgress(); } });
  };
  if (typeof addEventListener === 'function') addEventListener('online', () => { if (dirty) putProgress(); });
  queue.send([statement('initialized')]);

  return {
    connected: true,
    passMark,
    launchMode: launchData.launchMode || 'Normal',
    returnURL: typeof launchData.returnURL === 'string' ? launchData.returnURL : '',
    resume: () => saved,
    suspend(progress) {
      lastProgress = progress && { ...progress, savedAt: now() };
      backup.write(lastProgress);
      if (!finished) putProgress();
    },
    started() {},
    answered({ question, statement: s }) {
      if (!finished) queue.send([answeredFor(launch, template, s, question.id)]);
    },
    completed({ scaled }) {
      if (finished || !normal) return;
      const out = [];
      const score = { scaled: Math.round(scaled * 1e6) / 1e6 };
      if (!sent.completed) { out.push(statement('completed', { result: { completion: true, duration: duration() } })); sent.completed = true; }
      if (passMark !== null && passMark !== undefined && !sent.passed) {
        const passed = scaled >= passMark;
        if (!passed && failedThisSession) { if (out.length) queue.send(out); putProgress(); return; }
        failedThisSession = !passed;
        out.push(statement(passed ? 'passed' : 'failed', { result: { score, success: passed, duration: duration() }, masteryScore: passMark }));
        sent.passed = passed;
      }
      if (out.length) queue.send(out);
      putProgress();
    },
    finish() {
      if (finished) return;
      finished = true;
      queue.send([statement('terminated', { result: { duration: duration() } })], { keepalive: true });
      if (dirty || putting) lrs.putState({ ...where, stateId: PROGRESS_STATE }, progressBody()).catch(() => {});
    },
    pending: () => queue.pending(),
  };
}

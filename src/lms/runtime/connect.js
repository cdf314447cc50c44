// How the launch page reaches the LMS its package was built for, and what its status line then says.
// SCORM is found and started at once (the API object in a parent or opener window). cmi5 needs the
// network first (the fetch URL's token, LMS.LaunchData, the saved progress), so its adapter starts out
// pending: the quiz is on the page and waits for `ready` before it reads progress, the status says
// "connecting", and after `timeoutMs` without an answer the requests are aborted and the quiz goes on
// without the LMS, keeping its progress in this browser under the registration's key (a later launch
// that reaches the LMS takes it up, the newer copy winning).
//   connectLms({ config, win, search, onProblem, timeoutMs, fetchImpl, now })
//     -> { adapter (or null), status, settled: Promise<{ adapter, status }> }
//   status = { key, values }: key of src/i18n/*/lms-launch.js, values for its {placeholders}:
//     standalone | connected | notConnected | connecting | timedOut { seconds } | refused { param }
import { LMS_FORMATS, lmsFormat } from '../formats/index.js';
import { findScormApi } from './find-api.js';
import { scorm12Adapter } from './scorm12.js';
import { scorm2004Adapter } from './scorm2004.js';
import { cmi5Adapter, cmi5BackupKey } from './cmi5.js';
import { readCmi5Launch } from './cmi5-launch.js';
import { progressBackup } from './backup.js';

export const CONNECT_TIMEOUT_MS = 20000;


const status = (key, values = {}) => ({ key, values });

/** An adapter that keeps progress in this browser only (the LMS could not be reached). */
function localAdapter(backupKey, now) {
  const backup = progressBackup(backupKey);
  return {
    connected: false,
    resume: () => backup.read(),
    suspend: (progress) => backup.write(progress && { ...progress, savedAt: now() }),
    started() {}, answered() {}, completed() {}, finish() {},
  };
}

/** An adapter whose every call goes to the one `connecting` resolves to (or `fallback`), once `ready`. */
function pendingAdapter(connecting, fallback) {
  let current = null;
  const ready = connecting.then((adapter) => { current = adapter; }, () => { current = fallback; });
  const call = (name) => (...args) => (current ? current[name](...args) : undefined);
  return {
    ready,
    get connected() { return Boolean(current && current.connected); },
    resume: () => (current ? current.resume() : null),
    suspend: call('suspend'), started: call('started'), answered: call('answered'), completed: call('completed'), finish: call('finish'),
  };
}

/** SCORM: the API object of its version in a parent or opener window, started at once. */
function connectScorm(apiName, makeAdapter, { config, win, onProblem, now }) {
  const api = findScormApi(win, apiName);
  if (!api) return { adapter: null, status: status('standalone') };
  const adapter = makeAdapter({ api, mastery: config.mastery, key: config.id, onProblem, now });
  return { adapter, status: status(adapter.connected ? 'connected' : 'notConnected') };
}

function connectCmi5({ config, search, onProblem, timeoutMs, fetchImpl, now }) {
  if (!new URLSearchParams(search).has('fetch')) return { adapter: null, status: status('standalone') };
  let launch;
  try {
    launch = readCmi5Launch(search);
  } catch (error) {
    onProblem(error.message);
    return { adapter: null, status: status('refused', { param: error.param }) };
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  const connecting = cmi5Adapter({ launch, mastery: config.mastery, onProblem, now, fetchImpl, signal: abort.signal })
    .finally(() => clearTimeout(timer));
  const adapter = pendingAdapter(connecting, localAdapter(cmi5BackupKey(launch), now));
  const settled = connecting.then(
    (real) => ({ adapter: real, status: status('connected') }),
    (error) => {
      onProblem(abort.signal.aborted ? `cmi5: the LMS did not answer within ${timeoutMs} ms` : error.message || String(error));
      if (abort.signal.aborted) return { adapter, status: status('timedOut', { seconds: Math.round(timeoutMs / 1000) }) };
      return { adapter, status: status('notConnected') };
    });
  return { adapter, status: status('connecting'), settled };
}

/** How the launch page reaches the LMS, by the protocol a format declares (src/lms/formats/). */
const PROTOCOLS = Object.freeze({
  scorm12: (args) => connectScorm('API', scorm12Adapter, args),
  scorm2004: (args) => connectScorm('API_1484_11', scorm2004Adapter, args),
  cmi5: connectCmi5,
});
for (const f of LMS_FORMATS) if (!PROTOCOLS[f.protocol]) throw new Error(`connect.js: the LMS format ${f.name} talks ${f.protocol}, which no connection here speaks`);

export function connectLms({ config, win, search, onProblem = () => {}, timeoutMs = CONNECT_TIMEOUT_MS, fetchImpl = (...a) => fetch(...a), now = () => Date.now() }) {
  const format = lmsFormat(config.format);
  if (!format) onProblem(`the package names an unknown LMS format ${JSON.stringify(config.format)}`);
  const found = format ? PROTOCOLS[format.protocol]({ config, win, search, onProblem, timeoutMs, fetchImpl, now })
    : { adapter: null, status: status('standalone') };
  return { ...found, settled: found.settled || Promise.resolve({ adapter: found.adapter, status: found.status }) };
}

// Calls into a SCORM API object (1.2 or 2004) that check every result: a call that fails is reported
// with the LMS's error code and text through onProblem, and never throws into the quiz.
//   scormCalls(api, version, onProblem) -> { init(), get(name), set(name, value), commit(), finish() }
const NAMES = {
  '1.2': { init: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish', error: 'LMSGetLastError', text: 'LMSGetErrorString' },
  2004: { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate', error: 'GetLastError', text: 'GetErrorString' },
};

export function scormCalls(api, version, onProblem = () => {}) {
  const n = NAMES[version];
  const lastError = () => {
    try {
      const code = String(api[n.error]());
      return code === '0' ? '' : `${code} ${api[n.text](code)}`;
    } catch { return 'no error code'; }
  };
  const call = (method, args, what) => {
    try {
      const result = api[method](...args);
      if (method === n.get) {
        const err = lastError();
        // 403 (SCORM 2004): the element has no value yet, which a first launch expects.
        if (err && !err.startsWith('403 ')) onProblem(`${what}: ${err}`);
        return err ? '' : String(result ?? '');
      }
      if (String(result) !== 'true') { onProblem(`${what}: ${lastError() || 'returned false'}`); return false; }
      return true;
    } catch (error) {
      onProblem(`${what}: ${error.message || error}`);
      return method === n.get ? '' : false;
    }
  };
  return {
    init: () => call(n.init, [''], n.init),
    get: (name) => call(n.get, [name], `${n.get}(${name})`),
    set: (name, value) => call(n.set, [name, String(value)], `${n.set}(${name})`),
    commit: () => call(n.commit, [''], n.commit),
    finish: () => call(n.finish, [''], n.finish),
  };
}

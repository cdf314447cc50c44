// The one interface an LMS adapter (SCORM 1.2, SCORM 2004, cmi5: src/lms/runtime/) implements to carry
// a <pe-ffn-quiz> into a gradebook. The element calls it at the moments its events name; set it before
// the element connects (`quiz.lms = adapter`), so that the very first load reads the LMS's saved
// progress. It lives beside the element that calls it: the adapters are written against it from below.
//
//   ready                   (optional) a Promise: the element waits for it before it calls resume(),
//                           for an LMS still being reached (cmi5 asks the network first)
//   resume()             -> the saved progress (plain data from the element) or null. Synchronous: an
//                           adapter reads it while it starts, before the element asks. The progress may
//                           name its questions by position instead of by id, with a digest of the ids
//                           (src/quiz/positional-progress.js): the element reads both.
//   suspend(progress)       keep this progress (null: forget it). Called after every change.
//   started({ title, lang, seed, topic, total, restored })       a set is on screen
//   answered({ question, lang, answer, statement, score, total }) one question is answered (or its
//                           solution shown): `answer` as in state.js, `statement` the xAPI-shaped
//                           `answered` event detail, score/total the running score
//   completed({ score, total, scaled, statement })               every question has an answer
//   finish()                the learner leaves the page: last save, then end the session
//
// Adapters never throw into the element: an LMS that fails is reported through the adapter's own
// `onProblem` callback, and the quiz goes on (progress is also kept in localStorage, see backup.js).
export const ADAPTER_METHODS = ['resume', 'suspend', 'started', 'answered', 'completed', 'finish'];

/** Returns `adapter` if it has every method of the interface, else throws a TypeError naming the first missing. */
export function checkAdapter(adapter) {
  if (!adapter || typeof adapter !== 'object') throw new TypeError('lms adapter: expected an object with the adapter methods');
  for (const name of ADAPTER_METHODS) {
    if (typeof adapter[name] !== 'function') throw new TypeError(`lms adapter: missing method ${name}()`);
  }
  return adapter;
}

/** The progress store (read/write/clear) the element uses while an adapter is connected. */
export function adapterProgressStore(adapter) {
  return {
    read: () => adapter.resume(),
    write: (_key, progress) => adapter.suspend(progress),
    clear: () => adapter.suspend(null),
  };
}

// The state of one quiz set, as plain data that is saved and restored as it is (localStorage or an
// LMS's suspend data): which questions (ids), where the learner is, the answers, the hints shown, and
// the round (a retry of the wrong answers starts a new round). No DOM here.
//   state = { seed, ids, index, answers: { [id]: answer }, hints: { [id]: n }, view: 'quiz'|'result',
//             completedRound, round }
//   answer = { input, given, correct, attempts, shortened? } or, when the solution was shown,
//            { input: '', given: null, correct: false, revealed: true, attempts: 0 }
//   shortened: the input was cut to fit an LMS's suspend data; its grade is kept as it was given.
import { fromPositions } from '../../quiz/positional-progress.js';

// answers and hints are null-prototype maps: a question id such as "constructor" or "toString" is
// an ordinary key, never an inherited member that would look answered.
const idMap = () => Object.create(null);

export function freshState(seed, ids) {
  return { seed, ids, index: 0, answers: idMap(), hints: idMap(), view: 'quiz', completedRound: -1, round: 0 };
}

const isInt = (x, min, max) => Number.isInteger(x) && x >= min && x <= max;
const isPlainObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

/** A saved answer as the quiz writes it, or null: anything else is dropped, not trusted. */
function checkedAnswer(a) {
  if (!isPlainObject(a) || typeof a.correct !== 'boolean' || !isInt(a.attempts, 0, 1e6)) return null;
  const input = typeof a.input === 'string' ? a.input.slice(0, 2000) : (typeof a.input === 'number' && Number.isFinite(a.input) ? a.input : '');
  const given = typeof a.given === 'string' || (typeof a.given === 'number' && Number.isFinite(a.given)) ? a.given : null;
  const out = { input, given, correct: a.correct, attempts: a.attempts };
  if (a.revealed === true) out.revealed = true;
  else if (a.shortened === true) out.shortened = true;
  return out;
}

/**
 * The saved state if it belongs to this very set (same seed, same questions in order), checked part by
 * part: what is unusable (an index of 999, -5, "abc" or 1.5, hints: null, an answer of the wrong
 * shape, an unknown id) starts fresh, and the rest is kept. Anything else gives a fresh state, also a
 * seed that is no text or number ({ toString: 1 } would throw in String()). Progress that names its
 * questions by position (src/quiz/positional-progress.js) is read too.
 */
export function restoreState(saved, seed, ids) {
  const state = freshState(seed, ids);
  if (isPlainObject(saved) && !Array.isArray(saved.ids) && 'digest' in saved) saved = fromPositions(saved, ids);
  if (!isPlainObject(saved) || !(typeof saved.seed === 'string' || typeof saved.seed === 'number')
    || String(saved.seed) !== String(seed) || !Array.isArray(saved.ids)
    || saved.ids.length !== ids.length || saved.ids.some((id, i) => id !== ids[i])) return state;
  const known = new Set(ids);
  if (isInt(saved.index, 0, ids.length - 1)) state.index = saved.index;
  if (saved.view === 'result') state.view = 'result';
  if (isInt(saved.round, 0, 1e6)) state.round = saved.round;
  if (isInt(saved.completedRound, -1, state.round)) state.completedRound = saved.completedRound;
  if (isPlainObject(saved.answers)) {
    for (const id of Object.keys(saved.answers)) {
      const a = known.has(id) ? checkedAnswer(saved.answers[id]) : null;
      if (a) state.answers[id] = a;
    }
  }
  if (isPlainObject(saved.hints)) {
    for (const id of Object.keys(saved.hints)) if (known.has(id) && isInt(saved.hints[id], 0, 100)) state.hints[id] = saved.hints[id];
  }
  return state;
}

export function tally(questions, answers) {
  const total = questions.length;
  let answered = 0;
  let score = 0;
  for (const q of questions) {
    const a = answers[q.id];
    if (!a) continue;
    answered++;
    if (a.correct) score++;
  }
  return { total, answered, score, percent: total ? Math.round((100 * score) / total) : 0 };
}

/** A draft that cannot be graded at all: nothing chosen or only spaces typed. */
export function isEmptyDraft(draft) {
  return draft === null || (typeof draft === 'string' && draft.trim() === '');
}

/** Records a graded answer (r from grade()). */
export function recordAnswer(state, q, draft, r) {
  const prev = state.answers[q.id];
  state.answers[q.id] = { input: draft, given: r.given, correct: r.correct, attempts: ((prev && prev.attempts) || 0) + 1 };
}

export function recordReveal(state, q) {
  state.answers[q.id] = { input: '', given: null, correct: false, revealed: true, attempts: 0 };
}

/** Shows one more hint; returns its index, or -1 when all `available` hints are shown. */
export function showNextHint(state, q, available) {
  const shown = state.hints[q.id] || 0;
  if (shown >= available) return -1;
  state.hints[q.id] = shown + 1;
  return shown;
}

/** True once per round, when every question of the set has an answer. */
export function completeRound(state, questions) {
  const c = tally(questions, state.answers);
  if (c.answered !== c.total || state.completedRound === state.round) return false;
  state.completedRound = state.round;
  return true;
}

export function wrongQuestions(state, questions) {
  return questions.filter((q) => !(state.answers[q.id] && state.answers[q.id].correct));
}

/** Clears the wrong (and unanswered) answers for another round; returns those questions (maybe none). */
export function retryWrongAnswers(state, questions) {
  const wrong = wrongQuestions(state, questions);
  if (!wrong.length) return wrong;
  for (const q of wrong) delete state.answers[q.id];
  state.round += 1;
  state.view = 'quiz';
  state.index = questions.indexOf(wrong[0]);
  return wrong;
}

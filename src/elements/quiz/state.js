// The state of one quiz set, as plain data that is saved and restored as it is (localStorage or an
// LMS's suspend data): which questions (ids), where the learner is, the answers, the hints shown, and
// the round (a retry of the wrong answers starts a new round). No DOM here.
//   state = { seed, ids, index, answers: { [id]: answer }, hints: { [id]: n }, view: 'quiz'|'result',
//             completedRound, round }
//   answer = { input, given, correct, attempts } or, when the solution was shown,
//            { input: '', given: null, correct: false, revealed: true, attempts: 0 }

export function freshState(seed, ids) {
  return { seed, ids, index: 0, answers: {}, hints: {}, view: 'quiz', completedRound: -1, round: 0 };
}

/** The saved state if it belongs to this very set (same seed, same questions in order), else a fresh one. */
export function restoreState(saved, seed, ids) {
  const fresh = freshState(seed, ids);
  const same = saved && saved.seed === seed && JSON.stringify(saved.ids) === JSON.stringify(ids);
  return same ? { ...fresh, ...saved } : fresh;
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

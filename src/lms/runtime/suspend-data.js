// The quiz's progress as an LMS's suspend data: compact, since SCORM 1.2 allows 4,096 characters, and
// checked field by field on the way back, since suspend data comes from outside. One JSON.parse and
// loops over the arrays: linear in the text.
//   encodeProgress(progress, limit) -> string of at most `limit` characters, or null if it cannot fit
//   decodeProgress(text)            -> progress (the element's state shape, or its positional form,
//                                      see src/quiz/positional-progress.js) or null
//
// Answers and hints name their question by its position in the set. What does not fit is given up in
// this order, the least useful first: the list of ids (a digest of them still tells whether the set is
// the same), then the typed answers' text beyond 40, 8, then 0 characters (the grade stays; such an
// answer is marked `shortened`, so the quiz shows it as cut and does not grade the rest again), then
// the hints shown. Format 1 (ids always kept) is still read.
import { questionsDigest } from '../../quiz/positional-progress.js';
import { cutSeed } from '../../quiz/limits.js';

const VERSION = 2;
const MAX_IDS = 200;

// One answer: [position, input, given, correct, attempts, revealed, shortened].
function entries(progress) {
  const at = new Map(progress.ids.map((id, i) => [id, i]));
  const answers = [];
  for (const [id, a] of Object.entries(progress.answers || {})) {
    if (!at.has(id) || !a) continue;
    answers.push([at.get(id), typeof a.input === 'string' ? a.input : a.input ?? '', typeof a.given === 'number' ? a.given : null,
      a.correct ? 1 : 0, a.attempts || 0, a.revealed ? 1 : 0, a.shortened ? 1 : 0]);
  }
  const hints = Object.entries(progress.hints || {}).filter(([id]) => at.has(id)).map(([id, n]) => [at.get(id), n]);
  return { answers, hints };
}

/** The answers with every typed text longer than `cut` characters cut there and marked. */
const cutAnswers = (answers, cut) => answers.map((e) => (typeof e[1] === 'string' && e[1].length > cut
  ? [e[0], e[1].slice(0, cut), e[2], e[3], e[4], e[5], 1] : e));

export function encodeProgress(progress, limit = 4096) {
  if (!progress || !Array.isArray(progress.ids)) return null;
  const { answers, hints } = entries(progress);
  const packed = {
    v: VERSION, s: cutSeed(progress.seed), n: progress.ids.length, k: questionsDigest(progress.ids), d: progress.ids,
    x: progress.index || 0, w: progress.view === 'result' ? 1 : 0, r: progress.round || 0,
    c: progress.completedRound ?? -1, t: progress.savedAt || 0, a: answers, h: hints,
  };
  const steps = [
    () => { delete packed.d; },
    () => { packed.a = cutAnswers(answers, 40); },
    () => { packed.a = cutAnswers(answers, 8); },
    () => { packed.a = cutAnswers(answers, 0); },
    () => { packed.h = []; },
  ];
  let text = JSON.stringify(packed);
  for (const step of steps) {
    if (text.length <= limit) return text;
    step();
    text = JSON.stringify(packed);
  }
  return text.length <= limit ? text : null;
}

const isInt = (x, min, max) => Number.isInteger(x) && x >= min && x <= max;
const isIdList = (d, n) => Array.isArray(d) && d.length === n && d.every((id) => typeof id === 'string');

export function decodeProgress(text) {
  if (typeof text !== 'string' || !text) return null;
  let p;
  try { p = JSON.parse(text); } catch { return null; }
  if (!p || typeof p !== 'object') return null;
  let n;
  let ids = null;
  if (p.v === 1 && Array.isArray(p.d)) [n, ids] = [p.d.length, p.d];
  else if (p.v === VERSION && isInt(p.n, 0, MAX_IDS) && typeof p.k === 'string' && /^[0-9a-f]{16}$/.test(p.k)) [n, ids] = [p.n, p.d ?? null];
  else return null;
  if (n > MAX_IDS || (ids !== null && !isIdList(ids, n))) return null;
  // Maps, then own properties (Object.fromEntries): an id like "__proto__" is just a key.
  const answers = new Map();
  for (const e of Array.isArray(p.a) ? p.a : []) {
    if (!Array.isArray(e) || !isInt(e[0], 0, n - 1)) return null;
    const [i, input, given, correct, attempts, revealed, shortened] = e;
    const a = { input: typeof input === 'number' ? input : typeof input === 'string' ? input : '', given: typeof given === 'number' ? given : null, correct: correct === 1, attempts: isInt(attempts, 0, 1e6) ? attempts : 0 };
    if (revealed === 1) Object.assign(a, { input: '', given: null, correct: false, revealed: true, attempts: 0 });
    else if (shortened === 1) a.shortened = true;
    answers.set(ids ? ids[i] : i, a);
  }
  const hints = new Map();
  for (const e of Array.isArray(p.h) ? p.h : []) {
    if (Array.isArray(e) && isInt(e[0], 0, n - 1) && isInt(e[1], 0, 100)) hints.set(ids ? ids[e[0]] : e[0], e[1]);
  }
  const rest = {
    seed: cutSeed(p.s), index: isInt(p.x, 0, Math.max(0, n - 1)) ? p.x : 0,
    answers: Object.fromEntries(answers), hints: Object.fromEntries(hints),
    view: p.w === 1 ? 'result' : 'quiz', completedRound: Number.isInteger(p.c) ? p.c : -1,
    round: isInt(p.r, 0, 1e6) ? p.r : 0, savedAt: Number.isFinite(p.t) ? p.t : 0,
  };
  return ids ? { ...rest, ids } : { ...rest, digest: p.k, count: n };
}

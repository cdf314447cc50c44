// The quiz's progress as an LMS's suspend data: compact (SCORM 1.2 allows 4096 characters), positions
// instead of repeated ids, and checked field by field on the way back, since suspend data comes from
// outside. One JSON.parse and loops over the arrays: linear in the text.
//   encodeProgress(progress, limit) -> string of at most `limit` characters, or null if it cannot fit
//   decodeProgress(text)            -> progress (the element's state shape) or null
const VERSION = 1;
const MAX_IDS = 200;

function entries(progress) {
  const at = new Map(progress.ids.map((id, i) => [id, i]));
  const answers = [];
  for (const [id, a] of Object.entries(progress.answers || {})) {
    if (!at.has(id) || !a) continue;
    answers.push([at.get(id), typeof a.input === 'string' ? a.input : a.input ?? '', a.given ?? null, a.correct ? 1 : 0, a.attempts || 0, a.revealed ? 1 : 0]);
  }
  const hints = Object.entries(progress.hints || {}).filter(([id]) => at.has(id)).map(([id, n]) => [at.get(id), n]);
  return { answers, hints };
}

export function encodeProgress(progress, limit = 4096) {
  if (!progress || !Array.isArray(progress.ids)) return null;
  const { answers, hints } = entries(progress);
  const packed = {
    v: VERSION, s: String(progress.seed ?? ''), d: progress.ids, x: progress.index || 0,
    w: progress.view === 'result' ? 1 : 0, r: progress.round || 0, c: progress.completedRound ?? -1,
    t: progress.savedAt || 0, a: answers, h: hints,
  };
  let text = JSON.stringify(packed);
  // Too long: typed answers are only shown again (the grade is kept), so they are shortened first,
  // then hints are dropped.
  for (const cut of [40, 8, 0]) {
    if (text.length <= limit) return text;
    packed.a = answers.map((e) => [e[0], typeof e[1] === 'string' ? e[1].slice(0, cut) : e[1], ...e.slice(2)]);
    text = JSON.stringify(packed);
  }
  if (text.length <= limit) return text;
  packed.h = [];
  text = JSON.stringify(packed);
  return text.length <= limit ? text : null;
}

const isInt = (x, min, max) => Number.isInteger(x) && x >= min && x <= max;

export function decodeProgress(text) {
  if (typeof text !== 'string' || !text) return null;
  let p;
  try { p = JSON.parse(text); } catch { return null; }
  if (!p || p.v !== VERSION || !Array.isArray(p.d) || p.d.length > MAX_IDS || !p.d.every((id) => typeof id === 'string')) return null;
  const n = p.d.length;
  const answers = {};
  for (const e of Array.isArray(p.a) ? p.a : []) {
    if (!Array.isArray(e) || !isInt(e[0], 0, n - 1)) return null;
    const [i, input, given, correct, attempts, revealed] = e;
    const a = { input: typeof input === 'number' ? input : String(input ?? ''), given: typeof given === 'number' ? given : null, correct: correct === 1, attempts: isInt(attempts, 0, 1e6) ? attempts : 0 };
    if (revealed === 1) Object.assign(a, { input: '', given: null, correct: false, revealed: true, attempts: 0 });
    answers[p.d[i]] = a;
  }
  const hints = {};
  for (const e of Array.isArray(p.h) ? p.h : []) {
    if (Array.isArray(e) && isInt(e[0], 0, n - 1) && isInt(e[1], 0, 100)) hints[p.d[e[0]]] = e[1];
  }
  return {
    seed: String(p.s ?? ''), ids: p.d, index: isInt(p.x, 0, Math.max(0, n - 1)) ? p.x : 0, answers, hints,
    view: p.w === 1 ? 'result' : 'quiz', completedRound: Number.isInteger(p.c) ? p.c : -1,
    round: isInt(p.r, 0, 1e6) ? p.r : 0, savedAt: Number.isFinite(p.t) ? p.t : 0,
  };
}

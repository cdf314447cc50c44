// Reads the core of a number answer (its frame already taken off by ./frame.js): an expression with
// the question's units ("100개", "4×768", "2 + 1 + 2 = 5"), after the name of the quantity when
// the question declares one ("열 15"), before the tolerance as the quiz shows it ("0.851 (±0.001)").
// An equation is read either way round and every side must have the same value.
//
// Before the number may stand 총 ("총 102,032개": the whole count) and, on a question that asks for a
// rounded value, 약 before a decimal written to the asked precision ("약 0.403"); a fraction may be
// written in Korean ("8분의 5", "1과 2분의 1"), and a side of an equation may be a name the question
// uses ("θ = 3.982", "cos(0) = 1"), whose value, when it has one, must agree.
//
// readNumberCore(core, { units, labels, names, tolerance, answer })
//   answer: the key, when known, only so that "약 0.1" written to fewer places than asked is read when
//   it is the key's value itself (anything else after 약 is asked again, never graded correct)
//   -> { value, unit } | { problem: 'unequal' | 'hedge', unread?, values? } | null
import { evaluate, HAS_NUMBER } from './expression.js';
import { keyOfNormalized } from './normalize.js';
import { TOTAL_WORDS, ROUNDING_WORDS, FRACTION_WORD, MIXED_FRACTION_WORDS } from './words.js';

const MAX_EQUALS = 8;

const decimalsOf = (literal) => {
  const m = literal.match(/\.(\d+)$/);
  return m ? m[1].length : 0;
};
// How precisely a side was written: "0.85" stands for anything that rounds to it; a whole number is
// exact ("2.5 = 3" contradicts itself).
const resolution = (side) => (side.literal && decimalsOf(side.literal) ? 0.5 * 10 ** -decimalsOf(side.literal) : 0);

/** The core without a declared name of the quantity before the number: "열 15" → "15". */
function withoutLabel(core, labels) {
  const lower = core.toLowerCase();
  for (const label of labels) {
    if (lower.startsWith(label) && /^ ?[\d.(-]/.test(core.slice(label.length))) return core.slice(label.length).trimStart();
  }
  return core;
}

/** The core without the tolerance the quiz shows, when it is this question's: "0.851 (±0.001)" → "0.851". */
function withoutShownTolerance(core, tolerance) {
  const at = core.lastIndexOf('±');
  const m = tolerance && at >= 0 && core.slice(at).match(/^± ?(\d*\.?\d+) ?\)?$/);
  if (!m || Math.abs(Number(m[1]) - tolerance) > 1e-12) return core;
  const head = core.slice(0, at).trimEnd();
  return (m[0].endsWith(')') && head.endsWith('(') ? head.slice(0, -1) : head).trimEnd();
}

const escape = (w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TOTAL = new RegExp(`^(?:${TOTAL_WORDS.map(escape).join('|')}) ?(?=[\\d.가-힣(-])`, 'i');
const ROUNDING = new RegExp(`^(${ROUNDING_WORDS.map(escape).join('|')}) ?(?=[\\d.-])`);
// A number as a fraction's part: digits or Korean number words (팔, 십이).
const PART = '(?:\\d+(?:\\.\\d+)?|[영공일이삼사오육칠팔구십백천만]+)';
const FRACTION = new RegExp(`(${PART}) ?${FRACTION_WORD} ?(${PART})`, 'g');
const MIXED = new RegExp(`^(${PART}) ?(?:${MIXED_FRACTION_WORDS.join('|')}) (\\(.+\\)/\\(.+\\))`);

/** Korean fractions as arithmetic: "8분의 5" → "(5)/(8)", "1과 2분의 1" → "1+(1)/(2)". */
function withFractions(t) {
  if (!t.includes(FRACTION_WORD)) return t;
  const plain = t.replace(FRACTION, (m, below, above) => `(${above})/(${below})`);
  return plain.replace(MIXED, (m, whole, fraction) => `${whole}+${fraction}`);
}

/** A value with its working in brackets after it, as an equation: "100 (10×10)" → "100 = 10×10" (the sides must agree). */
function withWorkingInBrackets(t) {
  const m = t.match(/^([^()=]+?) ?\(([^()=]*)\)$/);
  return m && /\d/.test(m[1]) && /\d/.test(m[2]) && /[-+*/×÷^·x]/.test(m[2]) ? `${m[1]} = ${m[2]}` : t;
}

const decimalPlaces = (x) => {
  const m = String(x).match(/^-?0,(\d+)$/) || String(x).match(/\.(\d+)$/);
  return m ? m[1].length : 0;
};

/**
 * 약 before the number: read when the question asks for a rounded value (a tolerance) and the number
 * is a decimal written to at least the tolerance's places; otherwise a guess, with why: the answer is
 * exact ('exact') or not written to the asked place ('precision').
 */
function withoutRounding(t, tolerance) {
  const m = t.match(ROUNDING);
  if (!m) return { t };
  const rest = t.slice(m[0].length);
  const literal = (rest.match(/^-?(?:\d*\.\d+|0,\d+|\d+(?= ?%))/) || [''])[0]; // a decimal (0,083 too), or a whole percentage (49%)
  // 49.1% is 0.491: a percentage has two more places.
  const places = decimalPlaces(literal) + (/^ ?%/.test(rest.slice(literal.length)) ? 2 : 0);
  if (!tolerance) return { t: rest, problem: 'hedge', unread: m[1], values: { reason: 'exact' } };
  if (!literal || places < decimalPlaces(tolerance)) return { t: rest, problem: 'hedge', unread: m[1], values: { reason: 'precision', places: decimalPlaces(tolerance) }, rough: Boolean(literal) };
  return { t: rest };
}

export function readNumberCore(core, { units = [], labels = [], names = [], tolerance = 0, answer } = {}) {
  const rounding = withoutRounding(withoutLabel(core.replace(TOTAL, ''), labels).replace(TOTAL, ''), tolerance);
  if (rounding.problem) {
    // Said why only when the rest is a number ("약 100개"); "약 3개 같아요" is for the classifier.
    if (ROUNDING.test(rounding.t)) return null;
    const rest = readNumberCore(rounding.t, { units, labels, names, tolerance, answer });
    // "약 0.1" for 0.1 (±0.001): written to fewer places, but the value itself; read.
    if (rest && !rest.problem && rounding.rough && answer !== undefined && Math.abs(rest.value - answer) <= tolerance + 1e-9) return rest;
    return rest && !rest.problem ? { problem: rounding.problem, unread: rounding.unread, values: rounding.values } : null;
  }
  const t = withWorkingInBrackets(withFractions(withoutShownTolerance(rounding.t, tolerance)));
  if (!t) return null;
  let equals = 0;
  for (const c of t) if (c === '=' && ++equals > MAX_EQUALS) return null;
  const sides = [];
  for (const raw of t.split('=')) {
    const side = raw.trim();
    // A side may be empty ("=100") or name the quantity ("d_ff = 1024") with a name the question
    // declares or uses ("θ = 3.982"); a name with a value ("cos(0)") is worked out and must agree.
    if (!side || labels.some((l) => keyOfNormalized(l) === keyOfNormalized(side))) continue;
    const named = names.includes(keyOfNormalized(side));
    if (!HAS_NUMBER.test(side) && !named) return null;
    const r = evaluate(side, { units });
    if (r === null && named) continue;
    if (r === null) return null;
    sides.push(r);
  }
  if (!sides.length) return null;
  for (const s of sides) {
    const a = sides[0];
    const slack = Math.max(resolution(a), resolution(s)) + 1e-9 * Math.max(1, Math.abs(a.value), Math.abs(s.value));
    if (Math.abs(a.value - s.value) > slack) return { problem: 'unequal' };
  }
  const plain = sides.filter((s) => s.literal);
  const chosen = plain.length ? plain[plain.length - 1] : sides[sides.length - 1];
  const unit = chosen.unit || (sides.find((s) => s.unit) || {}).unit || '';
  return { value: chosen.value, unit };
}

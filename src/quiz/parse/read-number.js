// Reads the core of a number answer (its frame already taken off by ./frame.js): an expression with
// the question's units ("100개", "4×768", "2 + 1 + 2 = 5"), after the name of the quantity when
// the question declares one ("열 15"), before the tolerance as the quiz shows it ("0.851 (±0.001)").
// An equation is read either way round and every side must have the same value.
//
// readNumberCore(core, { units, labels, tolerance }) -> { value, unit } | { problem: 'unequal' } | null
import { evaluate, HAS_NUMBER } from './expression.js';
import { keyOfNormalized } from './normalize.js';

const MAX_EQUALS = 8;

const decimalsOf = (literal) => {
  const m = literal.match(/\.(\d+)$/);
  return m ? m[1].length : 0;
};
// How precisely a side was written: "0.85" stands for anything that rounds to it.
const resolution = (side) => (side.literal ? 0.5 * 10 ** -decimalsOf(side.literal) : 0);

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

export function readNumberCore(core, { units = [], labels = [], tolerance = 0 } = {}) {
  const t = withoutShownTolerance(withoutLabel(core, labels), tolerance);
  if (!t) return null;
  let equals = 0;
  for (const c of t) if (c === '=' && ++equals > MAX_EQUALS) return null;
  const sides = [];
  for (const raw of t.split('=')) {
    const side = raw.trim();
    // A side may be empty ("=100") or name the quantity ("d_ff = 1024") with a name the question declares.
    if (!side || labels.some((l) => keyOfNormalized(l) === keyOfNormalized(side))) continue;
    if (!HAS_NUMBER.test(side)) return null;
    const r = evaluate(side, { units });
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

// Every Korean text a learner can see, for the tests that read them all (korean-particles.test.js,
// korean-terms.test.js): the strings of src/i18n/ko (templates and the tutorial page), the built-in
// bank's Korean fields, and generated questions. Also the particle scan those tests share.
import { readdirSync } from 'node:fs';
import { PARTICLE_PATTERN, particleAfter, spokenEnd } from '../../src/i18n/particle.js';
import { builtinBank } from '../../src/quiz/index.js';

const KO_DIR = new URL('../../src/i18n/ko/', import.meta.url);

/** [{ where, text }] for every string in the Korean string modules (page.js included). */
export async function koreanStrings() {
  const out = [];
  for (const file of readdirSync(KO_DIR).filter((f) => f.endsWith('.js')).sort()) {
    const mod = (await import(new URL(file, KO_DIR))).default;
    walk(mod, file.replace(/\.js$/, ''), out);
  }
  return out;
}

function walk(value, where, out) {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`, out);
}

/** The Korean fields of a question (its own fields; translations under two-letter keys are left out). */
export function questionTexts(q) {
  return [q.prompt, q.explanation, ...(q.choices || []), ...(q.hints || []), ...(q.distractors || []).map((d) => d.explanation)]
    .filter((t) => typeof t === 'string');
}

/** [{ where, text }] for the built-in bank's Korean texts: questions, sections, misconceptions, study sheet. */
export function bankStrings(bank = builtinBank()) {
  const out = [];
  for (const q of bank.questions) for (const text of questionTexts(q)) out.push({ where: `bank ${q.id}`, text });
  for (const s of bank.sections) out.push({ where: `section ${s.id}`, text: s.title });
  for (const m of bank.misconceptions) out.push({ where: `misconception ${m.id}`, text: m.text });
  const sheet = bank.studySheet;
  for (const t of [sheet.title, sheet.summary, ...sheet.columns]) out.push({ where: 'study sheet', text: t });
  for (const r of sheet.rows) for (const t of [r.type, r.keyword, r.answer]) out.push({ where: `study sheet ${r.id}`, text: t });
  return out;
}

// What a text shows is checked, so inline TeX ($…$) is read as it is typeset: h'' is h″, \sin is sin.
const TEX = /\$([^$]*)\$/g;
const TEX_SYMBOLS = { cdot: '·', times: '×', rightarrow: '→', to: '→', le: '≤', ge: '≥', pm: '±', Delta: 'Δ', delta: 'δ',
  omega: 'ω', theta: 'θ', mu: 'μ', sigma: 'σ', varepsilon: 'ε', epsilon: 'ε', gamma: 'γ', beta: 'β', alpha: 'α', pi: 'π', sum: 'Σ' };
const asShown = (text) => text.replace(TEX, (m, tex) => tex.replace(/\\(?:[,;!]|quad)/g, ' ')
  .replace(/\\([A-Za-z]+)/g, (c, name) => TEX_SYMBOLS[name] ?? name).replace(/''/g, '″').replace(/'/g, '′'));
const AFTER_VALUE = new RegExp(`(?<=[^\\s가-힣(‘“])${PARTICLE_PATTERN}`, 'g');

/**
 * Every particle that follows something other than a Korean syllable (a number, a letter, a symbol,
 * a closing bracket or quote), checked against how the text before it is read. Returns the problems:
 * [{ context, found, expected }] and the Latin words whose reading is only a guess ({ unknown }).
 */
export function scanParticles(raw) {
  const text = asShown(raw);
  const problems = [];
  for (const m of text.matchAll(AFTER_VALUE)) {
    const before = text.slice(0, m.index);
    const expected = particleAfter(before, m[0]);
    const context = text.slice(Math.max(0, m.index - 24), m.index + m[0].length + 4);
    if (expected !== m[0]) problems.push({ context, found: m[0], expected });
    else if (spokenEnd(before).how === 'unknown' && /[A-Za-z]$/.test(before.replace(/[\s)\]}”’"'`*]+$/, ''))) problems.push({ context, unknown: true });
  }
  return problems;
}

/** The names of a template's {placeholders} (TeX's d_{model} and \\frac{a}{b} are not placeholders). */
export const placeholders = (text) => [...new Set([...text.matchAll(/(?<![_^\\}])\{(\w+)\}/g)].map((m) => m[1]))];

/** Hedged particles such as 을(를), (으)로, 이(가): a text should say one of them. */
export const HEDGE = /[을를은는이가과와]\([을를은는이가과와]\)|\(으\)로|\(이\)/;

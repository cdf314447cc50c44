// A fragment is not a choice (issue 33, item 0): a choice is named by its number, its letter, or
// whole words only it has, long enough to mean something. Over every choice question of the bank and
// of generated questions (every kind, several seeds), no string of 1–3 Latin letters and no Roman
// numeral past the last choice (Ⅳ, ⅳ, IV, iv, with and without 번) is graded correct. Every string of
// one or two letters is tried in three cases; of three letters, every one inside the question's own
// choice texts (where the hole was: "ati" in "activation") and 1,500 others drawn per question, a
// different draw for each, so that the run stays at a few seconds. QUIZ_FULL_SWEEP=1 tries all
// 17,576 three-letter strings on every question (about a minute). The only short strings that may name a choice are its letter (b) and a choice's whole text
// or the same term in another script (sin for a choice "sin" or "사인"), which are listed and checked
// to be exactly those.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { builtinBank, generate, grade, TOPICS, mulberry32 } from '../../src/quiz/index.js';
import { TERM_ALIASES } from '../../src/quiz/parse/words.js';

const core = await init();
const bank = builtinBank();
const generated = [];
for (let seed = 1; seed <= 3; seed++) generated.push(...generate(core, { seed, count: TOPICS.length, topics: TOPICS }));
const choiceQuestions = [...bank.questions, ...generated].filter((q) => q.type === 'mc');

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const langs = (q) => ['ko', ...Object.keys(q).filter((k) => /^[a-z]{2}$/.test(k))];
const FULL = process.env.QUIZ_FULL_SWEEP === '1';
const cases = (s) => [s, s.toUpperCase(), s[0].toUpperCase() + s.slice(1)];
const SHORT = [];
const THREE = [];
for (const a of LETTERS) {
  SHORT.push(...cases(a));
  for (const b of LETTERS) {
    SHORT.push(...cases(a + b));
    for (const c of LETTERS) THREE.push(a + b + c);
  }
}
const rnd = mulberry32(33);
/** The three-letter strings tried on q: those inside its choice texts, and a draw of the rest (all with QUIZ_FULL_SWEEP=1). */
function threeLetters(q) {
  if (FULL) return THREE.flatMap(cases);
  const inside = new Set();
  for (const lang of langs(q)) {
    for (const text of (lang === 'ko' ? q.choices : q[lang].choices || q.choices)) {
      const letters = text.toLowerCase().replace(/[^a-z]/g, '');
      for (let i = 0; i + 3 <= letters.length; i++) inside.add(letters.slice(i, i + 3));
    }
  }
  const drawn = Array.from({ length: 1500 }, () => THREE[Math.floor(rnd() * THREE.length)]);
  return [...[...inside].flatMap(cases), ...drawn];
}
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
/** Roman numerals for k: the single characters Ⅰ–Ⅻ and ⅰ–ⅻ and the letters, alone and with 번. */
const romanForms = (k) => [String.fromCharCode(0x215f + k), String.fromCharCode(0x216f + k), ROMAN[k - 1], ROMAN[k - 1].toLowerCase()]
  .flatMap((r) => [r, `${r}번`, `(${r})`]);

const key = (s) => s.toLowerCase();
/** The short strings that rightly name the key: its letter, and its whole text (or the same term) when that is short Latin. */
function rightlyNamed(q) {
  const ok = new Set([LETTERS[q.answer - 1]]);
  for (const lang of langs(q)) {
    const text = key((lang === 'ko' ? q.choices : q[lang].choices || q.choices)[q.answer - 1]);
    const group = TERM_ALIASES.find((g) => g.includes(text)) || [text];
    group.filter((w) => /^[a-z]{1,3}$/.test(w)).forEach((w) => ok.add(w));
  }
  return ok;
}

test('no 1–3-letter Latin string and no Roman numeral past the last choice is graded correct', () => {
  const started = performance.now();
  let tried = 0;
  const correct = [];
  const allowed = [];
  for (const q of choiceQuestions) {
    const ok = rightlyNamed(q);
    for (const s of [...SHORT, ...threeLetters(q)]) {
      tried++;
      if (!grade(q, s).correct) continue;
      if (ok.has(key(s))) allowed.push(`${q.id}: ${s}`);
      else correct.push(`${q.id}: ${s}`);
    }
    for (let k = q.choices.length + 1; k <= 12; k++) {
      for (const r of romanForms(k)) {
        tried++;
        const got = grade(q, r);
        if (got.correct) correct.push(`${q.id}: ${r}`);
        else assert.ok(!got.valid || typeof got.given === 'number', `${q.id}: ${r}`);
      }
    }
  }
  const ms = performance.now() - started;
  console.log(`# ${choiceQuestions.length} choice questions (${generated.filter((q) => q.type === 'mc').length} generated): ${tried} gradings in ${Math.round(ms)} ms, ${correct.length} correct; the key's own letter or short whole text: ${allowed.length}`);
  assert.deepEqual(correct.slice(0, 20), [], `${correct.length} short strings graded correct`);
  // Each allowed one is the key's letter or its whole text: at least the letter for every question.
  assert.ok(allowed.length >= choiceQuestions.length);
});

test('a Roman numeral that is a choice number names that choice, the one character and with 번', () => {
  for (const q of choiceQuestions.filter((x) => x.choices.length <= 12)) {
    for (const r of [String.fromCharCode(0x215f + q.answer), String.fromCharCode(0x216f + q.answer)]) {
      assert.equal(grade(q, r).correct, true, `${q.id}: ${r}`);
      assert.equal(grade(q, `${r}번`).correct, true, `${q.id}: ${r}번`);
    }
    const wrong = q.answer === 1 ? 2 : 1;
    assert.equal(grade(q, String.fromCharCode(0x215f + wrong)).given, wrong, `${q.id}: wrong choice`);
  }
});

test('fragments inside a word never name a choice; whole words do (the cases of issue 33)', () => {
  const byId = new Map(bank.questions.map((q) => [q.id, q]));
  const given = (id, s) => grade(byId.get(id), s).given;
  for (const [id, s] of [['doc-concept-1', 'ar'], ['doc-concept-1', 'ly'], ['doc-concept-1', 'pa'], ['ffn-how-5', 'ct'], ['ffn-how-5', 'ati'],
    ['ffn-how-5', 'Ⅳ'], ['rope-pairing-1', 'Ⅳ'], ['lab-alibi-1', 'ⅸ'], ['doc-concept-1', 'only'], ['pe-number-1', 'elat']]) {
    assert.equal(given(id, s), null, `${id}: ${s}`);
  }
  assert.equal(given('pe-number-1', 'Ⅳ'), 4);
  assert.equal(given('ffn-how-5', 'activation'), 1);
  assert.equal(given('doc-concept-1', 'partly'), 2);
  assert.equal(given('doc-concept-4', '관계'), 1);
  assert.equal(given('doc-concept-4', '어텐션'), 1);
  assert.equal(given('doc-concept-3', '더하기'), 1);
});

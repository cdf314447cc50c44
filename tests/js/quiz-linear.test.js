// Every parser of the quiz is linear in its input: grade() on every question type and fromGIFT, fed
// runs of the characters that made the old readers backtrack ('(', '_', '.', ',', '='). The quiz
// re-grades saved answers on every render, so one pasted answer must never freeze it. Measured as a
// ratio in one process, not as a time: one 1 MB input against 32 inputs of 32 KB, timed back to
// back so that both take about as long and a busy machine slows both alike. Linear: ~1 (up to ~5
// measured on a machine loaded 9 times over); quadratic: ~32.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinBank, grade, fromGIFT } from '../../src/quiz/index.js';

const MB = 1 << 20;
const SCALE = 32; // the large input is SCALE times the small one
const BOUND = 10; // time of one large ÷ time of SCALE small ones: linear ~1 (~5 on a very busy machine), quadratic ~SCALE
const ROUNDS = 5; // a round under BOUND settles it; a quadratic reader is over it in every round
const MIN_MS = 10; // a quick reader repeats both sides until they take about this long
const bank = builtinBank();
const ofType = (type) => bank.questions.find((q) => q.type === type);
const RUNS = ['(', '_', '.', ',', '=', '1,', '1 ', '1.', '(1', '=1', '아님 ', '~', '#', '\\'];
const runOf = (run, size) => run.repeat(Math.ceil(size / run.length));

function ms(fn) {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/**
 * How much longer fn takes per character on `large` than on `small`: { growth, large (ms) }, the
 * smallest growth of up to ROUNDS rounds (a pause of the collector or of the machine falls on one
 * round, a quadratic reader's growth on all of them). A quick reader repeats both sides.
 */
function growth(fn, small, large) {
  let reps = 1;
  let best = { growth: Infinity, large: 0 };
  for (let round = 0; round < ROUNDS && best.growth > BOUND; round++) {
    const tSmall = ms(() => { for (let k = 0; k < SCALE * reps; k++) fn(small); });
    const tLarge = ms(() => { for (let k = 0; k < reps; k++) fn(large); });
    const g = tLarge / Math.max(tSmall, 0.01);
    if (g < best.growth) best = { growth: g, large: tLarge / reps };
    if (tLarge < MIN_MS) reps = Math.min(32, Math.ceil((reps * MIN_MS) / Math.max(tLarge, 0.1)));
  }
  return best;
}

/** Each input shape of grade(), around a run of `size` characters. */
const answerShapes = [(b) => b, (b) => `1${b}`, (b) => `${b}1`, (b) => `정답: ${b} 이요`];

for (const type of ['ox', 'number', 'mc', 'text']) {
  test(`grade() on a ${type} question is linear in its input (1 MB takes about as long as 32 × 32 KB)`, () => {
    const q = ofType(type);
    let worst = { growth: 0, large: 0, run: '' };
    for (const run of RUNS) {
      const small = runOf(run, MB / SCALE), large = runOf(run, MB);
      for (const shape of answerShapes) {
        const g = growth((body) => assert.equal(grade(q, shape(body)).correct, false), small, large);
        assert.ok(g.growth <= BOUND, `${type} ${JSON.stringify(run)}: 1 MB took ${g.growth.toFixed(1)}x as long per character as 32 KB (${g.large.toFixed(0)} ms)`);
        if (g.growth > worst.growth) worst = { ...g, run };
      }
    }
    console.log(`# grade ${type}: largest growth per character ${worst.growth.toFixed(2)}x (${JSON.stringify(worst.run)}, 1 MB in ${worst.large.toFixed(0)} ms)`);
  });
}

const giftShapes = [(b) => b, (b) => `::q:: a {${b}}`, (b) => `::q:: a {#${b}}`, (b) => `::q:: a {=x ${b} ~y}`, (b) => `::q:: a {#1..${b}}`];

test('fromGIFT is linear in its input, inside and outside an answer block', () => {
  let worst = { growth: 0, large: 0, run: '' };
  for (const run of RUNS) {
    const small = runOf(run, MB / SCALE), large = runOf(run, MB);
    for (const shape of giftShapes) {
      const g = growth((body) => { try { fromGIFT(shape(body)); } catch (error) { assert.ok(error instanceof Error); } }, small, large);
      assert.ok(g.growth <= BOUND, `GIFT ${JSON.stringify(run)}: 1 MB took ${g.growth.toFixed(1)}x as long per character as 32 KB (${g.large.toFixed(0)} ms)`);
      if (g.growth > worst.growth) worst = { ...g, run };
    }
  }
  console.log(`# fromGIFT: largest growth per character ${worst.growth.toFixed(2)}x (${JSON.stringify(worst.run)}, 1 MB in ${worst.large.toFixed(0)} ms)`);
});

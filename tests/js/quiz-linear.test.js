// Every parser of the quiz is linear in its input: grade() on every question type and fromGIFT, fed
// runs of the characters that made the old readers backtrack ('(', '_', '.', ',', '='). The quiz
// re-grades saved answers on every render, so one pasted answer must never freeze it. Measured as a
// ratio in one process (linear-growth.js): one 1 MB input against 32 inputs of 32 KB.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinBank, grade, fromGIFT } from '../../src/quiz/index.js';
import { BOUND, SCALE, growth } from './linear-growth.js';

const MB = 1 << 20;
const bank = builtinBank();
const ofType = (type) => bank.questions.find((q) => q.type === type);
const RUNS = ['(', '_', '.', ',', '=', '1,', '1 ', '1.', '(1', '=1', '아님 ', '~', '#', '\\'];
const runOf = (run, size) => run.repeat(Math.ceil(size / run.length));

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

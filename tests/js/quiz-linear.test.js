// Every parser of the quiz is linear in its input: grade() on every question type and fromGIFT, fed
// 1 MB runs of the characters that made the old readers backtrack ('(', '_', '.', ',', '='), each
// finish well within a second. The quiz re-grades saved answers on every render, so one pasted
// answer must never freeze it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinBank, grade, fromGIFT } from '../../src/quiz/index.js';

const MB = 1 << 20;
const bank = builtinBank();
const ofType = (type) => bank.questions.find((q) => q.type === type);
const RUNS = ['(', '_', '.', ',', '=', '1,', '1 ', '1.', '(1', '=1', '아님 ', '~', '#', '\\'];
const inputs = (run) => {
  const body = run.repeat(Math.ceil(MB / run.length));
  return [body, `1${body}`, `${body}1`, `정답: ${body} 이요`];
};

function timed(what, fn) {
  const t0 = performance.now();
  fn();
  const ms = performance.now() - t0;
  assert.ok(ms < 1000, `${what}: ${ms.toFixed(0)} ms`);
  return ms;
}

for (const type of ['ox', 'number', 'mc', 'text']) {
  test(`grade() on a ${type} question takes under a second for every 1 MB input`, () => {
    const q = ofType(type);
    let worst = 0;
    for (const run of RUNS) {
      for (const input of inputs(run)) {
        worst = Math.max(worst, timed(`${type} ${JSON.stringify(run)}`, () => {
          const r = grade(q, input);
          assert.equal(r.correct, false);
        }));
      }
    }
    console.log(`# grade ${type}: slowest 1 MB input ${worst.toFixed(0)} ms`);
  });
}

test('fromGIFT takes under a second for every 1 MB input, inside and outside an answer block', () => {
  let worst = 0;
  for (const run of RUNS) {
    const body = run.repeat(Math.ceil(MB / run.length));
    for (const text of [body, `::q:: a {${body}}`, `::q:: a {#${body}}`, `::q:: a {=x ${body} ~y}`, `::q:: a {#1..${body}}`]) {
      worst = Math.max(worst, timed(`GIFT ${JSON.stringify(run)}`, () => { try { fromGIFT(text); } catch (error) { assert.ok(error instanceof Error); } }));
    }
  }
  console.log(`# fromGIFT: slowest 1 MB input ${worst.toFixed(0)} ms`);
});

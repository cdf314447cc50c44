// The training tasks (src/js/tasks.js, exported from the package entry): each sequence's format and
// answer recomputed here from its input, determinism per seed, test sets independent of the training
// stream, the statistics of the draws, the documented chance and position-blind figures checked by
// brute force and by simulation, accuracy, and every refused argument.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pkg } from './target.js';
import { compile } from './typecheck.js';

const { createTask, tokenAccuracy, TASK_NAMES } = pkg;
const SEPARATOR = 0, QUERY = 1;

/** The answer of one input part, written from the task's description. */
function answerOf(name, input) {
  if (name === 'copy') return input;
  if (name === 'reverse') return input.slice().reverse();
  if (name === 'sort') return input.slice().sort((a, b) => a - b);
  return [input.indexOf(2) < input.indexOf(3) ? 2 : 3]; // first: the mark A (2) or B (3) seen first
}

/** Checks every sequence of a drawn set; returns the sequences' input parts. */
function checkSet(task, set, n) {
  const T = task.stats(n).sequenceLength;
  assert.equal(set.length, T);
  assert.ok(set.tokens instanceof Int32Array && set.targets instanceof Int32Array);
  assert.equal(set.tokens.length, set.batch * T);
  const inputs = [];
  for (let b = 0; b < set.batch; b++) {
    const tokens = Array.from(set.tokens.subarray(b * T, (b + 1) * T)), targets = Array.from(set.targets.subarray(b * T, (b + 1) * T));
    const input = tokens.slice(1, n + 1), answer = answerOf(task.name, input);
    assert.equal(tokens[0], SEPARATOR);
    assert.equal(tokens[n + 1], SEPARATOR);
    assert.deepEqual(tokens.slice(n + 2), new Array(answer.length).fill(QUERY));
    assert.deepEqual(targets, [...new Array(n + 2).fill(-1), ...answer]);
    const lowest = task.name === 'first' ? 4 : 2;
    if (task.name === 'first') {
      assert.equal(input.filter((t) => t === 2).length, 1);
      assert.equal(input.filter((t) => t === 3).length, 1);
      assert.ok(input.every((t) => t >= 2 && t < task.vocab));
    } else {
      assert.ok(input.every((t) => t >= lowest && t < task.vocab), `symbols from ${lowest}`);
    }
    inputs.push(input);
  }
  return inputs;
}

for (const name of TASK_NAMES) {
  test(`${name}: every sequence is input | queries, targets only on the answer, answers right, at train and test lengths`, () => {
    const task = createTask(name, { vocab: 12, length: 6, seed: 9 });
    assert.equal(task.sequenceLength, name === 'first' ? 9 : 14);
    checkSet(task, task.batch(50), 6);
    for (const n of [2, 7, 12, 30]) checkSet(task, task.testSet(n, 20), n);
  });

  test(`${name}: the same seed gives the same batches; test sets do not depend on the training stream`, () => {
    const a = createTask(name, { seed: 5 }), b = createTask(name, { seed: 5 }), c = createTask(name, { seed: 6 });
    const first = a.batch(8);
    assert.deepEqual(first, b.batch(8));
    assert.notDeepEqual(first.tokens, c.batch(8).tokens);
    assert.notDeepEqual(a.batch(8).tokens, first.tokens, 'the stream moves on');
    const test16 = a.testSet(16, 10);
    assert.deepEqual(test16, createTask(name, { seed: 5 }).testSet(16, 10), 'whatever was drawn before');
    assert.notDeepEqual(test16.tokens, a.testSet(17, 10).tokens.subarray(0, test16.tokens.length));
    assert.deepEqual(a.testSet(16, 4).tokens, test16.tokens.subarray(0, 4 * test16.length), 'a smaller set is a prefix');
  });
}

test('statistics: symbols uniform, the first mark before the second half of the time, marks at uniform places', () => {
  const task = createTask('reverse', { vocab: 10, length: 8, seed: 1 });
  const counts = new Array(10).fill(0);
  const { tokens } = task.batch(4000);
  for (let i = 0; i < tokens.length; i++) if (i % 18 >= 1 && i % 18 <= 8) counts[tokens[i]]++;
  const expected = (4000 * 8) / 8;
  let chi2 = 0;
  for (let s = 2; s < 10; s++) chi2 += (counts[s] - expected) ** 2 / expected;
  assert.ok(chi2 < 24.3, `chi-square ${chi2.toFixed(1)} over 7 degrees of freedom (p = 0.001 at 24.3)`);

  const first = createTask('first', { vocab: 8, length: 10, seed: 2 });
  const set = first.batch(4000);
  let a = 0;
  const place = new Array(10).fill(0);
  for (let b = 0; b < 4000; b++) {
    if (set.targets[b * 13 + 12] === 2) a++;
    place[Array.prototype.indexOf.call(set.tokens.subarray(b * 13 + 1, b * 13 + 11), 3)]++;
  }
  assert.ok(Math.abs(a / 4000 - 0.5) < 0.03, `A first in ${a} of 4000`);
  assert.ok(place.every((p) => Math.abs(p - 400) < 80), `B's places ${place}`);
});

/** E[largest count] by enumerating all K^n inputs. */
function largestCountByEnumeration(n, K) {
  let sum = 0, total = 0;
  const a = new Array(n).fill(0);
  for (;;) {
    const counts = new Array(K).fill(0);
    for (const v of a) counts[v]++;
    sum += Math.max(...counts);
    total++;
    let i = 0;
    while (i < n && ++a[i] === K) a[i++] = 0;
    if (i === n) return sum / total;
  }
}

test('chance and the position-blind bound: exact against enumeration, and reached by the best position-blind guess', () => {
  for (const [n, symbols] of [[1, 2], [3, 2], [5, 3], [6, 4], [4, 14], [7, 5]]) {
    const task = createTask('copy', { vocab: symbols + 2, length: n });
    const exact = largestCountByEnumeration(n, symbols) / n;
    assert.ok(Math.abs(task.positionBlindBound - exact) < 1e-13, `n=${n} K=${symbols}: ${task.positionBlindBound} vs ${exact}`);
    assert.equal(task.chance, 1 / symbols);
  }
  // The best a position-blind model can do: predict the input's most frequent symbol at every slot.
  for (const name of ['copy', 'reverse', 'sort']) {
    const task = createTask(name, { vocab: 16, length: 8, seed: 4 });
    const set = task.testSet(8, 20000), T = 18;
    let correct = 0;
    for (let b = 0; b < set.batch; b++) {
      const input = Array.from(set.tokens.subarray(b * T + 1, b * T + 9));
      const mode = input.reduce((best, s) => (input.filter((t) => t === s).length > input.filter((t) => t === best).length ? s : best));
      for (let t = 10; t < T; t++) if (set.targets[b * T + t] === mode) correct++;
    }
    const reached = correct / (set.batch * 8);
    assert.ok(Math.abs(reached - task.positionBlindBound) < 0.01, `${name}: ${reached} vs ${task.positionBlindBound}`);
    console.log(`# ${name}, vocab 16, length 8: chance ${task.chance.toFixed(4)}, position-blind bound ${task.positionBlindBound.toFixed(4)} (the mode guess reaches ${reached.toFixed(4)})`);
  }
  const first = createTask('first');
  assert.equal(first.chance, 0.5);
  assert.equal(first.positionBlindBound, 0.5);
  assert.deepEqual(first.stats(20), { sequenceLength: 23, chance: 0.5, positionBlindBound: 0.5 });
  const long = createTask('sort', { vocab: 4, length: 255 });
  assert.ok(Math.abs(long.positionBlindBound - 0.5 - 0.025) < 0.01, `two symbols, 255 draws: ${long.positionBlindBound}`);
});

test('tokenAccuracy counts the arg-max (the first of a tie) on counted targets only', () => {
  const logits = Float32Array.from([0, 1, 0, 5, 0, 0, 2, 2, 1, 0, 0, 9]);
  assert.deepEqual(tokenAccuracy(logits, Int32Array.from([1, 0, 1, -1]), 3), { accuracy: 2 / 3, correct: 2, counted: 3 });
  assert.deepEqual(tokenAccuracy(logits, [-1, -1, -1, -1], 3), { accuracy: 0, correct: 0, counted: 0 });
  assert.throws(() => tokenAccuracy([0, 1], [0], 2), { name: 'TypeError', message: /logits/ });
  assert.throws(() => tokenAccuracy(logits, [0], 3), { name: 'RangeError', message: /logits/ });
});

test('labels: separator, query, marks and symbols', () => {
  const task = createTask('first', { vocab: 40 });
  assert.deepEqual([0, 1, 2, 3, 4, 29, 30].map(task.label), ['|', '?', 'A', 'B', 'a', 'z', 's26']);
  assert.deepEqual([2, 3].map(createTask('copy').label), ['a', 'b']);
});

test('refused arguments name the parameter', () => {
  assert.throws(() => createTask('shuffle'), { name: 'RangeError', message: /name must be one of 'copy', 'reverse', 'sort', 'first'/ });
  assert.throws(() => createTask(3), { name: 'TypeError', message: /name/ });
  assert.throws(() => createTask('copy', { vocab: 3 }), { name: 'RangeError', message: /vocab must be an integer from 4 to 65536/ });
  assert.throws(() => createTask('first', { vocab: 4 }), { name: 'RangeError', message: /vocab must be an integer from 5/ });
  assert.throws(() => createTask('first', { length: 1 }), { name: 'RangeError', message: /length must be an integer from 2 to 255/ });
  assert.throws(() => createTask('copy', { length: 256 }), { name: 'RangeError', message: /length/ });
  assert.throws(() => createTask('copy', { seed: -1 }), { name: 'RangeError', message: /seed/ });
  assert.throws(() => createTask('copy', { seed: '1' }), { name: 'TypeError', message: /seed/ });
  assert.throws(() => createTask('copy', []), { name: 'TypeError', message: /options/ });
  const task = createTask('copy');
  assert.throws(() => task.batch(0), { name: 'RangeError', message: /n must be/ });
  assert.throws(() => task.batch(1.5), { name: 'RangeError', message: /n must be/ });
  assert.throws(() => task.testSet(0, 4), { name: 'RangeError', message: /length/ });
  assert.throws(() => task.testSet(4), { name: 'TypeError', message: /n must be/ });
  assert.throws(() => task.batch(1 << 24), { name: 'RangeError', message: /n must be an integer from 1 to 932067/ });
  assert.throws(() => task.label(16), { name: 'RangeError', message: /token/ });
  assert.ok(Object.isFrozen(task));
});

test('the declarations (tasks, pytorchScript) type-check under --strict (NodeNext and Bundler); an unknown task name is refused', () => {
  const use = `
import { createTask, init, pytorchScript, tokenAccuracy, TASK_NAMES, type Task, type TaskBatch, type TaskName } from '../../src/js/index.js';
const name: TaskName = TASK_NAMES[0];
const task: Task = createTask(name, { vocab: 16, length: 8, seed: 1 });
const b: TaskBatch = task.batch(4);
const held: Int32Array = task.testSet(12, 10).targets;
const n: number = task.chance + task.positionBlindBound + task.stats(12).sequenceLength + b.length;
const a: number = tokenAccuracy(new Float32Array(b.tokens.length * 16), b.targets, 16).accuracy;
const label: string = task.label(0);
const script: string = pytorchScript({ vocab: task.vocab, dModel: 64, heads: 4, position: 'rope', norm: 'pre' });
const fromModel = async () => pytorchScript((await init()).createTransformer({ vocab: 16, dModel: 8 }).config);
export { held, n, a, label, script, fromModel };
`;
  const misuse = `
import { createTask } from '../../src/js/index.js';
const task = createTask('shuffle');
export { task };
`;
  for (const r of compile('types-tasks', { 'use.ts': use, 'misuse.ts': misuse })) {
    const errors = r.stdout.trim().split('\n');
    assert.equal(errors.length, 1, r.stdout + r.stderr);
    assert.match(errors[0], /^misuse\.ts\(3,.*'"shuffle"' is not assignable to parameter of type 'TaskName'/);
  }
});

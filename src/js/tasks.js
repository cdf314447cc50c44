// Training tasks for the small Transformer (createTransformer): seeded, deterministic sequences with
// targets only where an answer is asked, for the position lab and for users. Plain JavaScript: no
// module instance needed.
//
// Every task writes one sequence as   SEPARATOR · input part · SEPARATOR · one QUERY per answer slot
// and asks for the answer at the QUERY slots (every other target is -1, which the loss ignores). The
// answer is never in the input, so the same format serves a causal and a bidirectional model.
//   copy     | a b c d | ? ? ? ?   ->  a b c d        (symbols drawn uniformly, repeats allowed)
//   reverse  | a b c d | ? ? ? ?   ->  d c b a
//   sort     | c a d a | ? ? ? ?   ->  a a c d        (ascending token ids)
//   first    | c A d B | ?         ->  A              (which of the two marks came first; the rest filler)
// The leading separator is a fixed first token: a causal model without position information can count
// from it (its share of uniform attention is 1 / (t + 1)). Measured on the lab's model, causal reverse
// without positions: with it, 99 % at step 850 (the module), 99.98 % after 1,000 steps (PyTorch);
// without it, 56 % after 1,750 steps (PyTorch).
// Token ids: 0 the separator, 1 the query, then for `first` 2 and 3 the marks A and B; the symbols
// take the remaining ids up to vocab - 1.
//
// Why these: a Transformer without position information and without a causal mask is permutation-
// equivariant. Its QUERY slots are interchangeable tokens, so they all get the same prediction, and
// permuting the input part changes nothing it sees: on copy, reverse and sort it can at best predict
// the input's most frequent symbol at every slot (`positionBlindBound`: E[largest count] / length),
// and on `first`, swapping the two marks swaps the answer but not the prediction (bound 1/2).
import { rangeError, typeError } from './errors.js';
import { readOptions } from './args.js';
import * as check from './validate.js';
import { mulberry32 } from './random.js';
import { LIMITS, MAX_SEED, TASK_DEFAULTS, TASK_LIMITS } from './defaults.js';

export const TASK_NAMES = Object.freeze(['copy', 'reverse', 'sort', 'first']);
export const SEPARATOR = 0;
export const QUERY = 1;
const MARKS = [2, 3]; // first: A, B
const { MAX_SYMBOLS, MAX_TOKENS } = TASK_LIMITS;

const answers = {
  copy: (s) => s,
  reverse: (s) => s.slice().reverse(),
  sort: (s) => s.slice().sort((a, b) => a - b),
};

/** How the input part of `length` symbols and its answer are drawn, per task. */
function sequenceTask(name, vocab) {
  const symbols = vocab - 2;
  return {
    symbols,
    minLength: 1,
    sequenceLength: (n) => 2 * n + 2,
    draw(next, n) {
      const input = Array.from({ length: n }, () => 2 + Math.floor(next() * symbols));
      return { input, answer: answers[name](input) };
    },
    chance: () => 1 / symbols,
    positionBlindBound: (n) => expectedLargestCount(n, symbols) / n,
  };
}

const firstTask = (vocab) => ({
  symbols: vocab - 4,
  minLength: 2,
  sequenceLength: (n) => n + 3,
  draw(next, n) {
    const input = Array.from({ length: n }, () => 4 + Math.floor(next() * (vocab - 4)));
    const a = Math.floor(next() * n);
    let b = Math.floor(next() * (n - 1));
    if (b >= a) b++;
    input[a] = MARKS[0];
    input[b] = MARKS[1];
    return { input, answer: [a < b ? MARKS[0] : MARKS[1]] };
  },
  chance: () => 1 / 2,
  positionBlindBound: () => 1 / 2,
});

/**
 * The expected largest count among `symbols` equally likely symbols in `n` draws, exactly:
 * E[M] = Σ_{m=1..n} P(M ≥ m), with P(M ≤ m) = n! / K^n · [x^n] (Σ_{j ≤ m} x^j / j!)^K (K = symbols).
 * Written with x = (n / K) y, P(M ≤ m) = n! / n^n · [y^n] (Σ_{j ≤ m} (n y / K)^j / j!)^K, whose terms
 * peak near degree n; the power is taken by squaring on polynomials cut at degree n and rescaled.
 */
export function expectedLargestCount(n, symbols) {
  let logFactorial = 0;
  for (let i = 2; i <= n; i++) logFactorial += Math.log(i);
  let expected = 1; // P(M >= 1) = 1
  for (let m = 1; m < n; m++) {
    const atMost = Math.exp(logFactorial - n * Math.log(n) + logCoefficient(m, n, symbols));
    const above = 1 - atMost; // P(M >= m + 1)
    if (above < 1e-17) break;
    expected += above;
  }
  return expected;
}

/** log [y^n] (Σ_{j ≤ m} (n y / K)^j / j!)^K. */
function logCoefficient(m, n, K) {
  const times = (a, b) => {
    const c = new Float64Array(n + 1);
    for (let i = 0; i <= n; i++) if (a.c[i]) for (let j = 0; i + j <= n; j++) c[i + j] += a.c[i] * b.c[j];
    let max = 0;
    for (const v of c) max = Math.max(max, v);
    for (let i = 0; i <= n; i++) c[i] /= max;
    return { c, log: a.log + b.log + Math.log(max) };
  };
  const base = { c: new Float64Array(n + 1), log: 0 };
  for (let j = 0, term = 1; j <= Math.min(m, n); j++, term *= n / K / j) base.c[j] = term;
  let result = null, power = base;
  for (let k = K; k > 0; k = Math.floor(k / 2)) {
    if (k % 2) result = result ? times(result, power) : power;
    if (k > 1) power = times(power, power);
  }
  return result.log + Math.log(result.c[n]);
}

/**
 * A seeded task: createTask(name, { vocab = 16, length = 8, seed = 0 }). `length` is the number of
 * symbols of the input part in training; `testSet(length, n)` draws longer (or shorter) ones.
 */
export function createTask(name, options) {
  check.oneOf('name', name, TASK_NAMES);
  const o = readOptions('options', options, ['vocab', 'length', 'seed']);
  const minVocab = name === 'first' ? 5 : 4;
  const vocab = o.vocab === undefined ? TASK_DEFAULTS.vocab : check.integer('vocab', o.vocab, minVocab, LIMITS.MODEL_MAX_VOCAB);
  const spec = name === 'first' ? firstTask(vocab) : sequenceTask(name, vocab);
  const length = o.length === undefined ? TASK_DEFAULTS.length : check.integer('length', o.length, spec.minLength, MAX_SYMBOLS);
  const seed = o.seed === undefined ? TASK_DEFAULTS.seed : check.integer('seed', o.seed, 0, MAX_SEED);
  const next = mulberry32(seed);

  // At most MAX_TOKENS per call, so that a mistyped n is a RangeError, not an exhausted heap.
  const count = (n, T) => check.integer('n', n, 1, Math.floor(MAX_TOKENS / T));
  const examples = (random, n, size) => {
    const T = spec.sequenceLength(n);
    count(size, T);
    const tokens = new Int32Array(size * T), targets = new Int32Array(size * T).fill(-1);
    for (let b = 0; b < size; b++) {
      const { input, answer } = spec.draw(random, n);
      const at = b * T; // tokens[at] is SEPARATOR already (0)
      tokens.set(input, at + 1);
      tokens[at + n + 1] = SEPARATOR;
      tokens.fill(QUERY, at + n + 2, at + T);
      targets.set(answer, at + n + 2);
    }
    return { tokens, targets, batch: size, length: T };
  };

  return Object.freeze({
    name,
    vocab,
    length,
    seed,
    /** Symbols the input part draws from (copy, reverse, sort: vocab - 2; first: vocab - 4 fillers). */
    symbols: spec.symbols,
    /** Tokens per sequence at the training length (the model's T). */
    sequenceLength: spec.sequenceLength(length),
    /** Accuracy of guessing an answer token without looking: 1 / symbols (first: 1/2). */
    chance: spec.chance(),
    /** The most a model without position information or causal mask reaches on average (see above). */
    positionBlindBound: spec.positionBlindBound(length),
    /** The same three figures for another length of the input part. */
    stats(n) {
      check.integer('length', n, spec.minLength, MAX_SYMBOLS);
      return { sequenceLength: spec.sequenceLength(n), chance: spec.chance(), positionBlindBound: spec.positionBlindBound(n) };
    },
    /** The next n training sequences of the task's stream: { tokens, targets, batch, length }. */
    batch: (n) => examples(next, length, n),
    /** n sequences of `n` symbols, the same for the same seed and length however many batches were drawn. */
    testSet(n, size) {
      check.integer('length', n, spec.minLength, MAX_SYMBOLS);
      return examples(mulberry32((seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0), n, size);
    },
    /** A short label of a token for pictures: '|', '?', 'A', 'B', then a .. z, s26, s27, ... */
    label(token) {
      check.integer('token', token, 0, vocab - 1);
      if (token === SEPARATOR) return '|';
      if (token === QUERY) return '?';
      if (name === 'first' && token < 4) return token === MARKS[0] ? 'A' : 'B';
      const i = token - (name === 'first' ? 4 : 2);
      return i < 26 ? String.fromCharCode(97 + i) : `s${i}`;
    },
  });
}

/**
 * Token accuracy of logits [b][t][vocab] against targets (-1 not counted): the arg-max (the first of
 * equal largest) is right. -> { accuracy, correct, counted }; accuracy 0 when nothing counts.
 */
export function tokenAccuracy(logits, targets, vocab) {
  if (!(logits instanceof Float32Array) && !(logits instanceof Float64Array)) throw typeError('logits', 'a Float32Array or Float64Array', logits);
  if (!(targets instanceof Int32Array) && !Array.isArray(targets)) throw typeError('targets', 'an Int32Array or an Array', targets);
  check.integer('vocab', vocab, 2, LIMITS.MODEL_MAX_VOCAB);
  if (logits.length !== targets.length * vocab) throw rangeError('logits', `targets.length * vocab = ${targets.length * vocab} values`, logits.length);
  // Each target read once and checked: one of another vocab, or a string, is not a wrong answer.
  const answers = new Int32Array(targets.length);
  for (let r = 0; r < answers.length; r++) {
    const t = targets[r];
    if (!Number.isInteger(t)) throw typeError(`targets[${r}]`, 'an integer from -1 to vocab - 1', t);
    if (t < -1 || t >= vocab) throw rangeError('targets', `integers from -1 to ${vocab - 1}`, t);
    answers[r] = t;
  }
  let correct = 0, counted = 0;
  for (let r = 0; r < answers.length; r++) {
    if (answers[r] === -1) continue;
    counted++;
    let best = 0;
    for (let v = 1; v < vocab; v++) if (logits[r * vocab + v] > logits[r * vocab + best]) best = v;
    if (best === answers[r]) correct++;
  }
  return { accuracy: counted ? correct / counted : 0, correct, counted };
}

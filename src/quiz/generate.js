// Generated practice: generate(core, { seed, count, topics }) makes `count` questions from a 32-bit
// seed, with every number computed by the wasm module (`core` from pe-ffn-wasm's init()) and checked
// against the hand formula it teaches. The same seed and topics give the same questions everywhere:
// the only randomness is the Mulberry32 stream of ./prng.js, and every number in the text is printed
// with a fixed number of decimals. Each question carries Korean text and an English translation.
import { createRandom, hashSeed } from './prng.js';
import ko from '../i18n/ko/quiz.js';
import en from '../i18n/en/quiz.js';
import { fill } from './localize.js';
import { fixed, round3, thousands, vec, check, bilingualFor } from './generate/shared.js';
import { BLOCK_GENERATORS } from './generate/block.js';
import { ROPE_GENERATORS } from './generate/rope.js';
import { LAB_GENERATORS } from './generate/lab.js';
import { answerWords } from './generate/answer-words.js';
import { ACTIVATION } from '../js/defaults.js';
import { KIND } from './kinds/index.js';

export const TOPICS = ['pe-value', 'pe-column', 'ffn-params', 'ffn-dff', 'attention', 'ffn-forward', 'pe-rotation',
  ...Object.keys(BLOCK_GENERATORS), ...Object.keys(ROPE_GENERATORS), ...Object.keys(LAB_GENERATORS)];
export const MAX_COUNT = 100;
const VALUE_TOLERANCE = 0.001;
const ROTATION_TOLERANCE = 0.002; // the pair is given to 4 decimals, so allow that rounding too

const bilingual = bilingualFor({ ko: ko.generate, en: en.generate });
const matrix = (flat, cols) => vec(Array.from({ length: flat.length / cols }, (_, r) => vec(flat.slice(r * cols, r * cols + cols))));

const generators = {
  ...BLOCK_GENERATORS,
  ...ROPE_GENERATORS,
  ...LAB_GENERATORS,
  // One entry of the PE table, computed by core.peValue, with its angle worked out.
  'pe-value'(core, rnd) {
    const dModel = rnd.pick([4, 6, 8, 16, 32, 64, 128, 512]);
    const pos = rnd.int(1, 50);
    const j = rnd.int(0, Math.min(dModel - 1, 7));
    const i = Math.floor(j / 2);
    const value = core.peValue(pos, j, dModel);
    const angle = pos / 10000 ** ((2 * i) / dModel);
    check(Math.abs(value - (j % 2 ? Math.cos(angle) : Math.sin(angle))) < 1e-9, `PE(${pos}, ${j})`);
    const fn = j % 2 ? 'cos' : 'sin';
    return bilingual((s) => {
      const v = { dModel, pos, j, i, twoI: 2 * i, fn, parity: j % 2 ? s.peValue.odd : s.peValue.even,
        angle: fixed(angle, 6), value: fixed(value, 6), rounded: fixed(value, 3), tolerance: VALUE_TOLERANCE };
      return {
        prompt: `${fill(s.peValue.prompt, v)} ${fill(s.roundingNote, v)}`,
        explanation: fill(s.peValue.explanation, v),
        hints: [fill(s.peValue.hint, v)],
      };
    }, { type: KIND.NUMBER, section: '000-3', difficulty: 2, tags: ['PE 값', '공식'],
      answer: round3(value), tolerance: VALUE_TOLERANCE, params: { dModel, pos, j, exact: value } });
  },

  // Which function fills column j, in the interleaved or the concat layout; the module decides via PE(0, j).
  'pe-column'(core, rnd) {
    const dModel = rnd.pick([6, 8, 10, 12, 16]);
    const layout = rnd.next() < 0.5 ? 'interleaved' : 'concat';
    const half = Math.ceil(dModel / 2);
    let j = rnd.int(0, dModel - 1);
    if (layout === 'concat' && rnd.next() < 0.7) {
      // Prefer columns where the interleaved rule would give the other answer: the misconception to catch.
      const tricky = Array.from({ length: dModel }, (_, c) => c).filter((c) => (c % 2 === 1) === (c < half));
      if (tricky.length) j = rnd.pick(tricky);
    }
    const atZero = core.peValue(0, j, dModel, { layout });
    const isCos = atZero === 1;
    check(isCos === (layout === 'interleaved' ? j % 2 === 1 : j >= half) && (isCos || atZero === 0), `column ${j}`);
    const k = layout === 'interleaved' ? Math.floor(j / 2) : (isCos ? j - half : j);
    const fn = isCos ? 'cos' : 'sin';
    return bilingual((s) => {
      const v = { dModel, j, k, half, fn, atZero, parity: j % 2 ? s.peColumn.odd : s.peColumn.even };
      const inter = layout === 'interleaved';
      return {
        prompt: fill(inter ? s.peColumn.promptInterleaved : s.peColumn.promptConcat, v),
        choices: ['sin', 'cos'],
        explanation: fill(inter ? s.peColumn.explanationInterleaved : s.peColumn.explanationConcat, v),
        hints: [s.peColumn.hint],
        distractors: [inter ? s.peColumn.distractorInterleaved : s.peColumn.distractorConcat],
      };
    }, { type: KIND.MC, section: layout === 'concat' ? '001-2' : '000-3', difficulty: layout === 'concat' ? 3 : 1,
      tags: ['사인·코사인 PE', layout], answer: isCos ? 2 : 1, params: { dModel, j, layout } },
    [{ match: isCos ? 1 : 2, misconception: 'sincos-layout' }]);
  },

  // Parameter count of one FFN layer, read from a layer the module builds.
  'ffn-params'(core, rnd) {
    // Sizes stay small enough that building the layer takes milliseconds (768 → 3072 is in the bank).
    const dModel = rnd.pick([16, 32, 64, 128, 256, 384]);
    const dFF = dModel * rnd.pick([2, 4, 4, 4]);
    const ffn = core.createFFN({ dModel, dFF, seed: 0 });
    const total = ffn.paramCount;
    ffn.dispose();
    check(total === 2 * dModel * dFF + dFF + dModel, `paramCount ${dModel}x${dFF}`);
    const weightsOnly = 2 * dModel * dFF;
    return bilingual((s) => {
      const v = { dModel, dFF, w: thousands(dModel * dFF), total: thousands(total) };
      return {
        prompt: fill(s.ffnParams.prompt, v), explanation: fill(s.ffnParams.explanation, v),
        hints: [s.ffnParams.hint], unit: s.ffnParams.unit,
        distractors: [fill(s.ffnParams.distractorBias, v)],
      };
    }, { type: KIND.NUMBER, section: '001-how', difficulty: 2, tags: ['파라미터 수', 'd_ff'], answer: total, tolerance: 0,
      params: { dModel, dFF } }, [{ match: weightsOnly, misconception: 'forget-bias' }]);
  },

  // d_ff from the usual ratio to d_model (plain arithmetic; the module is not needed).
  'ffn-dff'(core, rnd) {
    const dModel = rnd.pick([64, 128, 256, 384, 512, 768, 1024]);
    const ratio = rnd.pick([4, 4, 4, 2, 8]);
    const expected = ratio * dModel;
    return bilingual((s) => {
      const v = { dModel, ratio, dFF: expected };
      return {
        prompt: fill(s.ffnDff.prompt, v), explanation: fill(s.ffnDff.explanation, v),
        hints: [fill(s.ffnDff.hint, v)], distractors: [fill(s.ffnDff.distractorDivide, v)],
      };
    }, { type: KIND.NUMBER, section: '001-how', difficulty: 1, tags: ['d_ff', 'intermediate_size'], answer: expected, tolerance: 0,
      params: { dModel, ratio } }, [{ match: dModel / ratio }]);
  },

  // n × n attention scores (times the number of heads).
  attention(core, rnd) {
    const n = rnd.int(3, 64);
    const heads = rnd.next() < 0.35 ? rnd.pick([2, 4, 8, 12]) : 1;
    const square = n * n;
    const total = square * heads;
    return bilingual((s) => {
      const v = { n, heads, square: thousands(square), total: thousands(total) };
      return {
        prompt: fill(heads > 1 ? s.attention.promptHeads : s.attention.prompt, v),
        explanation: fill(heads > 1 ? s.attention.explanationHeads : s.attention.explanation, v),
        hints: [s.attention.hint], unit: s.attention.unit,
        distractors: [fill(s.attention.distractorDouble, v)],
      };
    }, { type: KIND.NUMBER, section: '001-quiz', difficulty: heads > 1 ? 2 : 1, tags: ['attention', '계산'], answer: total, tolerance: 0,
      params: { n, heads } }, [{ match: 2 * n * heads, misconception: 'n-not-n-squared' }]);
  },

  // A 2 → dFF → 2 ReLU FFN with small integer weights: computed by core.createFFN, checked by hand.
  'ffn-forward'(core, rnd) {
    const dModel = 2;
    const dFF = rnd.pick([2, 3]);
    const ints = (n, lo, hi) => Array.from({ length: n }, () => rnd.int(lo, hi));
    let w1, b1, w2, b2, x, pre;
    for (let attempt = 0; attempt < 100; attempt++) {
      w1 = ints(dModel * dFF, -2, 2); b1 = ints(dFF, -1, 1); w2 = ints(dFF * dModel, -2, 2); b2 = ints(dModel, -1, 1);
      x = ints(dModel, -2, 2);
      pre = Array.from({ length: dFF }, (_, h) => x[0] * w1[h] + x[1] * w1[dFF + h] + b1[h]);
      // Worth working by hand: a non-zero input, and ReLU must cut a negative and keep a positive.
      if (x.some((v) => v !== 0) && pre.some((z) => z < 0) && pre.some((z) => z > 0)) break;
    }
    const hiddenByHand = pre.map((z) => Math.max(0, z));
    const byHand = (h) => Array.from({ length: dModel }, (_, o) => h.reduce((acc, hv, k) => acc + hv * w2[k * dModel + o], b2[o]));
    const ffn = core.createFFN({ dModel, dFF, activation: ACTIVATION.RELU,
      w1: new Float32Array(w1), b1: new Float32Array(b1), w2: new Float32Array(w2), b2: new Float32Array(b2) });
    const { output, hidden } = ffn.forward(new Float32Array(x), { hidden: true });
    ffn.dispose();
    const out = Array.from(output);
    const expectedOut = byHand(hiddenByHand);
    check(out.every((y, o) => y === expectedOut[o]) && Array.from(hidden).every((h, k) => h === hiddenByHand[k]), 'FFN forward');
    const index = rnd.int(0, 1);
    const answer = out[index];
    const withoutRelu = byHand(pre)[index];
    return bilingual((s) => {
      const v = { dFF, w1: matrix(w1, dFF), b1: vec(b1), w2: matrix(w2, dModel), b2: vec(b2), x: vec(x),
        which: index ? s.ffnForward.second : s.ffnForward.first, index, // y[0], y[1]: counted from 0, as the glossary counts
        pre: vec(pre), hidden: vec(hiddenByHand), output: vec(out), answer };
      return {
        prompt: fill(s.ffnForward.prompt, v), explanation: fill(s.ffnForward.explanation, v), hints: [s.ffnForward.hint],
        distractors: [s.ffnForward.distractorNoRelu],
      };
    }, { type: KIND.NUMBER, section: '001-3', difficulty: 3, tags: ['FFN', 'ReLU', '계산'], answer, tolerance: 0,
      params: { w1, b1, w2, b2, x, index } }, [{ match: withoutRelu }]);
  },

  // The rotation between PE(p) and PE(p+k): the angle k·ω, or the rotated sine component.
  'pe-rotation'(core, rnd) {
    const dModel = rnd.pick([8, 16, 32, 64]);
    const i = rnd.int(1, 3);
    const j = 2 * i;
    const k = rnd.int(1, 9);
    // ω from the module: PE(1, 2i) = sin ω and PE(1, 2i+1) = cos ω with 0 < ω ≤ 1.
    const omega = Math.atan2(core.peValue(1, j, dModel), core.peValue(1, j + 1, dModel));
    check(Math.abs(omega - 1 / 10000 ** (j / dModel)) < 1e-9, `ω_${i}`);
    const angle = k * omega;
    if (rnd.next() < 0.5) {
      return bilingual((s) => {
        const v = { dModel, i, twoI: j, k, omega: fixed(omega, 6), angle: fixed(angle, 6), tolerance: VALUE_TOLERANCE };
        return {
          prompt: `${fill(s.rotation.promptAngle, v)} ${fill(s.roundingNote, v)}`,
          explanation: fill(s.rotation.explanationAngle, v), hints: [s.rotation.hintAngle], unit: s.rotation.unit,
          distractors: [s.rotation.distractorAdd],
        };
      }, { type: KIND.NUMBER, section: '000-6', difficulty: 2, tags: ['상대 위치', '회전'],
        answer: round3(angle), tolerance: VALUE_TOLERANCE, params: { dModel, i, k, exact: angle } }, [{ match: round3(k + omega) }]);
    }
    const p = rnd.int(0, 20);
    const sinP = core.peValue(p, j, dModel);
    const cosP = core.peValue(p, j + 1, dModel);
    const rotated = sinP * Math.cos(angle) + cosP * Math.sin(angle);
    const direct = core.peValue(p + k, j, dModel);
    check(Math.abs(rotated - direct) < 1e-9, `rotation of PE(${p}) by ${k}`);
    return bilingual((s) => {
      const v = { dModel, p, k, pk: p + k, j, j1: j + 1, s: fixed(sinP, 4), c: fixed(cosP, 4), angle: fixed(angle, 4),
        value: fixed(rotated, 6), rounded: fixed(direct, 3), direct: fixed(direct, 6), tolerance: ROTATION_TOLERANCE };
      return {
        prompt: `${fill(s.rotation.promptValue, v)} ${fill(s.roundingNote, v)}`,
        explanation: fill(s.rotation.explanationValue, v), hints: [s.rotation.hint],
      };
    }, { type: KIND.NUMBER, section: '000-6', difficulty: 3, tags: ['상대 위치', '회전'],
      answer: round3(direct), tolerance: ROTATION_TOLERANCE, params: { dModel, p, k, j, exact: direct } });
  },
};

/** Turns a seed given as a number or text into a 32-bit unsigned integer. */
export function normalizeSeed(seed) {
  if (seed === undefined || seed === null || seed === '') return 1;
  const n = typeof seed === 'number' ? seed : Number(seed);
  if (Number.isInteger(n) && n >= 0 && n <= 0xffffffff) return n;
  return hashSeed(String(seed));
}

/**
 * Generates `count` questions (default 5, at most 100) on `topics` (default all of TOPICS) from `seed`.
 * Throws RangeError for an unknown topic or a bad count, TypeError when `core` is not an init() result.
 */
export function generate(core, { seed = 1, count = 5, topics = TOPICS } = {}) {
  if (!core || typeof core.peValue !== 'function' || typeof core.createFFN !== 'function') {
    throw new TypeError('generate(core, ...): core must be the object returned by init() of pe-ffn-wasm');
  }
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT) throw new RangeError(`count must be an integer from 1 to ${MAX_COUNT}, got ${count}`);
  const list = typeof topics === 'string' ? topics.split(',').map((t) => t.trim()).filter(Boolean) : [...topics];
  if (!list.length) throw new RangeError('topics must name at least one topic');
  for (const t of list) if (!TOPICS.includes(t)) throw new RangeError(`unknown topic "${t}"; topics are ${TOPICS.join(', ')}`);
  const s = normalizeSeed(seed);
  const rnd = createRandom(s);
  const order = rnd.shuffle(list);
  const questions = [];
  for (let n = 0; n < count; n++) {
    const topic = order[n % order.length];
    const questionSeed = Math.floor(rnd.next() * 4294967296);
    const q = generators[topic](core, createRandom(questionSeed));
    // Stable key order keeps the JSON of a question set identical across runs.
    questions.push({
      id: `gen-${s}-${n + 1}-${topic}`, origin: 'generated', ...q, ...answerWords(topic, q),
      params: { topic, seed: s, ...q.params },
    });
  }
  return questions;
}

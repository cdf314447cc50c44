// Issue 15's false or misleading statements, each checked in its corrected form: the tutorial's text
// (both languages), the elements' default texts, the bank, and where a statement is about numbers,
// against those numbers (the module's PE, a double-precision GELU, the closed-form dot product).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import koPage from '../../src/i18n/ko/page.js';
import enPage from '../../src/i18n/en/page.js';
import koAdd from '../../src/i18n/ko/pe-add.js';
import koRel from '../../src/i18n/ko/pe-relative.js';
import enRel from '../../src/i18n/en/pe-relative.js';
import koClock from '../../src/i18n/ko/pe-clock.js';
import enClock from '../../src/i18n/en/pe-clock.js';
import koHeat from '../../src/i18n/ko/pe-heatmap.js';
import enHeat from '../../src/i18n/en/pe-heatmap.js';
import koTable from '../../src/i18n/ko/pe-table.js';
import enTable from '../../src/i18n/en/pe-table.js';
import { generalTex } from '../../src/elements/shared/pe-layout.js';
import { peDotProduct, dotMaxLabel, dotExplanation } from '../../src/elements/shared/pe-dot.js';
import { builtinBank, generate } from '../../src/quiz/index.js';

const core = await loadCore();
const bank = builtinBank();
const question = (id) => bank.questions.find((q) => q.id === id);
const pages = { ko: koPage, en: enPage };

/** All text of one section (paragraphs, list items, notes, headings) as one string. */
function sectionText(page, id) {
  const s = page.sections.find((x) => x.id === id);
  assert.ok(s, `section ${id}`);
  return s.blocks.map((b) => [b.p, b.h, b.note, b.title, ...(b.list || [])].filter(Boolean).join('\n')).join('\n');
}
const listOf = (page, id) => page.sections.find((x) => x.id === id).blocks.find((b) => b.list && b.ordered).list;
const bankText = (q) => JSON.stringify(q);

test('1. word order: the example pair has the same tokens and opposite meanings; the document\'s pair is corrected on the page', () => {
  const why = sectionText(koPage, 'why');
  assert.match(why, /철수가 영희를 이겼다/);
  assert.match(why, /철수 \/ 가 \/ 영희 \/ 를 \/ 이겼다/);
  // The document's sentence appears only inside the correction, which says both mean the same.
  const note = koPage.sections.find((s) => s.id === 'why').blocks.find((b) => b.note && b.note.includes('너를 내가'));
  assert.ok(note, 'the correction note');
  assert.match(note.note, /뜻이 같습니다/);
  assert.match(note.title, /조사도 토큰/);
  assert.equal(why.split('너를 내가').length, 2, 'mentioned once, in the correction');
  assert.match(sectionText(enPage, 'why'), /particles are tokens too/);
  // <pe-add>'s default sentences: the same multiset of tokens, in another order, particles included.
  const a = koAdd.defaultA.split(' ');
  const b = koAdd.defaultB.split(' ');
  assert.deepEqual([...a].sort(), [...b].sort());
  assert.notDeepEqual(a, b);
  assert.ok(a.includes('가') && a.includes('를'));
  assert.doesNotMatch(bankText(question('doc-concept-1')), /내가 너를/);
  // The bank teaches the correction too.
  const seat3 = question('pe-seat-3');
  assert.equal(seat3.answer, 0);
  assert.match(seat3.explanation, /뜻이 같습니다/);
});

test('2. pe-seat-2 is a word-order example with the same tokens; the spacing pun is explained as different tokens', () => {
  const q = question('pe-seat-2');
  const pair = q.prompt.match(/'([^']+)'와 '([^']+)'/);
  assert.ok(pair);
  const tokens = (s) => s.replace(/([가-힣]+)(가|를)(?= )/g, '$1 $2').split(' ');
  assert.deepEqual(tokens(pair[1]).sort(), tokens(pair[2]).sort());
  assert.match(q.explanation, /토큰 자체가 다릅니다/);
});

// GELU(x) = x·Φ(x) in double precision, Φ from a Simpson integration of the normal density.
function gelu(x) {
  const n = 2000;
  const lo = -12;
  const h = (x - lo) / n;
  const pdf = (t) => Math.exp(-t * t / 2) / Math.sqrt(2 * Math.PI);
  let sum = pdf(lo) + pdf(x);
  for (let i = 1; i < n; i++) sum += (i % 2 ? 4 : 2) * pdf(lo + i * h);
  return x * sum * h / 3;
}

test('3. GELU squashes negatives (minimum about −0.17), it does not cut them; attention is not called linear', () => {
  let min = Infinity;
  for (let x = -3; x <= 0; x += 0.001) min = Math.min(min, gelu(x));
  assert.equal(min.toFixed(2), '-0.17');
  for (const [lang, page] of Object.entries(pages)) {
    const ffn = sectionText(page, 'ffn');
    assert.match(ffn, /−0\.17/, lang);
    assert.match(ffn, /softmax/, lang);
  }
  const ko = sectionText(koPage, 'ffn');
  assert.doesNotMatch(ko, /선형 연산이라/);
  assert.match(ko, /GELU는 음수를 자르지 않고/);
  assert.doesNotMatch(sectionText(enPage, 'ffn'), /Attention is mostly linear/);
  assert.doesNotMatch(question('ffn-why-2').explanation, /선형 연산 위주/);
});

test('4. PE is added once before the first block, not as a step of every block; the residual adds the whole input', () => {
  for (const [lang, page] of Object.entries(pages)) {
    const steps = listOf(page, 'block');
    assert.equal(steps.length, 4, lang);
    for (const step of steps) assert.doesNotMatch(step, /PE|위치|position/, `${lang}: ${step}`);
    assert.match(sectionText(page, 'block'), lang === 'ko' ? /한 번만/ : /once, before the first block/);
  }
  assert.doesNotMatch(sectionText(koPage, 'block'), /조금/);
  assert.match(sectionText(koPage, 'block'), /그대로 전부/);
  const q = question('ffn-block-1');
  assert.doesNotMatch(q.choices[q.answer - 1], /PE/);
  const trap = q.distractors.find((d) => d.misconception === 'pe-every-block');
  assert.match(q.choices[trap.match - 1], /PE/);
  assert.ok(bank.misconceptions.some((m) => m.id === 'pe-every-block'));
  assert.doesNotMatch(bankText(question('ffn-block-2')), /조금/);
});

test('5. only TensorFlow\'s tutorial gives the same values; diffusion time embeddings divide by half − 1', () => {
  const d = 16;
  const L = 9;
  const half = d / 2;
  const ours = core.positionalEncoding(L, d, { layout: 'concat' });
  // TensorFlow's tutorial: depths = arange(half) / half, rates 1 / 10000^depths, concat(sin, cos).
  // DDPM / diffusers: exponent −log(10000)·i / (half − 1).
  let tf = 0;
  let ddpm = 0;
  for (let t = 0; t < L; t++) {
    for (let i = 0; i < half; i++) {
      const a = t / 10000 ** (i / half);
      const b = t * Math.exp(-Math.log(10000) * i / (half - 1));
      tf = Math.max(tf, Math.abs(ours[t * d + i] - Math.sin(a)), Math.abs(ours[t * d + half + i] - Math.cos(a)));
      ddpm = Math.max(ddpm, Math.abs(ours[t * d + i] - Math.sin(b)));
    }
  }
  assert.ok(tf < 1e-6, `TensorFlow layout differs by ${tf}`);
  assert.ok(ddpm > 0.1, `half − 1 differs by only ${ddpm}`);
  assert.match(sectionText(koPage, 'formula'), /d\/2 - 1/);
  assert.match(sectionText(koPage, 'formula'), /TensorFlow 튜토리얼뿐/);
  assert.match(sectionText(enPage, 'formula'), /Only TensorFlow’s tutorial/);
  assert.doesNotMatch(sectionText(koPage, 'formula'), /확산 모델의 시간 임베딩은 같은 주파수/);
});

test('6. PE(p)·PE(q): a function of |p − q| for an even d_model only; the labels say so for odd d_model', () => {
  for (const d of [8, 9, 15, 64]) {
    const L = 12;
    const pe = core.positionalEncoding(L, d);
    let worst = 0;
    for (let p = 0; p < L; p++) {
      for (let q = 0; q < L; q++) {
        let direct = 0;
        for (let j = 0; j < d; j++) direct += pe[p * d + j] * pe[q * d + j];
        worst = Math.max(worst, Math.abs(direct - peDotProduct(p, q, d, 10000)));
      }
    }
    assert.ok(worst < 1e-5, `d=${d}: closed form off by ${worst}`);
    // Symmetric in the sign of p − q; a function of the distance only when d is even.
    assert.ok(Math.abs(peDotProduct(3, 7, d, 10000) - peDotProduct(7, 3, d, 10000)) < 1e-12);
    const shifted = Math.abs(peDotProduct(2, 5, d, 10000) - peDotProduct(200, 203, d, 10000));
    if (d % 2 === 0) assert.ok(shifted < 1e-9, `d=${d}`);
    else assert.ok(shifted > 1e-4, `d=${d}: the unpaired sine should show`);
  }
  for (const s of [koRel, enRel]) {
    assert.match(dotMaxLabel(s, 8, '4.00'), /d_model\/2/);
    assert.doesNotMatch(dotMaxLabel(s, 9, '4.10'), /[^(]d_model\/2/);
    assert.match(dotMaxLabel(s, 9, '4.10'), /\(d_model − 1\)\/2/);
    assert.match(dotExplanation(s, 9, 3), /sin\(p·ω_m\)·sin\(r·ω_m\)/);
    assert.doesNotMatch(dotExplanation(s, 8, 3), /sin\(p·ω_m\)/);
    assert.match(s.predictOptions[1], /\|p − r\|/);
  }
  const ko = sectionText(koPage, 'relative');
  assert.match(ko, /가설/);
  assert.match(ko, /누가 앞에 있는지/);
  assert.match(ko, /W_Q/);
  assert.match(ko, /홀수/);
  assert.match(sectionText(enPage, 'relative'), /hypothesised/);
});

test('7. d_ff: which models use 4×, LLaMA about 2.7×, affine not proportional; the generated hint follows the question\'s ratio', () => {
  for (const [lang, page] of Object.entries(pages)) {
    for (const id of ['ffn', 'tradeoff']) {
      const text = sectionText(page, id);
      for (const word of ['BERT', 'GPT-2', 'LLaMA', '11008']) assert.ok(text.includes(word), `${lang} ${id}: ${word}`);
    }
  }
  assert.doesNotMatch(sectionText(koPage, 'ffn'), /보통 4배/);
  assert.match(sectionText(koPage, 'tradeoff'), /정비례하지 않고 일차식/);
  assert.doesNotMatch(bankText(question('ffn-why-3')), /비례해 늘어납니다/);
  const qs = generate(core, { seed: 11, count: 30, topics: ['ffn-dff'] });
  const ratios = new Set(qs.map((q) => q.params.ratio));
  assert.ok(ratios.has(2) || ratios.has(8), 'the seed should give a ratio other than 4');
  for (const q of qs) {
    for (const [hint, prompt] of [[q.hints[0], q.prompt], [q.en.hints[0], q.en.prompt]]) {
      assert.ok(hint.includes(String(q.params.ratio)), hint);
      assert.doesNotMatch(`${hint} ${prompt}`, /관례|convention/);
    }
  }
});

test('8. one meaning per letter: i is the frequency index, Δ the shift in position (issue 24: k is the key), in the page and every element', () => {
  for (const s of [koClock, enClock, koHeat, enHeat, koTable, enTable]) {
    for (const [key, value] of Object.entries(s)) {
      const text = Array.isArray(value) ? value.join(' ') : String(value);
      assert.doesNotMatch(text, /\bk ?= ?(\{k\}|0)|\(2k\/d\)|index k\b|번호 k/, `${key}: ${text}`);
    }
  }
  for (const layout of ['interleaved', 'concat']) {
    assert.match(generalTex(layout), /2i\/d/);
    assert.doesNotMatch(generalTex(layout), /2k/);
  }
  assert.match(koRel.k, /이동 거리 Δ/);
  assert.match(enRel.k, /Shift Δ/);
  const glossary = koPage.glossary.terms.find((t) => t[0] === '주파수 번호');
  assert.match(glossary[3], /i는 늘 주파수 번호/);
  assert.match(koPage.glossary.terms.find((t) => t[0] === '이동 거리')[1], /Δ/);
});

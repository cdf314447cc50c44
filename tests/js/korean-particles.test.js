// Korean particles after values (issue 24: "위치 60는", "192을", "(28, 29)을", "쌍 i = 2이", "144은",
// "배수 8를", "−0.940067와", "d_model = 9은", and texts that hedge with 을(를)). The helper
// src/i18n/particle.js is checked against an independent Sino-Korean reading of numbers and a table of
// readings; then every Korean template is filled with a sweep of values, every generated question and
// every static text is read, and every particle that follows a value must fit how it is read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spokenEnd, particleAfter, fillTemplate, PARTICLE_PATTERN } from '../../src/i18n/particle.js';
import { fill as quizFill } from '../../src/quiz/localize.js';
import { fill as elementFill } from '../../src/elements/shared/i18n.js';
import { generate, TOPICS } from '../../src/quiz/generate.js';
import { loadCore } from './target.js';
import { koreanStrings, bankStrings, questionTexts, scanParticles, placeholders, HEDGE } from './korean-texts.js';

// An independent reading: the whole number spelled out, four digits to a group (일만 is written 만).
const DIGIT = '영일이삼사오육칠팔구';
function sinoKorean(n) {
  if (n === 0n) return '영';
  const groups = [];
  for (let x = n; x > 0n; x /= 10000n) groups.push(Number(x % 10000n));
  return groups.map((g, k) => {
    if (!g) return '';
    const digits = String(g).padStart(4, '0');
    const words = [...digits].map((c, p) => (c === '0' ? '' : (c === '1' && p < 3 ? '' : DIGIT[c]) + ['천', '백', '십', ''][p])).join('');
    return (words === '일' && k > 0 ? '' : words) + ['', '만', '억', '조', '경'][k];
  }).reverse().join('');
}
const finalOf = (syllable) => {
  const f = (syllable.codePointAt(0) - 0xac00) % 28;
  return f === 0 ? 'vowel' : f === 8 ? 'rieul' : 'consonant';
};
/** The particle a Korean reader writes after the reading `spoken` ('을' or '를' …, given either form). */
const PAIRS = Object.fromEntries([['은', '는'], ['이', '가'], ['을', '를'], ['과', '와'], ['으로', '로'], ['이에요', '예요'],
  ['이라는', '라는'], ['이라고', '라고'], ['이라서', '라서'], ['이라', '라'], ['이나', '나']].flatMap((pair) => pair.map((form) => [form, pair])));
function expectedAfter(spoken, particle) {
  const [consonant, vowel] = PAIRS[particle];
  const f = finalOf(spoken[spoken.length - 1]);
  return f === 'vowel' || (f === 'rieul' && consonant === '으로') ? vowel : consonant;
}

test('numbers: 0 … 20,000 and powers and multiples of ten up to 10^18 end as their full Sino-Korean reading does', () => {
  const numbers = [];
  for (let n = 0; n <= 20000; n++) numbers.push(BigInt(n));
  for (let e = 0n; e <= 15n; e++) for (const m of [1n, 2n, 3n, 7n, 12n, 99n, 100n, 1234n]) numbers.push(m * 10n ** e);
  numbers.push(4722432n, 786432n, 11008n, 393216n, 110000n, 1001000n, 100000001n);
  let checked = 0;
  for (const n of numbers) {
    const reading = sinoKorean(n);
    const plain = String(n);
    const grouped = n < 10n ** 15n ? Number(n).toLocaleString('en-US') : plain;
    const variants = n % 7n ? [plain, grouped] : [plain, grouped, `−${plain}`, `-${grouped}`, `위치 ${plain}`, `(1, ${plain})`];
    for (const text of variants) {
      assert.equal(spokenEnd(text).end, reading[reading.length - 1], `${text} (${reading})`);
      for (const p of ['은', '이', '를', '와', '로']) assert.equal(particleAfter(text, p), expectedAfter(reading, p), `${text} ${p}`);
      checked++;
    }
  }
  // Decimals are read digit by digit after 점: 0.940067 영 점 구사영영육칠.
  for (let k = 0; k < 3000; k++) {
    const x = ((k * 7919) % 100003) / 1000 - 50;
    const text = x.toFixed(1 + (k % 6));
    const last = text[text.length - 1];
    assert.equal(spokenEnd(text).end, DIGIT[last], text);
    assert.equal(particleAfter(text, '와'), expectedAfter(DIGIT[last], '와'), text);
    checked++;
  }
  console.log(`# ${checked} numbers read; 1,000,000 → ${sinoKorean(1000000n)}, 4,722,432 → ${sinoKorean(4722432n)}`);
});

test('letters, words, symbols and brackets are read as a Korean teacher reads them', () => {
  const table = [
    // [text, a particle in either form, the form that fits]
    ['d_model', '는', '은'], ['head_dim', '가', '이'], ['i', '이', '가'], ['쌍 i = 2', '이', '가'], ['l', '를', '을'],
    ['m', '로', '으로'], ['n', '는', '은'], ['r', '로', '로'], ['x', '을', '를'], ['FFN', '는', '은'], ['LMS', '을', '를'],
    ['ReLU', '은', '는'], ['GELU', '을', '를'], ['GPT-2', '은', '는'], ['BERT-base', '이', '가'], ['LLaMA 3', '는', '은'],
    ['rope_theta', '을', '를'], ['max_position_embeddings', '으로', '로'], ['SwiGLU', '과', '와'], ['w_tu', '으로', '로'],
    ['ε', '를', '을'], ['μ', '과', '와'], ['σ²', '로', '으로'], ['h′', '는', '은'], ['h″', '가', '이'], ['10⁻⁵', '가', '이'],
    ['x^2', '를', '을'], ['2^(2i/d)', '로', '으로'], ['W₁', '로', '로'], ['W₂', '을', '를'], ['50%', '을', '를'],
    ['1/4', '를', '을'], ['1/3', '를', '을'], ['3/5', '를', '을'], ['head_dim/2', '을', '를'],
    ['(28, 29)', '을', '를'], ['(0, 1)', '를', '을'], ['[0.1, 0.25]', '을', '를'], ['“60”', '는', '은'], ['f(x)', '을', '를'],
    ['FFN(x)', '은', '는'], ['q(p)·k(r)', '는', '은'], ['(sin(pω), cos(pω))', '을', '를'],
    ['중간 차원(d_ff)', '를', '을'], ['3(= n − 1)', '로', '으로'], ['d_model(64)', '를', '을'], ['PE(위치 인코딩)', '을', '를'],
    ['(z_j − μ) / √(σ² + ε)', '와', '과'], ['**철수 / 가 / 영희 / 를 / 이겼다**', '과', '와'], ['`intermediate_size`', '이', '가'],
    ['−0.940067', '와', '과'], ['0.5', '은', '는'], ['3.0', '는', '은'], ['1e-5', '을', '를'], ['블록 앞의 ①', '와', '과'],
    ['②', '을', '를'], ['⑩', '가', '이'],
  ];
  for (const [text, given, want] of table) assert.equal(particleAfter(text, given), want, `${text} + ${given}`);
  // What cannot be read keeps the particle the text wrote; a word that is not a particle is left alone.
  assert.equal(particleAfter('→', '를'), '를');
  assert.equal(particleAfter('2', '이다'), '이다');
  assert.equal(spokenEnd('Dropout').how, 'word');
  assert.equal(spokenEnd('Zorblat').how, 'unknown', 'a word not listed is only a guess');
});

test('both fills write the particle that fits the value: the issue\'s examples, hedges and English untouched', () => {
  const cases = [
    ['위치 {p}는 표 안에 있다', { p: 60 }, '위치 60은 표 안에 있다'],
    ['d_model = {d}을 넣었어요', { d: 192 }, 'd_model = 192를 넣었어요'],
    ['열 ({a}, {b})을 씁니다', { a: 28, b: 29 }, '열 (28, 29)를 씁니다'],
    ['쌍 i = {i}이 열을 쓴다', { i: 2 }, '쌍 i = 2가 열을 쓴다'],
    ['{sum}은 더한 것', { sum: 144 }, '144는 더한 것'],
    ['배수 {r}를 곱하세요', { r: 8 }, '배수 8을 곱하세요'],
    ['PE = {v}와 같습니다', { v: '−0.940067' }, 'PE = −0.940067과 같습니다'],
    ['d_model = {d}은 홀수', { d: 9 }, 'd_model = 9는 홀수'],
    ['“{given}”은 쓸 수 없어서 {used}로 맞췄어요', { given: 'abc', used: 16 }, '“abc”는 쓸 수 없어서 16으로 맞췄어요'],
    ['{n}이에요', { n: 2 }, '2예요'],
    ['{n}이 {m}를', { n: 'x' }, 'x가 {m}를'],
    ['{n}이다, {n}이고', { n: 2 }, '2이다, 2이고'],
    ['position {p} is {v}', { p: 60, v: 1 }, 'position 60 is 1'],
  ];
  for (const [template, vars, want] of cases) {
    assert.equal(quizFill(template, vars), want, template);
    assert.equal(elementFill(template, vars), want, template);
  }
  // The hostile value costs what a short one does: only the end of the text is read.
  const t0 = performance.now();
  fillTemplate('{v}을', { v: ')'.repeat(1 << 20) });
  fillTemplate('{v}을', { v: '('.repeat(1 << 20) });
  assert.ok(performance.now() - t0 < 2000);
});

// Values the code puts into templates: counts, sizes, positions, decimals, negatives, names.
const SWEEP = [
  ...Array.from({ length: 131 }, (_, n) => n), 144, 192, 200, 256, 300, 384, 512, 768, 999, 1000, 1001, 1024, 2048, 3072,
  4096, 9999, 10000, 10001, 11008, 20000, 100000, 120000, 500000, 1000000, '4,722,432', '786,432', '393,216',
  '0.5', '0.125', '1.581', '3.0', '0.841', '−0.940067', '-0.17', '−2', '1e-5',
  'd_model', 'head_dim', 'i', 'k', 'l', 'm', 'n', 'r', 'x', 'ReLU', 'GELU', 'sin', 'cos', 'BERT-base', 'GPT-2', 'FFN', 'h′',
];
const NUMERIC = /^[−-]?\d[\d,]*(\.\d+)?$/;
const escapeRegExp = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether position `at` is inside brackets that are an aside: Korean inside, or a Korean word just before. */
function insideAside(text, at) {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && depth-- === 0) {
      const close = text.indexOf(')', at);
      return /[가-힣]/.test(text.slice(i + 1, close)) || /[가-힣\d]$/.test(text.slice(0, i));
    }
  }
  return false;
}

test('every Korean template, filled with a sweep of values, has the right particle after every value', async () => {
  const templates = (await koreanStrings()).filter(({ text }) => placeholders(text).length);
  let fills = 0;
  let particles = 0;
  for (const { where, text } of templates) {
    const names = placeholders(text);
    for (const value of SWEEP) {
      const vars = Object.fromEntries(names.map((n) => [n, value]));
      const out = quizFill(text, vars);
      assert.equal(elementFill(text, vars), out);
      fills++;
      assert.deepEqual(scanParticles(out).filter((p) => !p.unknown), [], `${where} with ${value}: ${out}`);
      if (!NUMERIC.test(String(value))) continue;
      // Against the independent reading: every particle straight after the number, past closing
      // brackets and quotes (fractions 1/4 are in the table above); after an aside in brackets, the
      // particle agrees with the word before it.
      const [whole, decimals] = String(value).replace(/^[−-]/, '').replace(/,/g, '').split('.');
      const reading = decimals ? DIGIT[decimals[decimals.length - 1]] : sinoKorean(BigInt(whole));
      const after = new RegExp(`(?<![\\d.,/])${escapeRegExp(String(value))}[)\\]”’"']*(${PARTICLE_PATTERN})`, 'g');
      for (const m of out.matchAll(after)) {
        if (insideAside(out, m.index)) continue;
        assert.equal(m[1], expectedAfter(reading, m[1]), `${where}: …${m[0]}… in ${out}`);
        particles++;
      }
    }
  }
  assert.ok(particles > 1000, `${particles}`);
  console.log(`# ${templates.length} templates, ${fills} fills, ${particles} particles after numbers checked against the full reading`);
});

test('generated questions of every topic over 150 seeds: every particle after a value fits it', async () => {
  const core = await loadCore();
  let texts = 0;
  for (let seed = 0; seed < 150; seed++) {
    for (const q of generate(core, { seed, count: TOPICS.length, topics: TOPICS })) {
      for (const text of questionTexts(q)) {
        assert.deepEqual(scanParticles(text), [], `${q.id}: ${text}`);
        assert.doesNotMatch(text, HEDGE, q.id);
        texts++;
      }
    }
  }
  console.log(`# ${texts} generated Korean texts read`);
});

test('the tutorial page, every element\'s strings and the bank: particles after numbers, letters and symbols fit; no hedged particle; no unread word', async () => {
  const all = [...await koreanStrings(), ...bankStrings()];
  const problems = [];
  for (const { where, text } of all) {
    // Templates are read with their placeholders filled (a value that keeps the particle as written).
    const names = placeholders(text);
    const shown = names.length ? fillTemplate(text, Object.fromEntries(names.map((n) => [n, '값']))) : text;
    for (const p of scanParticles(shown)) problems.push(`${where}: …${p.context}… ${p.unknown ? 'reads an unlisted word' : `${p.found} → ${p.expected}`}`);
    if (HEDGE.test(text)) problems.push(`${where}: hedged particle in “${text.match(HEDGE)[0]}”`);
  }
  assert.deepEqual(problems, []);
  console.log(`# ${all.length} Korean strings read`);
});

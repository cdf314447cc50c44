// One letter, one meaning; one term per concept (issue 24). The glossary settles each: q is the query
// and k the key, two positions are p and r, a shift in position is Δ; the two column layouts are
// 번갈아 배치 / 반반 배치 (interleaved / split) for the sinusoid and for RoPE alike; the trained length
// is the context length (컨텍스트 길이); a head's size is head_dim; heads count from 0; a slider is a
// 슬라이더, not a 막대. Every text a learner reads — the page, every element's strings, the bank,
// generated questions, in Korean and English, and the formulas typeset from them — is scanned for the
// losing variants.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import koPage from '../../src/i18n/ko/page.js';
import enPage from '../../src/i18n/en/page.js';
import { builtinBank } from '../../src/quiz/index.js';
import { generate, TOPICS } from '../../src/quiz/generate.js';
import { rawTemplates } from '../../scripts/math-at-build.mjs';
import { rotationSnippets, similaritySnippets } from '../../src/elements/shared/snippets.js';
import { loadCore } from './target.js';
import { koreanStrings, bankStrings, questionTexts } from './korean-texts.js';

// Losing variants, with what the glossary settled instead.
const LETTERS = [
  [/PE\(\s*(?:p|t|pos)\s*(?:\{\+\}|\+)\s*k\s*\)|(?<![\w\\])k\s*·\s*ω|(?<![\w\\])k\s?\\?omega|(?<![\w\\])kω|(?<![\w\\])k칸|거리 k(?![\w])|(?<![\w\\])k = \d|\b(?:offset|shift|Shift) k\b|\bk positions\b/, 'a shift in position is Δ (k is the key)'],
  [/PE\(q\)|\bp\s*[−-]\s*q\b|\(p, q\)|\bx_q\b|위치 q\b|position q\b|\bp = q\b|p \\\\ q/, 'two positions are p and r (q is the query)'],
  [/d_head|d_\{head\}/, 'a head\'s size is head_dim'],
];
const KO_TERMS = [
  [/반씩|번갈아 짝짓기/, '번갈아 배치 / 반반 배치, for RoPE too'],
  [/학습한 길이|학습 길이|학습된 길이|최대 길이|최대 위치 길이|표의 길이|최대 문맥 길이/, '컨텍스트 길이'],
  [/막대(?!그래프)/, '슬라이더 (a 막대 is a bar of a chart)'],
];
const EN_TERMS = [
  [/\b(?:half|interleaved) pairing\b|\bhalf layout\b|\bconcat(?:enated)? layout\b|split halves|\bconcatenated\b(?! \(Concat\)| to the embedding|\. Type|, not| and multiplied)/, 'the interleaved / split layout, for RoPE too'],
  [/trained length|maximum length|max(?:imum)? (?:sequence )?length/i, 'context length'],
];

/** The glossary lists the losing names on purpose, in its 'other names' column. */
const withoutGlossaryAliases = (page) => ({ ...page, glossary: { ...page.glossary, terms: page.glossary.terms.map(([term, , en, meaning]) => [term, en, meaning]) } });

function problems(texts, rules) {
  const found = [];
  for (const { where, text } of texts) {
    for (const [pattern, settled] of rules) {
      const m = pattern.exec(text);
      if (m) found.push(`${where}: “${text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 20)}” → ${settled}`);
    }
  }
  return found;
}

function stringsOf(value, where, out = []) {
  if (typeof value === 'string') out.push({ where, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => stringsOf(v, `${where}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stringsOf(v, `${where}.${k}`, out);
  return out;
}

async function englishStrings() {
  const dir = new URL('../../src/i18n/en/', import.meta.url);
  const out = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js')).sort()) {
    const mod = (await import(new URL(file, dir))).default;
    stringsOf(file === 'page.js' ? withoutGlossaryAliases(mod) : mod, file.replace(/\.js$/, ''), out);
  }
  return out;
}

function englishBank(bank) {
  const out = [];
  for (const q of bank.questions) {
    const t = q.en || {};
    for (const text of [t.prompt, t.explanation, ...(t.choices || []), ...(t.hints || []), ...(t.distractors || [])]) if (text) out.push({ where: `bank ${q.id} (en)`, text });
  }
  for (const m of bank.misconceptions) out.push({ where: `misconception ${m.id} (en)`, text: m.en.text });
  return out;
}

test('the glossary settles each letter and term', () => {
  const row = (page, term) => page.glossary.terms.find((t) => t[0] === term);
  for (const page of [koPage, enPage]) {
    assert.match(row(page, '쿼리 · 키 · 값')[1], /q, k, v/);
    assert.match(row(page, '이동 거리')[1], /Δ/);
    assert.match(row(page, '번갈아 배치')[3], /RoPE/);
    assert.match(row(page, '반반 배치')[3], /RoPE/);
    assert.match(row(page, '반반 배치')[1], /반씩 짝짓기/);
    assert.match(row(page, '컨텍스트 길이')[1], /학습한 길이/);
    assert.match(row(page, '헤드 차원')[1], /head_dim, d_head/);
    assert.match(row(page, '어텐션 헤드')[3], /0/);
    assert.ok(row(page, '슬라이더'));
  }
  assert.match(row(koPage, '쿼리 · 키 · 값')[3], /q는 늘 쿼리, k는 늘 키/);
  assert.match(row(koPage, '어텐션 헤드')[3], /0부터/);
});

test('Korean texts: no losing variant in the page, the elements\' strings, the bank or generated questions', async () => {
  const core = await loadCore();
  const koPageStrings = stringsOf(withoutGlossaryAliases(koPage), 'page');
  const texts = [...(await koreanStrings()).filter(({ where }) => !where.startsWith('page.')), ...koPageStrings, ...bankStrings()];
  for (let seed = 0; seed < 40; seed++) {
    for (const q of generate(core, { seed, count: TOPICS.length, topics: TOPICS })) for (const text of questionTexts(q)) texts.push({ where: q.id, text });
  }
  assert.deepEqual(problems(texts, [...LETTERS, ...KO_TERMS]), []);
  console.log(`# ${texts.length} Korean texts scanned`);
});

test('English texts: no losing variant in the page, the elements\' strings, the bank or generated questions', async () => {
  const core = await loadCore();
  const texts = [...await englishStrings(), ...englishBank(builtinBank())];
  for (let seed = 0; seed < 40; seed++) {
    for (const q of generate(core, { seed, count: TOPICS.length, topics: TOPICS })) {
      for (const text of [q.en.prompt, q.en.explanation, ...(q.en.choices || []), ...(q.en.hints || []), ...(q.en.distractors || [])]) texts.push({ where: `${q.id} (en)`, text });
    }
  }
  assert.deepEqual(problems(texts, [...LETTERS, ...EN_TERMS]), []);
  console.log(`# ${texts.length} English texts scanned`);
});

test('formulas and the labels the elements write themselves keep the letters too', () => {
  const texts = [];
  for (const dir of ['src/elements/', 'src/elements/block/', 'src/elements/compare/', 'src/elements/shared/', 'src/elements/ffn/']) {
    for (const file of readdirSync(new URL(`../../${dir}`, import.meta.url)).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(new URL(`../../${dir}${file}`, import.meta.url), 'utf8');
      for (const tex of rawTemplates(code)) texts.push({ where: `${dir}${file} (TeX)`, text: tex });
      // Text the code writes into the page: corner labels of data tables and the comments of snippets.
      for (const m of code.matchAll(/corner: '([^']*)'/g)) texts.push({ where: `${dir}${file} (corner)`, text: m[1] });
      for (const m of code.matchAll(/'#[^'\n]*'|`#[^`\n]*`/g)) texts.push({ where: `${dir}${file} (snippet comment)`, text: m[0] });
    }
  }
  // The NumPy and PyTorch code a learner copies from <pe-relative>.
  for (const layout of ['interleaved', 'concat']) {
    const rot = rotationSnippets({ dModel: 8, base: 10000, p: 5, k: 3, layout });
    const sim = similaritySnippets({ length: 6, dModel: 8, base: 10000, layout });
    for (const [name, code] of Object.entries({ ...rot, simNumpy: sim.numpy, simTorch: sim.torch })) texts.push({ where: `snippet ${layout} ${name}`, text: code });
  }
  assert.deepEqual(problems(texts, LETTERS), []);
});

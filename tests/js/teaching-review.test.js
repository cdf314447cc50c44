// Issue 24's Korean review ("Wrong things a learner sees"), each item checked in its corrected form:
// the word-order example, the RoPE pairing questions, <block-flow>'s prediction question, what RoPE's
// score depends on, where the RoPE questions are asked, learned tables, the glossary, the footer.
// (The particles after values are korean-particles.test.js, one letter per meaning korean-terms.test.js.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import koPage from '../../src/i18n/ko/page.js';
import enPage from '../../src/i18n/en/page.js';
import koFlow from '../../src/i18n/ko/block-flow.js';
import enFlow from '../../src/i18n/en/block-flow.js';
import koCompare from '../../src/i18n/ko/pe-compare.js';
import enCompare from '../../src/i18n/en/pe-compare.js';
import koRelative from '../../src/i18n/ko/pe-relative.js';
import enRelative from '../../src/i18n/en/pe-relative.js';
import koRope from '../../src/i18n/ko/page-rope.js';
import enRope from '../../src/i18n/en/page-rope.js';
import { builtinBank, buildQuizSet, grade, TOPICS } from '../../src/quiz/index.js';
import { QUIZ_TOPICS } from '../../src/quiz/select.js';
import { ROPE_GENERATORS } from '../../src/quiz/generate/rope.js';
import { seededEmbedding } from '../../src/js/embedding.js';
import { learnedSnippets } from '../../src/elements/compare/snippets.js';
import { loadCore } from './target.js';

const core = await loadCore();
const bank = builtinBank();
const question = (id) => bank.questions.find((q) => q.id === id);
const sectionText = (page, id) => page.sections.find((s) => s.id === id).blocks
  .map((b) => [b.p, b.h, b.note, b.title, ...(b.list || [])].filter(Boolean).join('\n')).join('\n');

/** What a tokenizer that splits off 가 and 를 makes of a sentence: '철수가 영희를 이겼다' → 철수 가 영희 를 이겼다. */
const tokenize = (sentence) => sentence.split(' ').flatMap((w) => (/^[가-힣]+(가|를)$/.test(w) && w.length > 1 ? [w.slice(0, -1), w.slice(-1)] : [w]));
const writtenTokens = (text) => [...text.matchAll(/([가-힣]+(?: \/ [가-힣]+){4})/g)].map((m) => m[1].split(' / '));

test('pe-seat-2 and the page\'s word-order paragraph: each sentence has its own tokens, the same five in another order', () => {
  const q = question('pe-seat-2');
  const texts = { 'pe-seat-2': q.prompt, 'pe-seat-2 (en)': q.en.prompt, 'page (ko)': sectionText(koPage, 'why'), 'page (en)': sectionText(enPage, 'why') };
  for (const [where, text] of Object.entries(texts)) {
    const sentences = [...text.matchAll(/(철수가 영희를 이겼다|영희가 철수를 이겼다)/g)].map((m) => m[1]).slice(0, 2);
    const written = writtenTokens(text).slice(0, 2);
    assert.deepEqual(sentences, ['철수가 영희를 이겼다', '영희가 철수를 이겼다'], where);
    assert.equal(written.length, 2, `${where}: both sentences' tokens are written out`);
    written.forEach((tokens, k) => assert.deepEqual(tokens, tokenize(sentences[k]), `${where}: sentence ${k + 1}`));
    assert.deepEqual([...written[0]].sort(), [...written[1]].sort(), `${where}: the same tokens`);
    assert.notDeepEqual(written[0], written[1], `${where}: in another order`);
  }
  assert.doesNotMatch(q.prompt, /둘 다/);
  assert.doesNotMatch(sectionText(koPage, 'why'), /모두 \*\*철수/);
  assert.doesNotMatch(sectionText(enPage, 'why'), /both become/);
});

/** A scripted stand-in for the seeded random stream: pick/int/next answer from the given lists in turn. */
function scripted({ picks = [], ints = [], nexts = [] }) {
  return { pick: () => picks.shift(), int: () => ints.shift(), next: () => nexts.shift() };
}

test('RoPE pairing: in the interleaved layout of head_dim 32, column 28 would pair with 12 under rotate_half (not 30); the split layout\'s neighbours and overshoot are caught', () => {
  const inter = ROPE_GENERATORS['rope-columns'](core, scripted({ picks: [32], nexts: [0.2], ints: [28] }));
  assert.equal(inter.params.layout, 'interleaved');
  assert.equal(inter.answer, 29);
  const half = inter.distractors.find((d) => d.misconception === 'rope-pairing');
  assert.equal(half.match, 12);
  assert.match(half.explanation, /열 12(?!\d)/);
  assert.doesNotMatch(inter.distractors.map((d) => d.explanation).join(' '), /열 30/);
  assert.equal(grade(inter, '12').feedback, half.explanation);
  assert.ok(inter.distractors.some((d) => d.match === 27), 'the neighbour outside the pair');
  const split = ROPE_GENERATORS['rope-columns'](core, scripted({ picks: [32], nexts: [0.7], ints: [28] }));
  assert.equal(split.params.layout, 'half');
  assert.equal(split.answer, 12);
  assert.deepEqual(split.distractors.map((d) => [d.match, d.misconception]), [[27, 'rope-pairing'], [29, 'rope-pairing'], [44, undefined]]);
  assert.match(split.distractors[2].explanation, /열 44는 이 헤드에 없습니다/);
  for (const wrong of ['27', '29', '44']) assert.ok(!grade(split, wrong).correct && grade(split, wrong).feedback, wrong);
});

test('<block-flow>: its prediction question does not count step ① (embedding + PE) among the steps inside the block', () => {
  for (const [lang, s] of Object.entries({ ko: koFlow, en: enFlow })) {
    assert.match(s.predictOptions[0], /PE/, lang);
    assert.match(s.steps[0].name, lang === 'ko' ? /첫 블록 앞에서 한 번/ : /once, before the first block/);
    for (const text of [s.predictQ, s.stepsLabel]) {
      assert.match(text, lang === 'ko' ? /블록 앞의? ①|①은 블록 앞/ : /① before the block/, `${lang}: ${text}`);
      assert.doesNotMatch(text, /블록 안의 다섯|블록 안 단계$|block’s five steps|Steps in the block$/, `${lang}: ${text}`);
    }
  }
});

test('RoPE\'s score depends on the signed difference p − r (and on q and k), not on the distance; the texts say so', () => {
  const d = 8;
  const [q, k] = [seededEmbedding(core, 2, d, 5).slice(0, d), seededEmbedding(core, 2, d, 5).slice(d)];
  const at = (x, p) => core.applyRotary(Float32Array.from(x), 1, d, { offset: p });
  const score = (p, r) => at(q, p).reduce((sum, v, j) => sum + v * at(k, r)[j], 0);
  assert.ok(Math.abs(score(5, 2) - score(13, 10)) < 1e-5, 'the same p − r, the same score');
  const [plus, minus] = [score(5, 2), score(2, 5)];
  assert.ok(Math.abs(plus - minus) > 1e-3, `p − r = 3 and −3: ${plus} vs ${minus}`);
  console.log(`# q(5)·k(2) = ${plus.toFixed(6)}, q(2)·k(5) = ${minus.toFixed(6)}`);
  const q1 = question('rope-relative-1');
  assert.equal(q1.choices[q1.answer - 1], '두 위치의 차이 p − r (부호 포함)');
  const distance = q1.distractors.find((x) => x.misconception === 'rope-distance');
  assert.match(q1.choices[distance.match - 1], /\|p − r\|/);
  assert.ok(bank.misconceptions.some((m) => m.id === 'rope-distance'));
  const ko = [question('rope-where-1').explanation, q1.explanation, koRope.blocks.map((b) => b.p || '').join(' '), koCompare.relativeIntro, sectionText(koPage, 'relative')].join('\n');
  const en = [question('rope-where-1').en.explanation, q1.en.explanation, enRope.blocks.map((b) => b.p || '').join(' '), enCompare.relativeIntro, sectionText(enPage, 'relative')].join('\n');
  assert.doesNotMatch(ko, /차이 \$?p - r\$?만 남|보듯 p − r에만|거리에만 의존/);
  assert.doesNotMatch(en, /keeps only the difference|depends on p − r only|depends on the distance only/);
  for (const text of [question('rope-where-1').explanation, koRope.blocks[2].p, koCompare.relativeIntro]) assert.match(text, /부호/);
  for (const text of [question('rope-where-1').en.explanation, enRope.blocks[2].p, enCompare.relativeIntro]) assert.match(text, /signed/);
  assert.match(koRope.blocks[2].p, /내용/);
});

test('the RoPE questions are asked in the pe topic and by the RoPE section\'s quiz button', () => {
  const rope = bank.questions.filter((q) => q.tags?.includes('RoPE'));
  assert.ok(rope.length >= 5);
  const ropeSection = [koPage, enPage].map((page) => page.sections.find((s) => s.id === 'compare'));
  for (const section of ropeSection) assert.equal(section.blocks.find((b) => b.quiz).topic, 'rope');
  for (const q of rope) {
    assert.ok(QUIZ_TOPICS.pe.sections.includes(q.section), `${q.id} in the pe topic`);
    assert.ok(!QUIZ_TOPICS.ffn.sections.includes(q.section), `${q.id} not in an FFN section`);
    if (!q.id.startsWith('rope-')) continue;   // the RoPE concept questions: asked where RoPE is taught
    assert.ok(QUIZ_TOPICS.rope.sections.includes(q.section), `${q.id} in the rope topic`);
    assert.equal(bank.sections.find((s) => s.id === q.section).tutorial, 'compare', q.id);
  }
  const generated = ['rope-angle', 'rope-columns'].map((t) => ROPE_GENERATORS[t](core, { pick: (a) => a[0], int: (lo) => lo + 1, next: () => 0.3 }));
  for (const g of generated) assert.ok(QUIZ_TOPICS.rope.sections.includes(g.section) && QUIZ_TOPICS.pe.sections.includes(g.section), g.section);
  const quiz = buildQuizSet(bank, core, { topic: 'rope', seed: 1 }).questions;
  assert.equal(quiz.length, 12);
  assert.ok(quiz.filter((q) => q.tags?.includes('RoPE')).length >= 3, 'the RoPE section\'s quiz asks about RoPE');
  assert.ok(quiz.every((q) => QUIZ_TOPICS.rope.sections.includes(q.section)));
});

test('learned tables: how real models start (not like nn.Linear); <pe-relative> says the linear map can be represented', () => {
  // What the picture draws is what its status says: uniform within ±1/√P.
  const P = 64;
  const table = seededEmbedding(core, P, 8, 0);
  assert.ok(table.every((v) => Math.abs(v) <= 1 / Math.sqrt(P)));
  for (const s of [koCompare.freshStatus, enCompare.freshStatus]) {
    assert.match(s, /nn\.Embedding/);
    assert.match(s, /N\(0, 1\)/);
    assert.match(s, /N\(0, 0\.02²\)/);
    assert.match(s, /BERT/);
    assert.doesNotMatch(s, /nn\.Linear처럼|as nn\.Linear draws/);
  }
  const code = learnedSnippets({ positions: 8, dModel: 4, seed: 0, file: 'learned.npy' }).numpy;
  assert.doesNotMatch(code, /as nn\.Linear draws/);
  assert.match(code, /nn\.Embedding would draw N\(0, 1\)/);
  assert.match(koRelative.rotIntro, /나타낼 수 있습니다/);
  assert.match(koRelative.rotIntro, /가설/);
  assert.doesNotMatch(koRelative.rotIntro, /배울 수 있습니다/);
  assert.match(enRelative.rotIntro, /can be represented/);
  assert.match(enRelative.rotIntro, /hypothesis/);
  assert.doesNotMatch(enRelative.rotIntro, /can learn/);
});

test('glossary: 중간 차원 is not called hidden_size; the residual connection is not a 받침', () => {
  for (const page of [koPage, enPage]) {
    const inner = page.glossary.terms.find((t) => t[0] === '중간 차원');
    assert.doesNotMatch(`${inner[1]} ${inner[2]}`, /hidden/i);
    assert.match(inner[1], /d_ff, intermediate_size/);
    const residual = page.glossary.terms.find((t) => t[0] === '잔차 연결');
    assert.doesNotMatch(residual.join(' '), /받침/);
    assert.match(page.glossary.terms.find((t) => t[0] === '모델 차원')[1], /hidden_size/);
  }
  assert.doesNotMatch(JSON.stringify(koPage), /받침/);
});

test('docs/quiz.md names every quiz topic and every file of the bank, rope.json included', () => {
  const doc = readFileSync(new URL('../../docs/quiz.md', import.meta.url), 'utf8');
  const topics = doc.slice(doc.indexOf('### Topics'), doc.indexOf('## Grading'));
  for (const name of [...Object.keys(QUIZ_TOPICS), ...TOPICS]) assert.match(topics, new RegExp(`\`${name}\``), name);
  const bankPart = doc.slice(doc.indexOf('## The question bank'), doc.indexOf('### Topics'));
  const readme = readFileSync(new URL('../../src/quiz/bank/README.md', import.meta.url), 'utf8');
  for (const file of readdirSync(new URL('../../src/quiz/bank/', import.meta.url)).filter((f) => f.endsWith('.json'))) {
    assert.match(bankPart, new RegExp(`\`${file}\``), `docs/quiz.md: ${file}`);
    assert.match(readme, new RegExp(`\`${file}\``), `bank README: ${file}`);
  }
});

test('the footer credits Temml, which typesets the formulas, not KaTeX', () => {
  const typesetter = readFileSync(new URL('../../scripts/math-at-build.mjs', import.meta.url), 'utf8');
  assert.match(typesetter, /^import temml from 'temml';$/m);
  assert.doesNotMatch(typesetter, /from 'katex'/);
  for (const page of [koPage, enPage]) {
    assert.match(page.footer, /Temml/);
    assert.doesNotMatch(page.footer, /KaTeX/);
  }
});

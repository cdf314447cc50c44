// Issue 24's Korean review ("Wrong things a learner sees"), each item checked in its corrected form:
// the word-order example, the RoPE pairing questions, <block-flow>'s prediction question, what RoPE's
// score depends on, where the RoPE questions are asked, learned tables, the glossary, the footer.
// (The particles after values are korean-particles.test.js, one letter per meaning korean-terms.test.js.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import koPage from '../../src/i18n/ko/page.js';
import enPage from '../../src/i18n/en/page.js';
import { builtinBank } from '../../src/quiz/index.js';

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

// The tutorial's headings in one place (src/i18n/<lang>/headings.js): every section of the page shows
// its own, the table of contents lists them as they are (the headings carry their numbers, 8-1 and 8-2
// included), and every 'learn it in the tutorial' link of the quiz names the heading it leads to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import koPage from '../../src/i18n/ko/page.js';
import enPage from '../../src/i18n/en/page.js';
import koHeadings from '../../src/i18n/ko/headings.js';
import enHeadings from '../../src/i18n/en/headings.js';
import koQuiz from '../../src/i18n/ko/pe-ffn-quiz.js';
import enQuiz from '../../src/i18n/en/pe-ffn-quiz.js';
import { builtinBank, tutorialSection } from '../../src/quiz/index.js';

test('every section shows its heading from headings.js, and every heading is a section', () => {
  for (const [page, headings] of [[koPage, koHeadings], [enPage, enHeadings]]) {
    const sections = [...page.sections, page.glossary];
    assert.deepEqual(Object.fromEntries(sections.map((s) => [s.id, s.title])), headings);
  }
  assert.deepEqual(Object.keys(koHeadings).sort(), Object.keys(enHeadings).sort());
});

test('the table of contents lists each heading as it is, numbers and all, and the list adds none', () => {
  const main = readFileSync(new URL('../../web/main.js', import.meta.url), 'utf8');
  assert.match(main, /<a href="#\$\{s\.id\}">\$\{escapeHtml\(s\.title\)\}<\/a>/);
  assert.match(readFileSync(new URL('../../web/style.css', import.meta.url), 'utf8'), /\.toc ol \{[^}]*list-style: none/);
  assert.ok(Object.values(koHeadings).filter((t) => /^\d+-\d+\. /.test(t)).length === 2, '8-1 and 8-2 keep their own numbers');
});

test('each question\'s tutorial link names the heading of the section it leads to', () => {
  const bank = builtinBank();
  for (const q of bank.questions) {
    const id = tutorialSection(q, bank);
    if (!id) continue;
    assert.ok(koQuiz.headings[id], `${q.id}: ${id}`);
    assert.ok(enQuiz.headings[id], `${q.id}: ${id} (en)`);
  }
  assert.match(koQuiz.sourceLink, /\{heading\}/);
  assert.match(enQuiz.sourceLink, /\{heading\}/);
  assert.equal(koQuiz.headings, koHeadings);
});

// GIFT (export, import, round trip, escaping) and Moodle XML (well-formed, numerical tolerance).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../src/js/index.js';
import { builtinBank, validateBank, generate, toGIFT, fromGIFT, toMoodleXML, localizeQuestion, grade } from '../../src/quiz/index.js';

const bank = builtinBank();
const core = await init();

/** What must survive a GIFT round trip in one language. */
function essentials(q, lang) {
  const L = localizeQuestion(q, lang);
  return {
    id: q.id, type: q.type, prompt: L.prompt, choices: L.choices, explanation: L.explanation,
    answer: q.type === 'text' ? L.answerText : q.answer, tolerance: q.tolerance || 0, units: q.units, labels: q.labels,
    section: q.section, tags: q.tags, difficulty: q.difficulty, hints: L.hints,
    distractors: L.distractors.map((d) => [d.match, d.explanation, d.misconception]),
  };
}

for (const lang of ['ko', 'en']) {
  test(`GIFT round trip of the whole bank (${lang})`, () => {
    const text = toGIFT(bank.questions, { lang, category: 'pe-ffn' });
    const back = fromGIFT(text);
    assert.equal(back.length, bank.questions.length);
    back.forEach((r, i) => {
      const want = essentials(bank.questions[i], lang);
      const got = essentials({ ...r, en: undefined }, 'xx');
      assert.deepEqual(got, want, bank.questions[i].id);
    });
    const again = { ...bank, questions: back };
    assert.doesNotThrow(() => validateBank(again));
    assert.equal(toGIFT(back, { lang: 'xx', category: 'pe-ffn' }), text, 'export -> import -> export is stable');
  });
}

test('GIFT round trip of generated questions keeps answers and tolerances', () => {
  const qs = generate(core, { seed: 77, count: 21 });
  const back = fromGIFT(toGIFT(qs));
  back.forEach((r, i) => {
    assert.equal(r.answer, qs[i].answer);
    assert.equal(r.tolerance || 0, qs[i].tolerance || 0);
    assert.equal(grade(r, String(qs[i].answer)).correct, true);
    // The units and names of the quantity a question accepts travel too: "15번 열", "열 15", "0.9 라디안".
    assert.deepEqual([r.units, r.labels], [qs[i].units, qs[i].labels], qs[i].id);
  });
});

test('GIFT escapes its special characters', () => {
  const q = { id: 'esc', type: 'mc', prompt: 'a=b {c} ~d #e: f\\g\nnext line', choices: ['x=1', '{y}'], answer: 2, explanation: 'h#i' };
  const text = toGIFT([q]);
  assert.match(text, /a\\=b \\\{c\\\} \\~d \\#e\\: f\\\\g\\nnext line/);
  const [back] = fromGIFT(text);
  assert.equal(back.prompt, q.prompt);
  assert.deepEqual(back.choices, q.choices);
  assert.equal(back.explanation, q.explanation);
});

test('GIFT written by hand in Moodle\'s own style is read', () => {
  const text = [
    '// a comment',
    '::Q1:: 1 + 1 = ? {#2:0}',
    '',
    '::Q2:: The FFN is shared across positions. {TRUE}',
    '',
    '::Q3:: d_ff for d_model 768? {#3072}',
    '',
    '::Q4:: Pick the sine { ~cos =sin ~tan }',
    '',
    '::Q5:: Range {#1..3}',
    '',
    'Name the block after attention {=FFN =feed-forward}',
  ].join('\n');
  const qs = fromGIFT(text);
  assert.deepEqual(qs.map((q) => q.type), ['number', 'ox', 'number', 'mc', 'number', 'text']);
  assert.equal(qs[0].answer, 2);
  assert.equal(qs[1].answer, 1);
  assert.equal(qs[3].answer, 2);
  assert.deepEqual(qs[3].choices, ['cos', 'sin', 'tan']);
  assert.equal(qs[4].answer, 2);
  assert.equal(qs[4].tolerance, 1);
  assert.equal(qs[5].answer, 'FFN');
  assert.deepEqual(qs[5].accept, ['feed-forward']);
  assert.doesNotThrow(() => validateBank({ questions: qs }));
  assert.throws(() => fromGIFT('::bad:: no answers here'), /no answer block/);
});

/** A small XML well-formedness check: balanced tags, valid entities, no stray < or &. */
function checkWellFormed(xml) {
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/);
  const body = xml.replace(/^<\?xml[^?]*\?>/, '');
  const stack = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*)\s*(\/?)>|([^<]+)/g;
  let consumed = 0;
  for (const m of body.matchAll(token)) {
    assert.equal(m.index, consumed, `unparseable XML near: ${body.slice(consumed, consumed + 60)}`);
    consumed = m.index + m[0].length;
    if (m[5] !== undefined) {
      const stray = m[5].replace(/&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, '');
      assert.ok(!/[&>]/.test(stray), `unescaped character in text: ${m[5].slice(0, 60)}`);
      continue;
    }
    if (m[4]) continue;
    if (m[1]) assert.equal(stack.pop(), m[2], `closing </${m[2]}> does not match`);
    else stack.push(m[2]);
  }
  assert.equal(consumed, body.length, 'trailing garbage');
  assert.deepEqual(stack, [], 'unclosed tags');
}

test('Moodle XML of the bank and of generated questions is well-formed', () => {
  const evil = { id: 'evil', type: 'text', prompt: '<script>alert("x")</script> & <img src=x onerror=alert(1)>', answer: 'a<b', explanation: "it's > & <", hints: ['"q"'] };
  for (const lang of ['ko', 'en']) {
    const xml = toMoodleXML([...bank.questions, ...generate(core, { seed: 3, count: 14 }), evil], { lang, category: 'PE & FFN' });
    checkWellFormed(xml);
    assert.equal((xml.match(/<question type="(?!category)/g) || []).length, bank.questions.length + 15);
    assert.ok(!xml.includes('<script>'));
    assert.ok(xml.includes('&lt;script&gt;'));
  }
});

test('Moodle XML numerical questions carry the answer and its tolerance', () => {
  const qs = generate(core, { seed: 12, count: 4, topics: ['pe-value'] });
  const xml = toMoodleXML(qs);
  for (const q of qs) {
    const block = xml.slice(xml.indexOf(`<name><text>${q.id}</text></name>`));
    assert.match(block, new RegExp(`<question type="numerical">|<answer fraction="100" format="plain_text">\\s*<text>${q.answer}</text>\\s*<tolerance>0.001</tolerance>`));
    assert.ok(block.includes(`<text>${q.answer}</text>`) && block.includes('<tolerance>0.001</tolerance>'), q.id);
  }
  assert.match(toMoodleXML([bank.questions.find((q) => q.id === 'doc-ox-1')]), /<question type="truefalse">[\s\S]*<answer fraction="0" format="plain_text">\s*<text>true<\/text>[\s\S]*<answer fraction="100" format="plain_text">\s*<text>false<\/text>/);
  assert.match(toMoodleXML([bank.questions.find((q) => q.id === 'doc-concept-2')]), /<question type="multichoice">[\s\S]*<answer fraction="0"[^>]*>\s*<text>코사인만<\/text>[\s\S]*<answer fraction="100"[^>]*>\s*<text>사인<\/text>/);
});

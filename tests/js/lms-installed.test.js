// The quiz-package command as users get it: the tarball from `npm pack`, unpacked into an empty folder
// with no node_modules anywhere above it, runs `pe-ffn-wasm quiz-package` and writes a valid zip: the
// command and its zip library are bundled, so the package needs no runtime dependency.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { builtinBank } from '../../src/quiz/bank.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('npx pe-ffn-wasm quiz-package from the packed tarball, without node_modules', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'pe-ffn-installed-'));
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', scratch], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['-xzf', join(scratch, tarball), '-C', scratch]);
  const pkg = JSON.parse(readFileSync(join(scratch, 'package/package.json'), 'utf8'));
  assert.equal(pkg.bin['pe-ffn-wasm'], 'bin/pe-ffn-wasm.js');
  assert.equal(pkg.dependencies, undefined);
  assert.ok(!existsSync(join(scratch, 'node_modules')));
  const r = spawnSync(process.execPath, [join(scratch, 'package', pkg.bin['pe-ffn-wasm']), 'quiz-package', '--format', 'cmi5', '--out', 'q.zip', '--lang', 'en', '--count', '5'],
    { cwd: scratch, encoding: 'utf8', env: { PATH: process.env.PATH } });
  assert.equal(r.status, 0, r.stderr);
  const files = unzipSync(new Uint8Array(readFileSync(join(scratch, 'q.zip'))));
  assert.ok(files['cmi5.xml'] && files['index.html'] && files['quiz-lms.js'] && files['pe_ffn.wasm']);
  assert.match(new TextDecoder().decode(files['index.html']), /"count":5/);
  // The teacher's other commands from the same install: --list with a seed loads the core (src/js, the
  // .wasm in dist/) for the generated practice; quiz-bank writes the bank; a SCORM zip holds its XSDs.
  const run = (...args) => spawnSync(process.execPath, [join(scratch, 'package', pkg.bin['pe-ffn-wasm']), ...args], { cwd: scratch, encoding: 'utf8', env: { PATH: process.env.PATH } });
  const list = run('quiz-package', '--list', '--seed', '3', '--count', '6');
  assert.equal(list.status, 0, list.stderr);
  assert.match(list.stdout, /seed "3", topic all: 6 questions/);
  assert.equal(run('quiz-bank', '--out', 'bank.json').status, 0);
  assert.deepEqual(JSON.parse(readFileSync(join(scratch, 'bank.json'), 'utf8')).questions, builtinBank().questions);
  const scorm = run('quiz-package', '--format', 'scorm2004', '--out', 's.zip', '--ids', 'doc-ox-1,ffn-relu-1');
  assert.equal(scorm.status, 0, scorm.stderr);
  assert.ok(unzipSync(new Uint8Array(readFileSync(join(scratch, 's.zip'))))['imsss_v1p0.xsd']);
});

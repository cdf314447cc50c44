// Every committed file made from another is what its generator makes today: each generator of
// scripts/generate.mjs is run as a reader would run it, with --check (scripts/generated-file.mjs), and
// the convention itself holds: --check writes nothing and fails naming the file and the command, and a
// write leaves a file that has not changed untouched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_PRODUCT_GENERATORS, GENERATORS } from '../../scripts/generate.mjs';
import { root, section, staleOutputs, withSection, writeOutputs } from '../../scripts/generated-file.mjs';

const run = (script, ...args) => spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8' });

for (const script of GENERATORS) {
  test(`${script} --check: its files are up to date`, { timeout: 120000 }, () => {
    const { status, stderr } = run(script, '--check');
    assert.equal(status, 0, stderr);
  });
}

test('every generator exports outputs() and runs the shared command line', () => {
  for (const script of GENERATORS) {
    const code = readFileSync(join(root, script), 'utf8');
    assert.match(code, /export (async )?function outputs\(/, `${script} exports outputs()`);
    assert.match(code, /runGenerator\(import\.meta\.url/, `${script} runs runGenerator`);
  }
});

test('every script that runs the generators\' command line is listed in scripts/generate.mjs', () => {
  const scripts = readdirSync(join(root, 'scripts')).filter((name) => name.endsWith('.mjs')).map((name) => `scripts/${name}`)
    .filter((script) => /runGenerator\(import\.meta\.url/.test(readFileSync(join(root, script), 'utf8')));
  assert.ok(scripts.length >= GENERATORS.length, `${scripts.length} generators found`);
  assert.deepEqual(scripts.filter((script) => !GENERATORS.includes(script) && !BUILD_PRODUCT_GENERATORS.includes(script)), [],
    'a generator of a committed file joins GENERATORS (one of build products only joins BUILD_PRODUCT_GENERATORS)');
});

test('a marked section is replaced in place, and a page without its markers is refused', () => {
  const page = 'intro\n<!-- t -->\nold\n<!-- /t -->\nend\n';
  const updated = withSection(page, 't', '| a |\n| b |');
  assert.equal(updated, 'intro\n<!-- t -->\n| a |\n| b |\n<!-- /t -->\nend\n');
  assert.equal(section(updated, 't'), '| a |\n| b |');
  assert.equal(withSection('<!-- t -->\n<!-- /t -->', 't', 'x'), '<!-- t -->\nx\n<!-- /t -->');
  assert.throws(() => section('no markers', 't', 'docs/x.md'), /docs\/x\.md has no <!-- t --> … <!-- \/t --> markers/);
});

test('--check names a stale file and its command and writes nothing; a write skips an unchanged file', () => {
  const dir = join(root, 'build/generated-test');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const script = join(dir, 'gen.mjs');
  writeFileSync(script, `import { runGenerator } from '../../scripts/generated-file.mjs';
await runGenerator(import.meta.url, () => [{ file: 'build/generated-test/out.txt', content: 'fresh\\n' }]);\n`);
  const out = join(dir, 'out.txt');
  writeFileSync(out, 'stale\n');
  const checked = run(script, '--check');
  assert.equal(checked.status, 1);
  assert.match(checked.stderr, /build\/generated-test\/out\.txt is not what node build\/generated-test\/gen\.mjs makes from its sources: run node build\/generated-test\/gen\.mjs/);
  assert.equal(readFileSync(out, 'utf8'), 'stale\n', '--check wrote nothing');
  assert.equal(run(script).status, 0);
  assert.equal(readFileSync(out, 'utf8'), 'fresh\n');
  assert.equal(run(script, '--check').status, 0);
  const written = statSync(out).mtimeMs;
  assert.deepEqual(writeOutputs([{ file: 'build/generated-test/out.txt', content: 'fresh\n' }]), [], 'nothing to write');
  assert.equal(statSync(out).mtimeMs, written, 'an unchanged file keeps its time (what is built from it is not rebuilt)');
  assert.deepEqual(staleOutputs([{ file: 'build/generated-test/missing.bin', content: new Uint8Array([1]) }]).length, 1, 'a missing file is stale');
  rmSync(dir, { recursive: true, force: true });
});

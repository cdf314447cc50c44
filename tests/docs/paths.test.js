// Every file a reader is pointed to exists: the paths named in the README, the docs and the comments of
// every source, script and test (links are checked by docs.test.js), the build's products included
// (run after bash build.sh). A path is a word with a folder and a file name with an extension, or a
// folder ending in '/'. It is looked up from the repository's root when it starts with one of the
// repository's top-level folders; else from the file's own folder and each folder above it (so
// `shared/core.js` in src/elements/ffn/ is src/elements/shared/core.js), or as the end of any path of
// the repository (`shared/mathml.js` in a script); a word whose first folder is no folder of the
// repository at all (a package's subpath, a URL's path) is not a path here. CHANGELOG.md is history:
// it names files as they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, extname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
// Folders that exist only once built or installed, named the same way as the sources.
const BUILT = ['dist', 'build', 'node_modules', 'dist-web', 'test-artifacts'];
const topLevel = new Set([...tracked.map((f) => f.split('/')[0]), ...BUILT]);
if (!existsSync(join(root, 'dist'))) throw new Error('dist/ is missing: run bash build.sh (the docs name its files)');
const built = readdirSync(join(root, 'dist'), { recursive: true }).map((f) => `dist/${f}`);
const allPaths = [...tracked, ...built, ...new Set([...tracked, ...built].flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))))];
const folderNames = new Set(allPaths.flatMap((f) => f.split('/').slice(0, -1)));
// Made by other commands (npm run build:web, the benchmarks) or while the tests run (scratch folders,
// logs): named, but not there after a build.
const MADE_ELSEWHERE = /^(dist-web|test-artifacts)(\/|$)|^build\/(native\/fuzz[-.]|types-|site\/)/;
const EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.ts', '.c', '.h', '.md', '.json', '.sh', '.html', '.css', '.txt', '.wasm', '.woff2', '.py', '.xsd', '.xml', '.npy', '.yml']);

/** The text a reader is told, line for line (the rest blanked): all of a Markdown page but the code in
 * its code blocks; the comments of code. */
function toldText(file, text) {
  const lines = text.split('\n');
  if (file.endsWith('.md')) {
    let inCode = false;
    return lines.map((l) => {
      if (/^\s*```/.test(l)) { inCode = !inCode; return ''; }
      return !inCode || /^\s*(\/\/|#)/.test(l) ? l : '';
    }).join('\n');
  }
  if (file.endsWith('.sh') || !extname(file)) return lines.map((l) => (/(^|\s)#/.test(l) ? l.slice(l.search(/(^|\s)#/)) : '')).join('\n');
  let told = '';
  let at = 0;
  for (const m of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*|<!--[\s\S]*?-->/g)) {
    told += text.slice(at, m.index).replace(/[^\n]/g, '') + m[0];
    at = m.index + m[0].length;
  }
  return told + text.slice(at).replace(/[^\n]/g, '');
}

/** [path, line] for each path-like word of the text. */
function pathsIn(text) {
  const found = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const clean = line.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ');   // URLs are not repository paths
    for (const m of clean.matchAll(/(?<![\w@$.{/-])((?:\.\.?\/)*(?:[\w-][\w.-]*\/)+(?:[\w-][\w.-]*\.[a-z0-9]+)?)(?![\w*{<$])/gi)) {
      const path = m[1];
      if (/[*<>{}$]/.test(path)) continue;
      if (!path.endsWith('/') && !EXTENSIONS.has(extname(path))) continue;
      found.push([path, i + 1]);
    }
  });
  return found;
}

/** Where the path may be, or [] when it is not a repository path. */
function candidates(file, path) {
  const clean = path.replace(/\/$/, '');
  if (path.startsWith('./') || path.startsWith('../')) return [posix.normalize(posix.join(dirname(file), clean))];
  const first = clean.split('/')[0];
  if (topLevel.has(first)) return [clean];
  if (!folderNames.has(first)) return [];
  const places = [];
  for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) places.push(`${dir}/${clean}`);
  return [...places, ...allPaths.filter((p) => p.endsWith(`/${clean}`))];
}

test('every path named in the README, the docs and the comments exists', () => {
  const missing = [];
  let checked = 0;
  for (const file of tracked) {
    // This file's own examples below are made-up paths.
    if (file === 'tests/docs/paths.test.js' || file === 'CHANGELOG.md' || file === 'package-lock.json' || file.endsWith('.json') || /\.(woff2|wasm|npy|png|xsd)$/.test(file)) continue;
    if (!/\.(md|js|mjs|ts|c|h|sh|css|html)$/.test(file) && !file.startsWith('.ci/')) continue;
    for (const [path, line] of pathsIn(toldText(file, readFileSync(join(root, file), 'utf8')))) {
      const places = candidates(file, path);
      if (!places.length || MADE_ELSEWHERE.test(places[0])) continue;
      checked++;
      if (!places.some((p) => existsSync(join(root, p)))) missing.push(`${file}:${line}: ${path}`);
    }
  }
  console.log(`# ${checked} paths checked`);
  assert.deepEqual(missing, []);
});

test('the path finder sees what a reader sees', () => {
  const js = toldText('src/x.js', "import a from './a.js'; // see shared/API.md and ../docs/x.md\nconst u = 'http://h/src/y.js';\n/* tests/js/z.test.js */");
  assert.deepEqual(pathsIn(js).map(([p]) => p), ['shared/API.md', '../docs/x.md', 'tests/js/z.test.js']);
  assert.deepEqual(candidates('src/elements/ffn/a.js', 'shared/core.js'), ['src/elements/ffn/shared/core.js', 'src/elements/shared/core.js', 'src/shared/core.js', 'src/elements/shared/core.js']);
  assert.deepEqual(candidates('src/js/a.js', 'shared/API.md'), ['src/js/shared/API.md', 'src/shared/API.md'], 'no shared/API.md anywhere');
  assert.deepEqual(candidates('docs/API.md', 'pe-ffn-wasm/elements.js'), [], 'a package subpath');
  assert.deepEqual(pathsIn('ko/en, light/dark, 1280/390 px').map(([p]) => p), [], 'words with slashes');
});

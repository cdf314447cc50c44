// The floors of the house: every file under src/ and web/ imports only its own room or a room on a
// lower floor, so that each layer can be read, tested and shipped without the ones above it:
//   src/js (the API) and src/i18n (texts)  <-  src/quiz (pure library)  <-  src/lms/formats (the LMS
//   formats' declarations)  <-  src/lms/package, src/lms/runtime (package building, runtime
//   adapters)  <-  src/elements  <-  web/ (the pages, and the LMS launch page)
// Two rooms on the same floor import nothing from each other (src/lms/package and src/lms/runtime
// are such a pair). An element's own folder (src/elements/quiz/, …) is private to the elements: the
// pages use an element's file and src/elements/shared/, never its parts. The imports are read by
// esbuild's parser (static, re-exports and dynamic imports with a literal path); every relative
// import must name a file that exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** [room (a path prefix), floor]; a file belongs to the longest room that prefixes its path. */
export const ROOMS = [
  ['src/js/', 1],
  ['src/i18n/', 1],
  ['src/quiz/', 2],
  ['src/lms/formats/', 3],
  ['src/lms/package/', 4],
  ['src/lms/runtime/', 4],
  ['src/elements/', 5],
  ['web/', 6],
];
/** What lies outside the rooms and who may import it: build products and build tools, for the pages. */
const OUTSIDE = { 'dist/': ['web/'], 'scripts/': ['web/'] };
/** Folders of src/elements that every page may use; the others belong to one element. */
const ELEMENT_SHARED = 'src/elements/shared/';

const roomOf = (path) => ROOMS.filter(([prefix]) => path.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0] || null;
const isElementPart = (path) => /^src\/elements\/[^/]+\//.test(path) && !path.startsWith(ELEMENT_SHARED);

/**
 * The broken rules among `imports` ([{ from, to }], paths relative to the root, `to` already resolved):
 * one line each, saying which file imports what and why that is not allowed.
 */
export function layerViolations(imports) {
  const problems = [];
  for (const { from, to } of imports) {
    const here = roomOf(from);
    if (!here) { problems.push(`${from}: a file outside every room (add it to ROOMS)`); continue; }
    const outside = Object.keys(OUTSIDE).find((prefix) => to.startsWith(prefix));
    if (outside) {
      if (!OUTSIDE[outside].includes(here[0])) problems.push(`${from} imports ${to}: ${outside} is for ${OUTSIDE[outside].join(', ')} only`);
      continue;
    }
    const there = roomOf(to);
    if (!there) { problems.push(`${from} imports ${to}, which is in no room`); continue; }
    if (there[0] === here[0]) continue;
    if (there[1] >= here[1]) problems.push(`${from} (${here[0]}, floor ${here[1]}) imports ${to} (${there[0]}, floor ${there[1]}): ${there[1] > here[1] ? 'upward' : 'sideways'}`);
    else if (here[0] === 'web/' && isElementPart(to)) problems.push(`${from} imports ${to}: a part of one element (pages use an element's file or ${ELEMENT_SHARED})`);
  }
  return problems;
}

function sourceFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(`${path}/`);
    return /\.(m?js)$/.test(entry.name) ? [path] : [];
  });
}

/** Every import of the files under src/ and web/: [{ from, to, kind }], relative ones resolved. */
async function readImports() {
  const files = [...sourceFiles('src/'), ...sourceFiles('web/')];
  const found = [];
  const record = {
    name: 'record-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        found.push({ from: relative(root, args.importer), specifier: args.path, kind: args.kind });
        return { path: args.path, external: true };
      });
    },
  };
  // Bundling with every import external parses each file once and resolves nothing: only the records.
  await build({ entryPoints: files.map((f) => join(root, f)), bundle: true, write: false, outdir: '/nonexistent',
    format: 'esm', platform: 'neutral', logLevel: 'silent', plugins: [record] });
  return { files, imports: found };
}

const isRelative = (specifier) => specifier.startsWith('./') || specifier.startsWith('../');

test('the rules themselves: upward, sideways, outside and private imports are each reported', () => {
  // [from, to, the problem reported (null: allowed)]
  const cases = [
    ['src/quiz/generate/rope.js', 'src/js/embedding.js', null],
    ['src/elements/pe-ffn-quiz.js', 'src/elements/quiz/lms-adapter.js', null],
    ['web/quiz.js', 'src/elements/shared/i18n.js', null],
    ['web/quiz.js', 'src/elements/pe-ffn-quiz.js', null],
    ['web/quiz-lms-download.js', 'dist/lms/quiz-lms.js', null],
    ['src/lms/runtime/interactions.js', 'src/quiz/localize.js', null],
    ['src/quiz/generate/rope.js', 'src/elements/shared/embedding.js', /upward$/],
    ['src/elements/pe-ffn-quiz.js', 'web/quiz.js', /upward$/],
    ['src/lms/package/package.js', 'src/lms/runtime/backup.js', /sideways$/],
    ['src/js/index.js', 'src/i18n/ko/page.js', /sideways$/],
    ['web/quiz.js', 'src/elements/quiz/answer-text.js', /a part of one element/],
    ['src/quiz/select.js', 'dist/quiz.js', /dist\/ is for web\/ only/],
    ['src/quiz/x.js', 'tests/js/target.js', /in no room/],
  ];
  for (const [from, to, problem] of cases) {
    const found = layerViolations([{ from, to }]);
    if (problem) assert.match(found.join('\n'), problem, `${from} -> ${to}`);
    else assert.deepEqual(found, [], `${from} -> ${to}`);
  }
});

test('no file under src/ or web/ imports a layer above its own, a room beside it, or an element\'s parts', async () => {
  const { files, imports } = await readImports();
  const relativeOnes = imports.filter((i) => isRelative(i.specifier));
  // The parser must have seen the house: most files import something, and the known arrows are there.
  assert.ok(files.length > 150 && relativeOnes.length > 300, `${files.length} files, ${relativeOnes.length} relative imports`);
  assert.ok(relativeOnes.some((i) => i.from === 'src/elements/pe-ffn-quiz.js' && i.specifier === '../quiz/index.js'), 'pe-ffn-quiz.js imports the quiz library');
  assert.ok(relativeOnes.some((i) => i.from === 'web/quiz.js' && i.kind === 'dynamic-import'), 'dynamic imports are read');
  const resolved = relativeOnes.map(({ from, specifier }) => {
    const path = specifier.split('?')[0]; // Vite's ?raw and ?url name the same file
    return { from, specifier, to: relative(root, join(root, dirname(from), path)) };
  });
  for (const { from, specifier, to } of resolved) {
    // Build products may not exist before the build; every source file must.
    if (!to.startsWith('dist/')) assert.ok(existsSync(join(root, to)), `${from} imports ${specifier}, which does not exist`);
  }
  const problems = layerViolations(resolved);
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  const floors = Object.fromEntries(ROOMS.map(([room]) => [room, files.filter((f) => roomOf(f)?.[0] === room).length]));
  console.log(`# ${files.length} files, ${resolved.length} relative imports, none upward or sideways; files per room: ${JSON.stringify(floors)}`);
});

// The packed tarball as users get it: `npm pack`, installed by name into a scratch project, then used
// from Node, type-checked with TypeScript (NodeNext and Bundler), built with `vite build`, served by
// the Vite dev server, and imported by a plain page through an import map — each page checked in
// real headless Chromium against the double-precision reference, with no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, openPage, repoRoot, saveArtifact, startStaticServer, startViteServer } from './harness.js';
import { peRef, ffnRef, seededWeightsRef } from '../reference/reference.js';

let scratch, tarball, browser;
const { attributes } = await import('../../src/elements/attributes.js');
const TAGS = Object.keys(attributes);
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// The page computes a few values that the test knows independently.
const pageScript = `
import { init } from 'pe-ffn-wasm';
import 'pe-ffn-wasm/elements';
const core = await init();
const table = core.positionalEncoding(3, 4, { offset: 5 });
const layer = core.createFFN({ dModel: 4, dFF: 8, seed: 3, activation: 'gelu' });
const y = layer.forward(new Float32Array([0.5, -1, 0.25, 2]));
const peTable = document.querySelector('pe-table');
const cell = () => peTable.shadowRoot?.querySelector('td[data-t="1"][data-j="0"]');
while (!cell()) await new Promise((r) => setTimeout(r, 20));
window.result = { table: Array.from(table), y: Array.from(y), version: core.version, cell: cell().textContent };
document.querySelector('#out').textContent = 'ready';
`;
const pageHtml = (src) => `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>t</title>
<link rel="icon" href="data:,"></head><body><p id="out">loading</p><pe-table length="3" d-model="4"></pe-table><script type="module" src="${src}"></script></body></html>`;

const heatmapHtml = (script) => `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>t</title>
<link rel="icon" href="data:,"></head><body><pe-heatmap length="30" d-model="32"></pe-heatmap>${script}</body></html>`;

/** Opens a page with <pe-heatmap length=30 d-model=32>: it draws its map, and only the tags `defined` are registered. */
async function checkHeatmapPage(url, defined) {
  const page = await openPage(browser);
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.querySelector('pe-heatmap').shadowRoot?.querySelector('canvas.map')?.width === 32, null, { timeout: 20000 });
    const registered = await page.evaluate((tags) => tags.filter((t) => customElements.get(t)), TAGS);
    assert.deepEqual(registered, defined);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
  }
}

/** The bytes of every .js file under a folder (a built app's scripts, its workers included). */
async function jsBytes(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true })) if (entry.endsWith('.js')) total += (await stat(join(dir, entry))).size;
  return total;
}

function checkResult(result) {
  for (let t = 0; t < 3; t++) {
    for (let j = 0; j < 4; j++) assert.ok(Math.abs(result.table[t * 4 + j] - peRef(t + 5, j, 4)) <= 1e-6);
  }
  const ref = ffnRef([0.5, -1, 0.25, 2], { dModel: 4, dFF: 8, activation: 'gelu', ...seededWeightsRef(4, 8, 3) });
  result.y.forEach((v, i) => assert.ok(Math.abs(v - ref.output[i]) <= 1e-5, `y[${i}]`));
  assert.equal(result.cell, Math.sin(1).toFixed(4), '<pe-table> from pe-ffn-wasm/elements shows PE(1, 0)');
}

async function loadInChromium(url, shot) {
  const page = await openPage(browser);
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.result || document.querySelector('#out')?.textContent !== 'loading', null, { timeout: 20000 });
    const result = await page.evaluate(() => window.result);
    await saveArtifact(shot, await page.screenshot());
    assert.deepEqual(page.problems, []);
    assert.ok(result, 'the page computed its result');
    checkResult(result);
  } finally {
    await page.context().close();
  }
}

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'pe-ffn-pack-'));
  const name = run('npm', ['pack', '--silent', '--pack-destination', scratch], repoRoot).trim().split('\n').pop();
  tarball = join(scratch, name);
  const app = join(scratch, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], app);
  await writeFile(join(app, 'main.js'), pageScript);
  await writeFile(join(app, 'index.html'), pageHtml('./main.js'));
  await writeFile(join(app, 'plain.html'), `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>t</title><link rel="icon" href="data:,">
<script type="importmap">{"imports":{"pe-ffn-wasm":"./node_modules/pe-ffn-wasm/src/js/index.js","pe-ffn-wasm/elements":"./node_modules/pe-ffn-wasm/dist/elements.js"}}</script></head>
<body><p id="out">loading</p><pe-table length="3" d-model="4"></pe-table><script type="module">${pageScript}</script></body></html>`);
  // Two tiny apps with the same page, in folders of the project (its node_modules): one imports
  // <pe-heatmap> alone, the other every element.
  for (const [name, specifier] of [['one', 'pe-ffn-wasm/elements/pe-heatmap'], ['all', 'pe-ffn-wasm/elements']]) {
    const dir = join(app, name);
    await mkdir(dir);
    await writeFile(join(dir, 'main.js'), `import '${specifier}';\n`);
    await writeFile(join(dir, 'index.html'), heatmapHtml('<script type="module" src="./main.js"></script>'));
  }
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test('the tarball holds the module, the sources, the types, the docs and the manifest, and nothing else of the repo', () => {
  const files = run('tar', ['-tzf', tarball], scratch).split('\n').filter(Boolean);
  for (const f of ['package/dist/pe_ffn.wasm', 'package/src/js/index.js', 'package/src/js/index.d.ts', 'package/package.json', 'package/README.md',
    'package/LICENSE', 'package/CHANGELOG.md', 'package/custom-elements.json', 'package/docs/API.md', 'package/docs/elements.md', 'package/docs/performance.md', 'package/dist/math-font.woff2']) {
    assert.ok(files.includes(f), `${f} in the tarball`);
  }
  assert.ok(!files.some((f) => f.startsWith('package/tests/') || f.startsWith('package/src/c/')));
});

test('imported by name in Node 20', () => {
  const out = run('node', ['--input-type=module', '-e', `
    import { init } from 'pe-ffn-wasm';
    import { readFileSync } from 'node:fs';
    import { createRequire } from 'node:module';
    const core = await init();
    const wasmPath = createRequire(import.meta.url).resolve('pe-ffn-wasm/pe_ffn.wasm');
    const again = await init({ wasm: readFileSync(wasmPath) });
    const quiz = await import('pe-ffn-wasm/quiz');
    const questions = quiz.generate(core, { seed: 5, count: 4 });
    const graded = quiz.grade(questions[0], String(questions[0].answer));
    const bank = quiz.builtinBank();
    console.log(JSON.stringify({ v: core.peValue(7, 3, 16), t: Array.from(again.positionalEncoding(1, 4, { offset: 7 })),
      generated: questions.length, correct: graded.correct, bank: bank.questions.length }));
  `], join(scratch, 'app'));
  const { v, t, generated, correct, bank } = JSON.parse(out);
  assert.equal(generated, 4);
  assert.equal(correct, true);
  assert.ok(bank >= 42);
  assert.ok(Math.abs(v - peRef(7, 3, 16)) <= 1e-9);
  t.forEach((x, j) => assert.ok(Math.abs(x - peRef(7, j, 4)) <= 1e-6));
});

test('the declarations compile under --strict with NodeNext and Bundler resolution', async () => {
  const app = join(scratch, 'app');
  await writeFile(join(app, 'use.ts'), `
import { init, version, type PeFfnCore, type FFN, type Tensor } from 'pe-ffn-wasm';
import { builtinBank, generate, grade, toGIFT } from 'pe-ffn-wasm/quiz';
import type {} from 'pe-ffn-wasm/elements';
const core: PeFfnCore = await init({ wasm: new URL('https://example.org/x.wasm') });
const table: Float32Array = core.positionalEncoding(10, 16, { base: 10000, offset: 2, layout: 'concat' });
const t: Tensor = core.alloc(160);
const same: Tensor = core.positionalEncoding(10, 16, { out: t });
const added: Float32Array = core.addPositionalEncoding(table, 10, 16);
const v: number = core.peValue(3, 1, 16, { layout: 'interleaved' });
const ffn: FFN = core.createFFN({ dModel: 16, dFF: 64, activation: 'gelu_tanh', seed: 1 });
const y: Float32Array = ffn.forward(table);
const both = ffn.forward(t, { hidden: true });
const h: Float32Array = both.hidden;
const o: Tensor = ffn.forward(table, { out: t });
const z: Float32Array = ffn.forward(table, { hidden: true, preActivation: true }).preActivation;
const n: number = ffn.paramCount + ffn.dModel + ffn.dFF + t.ptr + t.length + t.data.length;
const mem: WebAssembly.Memory = core.memory;
const s: string = version + core.version + ffn.activation;
ffn.dispose(); t.free();
const qs = generate(core, { seed: 1, count: 3 });
const ok: boolean = grade(qs[0], '1').correct;
const gift: string = toGIFT(builtinBank().questions);
const el = document.createElement('pe-table');
export { table, same, added, v, y, h, o, z, n, mem, s, ok, gift, el };
`);
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  const common = ['--strict', '--noEmit', '--target', 'es2022', '--lib', 'es2022,dom', 'use.ts'];
  run('node', [tsc, '--module', 'nodenext', '--moduleResolution', 'nodenext', ...common], app);
  run('node', [tsc, '--module', 'esnext', '--moduleResolution', 'bundler', ...common], app);
});

test('a fresh Vite 8 project: vite build, served statically, in Chromium', async () => {
  const app = join(scratch, 'app');
  const { build } = await import('vite');
  await build({ root: app, logLevel: 'error', build: { outDir: join(app, 'dist') } });
  const assets = await readdir(join(app, 'dist/assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `a .wasm asset in ${assets}`);
  const server = await startStaticServer(join(app, 'dist'));
  try {
    await loadInChromium(server.url, 'package-vite-build.png');
  } finally {
    await server.close();
  }
});

test('the same project under the Vite dev server (pre-bundled dependency), in Chromium', async () => {
  const server = await startViteServer({ root: join(scratch, 'app'), configFile: false });
  try {
    await loadInChromium(server.url, 'package-vite-dev.png');
  } finally {
    await server.close();
  }
});

test('a plain page importing the package through an import map, in Chromium', async () => {
  const server = await startStaticServer(join(scratch, 'app'));
  try {
    await loadInChromium(`${server.url}plain.html`, 'package-plain.png');
  } finally {
    await server.close();
  }
});

test('the Node suites pass against the installed package too', () => {
  const entry = join(scratch, 'app/node_modules/pe-ffn-wasm/src/js/index.js');
  const suites = ['pe', 'ffn', 'memory', 'errors', 'init'].map((name) => join(repoRoot, `tests/js/${name}.test.js`));
  const out = execFileSync('node', ['--test', '--test-reporter=dot', ...suites], {
    cwd: repoRoot, encoding: 'utf8', env: { ...process.env, PE_FFN_ENTRY: entry },
  });
  assert.ok(!/✖|not ok/.test(out), out);
});

test('in the browser, loading errors reject with an Error naming the location; strings resolve like fetch', async () => {
  const server = await startStaticServer(join(scratch, 'app'));
  const page = await openPage(browser);
  try {
    await page.goto(`${server.url}plain.html`);
    await page.waitForFunction(() => window.result);
    const outcome = await page.evaluate(async () => {
      const { init } = await import('./node_modules/pe-ffn-wasm/src/js/index.js');
      const message = (p) => p.then(() => 'resolved', (e) => `${e.constructor.name}: ${e.message}`);
      const relative = await init({ wasm: 'node_modules/pe-ffn-wasm/dist/pe_ffn.wasm' });
      return {
        missing: await message(init({ wasm: 'missing/nope.wasm' })),
        notWasm: await message(init({ wasm: new URL('plain.html', document.baseURI) })),
        badType: await message(init({ wasm: 3 })),
        relative: relative.positionalEncoding(1, 2, { offset: 1 })[0],
      };
    });
    assert.match(outcome.missing, /^Error: .*missing\/nope\.wasm/);
    assert.match(outcome.notWasm, /^Error: .*plain\.html.*not a valid WebAssembly module/);
    assert.match(outcome.badType, /^TypeError: wasm/);
    assert.equal(outcome.relative, Math.fround(Math.sin(1)));
  } finally {
    await page.context().close();
    await server.close();
  }
});

test('every element has its own entry point: pe-ffn-wasm/elements/<tag> resolves in Node and type-checks', async () => {
  const app = join(scratch, 'app');
  const out = run('node', ['--input-type=module', '-e', `
    import { existsSync } from 'node:fs';
    import { fileURLToPath } from 'node:url';
    const tags = ${JSON.stringify(TAGS)};
    console.log(JSON.stringify(tags.map((t) => fileURLToPath(import.meta.resolve('pe-ffn-wasm/elements/' + t))).map((f) => [f.split('/').slice(-2).join('/'), existsSync(f)])));
  `], app);
  assert.deepEqual(JSON.parse(out), TAGS.map((t) => [`dist/element-${t}.js`, true]));
  await writeFile(join(app, 'one.ts'), `import 'pe-ffn-wasm/elements/pe-heatmap';
import { configureCore, setPageLang } from 'pe-ffn-wasm/elements/pe-lab';
configureCore({}); setPageLang('en');
const el = document.createElement('pe-heatmap');
const n: number = el.dModel;
export { n };
`);
  const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
  const common = ['--strict', '--noEmit', '--target', 'es2022', '--lib', 'es2022,dom', 'one.ts'];
  run('node', [tsc, '--module', 'nodenext', '--moduleResolution', 'nodenext', ...common], app);
  run('node', [tsc, '--module', 'esnext', '--moduleResolution', 'bundler', ...common], app);
});

test('a Vite app importing only <pe-heatmap> ships at most 45 % of the JS of one importing every element, and works', { timeout: 180000 }, async () => {
  const { build } = await import('vite');
  const bytes = {};
  for (const name of ['one', 'all']) {
    const dir = join(scratch, 'app', name);
    await build({ root: dir, logLevel: 'error', build: { outDir: join(dir, 'dist') } });
    bytes[name] = await jsBytes(join(dir, 'dist'));
  }
  const share = bytes.one / bytes.all;
  console.log(`vite build: <pe-heatmap> alone ${bytes.one} B of JS, every element ${bytes.all} B: ${(100 * share).toFixed(1)} %`);
  assert.ok(share <= 0.45, `${(100 * share).toFixed(1)} % > 45 %`);
  const server = await startStaticServer(join(scratch, 'app/one/dist'));
  try {
    await checkHeatmapPage(server.url, ['pe-heatmap']);
  } finally {
    await server.close();
  }
});

test('one element under the Vite dev server, and in a plain page by <script type=module>, in Chromium', { timeout: 120000 }, async () => {
  const dev = await startViteServer({ root: join(scratch, 'app/one'), configFile: false });
  try {
    await checkHeatmapPage(dev.url, ['pe-heatmap']);
  } finally {
    await dev.close();
  }
  const dir = join(scratch, 'app');
  await writeFile(join(dir, 'plain-one.html'), heatmapHtml('<script type="module" src="./node_modules/pe-ffn-wasm/dist/element-pe-heatmap.js"></script>'));
  const server = await startStaticServer(dir);
  try {
    await checkHeatmapPage(`${server.url}plain-one.html`, ['pe-heatmap']);
  } finally {
    await server.close();
  }
});

test('in a plain page, the lab worker is one file: it loads the .wasm and fetches no src/js module', { timeout: 60000 }, async () => {
  const dir = join(scratch, 'app');
  // A page with no script of its own: every request after it loads is the worker's.
  await writeFile(join(dir, 'worker.html'), '<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>t</title><link rel="icon" href="data:,"></head><body></body></html>');
  const server = await startStaticServer(dir);
  const page = await openPage(browser);
  try {
    const requested = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}worker.html`);
    // A file that is no model: the worker loads its module first, then answers with an error.
    const answer = await page.evaluate(() => new Promise((resolve) => {
      const worker = new Worker(new URL('node_modules/pe-ffn-wasm/dist/lab-worker.js', document.baseURI), { type: 'module' });
      worker.onmessage = (e) => { worker.terminate(); resolve(e.data); };
      worker.onerror = (e) => resolve({ type: 'worker error', message: e.message });
      worker.postMessage({ type: 'load', id: 1, bytes: new Uint8Array(16), plan: {} });
    }));
    assert.equal(answer.type, 'error', JSON.stringify(answer));
    assert.ok(requested.some((p) => p.endsWith('/dist/pe_ffn.wasm')), 'the worker fetched the .wasm');
    assert.deepEqual(requested.filter((p) => !p.endsWith('/worker.html')), ['/node_modules/pe-ffn-wasm/dist/lab-worker.js', '/node_modules/pe-ffn-wasm/dist/pe_ffn.wasm']);
  } finally {
    await page.context().close();
    await server.close();
  }
});

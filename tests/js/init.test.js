// Loading: every accepted `wasm` source, and a clear rejection for each way loading can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pkg } from './target.js';

const { init } = pkg;
const wasmPath = fileURLToPath(new URL('../../dist/pe_ffn.wasm', import.meta.url));
const bytes = await readFile(wasmPath);

async function works(core) {
  assert.equal(core.positionalEncoding(2, 2)[2], Math.fround(Math.sin(1)));
  assert.ok(core.memory instanceof WebAssembly.Memory);
}

test('default: finds the .wasm next to the package', async () => works(await init()));
test('Uint8Array', async () => works(await init({ wasm: new Uint8Array(bytes) })));
test('ArrayBuffer', async () => works(await init({ wasm: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) })));
test('WebAssembly.Module', async () => works(await init({ wasm: new WebAssembly.Module(bytes) })));
test('Response', async () => works(await init({ wasm: new Response(bytes) })));
test('file: URL object', async () => works(await init({ wasm: pathToFileURL(wasmPath) })));
test('file: URL string', async () => works(await init({ wasm: pathToFileURL(wasmPath).href })));
test('absolute path', async () => works(await init({ wasm: wasmPath })));
test('path relative to the working directory', async () => works(await init({ wasm: relative(process.cwd(), wasmPath) })));
test('options with wasm undefined count as not given', async () => works(await init({ wasm: undefined })));

test('a missing file rejects with an Error naming it', async () => {
  await assert.rejects(init({ wasm: '/no/such/dir/pe_ffn.wasm' }), (e) => e.constructor === Error && e.message.includes('/no/such/dir/pe_ffn.wasm'));
  await assert.rejects(init({ wasm: new URL('file:///no/such.wasm') }), (e) => e.constructor === Error && e.message.includes('file:///no/such.wasm'));
});

test('a file that is not a module rejects with an Error naming it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pe-ffn-'));
  const path = join(dir, 'fake.wasm');
  await writeFile(path, 'not wasm at all');
  await assert.rejects(init({ wasm: path }), (e) => e.constructor === Error && e.message.includes(path) && /not a valid WebAssembly module/.test(e.message));
});

test('bytes, a Module or a Response that are not this module reject with an Error saying so', async () => {
  await assert.rejects(init({ wasm: new Uint8Array([1, 2, 3]) }), { name: 'Error', message: /not a valid WebAssembly module/ });
  const empty = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]); // a valid but empty module
  await assert.rejects(init({ wasm: empty }), { name: 'Error', message: /not pe-ffn-wasm's/ });
  await assert.rejects(init({ wasm: new WebAssembly.Module(empty) }), { name: 'Error', message: /not pe-ffn-wasm's/ });
  await assert.rejects(init({ wasm: new Response('garbage') }), { name: 'Error', message: /not a valid WebAssembly module/ });
  await assert.rejects(init({ wasm: new Response(bytes, { status: 404 }) }), { name: 'Error', message: /not ok.*404/ });
});

test('wrong types reject with a TypeError naming wasm', async () => {
  for (const wasm of [42, {}, [1, 2], new Float64Array(4), true, null]) {
    await assert.rejects(init({ wasm }), { name: 'TypeError', message: /wasm/ });
  }
});

test('core.version equals package.json version, and the named export too', async () => {
  const meta = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.equal((await init()).version, meta.version);
  assert.equal(pkg.version, meta.version);
});

test('a valid module that is not this package\'s rejects with an Error naming its path or URL', async () => {
  const { EXPORTS, ABI_HASH } = await import('../../src/js/abi.js');
  const { foreignModule } = await import('./fixtures/foreign-wasm.js');
  const dir = await mkdtemp(join(tmpdir(), 'pe-ffn-'));
  const other = join(dir, 'some-other-module.wasm');
  await writeFile(other, foreignModule(['main']));
  const names = (where) => (e) => e.constructor === Error && e.message.includes(where) && /not pe-ffn-wasm's \(missing .*pf_alloc/.test(e.message);
  await assert.rejects(init({ wasm: other }), names(other));
  await assert.rejects(init({ wasm: pathToFileURL(other) }), names(pathToFileURL(other).href));
  await assert.rejects(init({ wasm: pathToFileURL(other).href }), names(pathToFileURL(other).href));
  await assert.rejects(init({ wasm: new Response(foreignModule(['main'])) }), names('the Response'));
  // Every name there, but built from other lists than this JavaScript: refused, naming the file.
  const stale = join(dir, 'stale-build.wasm');
  await writeFile(stale, foreignModule(EXPORTS, ABI_HASH + 1));
  await assert.rejects(init({ wasm: stale }), (e) => e.constructor === Error && e.message.includes(stale) && /other lists.*rebuild/.test(e.message));
});

test('when every default location fails, the rejection names each of them', async () => {
  const { firstThatLoads } = await import('../../src/js/loader.js');
  const fail = (where) => async () => { throw new Error(`cannot load the WebAssembly module from ${where}: missing`); };
  await assert.rejects(firstThatLoads([fail('file:///a/pe_ffn_relaxed.wasm'), fail('file:///a/pe_ffn.wasm'), fail('http://vite/pe_ffn.wasm')]),
    (e) => ['file:///a/pe_ffn_relaxed.wasm', 'file:///a/pe_ffn.wasm', 'http://vite/pe_ffn.wasm'].every((where) => e.message.includes(where)));
  assert.equal(await firstThatLoads([fail('x'), async () => 'loaded']), 'loaded');
});

// One truth at the boundary: src/js/abi.js is what src/c/pf_abi.h gives, the built modules export
// exactly those functions (the bench build those and the bench's own) and report the same lists,
// wasm_exports.c defines them all, and every status maps to the error its kind says, naming its
// parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ABI_HASH, BENCH_EXPORTS, EXPORTS, LIMITS, NUMBERS, STATUSES } from '../../src/js/abi.js';
import { DEFAULTS, MAX_MEMORY_BYTES, MAX_SEED } from '../../src/js/defaults.js';
import { statusError } from '../../src/js/errors.js';
import { relaxedSimdSupported } from '../../src/js/loader.js';
import { HEADER, JS_MODULE, abiFromHeader, abiModule, linkFlags } from '../../scripts/gen-abi.mjs';
import { BENCH_WASM } from '../bench/block-bench.js';

const header = await readFile(HEADER, 'utf8');
// The relaxed build compiles only where the engine runs relaxed SIMD (scripts/test.sh reruns with the flag).
const builds = ['pe_ffn.wasm', ...(relaxedSimdSupported() ? ['pe_ffn_relaxed.wasm'] : [])];
const bytesOf = (file) => readFile(new URL(`../../dist/${file}`, import.meta.url));
const instantiateBytes = async (bytes) => {
  const imports = { env: { emscripten_notify_memory_growth() {} }, wasi_snapshot_preview1: new Proxy({}, { get: () => () => 0 }) };
  return (await WebAssembly.instantiate(bytes, imports)).instance;
};
const pfFunctions = (module) => WebAssembly.Module.exports(module).filter((e) => e.kind === 'function' && e.name.startsWith('pf_')).map((e) => e.name).sort();

test('src/js/abi.js is exactly what scripts/gen-abi.mjs writes from pf_abi.h', async () => {
  assert.equal(await readFile(JS_MODULE, 'utf8'), abiModule(abiFromHeader(header)));
});

test('the emcc flags export every listed function and cap the memory at MAX_MEMORY_PAGES', async () => {
  const flags = await readFile(new URL('../../build/wasm/abi-link-flags.txt', import.meta.url), 'utf8');
  assert.equal(flags, linkFlags(abiFromHeader(header)));
  assert.match(flags, new RegExp(`-sMAXIMUM_MEMORY=${LIMITS.MAX_MEMORY_PAGES * 65536}\\n`));
  const bench = await readFile(new URL('../../build/wasm/abi-link-flags-bench.txt', import.meta.url), 'utf8');
  assert.equal(bench, linkFlags(abiFromHeader(header), { bench: true }));
  for (const name of BENCH_EXPORTS) assert.ok(!flags.includes(`_${name}`) && bench.includes(`_${name}`), name);
});

test('the defaults and the seed range are pf_abi.h\'s numbers, and the JavaScript API takes them from there', () => {
  assert.deepEqual({ ...NUMBERS }, { DEFAULT_BASE: 10000, DEFAULT_EPS: 1e-5, DEFAULT_SEED: 0, MAX_SEED: 2 ** 32 - 1 });
  assert.equal(DEFAULTS.base, NUMBERS.DEFAULT_BASE);
  assert.equal(DEFAULTS.eps, NUMBERS.DEFAULT_EPS);
  assert.equal(DEFAULTS.seed, NUMBERS.DEFAULT_SEED);
  assert.equal(MAX_SEED, NUMBERS.MAX_SEED);
  assert.equal(MAX_MEMORY_BYTES, LIMITS.MAX_MEMORY_PAGES * 65536);
});

for (const file of builds) {
  test(`${file} exports the listed functions and the memory, and no other pf_ function`, async () => {
    const module = await WebAssembly.compile(await bytesOf(file));
    assert.deepEqual(pfFunctions(module), [...EXPORTS].sort()); // the bench's entry points not among them
    assert.ok(WebAssembly.Module.exports(module).some((e) => e.name === 'memory' && e.kind === 'memory'));
  });

  test(`${file} reports the hash of the same lists (pf_abi_hash)`, async () => {
    assert.equal((await instantiateBytes(await bytesOf(file))).exports.pf_abi_hash() >>> 0, ABI_HASH);
  });
}

test('the bench build exports the listed functions and the bench\'s own, with the same hash', async () => {
  const bytes = await readFile(new URL(`../../${BENCH_WASM}`, import.meta.url));
  assert.ok(BENCH_EXPORTS.length > 0);
  assert.deepEqual(pfFunctions(await WebAssembly.compile(bytes)), [...EXPORTS, ...BENCH_EXPORTS].sort());
  assert.equal((await instantiateBytes(bytes)).exports.pf_abi_hash() >>> 0, ABI_HASH);
});

test('wasm_exports.c defines every listed export, and every function it exports is listed', async () => {
  const source = await readFile(new URL('../../src/c/wasm_exports.c', import.meta.url), 'utf8');
  const defined = [...source.matchAll(/^(?!static)[a-z][\w ]*[\s*](pf_\w+)\(/gm)].map((m) => m[1]);
  assert.deepEqual(defined.sort(), [...EXPORTS, ...BENCH_EXPORTS].sort());
  const benchOnly = source.slice(source.indexOf('#ifdef PF_BENCH'), source.indexOf('#endif', source.indexOf('#ifdef PF_BENCH')));
  for (const name of BENCH_EXPORTS) assert.match(benchOnly, new RegExp(`\\b${name}\\(`), `${name} is defined under #ifdef PF_BENCH`);
});

test('status codes run 0 .. n-1, and each becomes the error of its kind naming its parameter', () => {
  const kinds = { RANGE: RangeError, TYPE: TypeError, STATE: Error };
  assert.ok(STATUSES.length >= 13);
  STATUSES.forEach((s, code) => {
    assert.equal(s.code, code);
    if (code === 0) return;
    const error = statusError(code, 'theCallersParameter');
    assert.equal(error.constructor, kinds[s.kind], s.name);
    assert.ok(error.message.startsWith(`${s.param || 'theCallersParameter'}: ${s.text}`), error.message);
    assert.ok(error.message.includes(s.name));
  });
  assert.equal(statusError(STATUSES.length, 'p').constructor, Error);
  assert.equal(statusError(11, 'dFF').constructor, RangeError); // PF_ERR_NO_MEMORY names the caller's parameter
  assert.match(statusError(11, 'dFF').message, /^dFF: out of memory/);
});

test('the generator refuses lists it cannot read, codes out of order, unknown kinds and names listed twice', () => {
  const broken = [
    header.replace('X(PF_ERR_NULL, 1,', 'X(PF_ERR_NULL, 2,'),
    header.replace('X(PF_ERR_NULL, 1, STATE,', 'X(PF_ERR_NULL, 1, FATAL,'),
    header.replace('X(pf_free) \\', 'X(pf_free) \\\n    X(pf_alloc) \\'),
    header.replace('X(pf_free) \\', 'pf_free, \\'),
    header.replace('X(PF_MAX_DIM, 65536)', 'X(PF_MAX_DIM, 65536, 1)'),
    header.replace('X(PF_MAX_DIM, 65536)', 'X(PF_MAX_DIM, 4294967296)'),
    header.replace('X(PF_DEFAULT_EPS, 1e-5)', 'X(PF_DEFAULT_EPS, 1e-5e)'),
    header.replace('X(pf_block_forward_phase)', 'X(pf_block_forward)'),
  ];
  for (const text of broken) {
    assert.notEqual(text, header);
    assert.throws(() => abiFromHeader(text), /pf_abi\.h/);
  }
});

// Finds, compiles and instantiates the WebAssembly module. One loader serves Node (file paths and
// file: URLs read with node:fs), browsers and bundlers (fetch, `new URL(..., import.meta.url)`).
// The default module is compiled once per page or process; every init() instantiates it anew.
//
// Two builds of the same C core ship in dist/: pe_ffn.wasm (SIMD128, runs everywhere this package
// does) and pe_ffn_relaxed.wasm (its FFN kernels use f32x4.relaxed_madd, a fused multiply-add where
// the CPU has one). Without a `wasm` option, init() asks the engine whether it validates relaxed SIMD
// (a tiny probe module, no download) and takes the relaxed build if so, else — or if that file fails
// to load — the SIMD128 one.
import { typeError } from './errors.js';

const REQUIRED_EXPORTS = ['memory', 'pf_alloc', 'pf_free', 'pf_pe_fill', 'pf_pe_add', 'pf_pe_value',
  'pf_pe_chunk_rows', 'pf_ffn_new', 'pf_ffn_delete', 'pf_ffn_set_weights', 'pf_ffn_init_seeded',
  'pf_ffn_forward', 'pf_status_text'];

/** The module files in dist/, by variant. */
export const WASM_VARIANTS = { simd128: 'pe_ffn.wasm', relaxed: 'pe_ffn_relaxed.wasm' };

// Bundlers see these literals and ship the files; Node resolves them next to this source.
const defaultWasmUrls = {
  simd128: () => new URL('../../dist/pe_ffn.wasm', import.meta.url),
  relaxed: () => new URL('../../dist/pe_ffn_relaxed.wasm', import.meta.url),
};
let defaultModule = null;

// A function of no arguments returning f32x4.relaxed_madd(0, 0, 0): valid only where relaxed SIMD runs.
const RELAXED_PROBE = (() => {
  const zeros = new Array(16).fill(0);
  const body = [0x00, ...[0, 1, 2].flatMap(() => [0xfd, 0x0c, ...zeros]), 0xfd, 0x85, 0x02, 0x0b];
  return Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,                                // type: () -> v128
    0x03, 0x02, 0x01, 0x00,                                                  // one function of type 0
    0x0a, body.length + 2, 0x01, body.length, ...body]);                     // its code
})();
let relaxedSupport = null;

/** Whether this engine runs relaxed SIMD (current Chromium: yes; Node 20: only with a flag). */
export function relaxedSimdSupported() {
  relaxedSupport ??= typeof WebAssembly.validate === 'function' && WebAssembly.validate(RELAXED_PROBE);
  return relaxedSupport;
}

const isNodeUrl = (url) => url.protocol === 'file:';
const looksLikeUrl = (s) => /^[a-zA-Z][a-zA-Z\d+.-]+:/.test(s); // a scheme of 2+ letters (not C:\)

async function readFileBytes(location) {
  const fsName = 'node:fs/promises'; // hidden from bundlers: only reached under Node
  const { readFile } = await import(/* @vite-ignore */ fsName);
  return readFile(location);
}

async function compileBytes(bytes, what) {
  try {
    return await WebAssembly.compile(bytes);
  } catch (error) {
    throw new Error(`${what} is not a valid WebAssembly module (${error.message})`);
  }
}

async function compileResponse(response, what) {
  if (!response.ok) throw new Error(`${what}: the response is not ok (HTTP ${response.status} ${response.statusText})`.trim());
  return compileBytes(await response.arrayBuffer(), what);
}

/** `fetchIt()`'s result; a failure to get there becomes "cannot load … from label". */
async function loadFrom(label, fetchIt) {
  try {
    return await fetchIt();
  } catch (error) {
    throw new Error(`cannot load the WebAssembly module from ${label}: ${error.message}`);
  }
}

/** Compiles a file read with node:fs; `location` is a path or a file: URL. */
async function compileFile(location, label) {
  return compileBytes(await loadFrom(label, () => readFileBytes(location)), `the file at ${label}`);
}

/** Compiles from a URL object: file: URLs with node:fs, anything else with fetch. */
async function compileUrl(url, label = url.href) {
  if (isNodeUrl(url)) return compileFile(url, label);
  return compileResponse(await loadFrom(label, () => fetch(url)), `the file at ${label}`);
}

/**
 * Vite's dev server pre-bundles dependencies into node_modules/.vite/deps/ without the files they
 * reference by `new URL(..., import.meta.url)`; the package's own copy is still served, so look there.
 */
function viteDevFallback(file) {
  const here = import.meta.url;
  const marker = '/node_modules/.vite/';
  const at = here.indexOf(marker);
  return at < 0 ? null : new URL(`${here.slice(0, at)}/node_modules/pe-ffn-wasm/dist/${file}`);
}

async function compileVariant(variant) {
  try {
    return await compileUrl(defaultWasmUrls[variant]());
  } catch (error) {
    const fallback = viteDevFallback(WASM_VARIANTS[variant]);
    if (!fallback) throw error;
    return compileUrl(fallback);
  }
}

async function compileDefault() {
  if (relaxedSimdSupported()) {
    try {
      return await compileVariant('relaxed');
    } catch {
      // fall back to the SIMD128 build, which every supported engine runs
    }
  }
  return compileVariant('simd128');
}

/** Compiles the module a `wasm` option designates (see API.md, Loading). */
export async function compileModule(wasm) {
  if (wasm === undefined) {
    defaultModule ??= compileDefault().catch((error) => {
      defaultModule = null; // let a later init() try again
      throw error;
    });
    return defaultModule;
  }
  if (wasm instanceof WebAssembly.Module) return wasm;
  if (wasm instanceof ArrayBuffer || wasm instanceof Uint8Array) return compileBytes(wasm, 'the given bytes');
  if (typeof Response === 'function' && wasm instanceof Response) return compileResponse(wasm, `the Response${wasm.url ? ` for ${wasm.url}` : ''}`);
  if (wasm instanceof URL) return compileUrl(wasm);
  if (typeof wasm === 'string') {
    const inNode = import.meta.url.startsWith('file:');
    if (inNode && !looksLikeUrl(wasm)) return compileFile(wasm, wasm);
    const base = typeof document !== 'undefined' ? document.baseURI : globalThis.location?.href;
    let url;
    try {
      url = new URL(wasm, base);
    } catch {
      throw new Error(`cannot load the WebAssembly module from ${wasm}: not a valid URL`);
    }
    return compileUrl(url, wasm);
  }
  throw typeError('wasm', 'an ArrayBuffer, Uint8Array, URL, string, Response or WebAssembly.Module', wasm);
}

/** Instantiates a compiled module and checks that it is this package's module. */
export async function instantiate(module) {
  const imports = {};
  for (const { module: ns, name, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== 'function') continue;
    imports[ns] ??= {};
    // The standalone build reports memory growth; views are rebuilt lazily, so nothing to do.
    imports[ns][name] = name === 'emscripten_notify_memory_growth' ? () => {} : () => {
      throw new Error(`pe-ffn-wasm: the module called an unexpected import ${ns}.${name}`);
    };
  }
  let instance;
  try {
    instance = await WebAssembly.instantiate(module, imports);
  } catch (error) {
    throw new Error(`the WebAssembly module could not be instantiated: ${error.message}`);
  }
  const missing = REQUIRED_EXPORTS.filter((name) => !(name in instance.exports));
  if (missing.length) throw new Error(`the WebAssembly module is not pe-ffn-wasm's (missing ${missing.join(', ')})`);
  instance.exports._initialize?.();
  return instance.exports;
}

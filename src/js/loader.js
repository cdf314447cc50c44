// Finds, compiles and instantiates the WebAssembly module. One loader serves Node (file paths and
// file: URLs read with node:fs), browsers and bundlers (fetch, `new URL(..., import.meta.url)`).
// The default module is compiled once per page or process; every init() instantiates it anew.
//
// Two builds of the same C core ship in dist/: pe_ffn.wasm (SIMD128, runs everywhere this package
// does) and pe_ffn_relaxed.wasm (its FFN kernels use f32x4.relaxed_madd, a fused multiply-add where
// the CPU has one). Without a `wasm` option, init() asks the engine whether it validates relaxed SIMD
// (a tiny probe module, no download) and takes the relaxed build if so, else — or if that file fails
// to load — the SIMD128 one.
//
// Every failure names the location (or the kind of value) it came from; a valid module that is not
// this package's, or was built from other lists than src/js/abi.js, is refused (checkOurs, instantiate).
import { ABI_HASH, BENCH_EXPORTS, EXPORTS } from './abi.js';
import { typeError } from './errors.js';
import { typedArrayName } from './intrinsics.js';
import { RELAXED_PROBE } from './relaxed-probe.js';

export { RELAXED_PROBE };

/** The module files in dist/, by variant. */
export const WASM_VARIANTS = { simd128: 'pe_ffn.wasm', relaxed: 'pe_ffn_relaxed.wasm' };

// Bundlers see these literals and ship the files; Node resolves them next to this source.
const defaultWasmUrls = {
  simd128: () => new URL('../../dist/pe_ffn.wasm', import.meta.url),
  relaxed: () => new URL('../../dist/pe_ffn_relaxed.wasm', import.meta.url),
};
let defaultModule = null;

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

/** Throws unless the module exports what this package calls (names and kinds), naming `what`. */
function checkOurs(module, what) {
  const kinds = new Map(WebAssembly.Module.exports(module).map(({ name, kind }) => [name, kind]));
  const wanted = [['memory', 'memory'], ...EXPORTS.map((name) => [name, 'function'])];
  const missing = wanted.filter(([name, kind]) => kinds.get(name) !== kind).map(([name, kind]) => `${kind} ${name}`);
  if (missing.length) throw new Error(`${what} holds a WebAssembly module that is not pe-ffn-wasm's (missing ${missing.join(', ')})`);
  return { module, label: what };
}

async function compileBytes(bytes, what) {
  let module;
  try {
    module = await WebAssembly.compile(bytes);
  } catch (error) {
    throw new Error(`${what} is not a valid WebAssembly module (${error.message})`);
  }
  return checkOurs(module, what);
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

/** The first of `attempts` (async functions) that succeeds; if none does, one Error naming every failure. */
export async function firstThatLoads(attempts) {
  const failures = [];
  for (const attempt of attempts) {
    try {
      return await attempt();
    } catch (error) {
      failures.push(error.message);
    }
  }
  throw new Error(failures.length === 1 ? failures[0] : `no module could be loaded: ${failures.join('; then ')}`);
}

/** The variant's file next to this module, then where Vite's dev server keeps it. */
function variantAttempts(variant) {
  const fallback = viteDevFallback(WASM_VARIANTS[variant]);
  return [() => compileUrl(defaultWasmUrls[variant]()), ...(fallback ? [() => compileUrl(fallback)] : [])];
}

/** The relaxed build where the engine runs it, else (or if it fails to load) the SIMD128 one. */
function compileDefault() {
  return firstThatLoads([...(relaxedSimdSupported() ? variantAttempts('relaxed') : []), ...variantAttempts('simd128')]);
}

/** Compiles the module a `wasm` option designates (see API.md, Loading): { module, label }. */
export async function compileModule(wasm) {
  if (wasm === undefined) {
    defaultModule ??= compileDefault().catch((error) => {
      defaultModule = null; // let a later init() try again
      throw error;
    });
    return defaultModule;
  }
  let isModule;
  try {
    isModule = wasm instanceof WebAssembly.Module; // a revoked Proxy throws here
  } catch (error) {
    throw new TypeError(`wasm must be an ArrayBuffer, Uint8Array, URL, string, Response or WebAssembly.Module, got a revoked Proxy (${error.message})`);
  }
  if (isModule) return checkOurs(wasm, 'the given WebAssembly.Module');
  if (wasm instanceof ArrayBuffer || typedArrayName(wasm) === 'Uint8Array') return compileBytes(wasm, 'the given bytes');
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

/** Instantiates a module checked by compileModule, and checks it was built from this package's lists. */
export async function instantiate(module, label) {
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
    throw new Error(`the WebAssembly module of ${label} could not be instantiated: ${error.message}`);
  }
  const hash = instance.exports.pf_abi_hash() >>> 0;
  if (hash !== ABI_HASH) {
    throw new Error(`${label} holds a pe-ffn-wasm module built from other lists (pf_abi.h hash ${hash}) than this package's JavaScript (${ABI_HASH}): rebuild with bash build.sh`);
  }
  instance.exports._initialize?.();
  // Only the listed exports (and the bench build's own, which tests/bench calls): calling anything else
  // is a bug that shows at once.
  const bench = BENCH_EXPORTS.filter((name) => typeof instance.exports[name] === 'function');
  return Object.freeze(Object.fromEntries(['memory', ...EXPORTS, ...bench].map((name) => [name, instance.exports[name]])));
}

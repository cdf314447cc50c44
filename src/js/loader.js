// Finds, compiles and instantiates the WebAssembly module. One loader serves Node (file paths and
// file: URLs read with node:fs), browsers and bundlers (fetch, `new URL(..., import.meta.url)`).
// The default module is compiled once per page or process; every init() instantiates it anew.
import { typeError } from './errors.js';

const REQUIRED_EXPORTS = ['memory', 'pf_alloc', 'pf_free', 'pf_pe_fill', 'pf_pe_add', 'pf_pe_value',
  'pf_ffn_new', 'pf_ffn_delete', 'pf_ffn_set_weights', 'pf_ffn_init_seeded', 'pf_ffn_forward', 'pf_status_text'];

// Bundlers see this literal and ship the file; Node resolves it next to this source.
const defaultWasmUrl = () => new URL('../../dist/pe_ffn.wasm', import.meta.url);
let defaultModule = null;

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

/** Compiles from a URL object: file: URLs with node:fs, anything else with fetch. */
async function compileUrl(url, label = url.href) {
  let bytes;
  try {
    bytes = isNodeUrl(url) ? await readFileBytes(url) : null;
    if (!bytes) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bytes = await response.arrayBuffer();
    }
  } catch (error) {
    throw new Error(`cannot load the WebAssembly module from ${label}: ${error.message}`);
  }
  return compileBytes(bytes, `the file at ${label}`);
}

/**
 * Vite's dev server pre-bundles dependencies into node_modules/.vite/deps/ without the files they
 * reference by `new URL(..., import.meta.url)`; the package's own copy is still served, so look there.
 */
function viteDevFallback() {
  const here = import.meta.url;
  const marker = '/node_modules/.vite/';
  const at = here.indexOf(marker);
  return at < 0 ? null : new URL(here.slice(0, at) + '/node_modules/pe-ffn-wasm/dist/pe_ffn.wasm');
}

async function compileDefault() {
  try {
    return await compileUrl(defaultWasmUrl());
  } catch (error) {
    const fallback = viteDevFallback();
    if (!fallback) throw error;
    return compileUrl(fallback);
  }
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
    if (inNode && !looksLikeUrl(wasm)) {
      try {
        return await compileBytes(await readFileBytes(wasm), `the file ${wasm}`);
      } catch (error) {
        if (error.message.includes('not a valid WebAssembly')) throw error;
        throw new Error(`cannot load the WebAssembly module from ${wasm}: ${error.message}`);
      }
    }
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

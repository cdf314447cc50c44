// The build under test. By default the sources in src/js with dist/pe_ffn.wasm; PE_FFN_ENTRY points
// the suites at another entry (an installed package), PE_FFN_WASM at another .wasm variant.
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const entry = process.env.PE_FFN_ENTRY
  ? pathToFileURL(resolve(process.env.PE_FFN_ENTRY)).href
  : new URL('../../src/js/index.js', import.meta.url).href;

export const pkg = await import(entry);

/** A fresh instance of the module under test. */
export function loadCore() {
  return pkg.init(process.env.PE_FFN_WASM ? { wasm: process.env.PE_FFN_WASM } : undefined);
}

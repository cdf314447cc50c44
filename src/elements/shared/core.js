// One lazily initialised pe-ffn-wasm instance shared by every element on the page, so that a page
// with ten elements compiles and instantiates the .wasm once.
//
// API:
//   getCore()                -> Promise<core>   the shared instance (init() on first call)
//   configureCore({ wasm })  -> void            before the first getCore(): where the .wasm is
//                                               (any value init({ wasm }) accepts); for pages that
//                                               serve the .wasm from somewhere else
//   configuredWasm()         -> the `wasm` option configureCore was given (undefined: the default)
import { init } from '../../js/index.js';

let corePromise = null;
let initOptions = undefined;

export function configureCore(options) {
  if (corePromise) throw new Error('configureCore must be called before the first getCore()');
  initOptions = options;
}

export function configuredWasm() {
  return initOptions?.wasm;
}

export function getCore() {
  if (!corePromise) corePromise = init(initOptions);
  return corePromise;
}

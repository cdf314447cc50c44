// A function of no arguments returning f32x4.relaxed_madd(0, 0, 0): valid only where relaxed SIMD runs.
// Its own file, with no imports, so that the site's service worker asks the engine the same question
// as init() does (loader.js) and precaches only the .wasm build init() will load.
export const RELAXED_PROBE = (() => {
  const zeros = new Array(16).fill(0);
  const body = [0x00, ...[0, 1, 2].flatMap(() => [0xfd, 0x0c, ...zeros]), 0xfd, 0x85, 0x02, 0x0b];
  return Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
    0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,                                // type: () -> v128
    0x03, 0x02, 0x01, 0x00,                                                  // one function of type 0
    0x0a, body.length + 2, 0x01, body.length, ...body]);                     // its code
})();

// The site's service worker (built by vite-plugin-pwa's injectManifest, which puts the list of the
// build's files in self.__WB_MANIFEST). Offline after the first visit, at the cost of as little more
// than the page itself as can be:
//   - of the two .wasm builds only the one init() will load on this engine (the relaxed-SIMD build
//     where the engine validates relaxed SIMD, by the probe src/js/loader.js uses; the other one
//     otherwise) is precached;
//   - a file whose name carries its content's hash (every asset and chunk) is taken from the HTTP
//     cache when the page has loaded it already ('force-cache': its bytes cannot have changed), so
//     nothing the page fetched is fetched again; the pages themselves carry a revision and are
//     fetched anew, as Workbox does, so that a new deploy never stores an old page;
//   - what only a teacher uses (the LMS package builder and its parts) is left out by vite.config.js's
//     globIgnores: it is loaded on demand, online.
// The pages keep their state in the query (?lang=en&d_model=8, quiz-seed=…): any query opens the same
// precached page. 'prompt': a new version waits until the reader chooses it (web/offline.js); the
// worker that installed with a page controls it at once, so the page keeps its own version's files.
import { precacheAndRoute, cleanupOutdatedCaches, addPlugins } from 'workbox-precaching';
import { clientsClaim } from 'workbox-core';
import { RELAXED_PROBE } from '../src/js/relaxed-probe.js';

const relaxed = typeof WebAssembly === 'object' && WebAssembly.validate(RELAXED_PROBE);
const unused = relaxed ? /\/?pe_ffn-[^/]*\.wasm$/ : /\/?pe_ffn_relaxed-[^/]*\.wasm$/;
const manifest = self.__WB_MANIFEST.filter((entry) => !unused.test(typeof entry === 'string' ? entry : entry.url));

addPlugins([{
  // Workbox asks for a hashed file with cache mode 'default', which goes to the network again when the
  // host sent no caching headers; its bytes are fixed by its name, so any copy the page got will do.
  // A file with a revision (a page) comes with mode 'reload' and keeps it: the browser's copy may be
  // an older deploy's.
  requestWillFetch: async ({ request }) => (request.cache === 'reload' ? request : new Request(request, { cache: 'force-cache' })),
}]);
precacheAndRoute(manifest, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();
clientsClaim();

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

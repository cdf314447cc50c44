// Vite plugin for the tutorial page: its first requests start with the HTML instead of after main.js
// has arrived and run (one round trip sooner on a real network; docs/performance.md):
//   - the .wasm the core will pick (the relaxed build where the engine validates relaxed SIMD, by the
//     probe src/js/loader.js uses) is preloaded as a fetch, which the loader's fetch() then takes;
//   - when the URL links a section (#formula), its elements' chunks and their imports are
//     modulepreloaded (main.js imports them at once in that case, web/lazy-elements.js).
// Neither is known before the page runs, so a few lines of inline script in <head> add the links.
// Only in a build (the dev server serves sources, nothing to preload).
import { pathToFileURL, fileURLToPath } from 'node:url';
import { RELAXED_PROBE } from '../src/js/loader.js';

const pageText = fileURLToPath(new URL('../src/i18n/ko/page.js', import.meta.url));
const elementModule = /[\\/]src[\\/]elements[\\/]([a-z-]+)\.js$/;

/** The chunk's file and every chunk it imports statically, except those the page loads anyway. */
function chunkClosure(bundle, fileName, skip, seen = new Set()) {
  if (seen.has(fileName) || skip.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of bundle[fileName]?.imports ?? []) chunkClosure(bundle, imported, skip, seen);
  return seen;
}

export function preloadFirst() {
  return {
    name: 'pe-preload-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle || !/index\.html$/.test(ctx.filename)) return html;
        const files = Object.values(ctx.bundle);
        const wasm = (re) => files.find((f) => f.type === 'asset' && re.test(f.fileName))?.fileName;
        const relaxed = wasm(/pe_ffn_relaxed-[^/]*\.wasm$/);
        const simd128 = wasm(/pe_ffn-[^/]*\.wasm$/);
        const entry = ctx.chunk;
        const onPage = chunkClosure(ctx.bundle, entry.fileName, new Set());
        const chunkOf = new Map(files.filter((f) => f.type === 'chunk' && elementModule.test(f.facadeModuleId ?? ''))
          .map((f) => [f.facadeModuleId.match(elementModule)[1], f.fileName]));
        const { default: ko } = await import(pathToFileURL(pageText).href);
        const sections = {};
        for (const section of ko.sections) {
          const chunks = new Set();
          for (const block of section.blocks) {
            if (block.element && chunkOf.has(block.element)) chunkClosure(ctx.bundle, chunkOf.get(block.element), onPage, chunks);
          }
          if (chunks.size) sections[section.id] = [...chunks];
        }
        if (!relaxed || !simd128) throw new Error('preload-first: the build has no pe_ffn .wasm assets');
        const script = `(() => {
  const link = (rel, href, more) => document.head.append(Object.assign(document.createElement('link'), { rel, href }, more));
  const relaxed = typeof WebAssembly === 'object' && WebAssembly.validate(new Uint8Array(${JSON.stringify([...RELAXED_PROBE])}));
  link('preload', relaxed ? ${JSON.stringify(relaxed)} : ${JSON.stringify(simd128)}, { as: 'fetch', crossOrigin: 'anonymous', type: 'application/wasm' });
  const sections = ${JSON.stringify(sections)};
  let id = location.hash.slice(1);
  try { id = decodeURIComponent(id); } catch {}
  // Own sections only: #constructor or #__proto__ must not find Object.prototype's members.
  for (const href of Object.hasOwn(sections, id) ? sections[id] : []) link('modulepreload', href);
})();`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }] };
      },
    },
  };
}

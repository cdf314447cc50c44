// Loads each custom element of the page when it nears the viewport, not before: the page's first
// load carries only the page itself, the core and its .wasm. An element's module (src/elements/<tag>.js,
// which registers itself) and what only it uses (its strings, the quiz bank, ...) are separate chunks.
//
// Which elements exist comes from the files themselves: every src/elements/<tag>.js is the element
// <tag> (the package's convention; scripts/custom-elements-manifest.mjs reads each registered tag's
// file by that name), so a new element file joins without a list to edit here.
//
// API:
//   watchElements(root = document.body, { margin })  loads every element under root (now and later
//        added) once it comes within `margin` of the viewport (default: one screen height)
//   loadElement(tag)  -> Promise   loads one element now (resolves once it is defined)
//   loadAllElements() -> Promise   loads every element on the page now (printing does this)
//   lazyTags                       the tags this loader knows

const modules = import.meta.glob(['../src/elements/*.js', '!../src/elements/index.js']);
const loaders = new Map(Object.entries(modules).map(([path, load]) => [path.match(/([^/]+)\.js$/)[1], load]));

export const lazyTags = [...loaders.keys()];

const loading = new Map();

export function loadElement(tag) {
  if (!loading.has(tag)) {
    const load = loaders.get(tag);
    if (!load) return Promise.reject(new Error(`no element module for <${tag}>`));
    loading.set(tag, load().then(() => customElements.whenDefined(tag)));
  }
  return loading.get(tag);
}

const isLazy = (el) => loaders.has(el.localName) && !customElements.get(el.localName);

export function loadAllElements(root = document.body) {
  const tags = new Set([...root.querySelectorAll(lazyTags.join(','))].map((el) => el.localName));
  return Promise.all([...tags].map(loadElement));
}

export function watchElements(root = document.body, { margin = '100% 0px' } = {}) {
  const near = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      near.unobserve(entry.target);
      loadElement(entry.target.localName).catch((err) => console.error(err));
    }
  }, { rootMargin: margin });
  const observe = (node) => {
    if (node.nodeType !== 1) return;
    if (isLazy(node)) near.observe(node);
    for (const el of node.querySelectorAll(lazyTags.join(','))) if (isLazy(el)) near.observe(el);
  };
  observe(root);
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(observe);
  }).observe(root, { childList: true, subtree: true });
  addEventListener('beforeprint', () => loadAllElements(root));
}

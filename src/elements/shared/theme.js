// What CSS cannot recolour by itself: canvas pixels. Elements that paint a design token into a canvas
// read its resolved value here and draw again when the theme may have changed: the reader's
// prefers-color-scheme, or a data-theme attribute set, changed or removed anywhere in the document
// (<html>, an ancestor, the element itself). SVG and HTML take their colours from CSS and need none
// of this. A page that re-themes by changing token values some other way can call notifyThemeChange().
//
// API:
//   tokenColor(el, name)      the token's resolved colour on el (e.g. 'rgb(0, 0, 0)'; use rgbOf for numbers)
//   onThemeChange(callback)   calls callback() after each change; returns a function that stops it.
//                             One media listener and one MutationObserver serve every caller.
//   notifyThemeChange()       tells every caller now

const probes = new WeakMap();

export function tokenColor(el, name) {
  const root = el.shadowRoot ?? el;
  let probe = probes.get(root);
  if (!probe) {
    // A hidden span in the element's own tree: the token resolves there exactly as in its CSS.
    probe = document.createElement('span');
    probe.hidden = true;
    probe.setAttribute('aria-hidden', 'true');
    root.append(probe);
    probes.set(root, probe);
  }
  probe.style.color = `var(${name})`;
  return getComputedStyle(probe).color;
}

const callbacks = new Set();
let watching = false;

export function notifyThemeChange() {
  for (const callback of [...callbacks]) callback();
}

function watch() {
  watching = true;
  globalThis.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', notifyThemeChange);
  if (typeof MutationObserver === 'function' && globalThis.document) {
    new MutationObserver(notifyThemeChange).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'], subtree: true });
  }
}

export function onThemeChange(callback) {
  if (!watching) watch();
  callbacks.add(callback);
  return () => callbacks.delete(callback);
}

// Formulas typeset by KaTeX into MathML only (output: 'mathml'): the browser draws MathML with its
// own fonts, so no KaTeX fonts or CSS need bundling and nothing is fetched.
//
// API:
//   tex(source, { display = false } = {})  -> HTML string of a <math> element (never throws; a
//                                              bad formula shows its source in red-free plain text)
//   setTex(element, source, options)         element.innerHTML = tex(source, options)
import katex from 'katex';

const cache = new Map();

export function tex(source, { display = false } = {}) {
  const key = `${display ? 'D' : 'I'}${source}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = katex.renderToString(source, { output: 'mathml', displayMode: display, throwOnError: false, strict: 'ignore' });
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
  }
  return html;
}

export function setTex(element, source, options) {
  element.innerHTML = tex(source, options);
}

// Formulas, typeset before they reach the reader: the build (scripts/math-at-build.mjs, Temml) turns
// every TeX template of the sources and every formula of the page texts into MathML, and the module
// that holds the TeX registers that MathML here. tex() only looks it up: there is no TeX engine in the
// browser. Formulas with live numbers are built directly as MathML with shared/mathml.js.
//
// API:
//   tex(source, { display = false } = {})  -> HTML string of a <math> element; throws an Error naming
//                                              the source when the build did not typeset it
//   texNode(source, options)                 the same formula as nodes (a DocumentFragment), for
//                                              elements, which build DOM with shared/dom.js
//   mathNode(mathml)                         a DocumentFragment of MathML text built by shared/mathml.js
//   registerFormulas([[source, inline, display | null], ...])   (called by the build's code)
//
// texNode and mathNode are the only places an element turns text into markup, and only formulas:
// MathML that the build typeset, or that shared/mathml.js put together with every token escaped.

const typeset = new Map();
const parsed = new Map(); // MathML text -> a <template> holding it, cloned for each use

export function registerFormulas(entries) {
  for (const [source, inline, display] of entries) typeset.set(source, { inline, display });
}

export function tex(source, { display = false } = {}) {
  const formula = typeset.get(source);
  if (!formula) throw new Error(`formula not typeset at build time (keep it in a String.raw template without \${}, or build it with shared/mathml.js): ${source}`);
  if (!display) return formula.inline;
  return formula.display ?? formula.inline.replace(/^<math/, '<math display="block" class="tml-display" style="display:block math;"');
}

export function mathNode(mathml) {
  let template = parsed.get(mathml);
  if (!template) {
    template = document.createElement('template');
    template.innerHTML = mathml;
    if (parsed.size > 500) parsed.clear(); // formulas with live numbers change with every value
    parsed.set(mathml, template);
  }
  return template.content.cloneNode(true);
}

export function texNode(source, options) {
  return mathNode(tex(source, options));
}

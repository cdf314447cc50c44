// Formulas, typeset before they reach the reader: the build (scripts/math-at-build.mjs, Temml) turns
// every TeX template of the sources and every formula of the page texts into MathML, and the module
// that holds the TeX registers that MathML here. tex() only looks it up: there is no TeX engine in the
// browser. Formulas with live numbers are built directly as MathML with shared/mathml.js.
//
// API:
//   tex(source, { display = false } = {})  -> HTML string of a <math> element; throws an Error naming
//                                              the source when the build did not typeset it
//   setTex(element, source, options)         element.innerHTML = tex(source, options)
//   registerFormulas([[source, inline, display | null], ...])   (called by the build's code)

const typeset = new Map();

export function registerFormulas(entries) {
  for (const [source, inline, display] of entries) typeset.set(source, { inline, display });
}

export function tex(source, { display = false } = {}) {
  const formula = typeset.get(source);
  if (!formula) throw new Error(`formula not typeset at build time (keep it in a String.raw template without \${}, or build it with shared/mathml.js): ${source}`);
  if (!display) return formula.inline;
  return formula.display ?? formula.inline.replace(/^<math/, '<math display="block" class="tml-display" style="display:block math;"');
}

export function setTex(element, source, options) {
  element.innerHTML = tex(source, options);
}

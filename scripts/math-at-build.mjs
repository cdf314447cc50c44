// Formulas are typeset when the site and the bundle are built, never in the reader's browser: Temml
// turns TeX into MathML here, and the modules that hold the TeX register the finished MathML with
// src/elements/shared/math.js, whose tex(source) only looks it up.
//
// Which TeX is typeset:
//   - every String.raw`...` template without ${} substitutions in src/elements/ and src/i18n/ (a
//     formula kept in a constant or an array is found wherever it is later passed to tex());
//   - in a module that imports shared/math.js, also every quoted string that reads as TeX (a command
//     such as \\frac, or a sub- or superscript);
//   - in the page texts (src/i18n/<lang>/page.js), every $...$ of a string and every `tex` field.
// A template that is not TeX (Temml refuses it) is left alone. Formulas with live numbers are built
// with shared/mathml.js instead.
//
// API:
//   typeset(source)                  -> { inline, display } MathML strings (display null when the
//                                       display form is the inline one with display="block")
//   rawTemplates(code)               -> the contents of the substitution-free String.raw templates
//   texLiterals(code)                -> the quoted strings of a module that read as TeX
//   pageFormulas(texts)              -> the formula sources of one page-text object
//   formulaModuleCode(id, sources)   -> the code appended to a module: it registers their MathML
//   mathAtBuildVite()                 Vite plugin      mathAtBuildEsbuild()   esbuild plugin
import temml from 'temml';
import { readFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const mathModule = fileURLToPath(new URL('../src/elements/shared/math.js', import.meta.url));
const sourceFile = /[\\/]src[\\/](elements|i18n)[\\/].*\.js$/;
const pageTextFile = /[\\/]src[\\/]i18n[\\/][^\\/]+[\\/]page\.js$/;

// Words read as names, not products of letters: d_{model}, d_{ff}, PE(t), FFN(x).
const NAMES = ['LayerNorm', 'Attn', 'FFN', 'PE', 'ReLU', 'GELU', 'SiLU', 'softmax', 'concat', 'RoPE'];
const named = (source) => source
  .replace(/_\{(model|ff)\}/g, '_{\\mathrm{$1}}')
  .replace(new RegExp(`(?<![\\\\a-zA-Z{])(${NAMES.join('|')})(?![a-zA-Z}])`, 'g'), '\\mathrm{$1}');

// Chromium draws a prime set as a superscript (h^{\prime}) tiny and high, like an accent: the prime
// characters U+2032 and U+2033 are already raised, so h' becomes h followed by the prime itself.
const PRIME = '(?:<mo[^>]*class="tml-prime"[^>]*>\u2032</mo>)';
const primes = (marks) => `<mo lspace="0em" rspace="0em">${['\u2032', '\u2033', '\u2034'][(marks.match(/\u2032/g) || []).length - 1] ?? marks}</mo>`;
function unscriptPrimes(html) {
  return html
    .replace(new RegExp(`<msup>(<mi>[^<]*</mi>)(?:<mrow>)?(${PRIME}{1,3})(?:</mrow>)?</msup>`, 'g'),
      (m, base, marks) => `<mrow>${base}${primes(marks)}</mrow>`)
    .replace(new RegExp(`<msubsup>(<mi>[^<]*</mi>)((?:<mi>[^<]*</mi>|<mn>[^<]*</mn>|<mrow>(?:(?!</?mrow>).)*</mrow>))(?:<mrow>)?(${PRIME}{1,3})(?:</mrow>)?</msubsup>`, 'g'),
      (m, base, script, marks) => `<msub><mrow>${base}${primes(marks)}</mrow>${script}</msub>`);
}

export function typeset(source) {
  const options = { throwOnError: true, trust: false, wrap: 'none' };
  const inline = unscriptPrimes(temml.renderToString(named(source), options));
  const display = unscriptPrimes(temml.renderToString(named(source), { ...options, displayMode: true }));
  const inner = (html) => html.replace(/^<math[^>]*>/, '');
  return { inline, display: inner(display) === inner(inline) ? null : display };
}

export function rawTemplates(code) {
  return [...code.matchAll(/String\.raw`((?:[^`\\$]|\\[\s\S]|\$(?!\{))*)`/g)].map((m) => m[1]);
}

const ESCAPES = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0' };
const decode = (body) => body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (m, e) => {
  if (e[0] === 'u' && e.length > 1) return String.fromCodePoint(parseInt(e.replace(/[u{}]/g, ''), 16));
  if (e[0] === 'x' && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
  return ESCAPES[e] ?? e;
});
const looksLikeTex = (text) => /\\[a-zA-Z]+|[_^]\{/.test(text) && !/[<>]/.test(text) && text.length < 500;

export function texLiterals(code) {
  if (!/from\s+['"][^'"]*shared\/math\.js['"]/.test(code)) return [];
  const found = [];
  for (const m of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)) {
    const text = decode(m[1] ?? m[2]);
    if (looksLikeTex(text)) found.push(text);
  }
  return found;
}

export function pageFormulas(texts) {
  const found = [];
  const walk = (value, key) => {
    if (typeof value === 'string') {
      if (key === 'tex') found.push(value);
      for (const m of value.matchAll(/\$([^$]+)\$/g)) found.push(m[1]);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(texts);
  return found;
}

/** The registration appended to a module, or '' when none of its sources is TeX. */
export function formulaModuleCode(id, sources) {
  const entries = [];
  for (const source of new Set(sources)) {
    try {
      const { inline, display } = typeset(source);
      entries.push([source, inline, display]);
    } catch {
      // not TeX (or not a formula Temml can set): nothing to register
    }
  }
  if (!entries.length) return '';
  let path = relative(dirname(id), mathModule).split(sep).join('/');
  if (!path.startsWith('.')) path = `./${path}`;
  path = JSON.stringify(path);
  return `\nimport { registerFormulas as __peRegisterFormulas } from ${path};\n__peRegisterFormulas(${JSON.stringify(entries)});\n`;
}

async function formulaSources(id, code) {
  const sources = [...rawTemplates(code), ...texLiterals(code)];
  if (pageTextFile.test(id)) {
    const texts = (await import(`${pathToFileURL(id).href}?formulas=${Date.now()}`)).default;
    sources.push(...pageFormulas(texts));
  }
  return sources;
}

export function mathAtBuildVite() {
  return {
    name: 'pe-math-at-build',
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!sourceFile.test(file) || file === mathModule) return null;
      const extra = formulaModuleCode(file, await formulaSources(file, code));
      return extra ? { code: code + extra, map: null } : null;
    },
  };
}

export function mathAtBuildEsbuild() {
  return {
    name: 'pe-math-at-build',
    setup(build) {
      build.onLoad({ filter: sourceFile }, async ({ path }) => {
        if (path === mathModule) return undefined;
        const code = await readFile(path, 'utf8');
        return { contents: code + formulaModuleCode(path, await formulaSources(path, code)), loader: 'js' };
      });
    },
  };
}

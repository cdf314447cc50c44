// Formulas are typeset at build time: every formula of the page texts and every TeX template of the
// elements typesets with Temml, primes come out as primes (not superscripts Chromium draws like
// accents), the bundle ships MathML and no TeX engine, and tex() in the browser only looks up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { typeset, rawTemplates, texLiterals, pageFormulas, formulaModuleCode } from '../../scripts/math-at-build.mjs';
import { tex, registerFormulas } from '../../src/elements/shared/math.js';
import { cellMath, givenMath } from '../../src/elements/shared/pe-layout.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('every formula of the page texts typesets, in every language', async () => {
  for (const lang of readdirSync(`${root}src/i18n`, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    const texts = (await import(`../../src/i18n/${lang}/page.js`)).default;
    const formulas = pageFormulas(texts);
    assert.ok(formulas.length > 10, `${lang}: ${formulas.length} formulas`);
    for (const source of formulas) assert.match(typeset(source).inline, /^<math>/, source);
  }
});

test('h\' and h\'\' are the base followed by a prime, and names are upright words', () => {
  const one = typeset("h' = h + x").inline;
  assert.ok(!one.includes('<msup>'), one);
  assert.match(one, /<mi>h<\/mi><mo[^>]*>\u2032<\/mo>/);
  assert.match(typeset("h''").inline, /<mi>h<\/mi><mo[^>]*>\u2033<\/mo>/);
  assert.match(typeset("h'_t").inline, /^<math><msub><mrow><mi>h<\/mi><mo[^>]*>\u2032<\/mo><\/mrow><mi>t<\/mi><\/msub>/);
  assert.match(typeset('PE(t) + FFN(x)').inline, /<mi>PE<\/mi>.*<mi>FFN<\/mi>/);
  assert.match(typeset('d_{model}').inline, /<mi mathvariant="normal">model<\/mi>|<mtext>model<\/mtext>|<mi>model<\/mi>/);
  // display differs where it should: a sum takes its limits below
  assert.match(typeset(String.raw`\sum_{j} w_j`).display, /<munder>/);
});

test('the build finds the TeX of a module and registers it; tex() looks it up and never typesets', () => {
  const code = 'const a = String.raw`\\frac{1}{2}`; const b = String.raw`x_${n}`; const c = String.raw`not \\TeX \\at{ all`;';
  assert.deepEqual(rawTemplates(code), ['\\frac{1}{2}', 'not \\TeX \\at{ all']);
  // Quoted TeX counts in modules that use tex(); names and code do not.
  const quoted = "import { tex } from './shared/math.js';\nconst F = ['h\\' = x_{t}', \"\\\\mathrm{FFN}(x)\", 'omega_i', 'plain words'];";
  assert.deepEqual(texLiterals(quoted), ["h' = x_{t}", '\\mathrm{FFN}(x)']);
  assert.deepEqual(texLiterals(quoted.replace('shared/math.js', 'shared/format.js')), []);
  const extra = formulaModuleCode(`${root}src/elements/x.js`, rawTemplates(code));
  assert.match(extra, /from ".\/shared\/math\.js"/);
  assert.equal((extra.match(/\\\\frac/g) || []).length, 1, 'the refused template is left out');
  assert.throws(() => tex(String.raw`\alpha_{unregistered}`), /not typeset at build time/);
  registerFormulas([[String.raw`\beta`, '<math><mi>β</mi></math>', null]]);
  assert.equal(tex(String.raw`\beta`), '<math><mi>β</mi></math>');
  assert.match(tex(String.raw`\beta`, { display: true }), /^<math display="block"/);
});

test('live formulas are MathML with their numbers', () => {
  const cell = cellMath({ position: 7, j: 2, dModel: 16, base: 10000, layout: 'interleaved', value: -0.25 });
  assert.match(cell, /^<math>.*<mi mathvariant="normal">sin<\/mi>.*<mn>7<\/mn>.*<mo>\u2212<\/mo><mn>0\.2500<\/mn><\/mrow><\/mrow><\/math>$/);
  assert.match(givenMath(10000, 64, { display: true }), /^<math display="block".*<mn>10000<\/mn>.*<mn>64<\/mn>/);
  assert.ok(!cellMath({ position: 0, j: 0, dModel: 4, base: 10000, layout: 'concat', value: -0 }).includes('\u22120.0000'));
});

test('the bundle ships typeset MathML and no TeX engine', () => {
  // dist/elements.js and its chunks (dist/element-*.js: scripts/bundle.mjs splits the elements' code).
  const files = ['elements.js', ...readdirSync(`${root}dist`).filter((f) => /^element-.*\.js$/.test(f))];
  assert.ok(files.length > 11, files.join(', '));
  const bundle = files.map((f) => readFileSync(`${root}dist/${f}`, 'utf8')).join('\n');
  assert.ok(!/katex|temml/i.test(bundle), 'no KaTeX or Temml in dist/elements.js and its chunks');
  assert.ok(bundle.includes('<mfrac>'), 'typeset fractions are in the bundle');
});

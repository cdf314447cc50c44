// The formulas' font: a subset of Noto Sans Math (SIL OFL, from @fontsource/noto-sans-math) holding
// only the characters the formulas use, written to dist/math-font.woff2 by build.sh. Without a math
// font Chromium on Debian draws MathML with DejaVu Sans and borrows stretchy brackets from another
// font (primes like accents, \big brackets two lines tall); docs/performance.md has the measurement.
// harfbuzz's hb-subset (the subset-font package) keeps the OpenType MATH table and the glyphs its
// size variants and bracket assemblies need.
//
// Which characters: what the typeset MathML draws — the text of every token (mi, mn, mo, mtext, ms) of
// every formula typeset at build time (the same sources scripts/math-at-build.mjs finds), the glyph a
// layout element draws itself (the radical sign of msqrt and mroot, U+221A: \sqrt has no token for it),
// and the mathematical italic forms Chromium substitutes for a one-letter <mi> — plus what the live
// formulas of shared/mathml.js may show (printable ASCII: numbers, signs, single-letter names).
// hb-subset keeps, for each of them, the MATH table's size variants and stretchy assemblies.
// tests/browser/math-font.test.js checks on the built page that every glyph of every formula, tokens
// and radicals, is drawn with this font.
//
// API:
//   formulaSources()            -> every TeX source of src/elements and src/i18n
//   liveFormulaText()           -> the token text of the formulas built live with shared/mathml.js
//   formulaCodePoints(mathml[], liveText) -> sorted code points the font must hold
//   outputs()                   -> [{ file, content }]: dist/math-font.woff2 and its licence beside it
// Usage: node scripts/math-font.mjs [--check]   (scripts/generated-file.mjs: writes what changed, or
// checks that dist/ holds what the formulas need today; tests/js/math-font.test.js runs --check)
import subsetFont from 'subset-font';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runGenerator } from './generated-file.mjs';
import { typeset, rawTemplates, texLiterals, pageFormulas } from './math-at-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const sourceFont = join(root, 'node_modules/@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff2');
export const MATH_FONT_FAMILY = 'Noto Sans Math';

async function jsFiles(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...await jsFiles(path));
    else if (entry.name.endsWith('.js')) found.push(path);
  }
  return found;
}

// The characters the live formulas (shared/mathml.js) put in their tokens: the literal arguments of
// mi(), mo(), mn() and mtext() in the modules that build them.
export async function liveFormulaText() {
  let text = '';
  for (const file of await jsFiles(join(root, 'src/elements'))) {
    const code = await readFile(file, 'utf8');
    if (!/from\s+['"][^'"]*mathml\.js['"]/.test(code)) continue;
    for (const m of code.matchAll(/\b(?:mi|mo|mn|mtext)\('((?:[^'\\]|\\.)*)'\)/g)) {
      text += m[1].replace(/\\u([0-9a-fA-F]{4})/g, (e, hex) => String.fromCharCode(parseInt(hex, 16)));
    }
  }
  return text;
}

export async function formulaSources() {
  const sources = new Set();
  for (const dir of ['src/elements', 'src/i18n']) {
    for (const file of await jsFiles(join(root, dir))) {
      const code = await readFile(file, 'utf8');
      for (const s of [...rawTemplates(code), ...texLiterals(code)]) sources.add(s);
      if (/[\\/]page\.js$/.test(relative(root, file))) {
        for (const s of pageFormulas((await import(pathToFileURL(file).href)).default)) sources.add(s);
      }
    }
  }
  return [...sources];
}

// Chromium draws a one-letter <mi> in mathematical italic (text-transform: math-auto): the font must
// hold those code points, not the letters typed.
const ITALIC_EXCEPTIONS = { h: 0x210e, '\u0131': 0x1d6a4, '\u0237': 0x1d6a5, '\u2207': 0x1d6fb, '\u2202': 0x1d715,
  '\u03f5': 0x1d716, '\u03d1': 0x1d717, '\u03f0': 0x1d718, '\u03d5': 0x1d719, '\u03f1': 0x1d71a, '\u03d6': 0x1d71b, '\u03f4': 0x1d6f3 };
export function italicOf(ch) {
  if (ITALIC_EXCEPTIONS[ch]) return ITALIC_EXCEPTIONS[ch];
  const c = ch.codePointAt(0);
  if (c >= 0x41 && c <= 0x5a) return 0x1d434 + c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return 0x1d44e + c - 0x61;
  if (c >= 0x391 && c <= 0x3a9 && c !== 0x3a2) return 0x1d6e2 + c - 0x391;
  if (c >= 0x3b1 && c <= 0x3c9) return 0x1d6fc + c - 0x3b1;
  return null;
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text) => text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e) => {
  if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
  return ENTITIES[e] ?? m;
});
// Invisible operators (function application, invisible times, ...) and spaces draw no glyph.
const drawn = (c) => c > 0x20 && !(c >= 0x2061 && c <= 0x2064) && c !== 0xa0 && !(c >= 0x2000 && c <= 0x200f);

// MathML elements that draw a glyph of their own, not from a token (MathML Core, "Radicals").
export const LAYOUT_GLYPHS = { msqrt: '\u221a', mroot: '\u221a' };
const LAYOUT_ELEMENT = new RegExp(`<(${Object.keys(LAYOUT_GLYPHS).join('|')})\\b`, 'g');

export function formulaCodePoints(mathml, liveText = '') {
  const points = new Set();
  for (let c = 0x21; c <= 0x7e; c++) points.add(c); // live numbers and names (shared/mathml.js)
  for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ') points.add(italicOf(ch));
  points.add(0x2212); // the minus sign of shared/mathml.js's negative numbers
  for (const ch of liveText) if (drawn(ch.codePointAt(0))) points.add(ch.codePointAt(0));
  for (const html of mathml) {
    for (const [, tag, attrs, body] of html.matchAll(/<(mi|mn|mo|mtext|ms)\b([^>]*)>([^<]*)<\/\1>/g)) {
      const text = decode(body);
      for (const ch of text) if (drawn(ch.codePointAt(0))) points.add(ch.codePointAt(0));
      const chars = [...text];
      if (tag === 'mi' && chars.length === 1 && !/mathvariant/.test(attrs) && italicOf(chars[0])) points.add(italicOf(chars[0]));
    }
    for (const [, tag] of html.matchAll(LAYOUT_ELEMENT)) points.add(LAYOUT_GLYPHS[tag].codePointAt(0));
  }
  return [...points].sort((a, b) => a - b);
}

/** The subset and its licence, as dist/ holds them (node scripts/math-font.mjs [--check]). */
export async function outputs() {
  const mathml = [];
  for (const source of await formulaSources()) {
    try {
      const { inline, display } = typeset(source);
      mathml.push(inline, display ?? '');
    } catch {
      // not TeX: math-at-build.mjs leaves it alone too
    }
  }
  const codePoints = formulaCodePoints(mathml, await liveFormulaText());
  const font = await subsetFont(await readFile(sourceFont), String.fromCodePoint(...codePoints), { targetFormat: 'woff2' });
  return [
    { file: 'dist/math-font.woff2', content: font, note: `${font.length} bytes, ${MATH_FONT_FAMILY}, ${codePoints.length} characters`, codePoints },
    // The SIL Open Font License travels with the font.
    { file: 'dist/math-font.LICENSE.txt', content: await readFile(join(dirname(sourceFont), '../LICENSE')) },
  ];
}

await runGenerator(import.meta.url, outputs);

// Which characters the formulas' font subset must hold (scripts/math-font.mjs): what the typeset MathML
// draws — the token text, entities decoded, invisible operators left out, the mathematical italic letter
// Chromium draws for a one-letter <mi>, and the radical sign msqrt and mroot draw themselves — and that
// dist/math-font.woff2 is the subset the formulas need today (its --check). tests/browser/math-font.test.js
// checks the built page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formulaCodePoints, italicOf, liveFormulaText } from '../../scripts/math-font.mjs';
import { typeset } from '../../scripts/math-at-build.mjs';
import { ATTENTION_FORMULA, LAYER_NORM_FORMULA } from '../../src/elements/block/formulas.js';

const has = (points, ch) => points.includes(typeof ch === 'number' ? ch : ch.codePointAt(0));

test('a one-letter <mi> needs its mathematical italic form; a named or upright one does not', () => {
  const points = formulaCodePoints(['<math><mi>\u03c9</mi><mi>sin</mi><mi mathvariant="normal">\u0394</mi><mi>h</mi></math>']);
  assert.ok(has(points, 0x1d714), 'italic omega');
  assert.ok(has(points, 0x210e), 'h is U+210E, the Planck constant, not a code point of the italic block');
  assert.ok(has(points, '\u0394') && !has(points, 0x1d6e5), 'upright Delta only');
  assert.equal(italicOf('A'), 0x1d434);
  assert.equal(italicOf('z'), 0x1d467);
  assert.equal(italicOf('1'), null);
});

test('entities are decoded and invisible operators need no glyph', () => {
  const points = formulaCodePoints(['<math><mi>f</mi><mo>&#x2061;</mo><mo>&lt;</mo><mo>&#8242;</mo><mo>\u2062</mo><mo>&#x2211;</mo></math>']);
  assert.ok(has(points, '<') && has(points, '\u2032') && has(points, '\u2211'));
  assert.ok(!has(points, 0x2061) && !has(points, 0x2062));
});

test('the live formulas\' operators are found in the modules that build them', async () => {
  const live = await liveFormulaText();
  assert.ok(live.includes('\u2248'), 'pe-relative.js: the approximate sign');
  assert.ok(live.includes('\u22c5'), 'pe-layout.js: the dot of 2·k/d');
  assert.ok(has(formulaCodePoints([], live), '\u2248'));
});

test('a radical needs the radical sign, which no token holds: \\sqrt and \\sqrt[n] as Temml typesets them', () => {
  for (const tex of ['\\sqrt{d}', '\\sqrt[3]{x}', ATTENTION_FORMULA, LAYER_NORM_FORMULA]) {
    const { inline } = typeset(tex);
    assert.match(inline, /<m(sqrt|root)\b/, `${tex} typesets to a radical`);
    assert.ok(!/<mo[^>]*>\u221a<\/mo>/.test(inline), 'the sign is not a token');
    assert.ok(has(formulaCodePoints([inline]), 0x221a), `${tex}: U+221A`);
  }
  assert.ok(!has(formulaCodePoints(['<math><mfrac><mi>a</mi><mi>b</mi></mfrac></math>']), 0x221a), 'no radical, no sign');
});

test('dist/math-font.woff2 is the subset the formulas need today (node scripts/math-font.mjs --check)', { timeout: 120000 }, () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const { status, stderr } = spawnSync(process.execPath, ['scripts/math-font.mjs', '--check'], { cwd: root, encoding: 'utf8' });
  assert.equal(status, 0, stderr);
});

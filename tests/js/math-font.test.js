// Which characters the formulas' font subset must hold (scripts/math-font.mjs): the drawn token text
// of the typeset MathML, entities decoded, invisible operators left out, and the mathematical italic
// letter Chromium draws for a one-letter <mi>. tests/browser/math-font.test.js checks the built page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formulaCodePoints, italicOf, liveFormulaText } from '../../scripts/math-font.mjs';

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

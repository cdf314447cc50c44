// One definition per design token: every --pe-* property that the elements and the pages read is
// defined in src/elements/shared/tokens.js and nowhere else (no second value as a var() fallback, no
// declaration in a page's CSS), the colour pairs meant to be read reach WCAG AA contrast in both
// themes, chart colours reach 3:1 (WCAG 1.4.11), and docs/elements.md shows the tokens as they are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tokens, tokenCss } from '../../src/elements/shared/tokens.js';
import { tokensTable } from '../../scripts/tokens-table.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tokenFile = 'src/elements/shared/tokens.js';

function sources(dir) {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.(js|css|html)$/.test(name) ? [path] : [];
  });
}
const files = [...sources('src/elements'), ...sources('web')].filter((f) => f !== tokenFile);

test('every --pe-* the elements and pages read is a token, read without a second value', () => {
  const problems = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/var\(\s*(--pe-[\w-]+)\s*(,)?/g)) {
      if (!(m[1] in tokens)) problems.push(`${file}: ${m[1]} is not a token of ${tokenFile}`);
      if (m[2]) problems.push(`${file}: var(${m[1]}, …) gives the token a second value`);
    }
    for (const m of text.matchAll(/(?<![\w-])(--pe-[\w-]+)\s*:/g)) problems.push(`${file}: defines ${m[1]} again`);
  }
  assert.deepEqual(problems, []);
  console.log(`# ${files.length} files read, ${Object.keys(tokens).length} tokens`);
});

test('the token CSS defines every token for light, and every colour token for dark', () => {
  for (const [name, t] of Object.entries(tokens)) {
    assert.ok(t.doc, `${name} is documented`);
    assert.ok(tokenCss.includes(`${name}: ${t.light};`), `${name} light`);
    if (t.dark) assert.equal(tokenCss.split(`${name}: ${t.dark};`).length, 3, `${name} dark (media query and attribute)`);
  }
  assert.match(tokenCss, /prefers-color-scheme: dark/);
  assert.match(tokenCss, /\[data-theme="dark"\]/);
});

const luminance = (hex) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test('text colours reach 4.5:1 on every surface, in light and in dark', () => {
  const texts = ['--pe-fg', '--pe-muted', '--pe-link', '--pe-sin', '--pe-cos', '--pe-accent'];
  const surfaces = ['--pe-surface', '--pe-bg', '--pe-head', '--pe-page-bg', '--pe-code-bg', '--pe-hover', '--pe-note-bg', '--pe-highlight', '--pe-predict-bg', '--pe-ok-bg', '--pe-bad-bg'];
  const pairs = [['--pe-on-accent', '--pe-accent'], ['--pe-on-brand', '--pe-brand-deep'], ['--pe-on-brand', '--pe-brand'], ['--pe-on-call', '--pe-call'],
    ['--pe-fg', '--pe-sin-bg'], ['--pe-fg', '--pe-cos-bg'], ['--pe-fg', '--pe-error-bg'], ['--pe-brand-deep', '--pe-on-brand']];
  for (const t of texts) for (const s of surfaces) pairs.push([t, s]);
  let worst = Infinity;
  for (const mode of ['light', 'dark']) {
    for (const [fg, bg] of pairs) {
      const ratio = contrast(tokens[fg][mode] ?? tokens[fg].light, tokens[bg][mode] ?? tokens[bg].light);
      worst = Math.min(worst, ratio);
      assert.ok(ratio >= 4.5, `${mode}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`);
    }
  }
  console.log(`# lowest text contrast ${worst.toFixed(2)}:1 over ${pairs.length} pairs x 2 themes`);
});

test('focus rings and edges of answers stand out from the surface by 3:1', () => {
  for (const mode of ['light', 'dark']) {
    for (const edge of ['--pe-focus', '--pe-ok', '--pe-bad', '--pe-accent']) {
      const ratio = contrast(tokens[edge][mode], tokens['--pe-surface'][mode]);
      assert.ok(ratio >= 3, `${mode}: ${edge} on --pe-surface is ${ratio.toFixed(2)}:1`);
    }
  }
});

test('chart colours (series, axes, markers, the FFN box) stand out from the cards by 3:1 in both themes', () => {
  const graphics = ['--pe-grid', '--pe-ink', '--pe-ffn-box', '--pe-sin', '--pe-cos', '--pe-muted', '--pe-fg',
    ...Object.keys(tokens).filter((name) => name.startsWith('--pe-series-'))];
  assert.equal(graphics.length, 14, 'seven series colours');
  let worst = Infinity;
  for (const mode of ['light', 'dark']) {
    for (const name of graphics) {
      for (const surface of ['--pe-surface', '--pe-bg']) {
        const ratio = contrast(tokens[name][mode] ?? tokens[name].light, tokens[surface][mode]);
        worst = Math.min(worst, ratio);
        assert.ok(ratio >= 3, `${mode}: ${name} on ${surface} is ${ratio.toFixed(2)}:1`);
      }
    }
    assert.ok(contrast(tokens['--pe-on-ffn-box'].light, tokens['--pe-ffn-box'][mode]) >= 4.5, `${mode}: text on the FFN box`);
    assert.ok(contrast(tokens['--pe-on-ink'][mode], tokens['--pe-ink'][mode]) >= 7, `${mode}: the two tones of a marker ring`);
  }
  console.log(`# lowest chart contrast ${worst.toFixed(2)}:1`);
});

test('docs/elements.md shows the tokens table that scripts/tokens-table.mjs makes from tokens.js', () => {
  const doc = readFileSync(join(root, 'docs/elements.md'), 'utf8');
  const shown = /<!-- tokens-table -->\n([\s\S]*?)\n<!-- \/tokens-table -->/.exec(doc);
  assert.ok(shown, 'docs/elements.md marks the table with <!-- tokens-table --> … <!-- /tokens-table -->');
  assert.equal(shown[1], tokensTable(), 'run node scripts/tokens-table.mjs');
});

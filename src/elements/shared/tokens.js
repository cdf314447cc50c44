// The design tokens of pe-ffn-wasm: every colour, spacing and type value the elements and the two
// pages use, defined once here. They are CSS custom properties (--pe-*) on the document, so a page
// themes every element by setting them on the element or any ancestor (they inherit into shadow DOM).
//
// Light and dark: the dark values apply under `prefers-color-scheme: dark`, unless an ancestor (or
// <html>) has data-theme="light"; data-theme="dark" on any ancestor forces them. Colour pairs are
// chosen for WCAG AA: text tokens reach 4.5:1 on --pe-surface, --pe-bg, --pe-head and --pe-page-bg.
//
// API:
//   tokens                   { '--pe-fg': { light, dark?, doc }, ... } (no dark: same in both)
//   tokenCss                 the CSS text that defines them (light, dark by media query and attribute)
//   installTokens(document)  adds tokenCss to the document once (in a cascade layer, so any page rule
//                            that sets a token wins); elements call it when they are defined

export const tokens = {
  // Colours: text and surfaces
  '--pe-fg': { light: '#1d1d24', dark: '#e7e7ef', doc: 'Text colour.' },
  '--pe-muted': { light: '#505060', dark: '#b3b3c3', doc: 'Secondary text: captions, hints, axis labels.' },
  '--pe-page-bg': { light: '#f6f6fa', dark: '#121319', doc: 'Background of the page around the cards.' },
  '--pe-surface': { light: '#ffffff', dark: '#1d1e27', doc: 'Background of cards and sections.' },
  '--pe-bg': { light: '#ffffff', dark: '#262734', doc: 'Background of inputs, selects and buttons.' },
  '--pe-head': { light: '#f0f0f7', dark: '#2b2c3a', doc: 'Background of table headers and badges.' },
  '--pe-code-bg': { light: '#f4f4f9', dark: '#16171e', doc: 'Background of code, formulas and read-outs.' },
  '--pe-hover': { light: '#eef0fb', dark: '#333650', doc: 'Background of a hovered control.' },
  '--pe-border': { light: '#c4c4d0', dark: '#4b4c5e', doc: 'Borders of cards, tables and controls.' },
  // Colours: accents
  '--pe-accent': { light: '#3a4fc4', dark: '#9aa8ff', doc: 'Accent: primary buttons, selected tabs, progress.' },
  '--pe-on-accent': { light: '#ffffff', dark: '#10121f', doc: 'Text on the accent colour.' },
  '--pe-link': { light: '#2a3eb1', dark: '#a9b7ff', doc: 'Links.' },
  '--pe-focus': { light: '#b36b00', dark: '#ffb84d', doc: 'Keyboard focus ring.' },
  '--pe-sin': { light: '#0067a3', dark: '#6cc0f0', doc: 'Sine columns and values (Okabe-Ito blue).' },
  '--pe-cos': { light: '#a84a00', dark: '#ff9d5c', doc: 'Cosine columns and values (Okabe-Ito vermillion).' },
  '--pe-sin-bg': { light: '#e5f1f8', dark: '#17354b', doc: 'Background of sine cells.' },
  '--pe-cos-bg': { light: '#fbece3', dark: '#47291a', doc: 'Background of cosine cells.' },
  '--pe-highlight': { light: '#fff3d6', dark: '#473a15', doc: 'Background of highlighted rows and matches.' },
  '--pe-note-bg': { light: '#fff7e6', dark: '#3a2f14', doc: 'Background of notes and hints.' },
  '--pe-note-border': { light: '#e69f00', dark: '#e6a82e', doc: 'Edge of notes and hints.' },
  '--pe-error-bg': { light: '#fdf0f7', dark: '#3d1a2c', doc: 'Background of error messages.' },
  '--pe-error-border': { light: '#b3007a', dark: '#ff6ec7', doc: 'Edge of error messages.' },
  '--pe-ok': { light: '#0072b2', dark: '#56b4e9', doc: 'Edge of a right answer (blue: never red/green alone).' },
  '--pe-ok-bg': { light: '#e8f3fa', dark: '#15303f', doc: 'Background of a right answer.' },
  '--pe-bad': { light: '#c05500', dark: '#ff9d5c', doc: 'Edge of a wrong answer (vermillion).' },
  '--pe-bad-bg': { light: '#fdf1ea', dark: '#3f2416', doc: 'Background of a wrong answer.' },
  '--pe-predict-bg': { light: '#f1f3fd', dark: '#232742', doc: 'Background of the predict-then-reveal question.' },
  '--pe-predict-border': { light: '#cfd5f5', dark: '#3b4270', doc: 'Edge of the predict-then-reveal question.' },
  '--pe-ink': { light: '#000000', dark: '#ffffff', doc: 'Strongest contrast: markers and outlines over pictures.' },
  '--pe-on-ink': { light: '#ffffff', dark: '#000000', doc: 'The opposite of --pe-ink: the inner ring of two-tone markers, which read on any colour.' },
  '--pe-grid': { light: '#8a8a9a', dark: '#7a7a8c', doc: 'Axis and grid lines in charts.' },
  // Colours: charts. Lines and bars reach 3:1 on --pe-surface (WCAG 1.4.11): the Okabe-Ito palette,
  // darker on light cards and lighter on dark ones.
  '--pe-series-1': { light: '#0072b2', dark: '#4a9fe6', doc: 'Chart series 1 (Okabe-Ito blue).' },
  '--pe-series-2': { light: '#d55e00', dark: '#e8712a', doc: 'Chart series 2 (Okabe-Ito vermillion).' },
  '--pe-series-3': { light: '#008a65', dark: '#1fb88a', doc: 'Chart series 3 (Okabe-Ito bluish green).' },
  '--pe-series-4': { light: '#b8558f', dark: '#dc8fbb', doc: 'Chart series 4 (Okabe-Ito reddish purple).' },
  '--pe-series-5': { light: '#a66f00', dark: '#e69f00', doc: 'Chart series 5 (Okabe-Ito orange).' },
  '--pe-series-6': { light: '#3580b8', dark: '#9ad3f5', doc: 'Chart series 6 (Okabe-Ito sky blue).' },
  '--pe-series-7': { light: '#1d1d24', dark: '#e7e7ef', doc: 'Chart series 7 (Okabe-Ito black; light in the dark theme).' },
  '--pe-marker': { light: '#e69f00', doc: 'Fill of point markers, always drawn with an --pe-ink outline (the tip of a clock hand).' },
  '--pe-ffn-box': { light: '#009e73', dark: '#1fb88a', doc: 'The FFN box in the FFN pictures (Okabe-Ito bluish green, like the documents\' compute block).' },
  '--pe-on-ffn-box': { light: '#000000', doc: 'Text on --pe-ffn-box.' },
  '--pe-on-data': { light: '#000000', doc: 'Hatching and outlines drawn over data colours (viridis, PuOr): those scales are the same in both themes, so is this.' },
  // Colours: the pages' header and calls to action (the same in both themes)
  '--pe-brand-deep': { light: '#1f2a6b', doc: 'Deep end of the header gradient; call-to-action buttons.' },
  '--pe-brand': { light: '#3a4fc4', doc: 'Middle of the header gradient; hovered call-to-action buttons.' },
  '--pe-brand-light': { light: '#4b7bd6', doc: 'Light end of the header gradient.' },
  '--pe-on-brand': { light: '#ffffff', doc: 'Text on the header and on call-to-action buttons.' },
  '--pe-call': { light: '#e69f00', doc: 'The header\'s quiz link.' },
  '--pe-on-call': { light: '#1d1d24', doc: 'Text on --pe-call.' },
  // Spacing and shape
  '--pe-space': { light: '1rem', doc: 'Padding of a card; other gaps are fractions of it.' },
  '--pe-radius': { light: '12px', doc: 'Corner radius of cards.' },
  '--pe-radius-small': { light: '8px', doc: 'Corner radius of controls, code and read-outs.' },
  // Type
  '--pe-font': { light: "system-ui, -apple-system, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', sans-serif", doc: 'Text font (Korean first).' },
  '--pe-mono': { light: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace", doc: 'Code and number font.' },
  '--pe-math': { light: "'Noto Sans Math', 'Latin Modern Math', 'STIX Two Math', 'Cambria Math', math", doc: 'Formula font (MathML); the site ships a subset of Noto Sans Math (dist/math-font.woff2).' },
};

const declarations = (mode) => Object.entries(tokens)
  .filter(([, t]) => mode === 'light' || t.dark)
  .map(([name, t]) => `  ${name}: ${t[mode] ?? t.light};`)
  .join('\n');

// The light set on :root and on any light-forced subtree; the dark set by preference (unless the
// document is forced light) and on any dark-forced subtree.
export const tokenCss = `@layer pe-ffn-tokens {
:root, [data-theme="light"] {
  color-scheme: light;
${declarations('light')}
}
@media (prefers-color-scheme: dark) {
  :root:not([data-theme="light"]) {
    color-scheme: dark;
${declarations('dark').replace(/^/gm, '  ')}
  }
}
[data-theme="dark"] {
  color-scheme: dark;
${declarations('dark')}
}
}
`;

const installed = new WeakSet();

export function installTokens(doc = globalThis.document) {
  if (!doc || installed.has(doc)) return;
  installed.add(doc);
  const style = doc.createElement('style');
  style.dataset.peFfnTokens = '';
  style.textContent = tokenCss;
  doc.head.prepend(style);
}

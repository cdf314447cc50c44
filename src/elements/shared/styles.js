// CSS shared by every element's shadow root. Every colour, spacing and font is a design token of
// shared/tokens.js (--pe-*), read here without fallbacks: the tokens module is their one definition,
// installed on the document when the first element is created. Pages theme elements by setting the
// tokens on the element or any ancestor (they inherit into shadow DOM).
// Sizes are in em/rem so the page's text-size control scales elements too.
//
// API:
//   adoptStyles(shadowRoot, ...cssTexts)   the shared sheet first, then the element's own CSS
//   baseCss                                 the shared CSS text
import { installTokens } from './tokens.js';

export const baseCss = `
:host {
  display: block;
  color: var(--pe-fg);
  font-family: var(--pe-font);
  line-height: 1.55;
  margin: 1.25rem 0;
  min-width: 0;
  max-width: 100%;
  container-type: inline-size;
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.card {
  background: var(--pe-surface);
  border: 1px solid var(--pe-border);
  border-radius: var(--pe-radius);
  padding: var(--pe-space);
  min-width: 0;
  word-break: keep-all;
  overflow-wrap: break-word;
}
@container (max-width: 26rem) {
  .card { padding: .75rem .6rem; }
}
h3, h4 { margin: 0 0 .5rem; line-height: 1.3; }
h3 { font-size: 1.05rem; }
h4 { font-size: .95rem; }
p { margin: .4rem 0; }
.muted { color: var(--pe-muted); font-size: .9em; }
.controls {
  display: flex; flex-wrap: wrap; gap: .6rem 1rem; align-items: flex-end; margin: 0 0 .75rem;
}
.field { display: flex; flex-direction: column; gap: .2rem; min-width: 0; }
.field > label, .field > .label { font-size: .85em; font-weight: 600; color: var(--pe-muted); }
input, select, button, textarea { font: inherit; color: inherit; }
::placeholder { color: var(--pe-muted); opacity: 1; }
input[type=number], select {
  padding: .3rem .45rem; border: 1px solid var(--pe-border); border-radius: var(--pe-radius-small);
  background: var(--pe-bg); min-height: 2.2rem; max-width: 100%;
}
input[type=number] { width: 6.5em; }
input[type=range] { width: min(14rem, 100%); accent-color: var(--pe-accent); min-height: 2.2rem; }
button {
  padding: .35rem .8rem; border-radius: var(--pe-radius-small); border: 1px solid var(--pe-border);
  background: var(--pe-bg); cursor: pointer; min-height: 2.2rem;
}
button:hover { background: var(--pe-hover); }
button.primary { background: var(--pe-accent); border-color: var(--pe-accent); color: var(--pe-on-accent); }
button.primary:hover { filter: brightness(1.1); }
:focus-visible { outline: 3px solid var(--pe-focus); outline-offset: 2px; }
.scroll { overflow: auto; max-width: 100%; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .2rem .45rem; text-align: right; white-space: nowrap; border: 1px solid var(--pe-border); }
th { background: var(--pe-head); font-weight: 600; }
caption { text-align: left; font-size: .85em; color: var(--pe-muted); padding-bottom: .3rem; caption-side: top; }
details { margin: .6rem 0 0; }
summary { cursor: pointer; font-weight: 600; font-size: .9em; padding: .2rem 0; }
summary:focus-visible { outline-offset: 1px; }
pre {
  background: var(--pe-code-bg); border: 1px solid var(--pe-border); border-radius: var(--pe-radius-small);
  padding: .6rem .75rem; overflow: auto; font-family: var(--pe-mono);
  font-size: .82em; line-height: 1.45; margin: .4rem 0;
}
code { font-family: var(--pe-mono); font-size: .92em; }
.notes:empty { display: none; }
.notes { margin: 0 0 .6rem; padding: .5rem .7rem; border-left: 4px solid var(--pe-note-border); background: var(--pe-note-bg); font-size: .9em; }
.error { padding: .6rem .8rem; border-left: 4px solid var(--pe-error-border); background: var(--pe-error-bg); }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.sin { color: var(--pe-sin); }
.cos { color: var(--pe-cos); }
math { font-size: 1.08em; font-family: var(--pe-math); }
.formula { overflow-x: auto; overflow-y: hidden; max-width: 100%; padding: .15rem 0; }
figure { margin: 0; min-width: 0; }
svg, canvas { max-width: 100%; }
svg text { fill: var(--pe-fg); }
.export { margin-top: .75rem; }
.export .row { margin-bottom: .3rem; }
.predict { margin: .8rem 0 0; padding: .7rem .85rem; border-radius: 10px; background: var(--pe-predict-bg); border: 1px solid var(--pe-predict-border); }
.predict fieldset { border: 0; padding: 0; margin: .3rem 0; min-width: 0; }
.predict legend { font-weight: 600; padding: 0; margin-bottom: .3rem; }
.predict label { display: flex; gap: .45rem; align-items: baseline; padding: .15rem 0; cursor: pointer; }
.predict .verdict { margin-top: .5rem; }
.layout-diff table { font-size: .8em; }
.layout-diff td { text-align: center; min-width: 2.6em; }
.layout-diff td.sin { background: var(--pe-sin-bg); }
.layout-diff td.cos { background: var(--pe-cos-bg); }
`;

const sheetCache = new Map();

function sheetFor(cssText) {
  let sheet = sheetCache.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheetCache.set(cssText, sheet);
  }
  return sheet;
}

export function adoptStyles(shadowRoot, ...cssTexts) {
  installTokens(shadowRoot.ownerDocument);
  const texts = [baseCss, ...cssTexts.filter(Boolean)];
  if ('adoptedStyleSheets' in shadowRoot && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    shadowRoot.adoptedStyleSheets = texts.map(sheetFor);
  } else {
    const style = document.createElement('style');
    style.textContent = texts.join('\n');
    shadowRoot.prepend(style);
  }
}

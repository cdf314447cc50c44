// The launch page's own styles (the quiz element brings its own inside its shadow DOM, and installs the
// design tokens, light or dark, that the page reads here too). The font stack reaches the element
// through --pe-font; the package's fonts, when it has them, come first.
//   launchCss(fontFaceCss) -> CSS text
export function launchCss(fontFaceCss) {
  const family = fontFaceCss ? "'Noto Sans KR', " : '';
  return `${fontFaceCss}
:root { --pe-font: ${family}system-ui, -apple-system, 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif; }
body { margin: 0; font-family: var(--pe-font); line-height: 1.6; color: var(--pe-fg, #1d1d24); background: var(--pe-page-bg, #f6f6fa); word-break: keep-all; overflow-wrap: anywhere; }
main { max-width: 52rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.3rem; margin: .5rem 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.lms-exit { font: inherit; margin: 1rem 0; padding: .45rem 1.1rem; min-height: 2.4rem; border-radius: 999px; border: 1px solid var(--pe-border, #c4c4d0); background: var(--pe-bg, #fff); color: inherit; cursor: pointer; }
.lms-exit:focus-visible { outline: 3px solid var(--pe-focus, #b36b00); outline-offset: 2px; }
.lms-status { font-size: .9rem; color: var(--pe-muted, #505060); margin: .2rem 0 .8rem; min-height: 1.4em; }
`;
}

// A heat grid of a (rows x cols) table as HTML: a CSS grid of coloured cells whose labels keep their
// text size at any width (an SVG would shrink its labels along with a wide grid on a phone). Colours
// come from shared/colors.js (PuOr: negative purple, positive orange). Cells can be marked with a hatch
// (used for "this value was negative before the activation"). Each cell carries data-t, data-j and
// data-value (the full float32 value) for tests and scripts, and a title for pointer users; the
// numbers for screen readers are in the data table next to the grid.
import { h } from '../shared/dom.js';
import { signedColor } from '../shared/colors.js';

export const heatGridCss = `
  .heat { display: grid; gap: 1px; align-items: stretch; font-size: .78em; min-width: 0; }
  .heat .c { display: block; min-height: 1.25em; min-width: 0; }
  .heat .c.mark { background-image: repeating-linear-gradient(135deg, color-mix(in srgb, var(--pe-on-data) 70%, transparent) 0 1px, transparent 1px 5px); }
  .heat .rl { white-space: nowrap; padding-right: .4em; text-align: right; color: var(--pe-muted); line-height: 1.25em; }
  .heat .rl.sel { color: var(--pe-fg); font-weight: 700; }
  .heat .c.sel { box-shadow: inset 0 2px 0 var(--pe-ink), inset 0 -2px 0 var(--pe-ink); }
  .legend { display: flex; align-items: center; gap: .5em; font-size: .8em; margin: .35rem 0 .2rem; flex-wrap: wrap; }
  .legend .bar { width: 9rem; height: .8em; border-radius: 3px; border: 1px solid var(--pe-border); }
  .legend .hatch { display: inline-block; width: 1.4em; height: 1em; border: 1px solid var(--pe-border);
    background-image: repeating-linear-gradient(135deg, color-mix(in srgb, var(--pe-on-data) 70%, transparent) 0 1px, transparent 1px 5px); vertical-align: middle; }
`;

/**
 * The grid's element. data: row-major (rows x cols); limit: colour scale runs from -limit to +limit;
 * marks: optional Uint8Array (1 = hatch); rowLabels: text per row; selectedRow: outlined row;
 * label: accessible name; titleOf(t, j): tooltip text; kind: data-kind of the cells.
 */
export function heatGrid({ data, rows, cols, limit, marks, rowLabels, selectedRow = -1, label, titleOf, kind }) {
  const cells = [];
  for (let t = 0; t < rows; t++) {
    const sel = t === selectedRow ? ' sel' : '';
    cells.push(h('span', { class: `rl${sel}`, 'aria-hidden': 'true', text: rowLabels[t] }));
    for (let j = 0; j < cols; j++) {
      const v = data[t * cols + j];
      const mark = marks && marks[t * cols + j] ? ' mark' : '';
      cells.push(h('span', {
        class: `c${mark}${sel}`, 'data-kind': kind, 'data-t': t, 'data-j': j, 'data-value': v,
        style: `background-color:${signedColor(v, limit)}`, title: titleOf ? titleOf(t, j) : null,
      }));
    }
  }
  return h('div', { class: 'heat', role: 'img', 'aria-label': label, style: `grid-template-columns: auto repeat(${cols}, minmax(0, 1fr))` }, cells);
}

/** Largest magnitude in the arrays (at least a tiny positive number, so scales never divide by 0). */
export function largestMagnitude(...arrays) {
  let m = 1e-9;
  for (const a of arrays) for (let i = 0; i < a.length; i++) if (Math.abs(a[i]) > m) m = Math.abs(a[i]);
  return m;
}

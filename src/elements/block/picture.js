// One picture of <block-flow> as the element draws every picture: a title, the drawing, the table of
// its numbers (shared/data-table.js) and the CSV / .npy downloads with the NumPy script
// (shared/export-panel.js). A step's view returns its pictures' exports; the element wires them after
// the step's nodes are in place (wirePictures).
import { h } from '../shared/dom.js';
import { fmt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { dataTable } from '../shared/data-table.js';
import { heatGrid, largestMagnitude } from '../ffn/heat-grid.js';
import { exportPanel, wireExport, updateSnippets } from '../shared/export-panel.js';

/** A picture's element. drawing: the grid (nodes); table: its data table; extra: nodes between; key: export key. */
export function picture(el, { key, title, drawing, table, what, extra = null }) {
  return h('figure', { class: 'pic', 'data-picture': key },
    h('h4', { text: title }),
    drawing, extra, table,
    exportPanel(el, key, what, { torch: false }));
}

const tokenNames = (s, n) => Array.from({ length: n }, (_, t) => fill(s.token, { t }));

/**
 * A (tokens x cols) array as a signed heat grid with its table: the pictures of x, PE, h, the residual
 * sums and the normalised rows. limit: shared colour scale; selectedRow: outlined token.
 */
export function rowsPicture(el, { key, title, data, rows, cols, limit = largestMagnitude(data), selectedRow = -1, what, kind = key, extra }) {
  const s = el.s;
  const rowLabels = tokenNames(s, rows);
  const drawing = heatGrid({
    data, rows, cols, limit, rowLabels, selectedRow, kind,
    label: fill(s.gridAria, { what: title, n: rows, d: cols }),
    titleOf: (t, j) => `${fill(s.token, { t })}, j = ${j}: ${fmt(data[t * cols + j])}`,
  });
  const table = dataTable(el, { caption: `${title} ${s.rowsColsNote}`, data, rows, cols, rowNames: rowLabels, corner: 't \\ j', maxCols: 16 });
  return picture(el, { key, title, drawing, table, what: what ?? title, extra });
}

/**
 * Wires the downloads and the NumPy code of each export { key, name, data, shape, rowNames?,
 * colNames?, corner?, code } after the pictures are in the DOM.
 */
export function wirePictures(el, exports) {
  for (const x of exports) {
    wireExport(el, x.key, () => x);
    updateSnippets(el, x.key, { numpy: x.code });
  }
}

export { tokenNames };

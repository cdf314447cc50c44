// The table of numbers behind a picture, for screen-reader users and for anyone who wants the values:
// a <details> holding a real <table> (limited size; the note points to the downloads for the rest).
//
// API:
//   dataTableHtml(el, { caption, data, rows, cols, colNames?, rowNames?, corner?, maxRows = 20,
//                       maxCols = 12, digits = 4, open = false })  -> HTML string
import { escapeHtml, fmt } from './format.js';
import { fill } from './i18n.js';

/**
 * @csspart data-table - the folded table of the numbers behind a picture
 */
export function dataTableHtml(el, { caption, data, rows, cols, colNames, rowNames, corner = '', maxRows = 20, maxCols = 12, digits = 4, open = false }) {
  const r = Math.min(rows, maxRows);
  const c = Math.min(cols, maxCols);
  let head = corner ? `<th scope="col">${escapeHtml(corner)}</th>` : '<td></td>';   // a header cell needs a name
  for (let j = 0; j < c; j++) head += `<th scope="col">${escapeHtml(colNames ? colNames[j] : j)}</th>`;
  let body = '';
  for (let i = 0; i < r; i++) {
    let cells = `<th scope="row">${escapeHtml(rowNames ? rowNames[i] : i)}</th>`;
    for (let j = 0; j < c; j++) cells += `<td>${fmt(data[i * cols + j], digits)}</td>`;
    body += `<tr>${cells}</tr>`;
  }
  const cut = r < rows || c < cols ? `<p class="muted">${escapeHtml(fill(el.s.dataTableNote, { rows: r, cols: c }))}</p>` : '';
  return `<details class="data-table" part="data-table"${open ? ' open' : ''}>
    <summary>${escapeHtml(el.s.dataTable)}</summary>
    ${cut}
    <div class="scroll"><table><caption>${escapeHtml(caption)}</caption>
      <thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>
  </details>`;
}

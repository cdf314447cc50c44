// The table of numbers behind a picture, for screen-reader users and for anyone who wants the values:
// a <details> holding a real <table> (limited size; the note points to the downloads for the rest).
//
// API:
//   dataTable(el, { caption, data, rows, cols, colNames?, rowNames?, corner?, maxRows = 20,
//                   maxCols = 12, digits = 4, open = false })  -> <details> element
import { h } from './dom.js';
import { fmt } from './format.js';
import { fill } from './i18n.js';

/**
 * @csspart data-table - the folded table of the numbers behind a picture
 */
export function dataTable(el, { caption, data, rows, cols, colNames, rowNames, corner = '', maxRows = 20, maxCols = 12, digits = 4, open = false }) {
  const r = Math.min(rows, maxRows);
  const c = Math.min(cols, maxCols);
  const head = [corner ? h('th', { scope: 'col', text: corner }) : h('td')];   // a header cell needs a name
  for (let j = 0; j < c; j++) head.push(h('th', { scope: 'col', text: colNames ? colNames[j] : j }));
  const body = [];
  for (let i = 0; i < r; i++) {
    const cells = [h('th', { scope: 'row', text: rowNames ? rowNames[i] : i })];
    for (let j = 0; j < c; j++) cells.push(h('td', { text: fmt(data[i * cols + j], digits) }));
    body.push(h('tr', null, cells));
  }
  return h('details', { class: 'data-table', part: 'data-table', open },
    h('summary', { text: el.s.dataTable }),
    r < rows || c < cols ? h('p', { class: 'muted', text: fill(el.s.dataTableNote, { rows: r, cols: c }) }) : null,
    h('div', { class: 'scroll' }, h('table', null,
      h('caption', { text: caption }),
      h('thead', null, h('tr', null, head)),
      h('tbody', null, body))));
}

// The documents' study sheet (유형 / 풀이·예시) as DOM: its table, the collapsible copy inside the quiz,
// and the question -> row link. Used by <pe-ffn-quiz> and by the quiz page, so both show the same table.
// Text from the bank goes in as text nodes (h()), never as markup.
//   studySheetTable(sheet, { rowId })        -> <table> (rowId(i) -> an id for row i, or omitted)
//   studySheetDetails(sheet, summaryText, { rowId }) -> <details class="study"> with the summary and table
//   studyRowFor(sheet, question)             -> index of the first row sharing a tag, or -1
//   openStudyRow(root, index)                opens the details, highlights and focuses row `index`
import { h } from './dom.js';

export function studySheetTable(sheet, { rowId } = {}) {
  const rows = sheet.rows.map((row, i) => h('tr', { 'data-row': i, tabindex: '-1', id: rowId ? rowId(i) : null },
    h('th', { scope: 'row', text: row.type }),
    h('td', {}, `${row.keyword} → `, h('strong', { text: row.answer }))));
  return h('table', {},
    h('caption', { text: sheet.title }),
    h('thead', {}, h('tr', {}, ...sheet.columns.slice(0, 2).map((c) => h('th', { scope: 'col', text: c })))),
    h('tbody', {}, ...rows));
}

export function studySheetDetails(sheet, summaryText, { rowId } = {}) {
  return h('details', { class: 'study' },
    h('summary', { text: summaryText }),
    sheet.summary ? h('p', { class: 'muted', text: sheet.summary }) : null,
    h('div', { class: 'scroll' }, studySheetTable(sheet, { rowId })));
}

export function studyRowFor(sheet, question) {
  if (!sheet || !question.tags) return -1;
  return sheet.rows.findIndex((row) => (row.tags || []).some((t) => question.tags.includes(t)));
}

export function openStudyRow(root, index) {
  const details = root.querySelector('.study');
  if (!details) return;
  details.open = true;
  const row = details.querySelector(`tr[data-row="${index}"]`);
  if (!row) return;
  for (const r of details.querySelectorAll('tr.flash')) r.classList.remove('flash');
  row.classList.add('flash');
  row.focus();
  row.scrollIntoView({ block: 'nearest' });
}

// <pe-table>: the sinusoidal positional encoding table, rows = positions, columns = dimensions, with
// sin and cos columns marked. Only a window of the table is drawn (a few hundred cells at most), so
// d-model 2048 x length 2048 stays responsive; buttons and arrow keys move the window. Pointing at or
// focusing a cell shows its formula with the numbers substituted.
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js).
// Cells carry data-t (position, including offset) and data-j (column) for tests and scripts.
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h } from './shared/dom.js';
import { fmt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { valueColor, textColorOn } from './shared/colors.js';
import { mathNode, texNode } from './shared/math.js';
import { columnInfo, cellMath, generalTex, givenMath, layoutDiff, refreshLayoutDiff, tableExport, tableFields, wavelength } from './shared/pe-layout.js';
import { exportPanel, wireExport, updateSnippets } from './shared/export-panel.js';
import { predictPanel, wirePredict } from './shared/predict.js';
import { peSnippets } from './shared/snippets.js';
import ko from '../i18n/ko/pe-table.js';
import en from '../i18n/en/pe-table.js';

const ROWS = 12;

class PeTable extends PeFfnElement {
  static tag = 'pe-table';
  static strings = { ko, en };
  static rerenderOnResize = true;
  static props = attributes['pe-table'];
  static css = `
    .grid { max-height: 30rem; }
    .grid table { font-size: .88em; }
    .grid td { cursor: default; min-width: 4.6em; }
    .grid td:focus { outline: 3px solid var(--pe-focus); outline-offset: -3px; }
    .grid td.hi, .grid th.hi { box-shadow: inset 0 0 0 3px var(--pe-ink), inset 0 0 0 5px var(--pe-on-ink); }
    .grid thead th { position: sticky; top: 0; z-index: 1; }
    .grid tbody th { position: sticky; left: 0; }
    .grid th small { display: block; font-weight: 500; font-size: .78em; }
    .window { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; margin: .4rem 0; font-size: .88em; }
    .window .row button { padding: .2rem .55rem; min-width: 2.2rem; }
    @container (max-width: 30rem) {
      .grid table { font-size: .78em; }
      .grid td { min-width: 0; padding: .2rem .3rem; }
    }
    .formula-box { min-height: 4.2rem; margin-top: .6rem; padding: .5rem .7rem; background: var(--pe-code-bg); border-radius: 8px; }
  `;

  constructor() {
    super();
    this.rowStart = 0;
    this.colStart = 0;
    this.focusCell = null;
    this.highlightRow = -1;
    this.pe = null;
  }

  build() {
    const s = this.s;
    const move = (to, label, arrow) => h('button', { type: 'button', 'data-move': to, 'aria-label': label, text: arrow });
    this.root.replaceChildren(this.card({
      fields: tableFields(this, { offset: true }),
      body: [
        h('div', { class: 'formula general' }),
        layoutDiff(this, this.values['d-model']),
        h('div', { class: 'window' },
          h('div', { class: 'row' }, move('rows:-1', s.prevRows, '↑'), move('rows:1', s.nextRows, '↓'), h('span', { class: 'rows-label' })),
          h('div', { class: 'row' }, move('cols:-1', s.prevCols, '←'), move('cols:1', s.nextCols, '→'), h('span', { class: 'cols-label' }))),
        h('div', { class: 'scroll grid', role: 'region', 'aria-label': s.gridLabel }),
        h('div', { class: 'formula-box', 'aria-live': 'polite' }, h('p', { class: 'muted', text: s.cellHelp })),
        predictPanel(this, 'row0', { question: s.predictQ, options: s.predictOptions }),
        exportPanel(this, 'pe'),
      ],
    }));
    this.$('.window').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-move]');
      if (!b) return;
      const [axis, dir] = b.dataset.move.split(':');
      this.moveWindow(axis, Number(dir));
    });
    const grid = this.$('.grid');
    grid.addEventListener('pointerover', (e) => {
      const td = e.target.closest('td[data-j]');
      if (td) this.showCell(td);
    });
    grid.addEventListener('focusin', (e) => {
      const td = e.target.closest('td[data-j]');
      if (td) this.showCell(td);
    });
    grid.addEventListener('keydown', (e) => this.onGridKey(e));
    wireExport(this, 'pe', () => tableExport(this));
    wirePredict(this, 'row0', {
      answer: 0,
      explain: () => this.s.predictExplain,
      onReveal: (shown) => {
        this.highlightRow = shown ? this.values.offset : -1;
        if (shown) this.rowStart = 0;
        this.renderGrid();
      },
    });
  }

  update() {
    const v = this.values;
    const d = v['d-model'];
    this.pe = this.core.positionalEncoding(v.length, d, { base: v.base, offset: v.offset, layout: v.layout });
    this.$('.general').replaceChildren(texNode(generalTex(v.layout), { display: true }), mathNode(givenMath(v.base, d, { display: true })));
    refreshLayoutDiff(this, d);
    updateSnippets(this, 'pe', peSnippets({ length: v.length, dModel: d, base: v.base, offset: v.offset, layout: v.layout }));
    this.renderGrid();
  }

  visibleCols() {
    // How many value columns fit without scrolling: measured from the drawn table at this width
    // (fitColumns), else estimated (cells are narrower on small screens).
    const width = this.layoutWidth();
    if (this.fitted?.width === width) return this.fitted.cols;
    const cell = width < 480 ? 58 : 78;
    return Math.max(3, Math.min(12, Math.floor((width - 70) / cell)));
  }

  /** Whole columns only: how many of the drawn table's value columns fit its window, from their widths. */
  fitColumns(grid, shown) {
    const table = grid.querySelector('table');
    const corner = table?.querySelector('thead th');
    if (!corner || !shown || !grid.clientWidth) return null;
    const column = (table.offsetWidth - corner.offsetWidth) / shown;
    return Math.max(1, Math.min(12, Math.floor((grid.clientWidth - corner.offsetWidth) / column)));
  }

  moveWindow(axis, dir) {
    const v = this.values;
    if (axis === 'rows') this.rowStart += dir * ROWS;
    else this.colStart += dir * this.visibleCols();
    this.renderGrid();
    if (v) this.$(`button[data-move="${axis}:${dir}"]`)?.focus();
  }

  renderGrid() {
    const v = this.values;
    if (!v || !this.pe) return;
    const s = this.s;
    const d = v['d-model'];
    const nCols = this.visibleCols();
    this.rowStart = Math.max(0, Math.min(this.rowStart, Math.max(0, v.length - ROWS)));
    this.colStart = Math.max(0, Math.min(this.colStart, Math.max(0, d - nCols)));
    const r0 = this.rowStart;
    const r1 = Math.min(v.length, r0 + ROWS);
    const c0 = this.colStart;
    const c1 = Math.min(d, c0 + nCols);
    const head = [h('th', { scope: 'col', text: s.corner })];
    for (let j = c0; j < c1; j++) {
      const { fn, k } = columnInfo(j, d, v.layout);
      head.push(h('th', { scope: 'col', class: j === c0 ? 'first' : '' }, j, h('small', { class: fn, text: `${fn} k=${k}` })));
    }
    const body = [];
    for (let i = r0; i < r1; i++) {
      const t = i + v.offset;
      const hi = t === this.highlightRow ? ' hi' : '';
      const row = [h('th', { scope: 'row', class: hi, text: t })];
      for (let j = c0; j < c1; j++) {
        const value = this.pe[i * d + j];
        const bg = valueColor(value);
        row.push(h('td', { tabindex: '-1', 'data-t': t, 'data-j': j, class: hi, style: `background:${bg};color:${textColorOn(bg)}`, text: fmt(value, 4) }));
      }
      body.push(h('tr', null, row));
    }
    const grid = this.$('.grid');
    const hadFocus = this.shadowRoot.activeElement && grid.contains(this.shadowRoot.activeElement);
    grid.replaceChildren(h('table', { 'aria-rowcount': v.length + 1, 'aria-colcount': d + 1 },
      h('caption', { text: s.caption }), h('thead', null, h('tr', null, head)), h('tbody', null, body)));
    // Measured once per width: a column cut at the edge, or room left for one more, draws again.
    const width = this.layoutWidth();
    if (this.fitted?.width !== width) {
      const cols = this.fitColumns(grid, c1 - c0);
      if (cols !== null) {
        this.fitted = { width, cols };
        if (cols < c1 - c0 || (cols > nCols && c1 < d)) { this.renderGrid(); return; }
      }
    }
    this.$('.rows-label').textContent = fill(s.windowRows, { from: r0 + v.offset, to: r1 - 1 + v.offset, total: v.length });
    this.$('.cols-label').textContent = fill(s.windowCols, { from: c0, to: c1 - 1, total: d });
    this.$('[data-move="rows:-1"]').disabled = r0 === 0;
    this.$('[data-move="rows:1"]').disabled = r1 >= v.length;
    this.$('[data-move="cols:-1"]').disabled = c0 === 0;
    this.$('[data-move="cols:1"]').disabled = c1 >= d;
    // One cell is in the tab order (roving tabindex); arrows move between cells.
    const want = this.focusCell && grid.querySelector(`td[data-t="${this.focusCell.t}"][data-j="${this.focusCell.j}"]`);
    const tabCell = want || grid.querySelector('td[data-j]');
    if (tabCell) tabCell.tabIndex = 0;
    if (hadFocus && tabCell) tabCell.focus();
  }

  onGridKey(e) {
    const td = e.target.closest('td[data-j]');
    if (!td) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Home: [0, -Infinity], End: [0, Infinity] };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    const v = this.values;
    const d = v['d-model'];
    const t = Math.max(v.offset, Math.min(v.offset + v.length - 1, Number(td.dataset.t) + m[0]));
    const j = Math.max(0, Math.min(d - 1, Number(td.dataset.j) + (Number.isFinite(m[1]) ? m[1] : m[1] > 0 ? d : -d)));
    this.focusCell = { t, j };
    const i = t - v.offset;
    const nCols = this.visibleCols();
    if (i < this.rowStart) this.rowStart = i;
    if (i >= this.rowStart + ROWS) this.rowStart = i - ROWS + 1;
    if (j < this.colStart) this.colStart = j;
    if (j >= this.colStart + nCols) this.colStart = j - nCols + 1;
    this.renderGrid();
    const next = this.$(`.grid td[data-t="${t}"][data-j="${j}"]`);
    if (next) {
      for (const cell of this.root.querySelectorAll('.grid td[tabindex="0"]')) cell.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
    }
  }

  showCell(td) {
    const v = this.values;
    const d = v['d-model'];
    const t = Number(td.dataset.t);
    const j = Number(td.dataset.j);
    const value = this.pe[(t - v.offset) * d + j];
    const { fn, k } = columnInfo(j, d, v.layout);
    const wave = wavelength(k, d, v.base);
    this.$('.formula-box').replaceChildren(
      h('div', { class: 'formula' }, mathNode(cellMath({ position: t, j, dModel: d, base: v.base, layout: v.layout, value }))),
      h('p', { class: 'muted', text: fill(this.s.cellExplain, { j, i: k, fn, wave: wave < 1e6 ? wave.toFixed(1) : wave.toExponential(2) }) }));
  }
}

PeTable.define();
export { PeTable };

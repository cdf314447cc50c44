// <pe-table>: the sinusoidal positional encoding table, rows = positions, columns = dimensions, with
// sin and cos columns marked. Only a window of the table is drawn (a few hundred cells at most), so
// d-model 2048 x length 2048 stays responsive; buttons and arrow keys move the window. Pointing at or
// focusing a cell shows its formula with the numbers substituted.
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Events: pe-ffn-change { name, value } when a control changes a value; pe-ffn-render after a render.
// Cells carry data-t (position, including offset) and data-j (column) for tests and scripts.
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { escapeHtml, fmt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { valueColor, textColorOn } from './shared/colors.js';
import { tex } from './shared/math.js';
import { columnInfo, cellMath, generalTex, givenMath, layoutDiffHtml, layoutFieldHtml, wavelength } from './shared/pe-layout.js';
import { exportPanelHtml, wireExport, updateSnippets } from './shared/export-panel.js';
import { predictHtml, wirePredict } from './shared/predict.js';
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
    this.root.innerHTML = this.cardHtml({
      fields: [
        this.field('length', s.length),
        this.field('d-model', s.dModel),
        this.field('base', s.base),
        this.field('offset', s.offset),
        layoutFieldHtml(this),
      ],
      body: `<div class="formula general"></div>
      ${layoutDiffHtml(this, this.values['d-model'])}
      <div class="window">
        <div class="row"><button type="button" data-move="rows:-1" aria-label="${escapeHtml(s.prevRows)}">↑</button><button type="button" data-move="rows:1" aria-label="${escapeHtml(s.nextRows)}">↓</button><span class="rows-label"></span></div>
        <div class="row"><button type="button" data-move="cols:-1" aria-label="${escapeHtml(s.prevCols)}">←</button><button type="button" data-move="cols:1" aria-label="${escapeHtml(s.nextCols)}">→</button><span class="cols-label"></span></div>
      </div>
      <div class="scroll grid" role="region" aria-label="${escapeHtml(s.gridLabel)}"></div>
      <div class="formula-box" aria-live="polite"><p class="muted">${escapeHtml(s.cellHelp)}</p></div>
      ${predictHtml(this, 'row0', { question: s.predictQ, options: s.predictOptions })}
      ${exportPanelHtml(this, 'pe')}`,
    });
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
    wireExport(this, 'pe', () => ({
      name: `pe_len${this.values.length}_d${this.values['d-model']}_${this.values.layout}`,
      data: this.pe,
      shape: [this.values.length, this.values['d-model']],
      rowNames: Array.from({ length: this.values.length }, (_, i) => i + this.values.offset),
      corner: 'position',
    }));
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
    this.$('.general').innerHTML = tex(generalTex(v.layout), { display: true }) + givenMath(v.base, d, { display: true });
    const diff = this.$('.layout-diff');
    if (diff && diff.dataset.d !== String(d)) {
      const open = diff.open;
      diff.outerHTML = layoutDiffHtml(this, d);
      this.$('.layout-diff').dataset.d = String(d);
      this.$('.layout-diff').open = open;
    }
    updateSnippets(this, 'pe', peSnippets({ length: v.length, dModel: d, base: v.base, offset: v.offset, layout: v.layout }));
    this.renderGrid();
  }

  visibleCols() {
    // Roughly how many value columns fit without scrolling (cells are narrower on small screens).
    const width = this.layoutWidth();
    const cell = width < 480 ? 58 : 78;
    return Math.max(3, Math.min(12, Math.floor((width - 70) / cell)));
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
    let head = `<th scope="col">${escapeHtml(s.corner)}</th>`;
    for (let j = c0; j < c1; j++) {
      const { fn, k } = columnInfo(j, d, v.layout);
      head += `<th scope="col" class="${j === c0 ? 'first' : ''}">${j}<small class="${fn}">${fn} k=${k}</small></th>`;
    }
    let body = '';
    for (let i = r0; i < r1; i++) {
      const t = i + v.offset;
      const hi = t === this.highlightRow ? ' hi' : '';
      let row = `<th scope="row" class="${hi}">${t}</th>`;
      for (let j = c0; j < c1; j++) {
        const value = this.pe[i * d + j];
        const bg = valueColor(value);
        row += `<td tabindex="-1" data-t="${t}" data-j="${j}" class="${hi}" style="background:${bg};color:${textColorOn(bg)}">${fmt(value, 4)}</td>`;
      }
      body += `<tr>${row}</tr>`;
    }
    const grid = this.$('.grid');
    const hadFocus = this.shadowRoot.activeElement && grid.contains(this.shadowRoot.activeElement);
    grid.innerHTML = `<table aria-rowcount="${v.length + 1}" aria-colcount="${d + 1}"><caption>${escapeHtml(s.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
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
    this.$('.formula-box').innerHTML = `<div class="formula">${cellMath({ position: t, j, dModel: d, base: v.base, layout: v.layout, value })}</div>
      <p class="muted">${escapeHtml(fill(this.s.cellExplain, { j, i: k, fn, wave: wave < 1e6 ? wave.toFixed(1) : wave.toExponential(2) }))}</p>`;
  }
}

PeTable.define();
export { PeTable };

// <pe-heatmap>: the PE table as a heat map (viridis, with a legend), and a few dimensions drawn as
// waves over position — fast waves in low dimensions, slow ones in high dimensions. A readout gives
// the value under the pointer or the keyboard cursor; data tables hold the numbers behind both pictures.
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js).
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h, svg } from './shared/dom.js';
import { fewWords, fmt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { valueColor, rgbOf, gradientCss, viridis, seriesColor, SERIES_COUNT } from './shared/colors.js';
import { columnInfo, pairColumns, frequencyCount, wavelength, layoutDiff, refreshLayoutDiff, tableExport, tableFields } from './shared/pe-layout.js';
import { exportPanel, wireExport, updateSnippets } from './shared/export-panel.js';
import { predictPanel, wirePredict } from './shared/predict.js';
import { dataTable } from './shared/data-table.js';
import { peSnippets } from './shared/snippets.js';
import ko from '../i18n/ko/pe-heatmap.js';
import en from '../i18n/en/pe-heatmap.js';

const DASHES = ['', '6 3', '2 3', '10 3 2 3', '1 2', '12 4'];

const waveText = (w) => (w < 1e5 ? w.toFixed(1) : w.toExponential(2));

class PeHeatmap extends PeFfnElement {
  static tag = 'pe-heatmap';
  static strings = { ko, en };
  static rerenderOnResize = true;
  static props = attributes['pe-heatmap'];
  static css = `
    .heat { display: grid; grid-template-columns: auto auto minmax(0, 1fr); gap: .2rem .3rem; align-items: start; }
    .yaxis { writing-mode: vertical-rl; font-size: .8em; color: var(--pe-muted); text-align: center; }
    .plot { position: relative; min-width: 0; }
    canvas.map { display: block; width: 100%; height: clamp(12rem, 40vw, 22rem); image-rendering: pixelated; border: 1px solid var(--pe-border); cursor: crosshair; }
    .marker { position: absolute; pointer-events: none; border: 2px solid var(--pe-on-ink); outline: 2px solid var(--pe-ink); display: none; }
    .colmark { position: absolute; top: 0; bottom: 0; pointer-events: none; border: 2px dashed var(--pe-on-ink); outline: 2px dashed var(--pe-ink); display: none; }
    .ticks { position: relative; height: 1.2rem; font-size: .75em; color: var(--pe-muted); }
    .ticks span { position: absolute; transform: translateX(-50%); white-space: nowrap; }
    .xaxis { grid-column: 3; text-align: center; font-size: .8em; color: var(--pe-muted); }
    .yaxis { align-self: stretch; }
    .yticks { position: relative; height: clamp(12rem, 40vw, 22rem); min-width: 1.6em; font-size: .75em; color: var(--pe-muted); }
    .yticks span { position: absolute; right: 0; transform: translateY(-50%); white-space: nowrap; font-variant-numeric: tabular-nums; }
    .legend { display: flex; align-items: center; gap: .5rem; font-size: .8em; margin: .5rem 0; flex-wrap: wrap; }
    .legend .bar { width: min(12rem, 50%); height: .8rem; border-radius: 3px; border: 1px solid var(--pe-border); }
    .readout { min-height: 1.6em; font-variant-numeric: tabular-nums; margin: .3rem 0; }
    .waves svg { width: 100%; height: auto; display: block; }
    .waves .grid { stroke: var(--pe-grid); }
    .waves .tick { fill: var(--pe-muted); }
    .waves { margin-top: 1.2rem; }
    .waves ul { list-style: none; padding: 0; margin: .4rem 0; display: flex; flex-wrap: wrap; gap: .2rem 1rem; font-size: .82em; }
    .waves li svg { display: inline-block; width: 2.2rem; height: .8rem; vertical-align: middle; margin-right: .3rem; }
    .waves .field input { width: 14rem; max-width: 100%; }
    input[type=text] { padding: .3rem .45rem; border: 1px solid var(--pe-border); border-radius: 8px; min-height: 2.2rem; background: var(--pe-bg); }
  `;

  constructor() {
    super();
    this.cursor = { t: 0, j: 0 };
    this.highlightCol = -1;
    this.pe = null;
  }

  build() {
    const s = this.s;
    this.root.replaceChildren(this.card({
      fields: tableFields(this),
      body: [
        layoutDiff(this, this.values['d-model']),
        h('figure', { class: 'heat' },
          h('div', { class: 'yaxis', 'aria-hidden': 'true', text: s.yAxis }),
          h('div', { class: 'yticks', 'aria-hidden': 'true' }),
          h('div', { class: 'plot' },
            h('canvas', { class: 'map', tabindex: '0', role: 'img' }),
            h('div', { class: 'marker' }), h('div', { class: 'colmark' }),
            h('div', { class: 'ticks', 'aria-hidden': 'true' })),
          h('div', { class: 'xaxis', 'aria-hidden': 'true', text: s.xAxis })),
        h('div', { class: 'legend', 'aria-hidden': 'true' },
          h('span', { text: s.legend }), h('span', { text: '−1' }), h('span', { class: 'bar', style: `background:${gradientCss(viridis)}` }), h('span', { text: '+1' })),
        h('p', { class: 'readout', 'aria-live': 'polite', text: s.readoutHelp }),
        h('div', { class: 'heat-table' }),
        h('div', { class: 'waves' },
          h('h4', { text: s.wavesTitle }),
          h('div', { class: 'controls' }, h('div', { class: 'field' },
            h('label', { for: this.localId('dims'), text: s.dims }),
            h('input', { id: this.localId('dims'), type: 'text', 'data-prop': 'dims', inputmode: 'numeric', autocomplete: 'off' }))),
          svg('svg', { viewBox: '0 0 640 220', role: 'img', 'aria-label': s.wavesLabel }),
          h('ul', { class: 'wave-legend' }),
          h('div', { class: 'waves-table' })),
        h('div', { class: 'predict-slot' }),
        exportPanel(this, 'pe'),
      ],
    }));
    const canvas = this.$('canvas.map');
    canvas.addEventListener('pointermove', (e) => {
      const r = canvas.getBoundingClientRect();
      const v = this.values;
      const j = Math.floor(((e.clientX - r.left) / r.width) * v['d-model']);
      const t = Math.floor(((e.clientY - r.top) / r.height) * v.length);
      this.setCursor(t, j);
    });
    canvas.addEventListener('keydown', (e) => {
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], PageUp: [-10, 0], PageDown: [10, 0] };
      const m = moves[e.key];
      if (!m) return;
      e.preventDefault();
      this.setCursor(this.cursor.t + m[0], this.cursor.j + m[1], true);
    });
    canvas.addEventListener('focus', () => this.setCursor(this.cursor.t, this.cursor.j, true));
    canvas.addEventListener('blur', () => { this.$('.marker').style.display = 'none'; });
    wireExport(this, 'pe', () => tableExport(this));
  }

  /** The dims attribute's columns: decimal integers 0 … d_model − 1; any other word gets a note. */
  adjustValues(v, notes) {
    const d = v['d-model'];
    const columns = [], bad = [];
    for (const word of v.dims.split(/[\s,]+/).filter(Boolean)) {
      const j = /^\d{1,7}$/.test(word) ? Number(word) : NaN;
      if (j < d) columns.push(j);
      else bad.push(word);
    }
    this.dimColumns = columns;
    if (bad.length) notes.push({ text: fill(this.strFor().badDims, fewWords(bad)) });
  }

  /** Columns for the wave chart: the dims attribute, or four sine columns from fast to slow. */
  waveColumns() {
    const v = this.values;
    const d = v['d-model'];
    const given = this.dimColumns;
    if (given.length) return [...new Set(given)].slice(0, SERIES_COUNT);
    const K = frequencyCount(d);
    const ks = [...new Set([0, Math.floor(K / 8), Math.floor(K / 4), Math.floor(K / 2)])];
    return ks.map((k) => pairColumns(k, d, v.layout).sin);
  }

  /** Shows the default wave columns in the empty dims field, so the learner sees what to edit. */
  showDefaultDims() {
    const input = this.$('input[data-prop="dims"]');
    if (!this.values.dims) input.placeholder = this.waveColumns().join(', ');
  }

  /** The three predict candidates: first, middle and last column; the answer has the largest k. */
  predictCandidates() {
    const v = this.values;
    const d = v['d-model'];
    const cols = [...new Set([0, Math.floor(d / 2), d - 1])];
    while (cols.length < 3) cols.push(cols[cols.length - 1]);
    let best = 0;
    cols.forEach((j, i) => {
      if (columnInfo(j, d, v.layout).k >= columnInfo(cols[best], d, v.layout).k) best = i;
    });
    return { cols, best };
  }

  update() {
    const v = this.values;
    const d = v['d-model'];
    const L = v.length;
    this.pe = this.core.positionalEncoding(L, d, { base: v.base, offset: v.offset, layout: v.layout });
    refreshLayoutDiff(this, d);
    this.drawHeat();
    this.drawWaves();
    this.showDefaultDims();
    this.$('.heat-table').replaceChildren(dataTable(this, {
      caption: this.s.heatCaption, data: this.pe, rows: L, cols: d, corner: 't \\ j',
      rowNames: Array.from({ length: L }, (_, i) => i + v.offset),
    }));
    this.renderPredict();
    updateSnippets(this, 'pe', peSnippets({ length: L, dModel: d, base: v.base, offset: v.offset, layout: v.layout }));
    this.cursor.t = Math.min(this.cursor.t, L - 1);
    this.cursor.j = Math.min(this.cursor.j, d - 1);
  }

  renderPredict() {
    const v = this.values;
    const { cols, best } = this.predictCandidates();
    const key = `${v['d-model']}|${v.layout}|${this.language}`;
    const slot = this.$('.predict-slot');
    if (slot.dataset.key === key) return;
    slot.dataset.key = key;
    this.highlightCol = -1;
    this.$('.colmark').style.display = 'none';
    const s = this.s;
    const [a, b, c] = cols;
    slot.replaceChildren(predictPanel(this, 'longest', { question: s.predictQ, options: s.predictOptions.map((o) => fill(o, { a, b, c })) }));
    wirePredict(this, 'longest', {
      answer: best,
      explain: () => {
        const j = cols[best];
        const { k } = columnInfo(j, this.values['d-model'], this.values.layout);
        return fill(s.predictExplain, { j, i: k, base: this.values.base, wave: waveText(wavelength(k, this.values['d-model'], this.values.base)) });
      },
      onReveal: (shown) => {
        this.highlightCol = shown ? cols[best] : -1;
        this.placeColumnMark();
        this.drawWaves();
      },
    });
  }

  drawHeat() {
    const v = this.values;
    const d = v['d-model'];
    const L = v.length;
    const canvas = this.$('canvas.map');
    canvas.width = d;
    canvas.height = L;
    const ctx = canvas.getContext('2d');
    const img = ctx.createImageData(d, L);
    // 256-entry colour table: one viridis lookup per value would dominate for big tables.
    const lut = Array.from({ length: 256 }, (_, i) => rgbOf(valueColor(-1 + (2 * i) / 255)));
    for (let i = 0; i < L * d; i++) {
      const x = this.pe[i];
      const idx = Number.isFinite(x) ? Math.max(0, Math.min(255, Math.round(((x + 1) / 2) * 255))) : 128;
      const [r, g, b] = lut[idx];
      img.data[4 * i] = r;
      img.data[4 * i + 1] = g;
      img.data[4 * i + 2] = b;
      img.data[4 * i + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    canvas.setAttribute('aria-label', fill(this.s.heatLabel, { d1: d - 1, l1: L - 1 + v.offset }));
    const ticks = [];
    const step = Math.max(1, Math.ceil(d / 6 / 8) * 8);
    for (let j = 0; j < d; j += step) ticks.push(h('span', { style: `left:${((j + 0.5) / d) * 100}%`, text: j }));
    this.$('.ticks').replaceChildren(...ticks);
    // Position ticks beside the rows: a round step giving about five labels (offset included).
    const rowStep = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((n) => L / n <= 6) ?? Math.ceil(L / 5000) * 1000;
    const rows = [];
    for (let t = Math.ceil(v.offset / rowStep) * rowStep; t < v.offset + L; t += rowStep) {
      rows.push(h('span', { style: `top:${((t - v.offset + 0.5) / L) * 100}%`, text: t }));
    }
    this.$('.yticks').replaceChildren(...rows);
    this.placeColumnMark();
  }

  placeColumnMark() {
    const mark = this.$('.colmark');
    const d = this.values['d-model'];
    if (this.highlightCol < 0 || this.highlightCol >= d) {
      mark.style.display = 'none';
      return;
    }
    Object.assign(mark.style, { display: 'block', left: `${(this.highlightCol / d) * 100}%`, width: `max(4px, ${100 / d}%)`, bottom: '1.2rem' });
  }

  setCursor(t, j, showMarker = false) {
    const v = this.values;
    const d = v['d-model'];
    t = Math.max(0, Math.min(v.length - 1, t));
    j = Math.max(0, Math.min(d - 1, j));
    this.cursor = { t, j };
    const value = this.pe[t * d + j];
    const { fn, k } = columnInfo(j, d, v.layout);
    this.$('.readout').textContent = fill(this.s.readout, { t: t + v.offset, j, fn, i: k, value: fmt(value, 4) });
    const marker = this.$('.marker');
    if (showMarker) {
      const canvas = this.$('canvas.map');
      const cellW = canvas.clientWidth / d;
      const cellH = canvas.clientHeight / v.length;
      Object.assign(marker.style, {
        display: 'block', left: `${j * cellW - 2}px`, top: `${t * cellH - 2}px`,
        width: `${Math.max(cellW, 4) + 4}px`, height: `${Math.max(cellH, 4) + 4}px`,
      });
    }
  }

  drawWaves() {
    const v = this.values;
    const d = v['d-model'];
    const L = v.length;
    const s = this.s;
    const cols = this.waveColumns();
    if (this.highlightCol >= 0 && !cols.includes(this.highlightCol)) cols.push(this.highlightCol);
    // Drawing units follow the element's width, so axis labels stay legible on a phone.
    const W = Math.round(Math.min(640, Math.max(300, this.layoutWidth() - 40)));
    const H = W < 480 ? 200 : 220;
    this.$('.waves svg').setAttribute('viewBox', `0 0 ${W} ${H}`);
    const m = { l: 34, r: 10, t: 10, b: 26 };
    const x = (t) => m.l + (L === 1 ? 0 : (t / (L - 1)) * (W - m.l - m.r));
    const y = (val) => m.t + ((1 - val) / 2) * (H - m.t - m.b);
    const drawing = [];
    for (const g of [-1, 0, 1]) {
      drawing.push(svg('line', { x1: m.l, x2: W - m.r, y1: y(g), y2: y(g), class: 'grid' }),
        svg('text', { x: m.l - 6, y: y(g) + 4, 'text-anchor': 'end', 'font-size': '11', class: 'tick', text: fmt(g, 0) }));
    }
    const tickStep = Math.max(1, Math.ceil(L / 8));
    for (let t = 0; t < L; t += tickStep) drawing.push(svg('text', { x: x(t), y: H - 8, 'text-anchor': 'middle', 'font-size': '11', class: 'tick', text: t + v.offset }));
    const legend = [];
    cols.forEach((j, idx) => {
      const color = seriesColor(idx);
      const dash = DASHES[idx % DASHES.length];
      const pts = [];
      for (let t = 0; t < L; t++) pts.push([x(t).toFixed(1), y(this.pe[t * d + j]).toFixed(1)]);
      const wide = j === this.highlightCol ? 4.5 : 2;
      drawing.push(svg('polyline', { points: pts.join(' '), fill: 'none', style: `stroke:${color}`, 'stroke-width': wide, 'stroke-dasharray': dash, 'stroke-linejoin': 'round' }));
      // PE exists only at whole positions: dots mark the values, the line just guides the eye.
      if (L <= 64) for (const [cx, cy] of pts) drawing.push(svg('circle', { cx, cy, r: '2.2', style: `fill:${color}` }));
      const { fn, k } = columnInfo(j, d, v.layout);
      const name = fill(s.waveName, { j, fn, i: k, wave: waveText(wavelength(k, d, v.base)) });
      legend.push(h('li', { style: j === this.highlightCol ? 'font-weight:700' : null },
        svg('svg', { viewBox: '0 0 36 10', 'aria-hidden': 'true' },
          svg('line', { x1: '0', x2: '36', y1: '5', y2: '5', style: `stroke:${color}`, 'stroke-width': wide, 'stroke-dasharray': dash })),
        name));
    });
    this.$('.waves svg').replaceChildren(...drawing);
    this.$('.wave-legend').replaceChildren(...legend);
    const data = new Float32Array(L * cols.length);
    for (let t = 0; t < L; t++) cols.forEach((j, c) => { data[t * cols.length + c] = this.pe[t * d + j]; });
    this.$('.waves-table').replaceChildren(dataTable(this, {
      caption: s.wavesCaption, data, rows: L, cols: cols.length, colNames: cols.map((j) => `j=${j}`), corner: 't',
      rowNames: Array.from({ length: L }, (_, i) => i + v.offset), maxRows: 64,
    }));
  }
}

PeHeatmap.define();
export { PeHeatmap };

// <pe-clock>: the documents' clock analogy. Each (sin, cos) pair of PE(t) is drawn as a clock hand
// whose tip is (sin, cos) — so 12 o'clock is angle 0 and the hand turns clockwise as t grows. Low k
// turns fast (a second hand), high k slowly (an hour hand). Play/pause, step, and a position slider;
// the table behind the picture lists every hand's values; PE(t) downloads as CSV / .npy.
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js); play's ticks
//   fire no pe-ffn-change.
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h, svg } from './shared/dom.js';
import { fmt, fmtInt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { pairColumns, wavelength, layoutField } from './shared/pe-layout.js';
import { predictPanel, wirePredict } from './shared/predict.js';
import { exportPanel, wireExport, updateSnippets } from './shared/export-panel.js';
import { peSnippets } from './shared/snippets.js';
import ko from '../i18n/ko/pe-clock.js';
import en from '../i18n/en/pe-clock.js';

const MAX_HANDS = 12;
const TICK_MS = 700;

class PeClock extends PeFfnElement {
  static tag = 'pe-clock';
  static strings = { ko, en };
  static props = attributes['pe-clock'];
  static css = `
    .clocks { display: grid; grid-template-columns: repeat(auto-fill, minmax(5.4rem, 1fr)); gap: .6rem; margin: .6rem 0; list-style: none; padding: 0; }
    .clocks li { text-align: center; font-size: .78em; border-radius: 10px; padding: .3rem .2rem; border: 2px solid transparent; }
    .clocks li.hi { border-color: var(--pe-ink); background: var(--pe-note-bg); }
    .clocks .face { fill: var(--pe-surface); stroke: var(--pe-muted); }
    .clocks .tick { stroke: var(--pe-grid); }
    .clocks .leg-sin { stroke: var(--pe-sin); }
    .clocks .leg-cos { stroke: var(--pe-cos); }
    .clocks .hand { stroke: var(--pe-fg); }
    .clocks .hub { fill: var(--pe-fg); }
    .clocks .tip { fill: var(--pe-marker); stroke: var(--pe-ink); }
    .clocks svg { width: 100%; max-width: 6rem; height: auto; display: block; margin: 0 auto; }
    .clocks .k { font-weight: 700; font-size: 1.05em; }
    .clocks .vals { font-variant-numeric: tabular-nums; }
    .play { display: flex; flex-wrap: wrap; gap: .5rem; align-items: flex-end; }
    .play .field:has(input[type=range]) { flex: 1 1 18rem; } /* the slider takes the row: fine steps on a phone */
    .play input[type=range] { width: 100%; }
  `;

  constructor() {
    super();
    this.timer = null;
    this.highlightK = -1;
  }

  teardown() {
    this.stop();
  }

  build() {
    const s = this.s;
    this.stop();
    const stepButton = (act, arrow, name) => h('button', { type: 'button', 'data-act': act },
      h('span', { 'aria-hidden': 'true', text: arrow }), h('span', { class: 'visually-hidden', text: name }));
    this.root.replaceChildren(this.card({
      fields: [
        this.field('d-model', s.dModel),
        this.field('base', s.base),
        layoutField(this),
      ],
      afterControls: h('div', { class: 'play controls' },
        this.field('position', s.position, { kind: 'range', max: 200 }),
        this.field('position', s.positionNumber, { kind: 'number', id: 'position-n' }),
        stepButton('back', '◀︎ 1', s.stepBack),
        h('button', { type: 'button', 'data-act': 'play', class: 'primary', 'aria-pressed': 'false', text: s.play }),
        stepButton('step', '1 ▶︎', s.step)),
      body: [
        h('p', { class: 'muted subset' }),
        h('ul', { class: 'clocks' }),
        h('p', { class: 'muted', text: s.reading }),
        h('details', { class: 'data-table' }, h('summary', { text: s.dataTable }), h('div', { class: 'scroll hands-table' })),
        predictPanel(this, 'fast', { question: s.predictQ, options: s.predictOptions }),
        exportPanel(this, 'row'),
      ],
    }));
    wireExport(this, 'row', () => ({
      name: `pe_position${this.values.position}_d${this.values['d-model']}_${this.values.layout}`,
      data: this.row,
      shape: [1, this.values['d-model']],
      rowNames: [this.values.position],
      corner: 'position',
    }));
    this.$('.play').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-act]');
      if (!b) return;
      if (b.dataset.act === 'play') this.timer ? this.stop() : this.start();
      else this.stepBy(b.dataset.act === 'step' ? 1 : -1, true);
    });
    wirePredict(this, 'fast', {
      answer: 0,
      explain: () => fill(this.s.predictExplain, { base: this.values.base }),
      onReveal: (shown) => {
        this.highlightK = shown ? 0 : -1;
        this.update();
      },
    });
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => this.stepBy(1, false), TICK_MS);
    const b = this.$('[data-act="play"]');
    if (b) { b.textContent = this.s.pause; b.setAttribute('aria-pressed', 'true'); }
  }

  stop() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    const b = this.$('[data-act="play"]');
    if (b) { b.textContent = this.s.play; b.setAttribute('aria-pressed', 'false'); }
  }

  stepBy(delta, asLearner) {
    const next = Math.max(0, Math.min(this.constructor.props.position.max, this.readProp('position').value + delta));
    if (asLearner) this.setValue('position', next);
    else this.setAttribute('position', String(next));
  }

  /** Which frequencies get a clock: all of them, or MAX_HANDS evenly spaced ones. */
  shownKs() {
    const K = Math.floor(this.values['d-model'] / 2);
    if (K <= MAX_HANDS) return Array.from({ length: K }, (_, k) => k);
    return [...new Set(Array.from({ length: MAX_HANDS }, (_, i) => Math.round((i * (K - 1)) / (MAX_HANDS - 1))))];
  }

  update() {
    const v = this.values;
    const s = this.s;
    const d = v['d-model'];
    const t = v.position;
    const range = this.$('input[type=range][data-prop="position"]');
    range.max = String(Math.max(200, t));
    // One row of the table: PE(t) for t = position (offset does the shifting in the module).
    const row = this.core.positionalEncoding(1, d, { base: v.base, offset: t, layout: v.layout });
    this.row = row;
    updateSnippets(this, 'row', peSnippets({ length: 1, dModel: d, base: v.base, offset: t, layout: v.layout }));
    const ks = this.shownKs();
    const K = Math.floor(d / 2);
    this.$('.subset').textContent = ks.length < K ? fill(s.subset, { total: K, shown: ks.length }) : '';
    const items = [];
    const rows = [];
    for (const k of ks) {
      const { sin: js, cos: jc } = pairColumns(k, d, v.layout);
      const sv = row[js];
      const cv = row[jc];
      // Tip at (sin, cos): x right = sin, y up = cos, so angle 0 is 12 o'clock, turning clockwise.
      const x = 50 + 38 * sv;
      const y = 50 - 38 * cv;
      let deg = (Math.atan2(sv, cv) * 180) / Math.PI;
      if (deg < 0) deg += 360;
      const wave = wavelength(k, d, v.base);
      const waveText = wave < 100 ? wave.toFixed(1) : wave < 1e7 ? fmtInt(wave, this.language) : wave.toExponential(1);
      const ticks = [];
      for (let hour = 0; hour < 12; hour++) {
        const a = (hour * Math.PI) / 6;
        ticks.push(svg('line', { x1: 50 + 42 * Math.sin(a), y1: 50 - 42 * Math.cos(a), x2: 50 + 46 * Math.sin(a), y2: 50 - 46 * Math.cos(a), class: 'tick', 'stroke-width': hour % 3 ? 1 : 2 }));
      }
      items.push(h('li', { class: k === this.highlightK ? 'hi' : '' },
        svg('svg', { viewBox: '0 0 100 100', 'aria-hidden': 'true' },
          svg('circle', { class: 'face', cx: '50', cy: '50', r: '47', 'stroke-width': '2' }), ticks,
          svg('line', { x1: '50', y1: '50', x2: x, y2: '50', class: 'leg-sin', 'stroke-width': '1.5', 'stroke-dasharray': '3 2' }),
          svg('line', { x1: x, y1: '50', x2: x, y2: y, class: 'leg-cos', 'stroke-width': '1.5', 'stroke-dasharray': '1 2' }),
          svg('line', { x1: '50', y1: '50', x2: x, y2: y, class: 'hand', 'stroke-width': k === this.highlightK ? 5 : 3.5, 'stroke-linecap': 'round' }),
          svg('circle', { class: 'hub', cx: '50', cy: '50', r: '3.5' }), svg('circle', { class: 'tip', cx: x, cy: y, r: '4', 'stroke-width': '1' })),
        h('div', { class: 'k', text: fill(s.handLabel, { i: k }) }),
        h('div', { class: 'vals' }, h('span', { class: 'sin', text: fmt(sv, 2) }), ' · ', h('span', { class: 'cos', text: fmt(cv, 2) })),
        h('div', { class: 'muted', text: fill(s.perTurn, { wave: waveText }) })));
      rows.push(h('tr', null, h('th', { scope: 'row', text: k }), [js, jc, fmt(sv, 4), fmt(cv, 4), deg.toFixed(1), waveText].map((c) => h('td', { text: c }))));
    }
    const list = this.$('.clocks');
    list.replaceChildren(...items);
    list.setAttribute('aria-label', fill(s.clocksLabel, { t, n: ks.length }));
    const cols = [s.colK, s.colSinJ, s.colCosJ, s.colSin, s.colCos, s.colAngle, s.colWave];
    this.$('.hands-table').replaceChildren(h('table', null,
      h('caption', { text: fill(s.tableCaption, { t }) }),
      h('thead', null, h('tr', null, cols.map((c) => h('th', { scope: 'col', text: c })))),
      h('tbody', null, rows)));
  }
}

PeClock.define();
export { PeClock };

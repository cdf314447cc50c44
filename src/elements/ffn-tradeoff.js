// <ffn-tradeoff>: the documents' trade-off of d_ff and depth. For d_ff = 1x, 2x, 4x and 8x d_model it
// shows, as a table and three bar charts, the parameters (the module's ffn.paramCount times the
// number of layers), FLOPs per token (4 * d_model * d_ff per layer, a multiply-add counted as 2 FLOPs)
// and the latency of ffn.forward measured live in the learner's browser (median of a few repetitions,
// measured in small steps so the page stays responsive; see ffn/latency.js).
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Read-only property: rows = [{ multiple, dFF, params, latencyMs }] (null until known).
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js), and:
//   @fires ffn-tradeoff-measured - detail { rows }: a full measurement has finished
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h } from './shared/dom.js';
import { fmtInt, fmtCompact } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { seriesColor } from './shared/colors.js';
import { measureLatency } from './ffn/latency.js';
import { ffnFlopsPerToken } from './ffn/cost.js';
import { barsSvg, barsCss } from './ffn/bars-svg.js';
import ko from '../i18n/ko/ffn-tradeoff.js';
import en from '../i18n/en/ffn-tradeoff.js';

const MULTIPLES = [1, 2, 4, 8];
const COMMON = 4;
const DEBOUNCE_MS = 250;

class FfnTradeoff extends PeFfnElement {
  static tag = 'ffn-tradeoff';
  static strings = { ko, en };
  static props = attributes['ffn-tradeoff'];
  static css = `
    .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: .8rem 1.2rem; margin: .8rem 0; }
    .charts h4 { font-size: .9rem; margin-bottom: .3rem; }
    .bars { width: 100%; max-width: 24rem; display: block; }
    ${barsCss}
    .status { min-height: 1.5em; font-weight: 600; }
    td.common, th.common { background: var(--pe-highlight); }
    .summary { font-weight: 600; }
    .table-box thead th { white-space: normal; min-width: 5.5em; vertical-align: bottom; }
  `;

  constructor() {
    super();
    this.gen = 0;
    this.timer = 0;
    this.rows = [];
    this.status = null; // [string key, vars]: shown in the current language after a rebuild
  }

  teardown() {
    // Stop measuring when taken out of the page; measure afresh if it comes back.
    this.gen++;
    clearTimeout(this.timer);
    this.measuredKey = null;
  }

  build() {
    const s = this.s;
    this.root.replaceChildren(this.card({
      fields: [
        this.field('d-model', s.dModel, { kind: 'range', step: 16 }),
        h('output', { class: 'd-model-out', 'aria-hidden': 'true' }),
        this.field('layers', s.layers),
        this.field('tokens', s.tokens),
        this.field('repetitions', s.repetitions),
        h('div', { class: 'field' }, h('span', { class: 'label', 'aria-hidden': 'true', text: '\u00a0' }), h('button', { type: 'button', class: 'remeasure', text: s.remeasure })),
      ],
      body: [
        h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }),
        h('div', { class: 'charts' }),
        h('p', { class: 'summary', 'aria-live': 'polite' }),
        h('div', { class: 'scroll table-box' }),
        h('p', { class: 'muted', text: s.depthNote }),
        h('p', { class: 'muted', text: s.flopsDef }),
        h('p', { class: 'muted how' }),
        h('p', { class: 'muted', text: s.docQuote }),
      ],
    }));
    this.$('.remeasure').addEventListener('click', () => this.startMeasuring(0));
  }

  update() {
    const v = this.values;
    const d = v['d-model'];
    this.$('.d-model-out').textContent = String(d);
    this.$('.how').textContent = fill(this.s.howMeasured, { reps: v.repetitions });
    const key = `${d}/${v.layers}/${v.tokens}/${v.repetitions}`;
    if (key !== this.measuredKey) {
      this.measuredKey = key;
      this.rows = MULTIPLES.map((m) => ({ multiple: m, dFF: m * d, params: null, latencyMs: null }));
      this.startMeasuring(DEBOUNCE_MS);
    }
    this.renderResults();
  }

  startMeasuring(delay) {
    const gen = ++this.gen;
    clearTimeout(this.timer);
    for (const row of this.rows) row.latencyMs = null;
    this.renderResults();
    this.timer = setTimeout(() => this.measure(gen), delay);
  }

  setStatus(key, vars = {}) {
    this.status = [key, vars];
    const box = this.$('.status');
    if (box) box.textContent = fill(this.s[key], vars);
  }

  async measure(gen) {
    const cancelled = () => gen !== this.gen || !this.isConnected;
    const v = this.values;
    const d = v['d-model'];
    try {
      const x = this.core.positionalEncoding(v.tokens, d); // any fixed input: the time does not depend on it
      for (const [i, row] of this.rows.entries()) {
        this.setStatus('statusMeasuring', { m: row.multiple, i: i + 1, total: this.rows.length });
        const onLayer = (layer) => {
          row.params = layer.paramCount;
          this.renderResults();
        };
        const result = await measureLatency(this.core, { dModel: d, dFF: row.dFF, layers: v.layers, repetitions: v.repetitions }, x, cancelled, onLayer);
        if (!result || cancelled()) return;
        row.latencyMs = result.ms;
        this.renderResults();
      }
      this.setStatus('statusDone', { reps: v.repetitions });
      this.renderResults();
      this.dispatchEvent(new CustomEvent('ffn-tradeoff-measured', { bubbles: true, composed: true, detail: { rows: this.rows.map((r) => ({ ...r })) } }));
    } catch (err) {
      if (!cancelled()) this.setStatus('tooBig', { message: err.message });
    }
  }

  renderResults() {
    if (!this.values || !this.$('.charts')) return;
    const s = this.s;
    const v = this.values;
    const d = v['d-model'];
    const lang = this.language;
    const L = v.layers;
    const n = v.tokens;
    const flops = (row) => L * ffnFlopsPerToken(d, row.dFF);
    const rate = (row) => (n * flops(row)) / (row.latencyMs * 1e6);
    const label = (row) => fill(s.multiple, { m: row.multiple });
    const pending = s.pending;

    const panel = (title, value, text) => {
      const items = this.rows.map((row, i) => ({
        label: label(row), value: value(row), text: value(row) == null ? pending : text(row),
        color: seriesColor(i), strong: row.multiple === COMMON,
      }));
      return h('figure', null, h('h4', { text: title }), barsSvg({ items, label: fill(s.chartAria, { what: title }) }));
    };
    this.$('.charts').replaceChildren(
      panel(s.chartParams, (r) => (r.params == null ? null : r.params * L), (r) => fmtCompact(r.params * L, lang)),
      panel(s.chartFlops, (r) => flops(r), (r) => fmtCompact(flops(r), lang)),
      panel(s.chartLatency, (r) => r.latencyMs, (r) => r.latencyMs.toFixed(r.latencyMs < 10 ? 2 : 1)));

    const cell = (value, text, cls) => h('td', { class: cls, text: value == null ? pending : text() });
    const body = this.rows.map((row) => {
      const cls = row.multiple === COMMON ? 'common' : '';
      const known = row.latencyMs != null;
      return h('tr', { 'data-multiple': row.multiple },
        h('th', { scope: 'row', class: cls }, label(row), row.multiple === COMMON ? [' ', h('small', { text: `(${s.commonChoice})` })] : null),
        h('td', { class: cls, text: fmtInt(row.dFF, lang) }),
        cell(row.params, () => fmtInt(row.params, lang), `${cls} params`),
        cell(row.params, () => fmtInt(row.params * L, lang), cls),
        h('td', { class: cls, text: fmtInt(flops(row), lang) }),
        cell(row.latencyMs, () => row.latencyMs.toFixed(3), `${cls} latency`),
        cell(known ? 1 : null, () => ((1000 * row.latencyMs) / n).toFixed(2), cls),
        cell(known ? 1 : null, () => rate(row).toFixed(2), cls));
    });
    const head = [s.colMultiple, s.colDFF, s.colParamsLayer, s.colParamsTotal, s.colFlops, s.colLatency, s.colPerToken, s.colRate];
    this.$('.table-box').replaceChildren(h('table', null,
      h('caption', { text: fill(s.caption, { d, l: L, n }) }),
      h('thead', null, h('tr', null, head.map((text) => h('th', { scope: 'col', text })))),
      h('tbody', null, body)));

    const first = this.rows[0];
    const last = this.rows[this.rows.length - 1];
    const done = this.rows.every((r) => r.latencyMs != null && r.params != null);
    this.$('.summary').textContent = done
      ? fill(s.summary, {
        p: (last.params / first.params).toFixed(2),
        f: (flops(last) / flops(first)).toFixed(0),
        l: (last.latencyMs / first.latencyMs).toFixed(1),
      })
      : '';
    this.$('.status').textContent = this.status ? fill(s[this.status[0]], this.status[1]) : '';
  }
}

FfnTradeoff.define();
export { FfnTradeoff };

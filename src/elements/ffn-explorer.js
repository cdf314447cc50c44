// <ffn-explorer>: the position-wise feed-forward network FFN(x) = act(xW1 + b1)W2 + b2 up close.
// Shows the hourglass d_model -> d_ff -> d_model; every token row going through its own copy of the
// same box (same weights), with a module-computed check that rows never mix; the inner activations of
// every token as heat maps before (z = xW1 + b1) and after the activation, negative pre-activations
// hatched so the ReLU cut is visible; one token's values as a table and on the activation's curve;
// the parameter count (ffn.paramCount) and FLOPs per token (4 * d_model * d_ff, stated in the text).
// Every number comes from the wasm module (see ffn/pre-activation.js for how z is obtained).
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Read-only property: result = { input, pre, hidden, output, paramCount } of the latest render.
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js).
// Heat-map cells carry data-kind ('pre' | 'hidden'), data-t, data-j and data-value.
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h } from './shared/dom.js';
import { fmt, fmtInt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { gradientCss, puor } from './shared/colors.js';
import { dataTable } from './shared/data-table.js';
import { exportPanel, wireExport, updateSnippets } from './shared/export-panel.js';
import { toCsv, encodeNpy, saveFile } from './shared/data-export.js';
import { predictPanel, wirePredict } from './shared/predict.js';
import { blockInput, embeddingSeed, VOCAB } from './ffn/block-input.js';
import { forwardWithPreActivation } from './ffn/pre-activation.js';
import { rowByRowDifference } from './ffn/row-check.js';
import { activationCurve, linspace } from './ffn/activation-curve.js';
import { ffnFlopsPerToken } from './ffn/cost.js';
import { heatGridCss, heatGrid, largestMagnitude } from './ffn/heat-grid.js';
import { hourglassSvg, sharedRowsSvg, figuresCss } from './ffn/figures.js';
import { curveSvg, curveCss, Z_MIN, Z_MAX } from './ffn/curve-svg.js';
import { ffnSnippets } from './ffn/snippets.js';
import ko from '../i18n/ko/ffn-explorer.js';
import en from '../i18n/en/ffn-explorer.js';
import { ACTIVATION } from '../js/defaults.js';

const CURVE_Z = linspace(Z_MIN, Z_MAX, 161);

// The documents' example layer (768 -> 3072) is counted once per module instance, after first paint:
// building it takes tens of milliseconds.
const bertCounts = new WeakMap();
function bertCount(core) {
  if (!bertCounts.has(core)) {
    const layer = core.createFFN({ dModel: 768, dFF: 3072 });
    bertCounts.set(core, { params: layer.paramCount, flops: ffnFlopsPerToken(layer.dModel, layer.dFF) });
    layer.dispose();
  }
  return bertCounts.get(core);
}

class FfnExplorer extends PeFfnElement {
  static tag = 'ffn-explorer';
  static strings = { ko, en };
  static props = attributes['ffn-explorer'];
  static css = `${heatGridCss}${figuresCss}${curveCss}
    section { margin-top: 1.1rem; }
    .hourglass { width: min(100%, 30rem); display: block; }
    .shared-rows { width: min(100%, 30rem); display: block; }
    .grids { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 19rem), 1fr)); gap: 1rem; }
    .inspect { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr)); gap: 1rem; align-items: start; }
    .curve { width: min(100%, 22rem); display: block; }
    .unit-table { max-height: 18rem; }
    .unit-table td.cut { font-weight: 700; }
    dl.cost { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .4rem 0; }
    dl.cost dt { font-weight: 600; }
    dl.cost dd { margin: 0; font-variant-numeric: tabular-nums; }
    @container (max-width: 30rem) { dl.cost { grid-template-columns: 1fr; } dl.cost dd { margin-bottom: .3rem; } }
    .extra-downloads { margin-top: .5rem; }
    .heat-post.emphasis .c.mark { box-shadow: inset 0 0 0 2px var(--pe-on-data); }
  `;

  constructor() {
    super();
    this.selected = 0;
    this.result = null;
    this.emphasis = false;
  }

  build() {
    const s = this.s;
    const actOptions = this.constructor.props.activation.values.map((a) => [a, s.actNames[a]]);
    const grid = (kind) => h('figure', null, h('h4', { class: `${kind}-title` }), h('div', { class: `legend legend-${kind}` }),
      h('div', { class: `heat-${kind}` }), h('div', { class: `table-${kind}` }));
    this.root.replaceChildren(this.card({
      fields: [
        this.field('d-model', s.dModel),
        this.field('d-ff', s.dFF),
        h('div', { class: 'field' }, h('span', { class: 'label', 'aria-hidden': 'true', text: '\u00a0' }), h('button', { type: 'button', class: 'times4', text: s.times4 })),
        this.field('activation', s.activation, { kind: 'select', options: actOptions }),
        this.field('tokens', s.tokens),
        this.field('seed', s.seed),
      ],
      body: [
        h('section', null,
          h('h4', { text: s.hourglassTitle }),
          h('figure', { class: 'hourglass-box' }),
          h('p', { class: 'muted input-note' })),
        h('section', null,
          h('h4', { text: s.rowsTitle }),
          h('p', { class: 'muted', text: s.rowsIntro }),
          h('figure', { class: 'rows-box' }),
          h('p', { class: 'row-check' })),
        h('section', null,
          h('div', { class: 'grids' }, grid('pre'), grid('post')),
          h('p', { class: 'cut-summary', 'aria-live': 'polite' }),
          h('p', { class: 'muted', text: s.preHow }),
          exportPanel(this, 'hidden'),
          h('div', { class: 'row extra-downloads' },
            h('button', { type: 'button', 'data-pre': 'csv', text: `${s.downloadCsv} · z` }),
            h('button', { type: 'button', 'data-pre': 'npy', text: `${s.downloadNpy} · z` })),
          predictPanel(this, 'cut', { question: s.predictQ, options: s.predictOptions })),
        h('section', { class: 'inspect' },
          h('div', null,
            h('div', { class: 'field' }, h('label', { for: this.localId('inspect'), text: s.inspect }), h('select', { id: this.localId('inspect'), class: 'inspect-select' })),
            h('div', { class: 'scroll unit-table' })),
          h('figure', null, h('h4', { class: 'curve-title' }), h('div', { class: 'curve-box' }), h('p', { class: 'muted', text: s.curveNote }))),
        h('section', null,
          h('h4', { text: s.costTitle }),
          h('dl', { class: 'cost' }),
          h('p', { class: 'muted', text: s.flopsDef }),
          h('p', { class: 'bert muted', 'aria-live': 'polite' })),
      ],
    }));
    this.$('.times4').addEventListener('click', () => this.setValue('d-ff', Math.min(256, 4 * this.values['d-model'])));
    this.$('.inspect-select').addEventListener('change', (e) => {
      this.selected = Number(e.target.value);
      this.renderSelection();
    });
    this.$('.extra-downloads').addEventListener('click', (e) => {
      const b = e.target.closest('button[data-pre]');
      if (!b || !this.result) return;
      const x = this.exportOf(this.result.pre, 'pre');
      if (b.dataset.pre === 'csv') saveFile(toCsv(x.data, x.shape[0], x.shape[1], x), `${x.name}.csv`, 'text/csv;charset=utf-8');
      else saveFile(encodeNpy(x.data, x.shape), `${x.name}.npy`);
    });
    wireExport(this, 'hidden', () => this.exportOf(this.result.hidden, this.values.activation));
    wirePredict(this, 'cut', {
      answer: 1,
      explain: () => this.s.predictExplain,
      onReveal: (shown) => {
        this.emphasis = shown;
        if (shown && this.values.activation !== ACTIVATION.RELU) this.setValue('activation', ACTIVATION.RELU);
        else this.renderSelection();
      },
    });
  }

  exportOf(data, what) {
    const v = this.values;
    return {
      name: `ffn_${what}_d${v['d-model']}_ff${v['d-ff']}_seed${v.seed}`,
      data,
      shape: [v.tokens, v['d-ff']],
      rowNames: Array.from({ length: v.tokens }, (_, t) => `token ${t}`),
      corner: 'token',
    };
  }

  update() {
    const s = this.s;
    const v = this.values;
    const d = v['d-model'];
    const f = v['d-ff'];
    const n = v.tokens;
    const options = { dModel: d, dFF: f, activation: v.activation, seed: v.seed };
    const { h: input } = blockInput(this.core, { tokens: n, dModel: d, seed: v.seed });
    const r = forwardWithPreActivation(this.core, options, input);
    this.result = { input, ...r };
    this.rowDiff = rowByRowDifference(this.core, options, input, r.output);
    this.curve = activationCurve(this.core, v.activation, CURVE_Z);
    if (this.selected >= n) this.selected = 0;

    const act = s.actShort[v.activation];
    this.$('.hourglass-box').replaceChildren(hourglassSvg({
      dModel: d,
      dFF: f,
      labels: {
        input: s.hgInput, hidden: s.hgHidden, output: s.hgOutput, w1: s.hgW1, w2: s.hgW2,
        act: fill(s.hgAct, { act }), title: fill(s.hgAria, { d, f }),
      },
    }));
    this.$('.input-note').textContent = fill(s.inputNote, { eseed: embeddingSeed(v.seed) });
    this.$('.row-check').textContent = fill(s.rowCheck, { diff: this.rowDiff === 0 ? '0' : this.rowDiff.toExponential(2) });
    this.$('.pre-title').textContent = s.preTitle;
    this.$('.post-title').textContent = fill(s.postTitle, { act });
    this.$('.curve-title').textContent = fill(s.curveTitle, { act });

    const select = this.$('.inspect-select');
    select.replaceChildren(...Array.from({ length: n }, (_, t) => h('option', { value: t, text: fill(s.token, { t }) })));
    select.value = String(this.selected);

    // Cut summary: how many pre-activations were negative, and what the activation made of them.
    let cut = 0;
    let smallest = 0;
    for (let k = 0; k < r.pre.length; k++) {
      if (r.pre[k] < 0) {
        cut++;
        smallest = Math.min(smallest, r.hidden[k]);
      }
    }
    const total = r.pre.length;
    const pct = ((100 * cut) / total).toFixed(0);
    this.$('.cut-summary').textContent = v.activation === ACTIVATION.RELU
      ? fill(s.cutSummaryRelu, { cut, total, pct })
      : fill(s.cutSummarySoft, { cut, total, pct, act, min: fmt(smallest, 4) });

    const rowNames = Array.from({ length: n }, (_, t) => fill(s.token, { t }));
    this.$('.table-pre').replaceChildren(dataTable(this, { caption: s.preCaption, data: r.pre, rows: n, cols: f, rowNames, corner: 't \\ j' }));
    this.$('.table-post').replaceChildren(dataTable(this, { caption: fill(s.hiddenCaption, { act }), data: r.hidden, rows: n, cols: f, rowNames, corner: 't \\ j' }));

    const flops = ffnFlopsPerToken(d, f);
    const lang = this.language;
    this.$('.cost').replaceChildren(
      h('dt', { text: s.params }),
      h('dd', null, h('span', { class: 'param-count', text: fmtInt(r.paramCount, lang) }), ' ', h('span', { class: 'muted', text: `= ${s.paramsFormula} = 2·${d}·${f} + ${f} + ${d}` })),
      h('dt', { text: s.flops }),
      h('dd', null, h('span', { class: 'flops', text: fmtInt(flops, lang) }), ' ', h('span', { class: 'muted', text: `= 4·${d}·${f}` })),
      h('dt', { text: 'd_ff / d_model' }), h('dd', { text: (f / d).toFixed(f % d === 0 ? 0 : 2) }),
      h('dt'), h('dd', { class: 'muted', text: fill(s.forAll, { n, flops: fmtInt(flops * n, lang) }) }));
    this.showBert();

    updateSnippets(this, 'hidden', ffnSnippets({ ...options, tokens: n, vocab: VOCAB, embeddingSeed: embeddingSeed(v.seed) }));
    this.renderSelection();
  }

  showBert() {
    const box = this.$('.bert');
    const lang = this.language;
    const cached = bertCounts.get(this.core);
    if (cached) {
      box.textContent = fill(this.s.bert, { params: fmtInt(cached.params, lang), flops: fmtInt(cached.flops, lang) });
      return;
    }
    box.textContent = this.s.bertPending;
    setTimeout(() => {
      if (!this.isConnected || !this.core) return;
      bertCount(this.core);
      this.showBert();
    }, 0);
  }

  /** The parts that follow the chosen token: outlines in the pictures, its table and its dots. */
  renderSelection() {
    const r = this.result;
    if (!r) return;
    const s = this.s;
    const v = this.values;
    const d = v['d-model'];
    const f = v['d-ff'];
    const n = v.tokens;
    const t0 = this.selected;
    const act = s.actShort[v.activation];
    const rowLabels = Array.from({ length: n }, (_, t) => fill(s.token, { t }));

    this.$('.rows-box').replaceChildren(sharedRowsSvg({
      x: r.input, y: r.output, tokens: n, dModel: d, rowLabels, selectedRow: t0,
      limit: largestMagnitude(r.input, r.output),
      labels: { input: s.rowsInput, box: s.rowsBox, boxSub: s.rowsBoxSub, output: s.rowsOutput, title: fill(s.rowsAria, { n }) },
    }));

    const limit = largestMagnitude(r.pre);
    const marks = new Uint8Array(r.pre.length);
    for (let k = 0; k < marks.length; k++) marks[k] = r.pre[k] < 0 ? 1 : 0;
    const titleOf = (t, j) => `${fill(s.token, { t })}, j = ${j}: z = ${fmt(r.pre[t * f + j])}, ${act}(z) = ${fmt(r.hidden[t * f + j])}`;
    const legend = () => [h('span', { text: fmt(-limit, 2) }), h('span', { class: 'bar', style: `background:${gradientCss(puor)}` }), h('span', { text: fmt(limit, 2) })];
    this.$('.legend-pre').replaceChildren(...legend(), h('span', { class: 'muted', text: `(${s.legendNeg} ↔ ${s.legendPos})` }));
    this.$('.legend-post').replaceChildren(...legend(), h('span', null, h('span', { class: 'hatch', style: `background-color:${puor(0.5)}` }), ` ${s.legendHatch}`));
    this.$('.heat-pre').replaceChildren(heatGrid({
      data: r.pre, rows: n, cols: f, limit, rowLabels, selectedRow: t0, kind: 'pre', titleOf,
      label: fill(s.gridAriaPre, { n, f }),
    }));
    this.$('.heat-post').replaceChildren(heatGrid({
      data: r.hidden, rows: n, cols: f, limit, marks, rowLabels, selectedRow: t0, kind: 'hidden', titleOf,
      label: fill(s.gridAriaPost, { n, f, act }),
    }));
    this.$('.heat-post').classList.toggle('emphasis', this.emphasis);

    const rows = [];
    for (let j = 0; j < f; j++) {
      const z = r.pre[t0 * f + j];
      const a = r.hidden[t0 * f + j];
      const neg = z < 0;
      rows.push(h('tr', null,
        h('th', { scope: 'row', text: j }),
        h('td', { 'data-kind': 'pre', 'data-j': j, text: fmt(z) }),
        h('td', { 'data-kind': 'hidden', 'data-j': j, class: neg ? 'cut' : '', text: fmt(a) }),
        h('td', { text: neg ? s.yes : s.no })));
    }
    const head = [s.colUnit, s.colPre, fill(s.colPost, { act }), s.colCut];
    this.$('.unit-table').replaceChildren(h('table', null,
      h('caption', { text: fill(s.inspectCaption, { t: t0 }) }),
      h('thead', null, h('tr', null, head.map((text) => h('th', { scope: 'col', text })))),
      h('tbody', null, rows)));

    this.$('.curve-box').replaceChildren(curveSvg({
      zs: CURVE_Z, as: this.curve,
      dotZ: r.pre.subarray(t0 * f, (t0 + 1) * f), dotA: r.hidden.subarray(t0 * f, (t0 + 1) * f),
      label: fill(s.curveAria, { act, t: t0 }),
    }));
  }
}

FfnExplorer.define();
export { FfnExplorer };

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
// Events: pe-ffn-change { name, value } when a control changes a value; pe-ffn-render after a render.
// Heat-map cells carry data-kind ('pre' | 'hidden'), data-t, data-j and data-value.
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { escapeHtml, fmt, fmtInt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { gradientCss, puor } from './shared/colors.js';
import { dataTableHtml } from './shared/data-table.js';
import { exportPanelHtml, wireExport, updateSnippets } from './shared/export-panel.js';
import { toCsv, encodeNpy, saveFile } from './shared/data-export.js';
import { predictHtml, wirePredict } from './shared/predict.js';
import { blockInput, embeddingSeed, VOCAB } from './ffn/block-input.js';
import { forwardWithPreActivation } from './ffn/pre-activation.js';
import { rowByRowDifference } from './ffn/row-check.js';
import { activationCurve, linspace } from './ffn/activation-curve.js';
import { ffnFlopsPerToken } from './ffn/cost.js';
import { heatGridCss, heatGridHtml, largestMagnitude } from './ffn/heat-grid.js';
import { hourglassSvg, sharedRowsSvg, figuresCss } from './ffn/figures.js';
import { curveSvg, curveCss, Z_MIN, Z_MAX } from './ffn/curve-svg.js';
import { ffnSnippets } from './ffn/snippets.js';
import ko from '../i18n/ko/ffn-explorer.js';
import en from '../i18n/en/ffn-explorer.js';

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
    this.root.innerHTML = this.cardHtml({
      fields: [
        this.field('d-model', s.dModel),
        this.field('d-ff', s.dFF),
        `<div class="field"><span class="label" aria-hidden="true">&nbsp;</span><button type="button" class="times4">${escapeHtml(s.times4)}</button></div>`,
        this.field('activation', s.activation, { kind: 'select', options: actOptions }),
        this.field('tokens', s.tokens),
        this.field('seed', s.seed),
      ],
      body: `<section>
        <h4>${escapeHtml(s.hourglassTitle)}</h4>
        <figure class="hourglass-box"></figure>
        <p class="muted input-note"></p>
      </section>
      <section>
        <h4>${escapeHtml(s.rowsTitle)}</h4>
        <p class="muted">${escapeHtml(s.rowsIntro)}</p>
        <figure class="rows-box"></figure>
        <p class="row-check"></p>
      </section>
      <section>
        <div class="grids">
          <figure><h4 class="pre-title"></h4><div class="legend legend-pre"></div><div class="heat-pre"></div><div class="table-pre"></div></figure>
          <figure><h4 class="post-title"></h4><div class="legend legend-post"></div><div class="heat-post"></div><div class="table-post"></div></figure>
        </div>
        <p class="cut-summary" aria-live="polite"></p>
        <p class="muted">${escapeHtml(s.preHow)}</p>
        ${exportPanelHtml(this, 'hidden')}
        <div class="row extra-downloads">
          <button type="button" data-pre="csv">${escapeHtml(`${s.downloadCsv} · z`)}</button>
          <button type="button" data-pre="npy">${escapeHtml(`${s.downloadNpy} · z`)}</button>
        </div>
        ${predictHtml(this, 'cut', { question: s.predictQ, options: s.predictOptions })}
      </section>
      <section class="inspect">
        <div>
          <div class="field"><label for="${this.id('inspect')}">${escapeHtml(s.inspect)}</label><select id="${this.id('inspect')}" class="inspect-select"></select></div>
          <div class="scroll unit-table"></div>
        </div>
        <figure><h4 class="curve-title"></h4><div class="curve-box"></div><p class="muted">${escapeHtml(s.curveNote)}</p></figure>
      </section>
      <section>
        <h4>${escapeHtml(s.costTitle)}</h4>
        <dl class="cost"></dl>
        <p class="muted">${escapeHtml(s.flopsDef)}</p>
        <p class="bert muted" aria-live="polite"></p>
      </section>`,
    });
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
        if (shown && this.values.activation !== 'relu') this.setValue('activation', 'relu');
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
    const { h } = blockInput(this.core, { tokens: n, dModel: d, seed: v.seed });
    const r = forwardWithPreActivation(this.core, options, h);
    this.result = { input: h, ...r };
    this.rowDiff = rowByRowDifference(this.core, options, h, r.output);
    this.curve = activationCurve(this.core, v.activation, CURVE_Z);
    if (this.selected >= n) this.selected = 0;

    const act = s.actShort[v.activation];
    this.$('.hourglass-box').innerHTML = hourglassSvg({
      dModel: d,
      dFF: f,
      labels: {
        input: s.hgInput, hidden: s.hgHidden, output: s.hgOutput, w1: s.hgW1, w2: s.hgW2,
        act: fill(s.hgAct, { act }), title: fill(s.hgAria, { d, f }),
      },
    });
    this.$('.input-note').textContent = fill(s.inputNote, { eseed: embeddingSeed(v.seed) });
    this.$('.row-check').textContent = fill(s.rowCheck, { diff: this.rowDiff === 0 ? '0' : this.rowDiff.toExponential(2) });
    this.$('.pre-title').textContent = s.preTitle;
    this.$('.post-title').textContent = fill(s.postTitle, { act });
    this.$('.curve-title').textContent = fill(s.curveTitle, { act });

    const select = this.$('.inspect-select');
    select.innerHTML = Array.from({ length: n }, (_, t) => `<option value="${t}">${escapeHtml(fill(s.token, { t }))}</option>`).join('');
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
    this.$('.cut-summary').textContent = v.activation === 'relu'
      ? fill(s.cutSummaryRelu, { cut, total, pct })
      : fill(s.cutSummarySoft, { cut, total, pct, act, min: fmt(smallest, 4) });

    const rowNames = Array.from({ length: n }, (_, t) => fill(s.token, { t }));
    this.$('.table-pre').innerHTML = dataTableHtml(this, { caption: s.preCaption, data: r.pre, rows: n, cols: f, rowNames, corner: 't \\ j' });
    this.$('.table-post').innerHTML = dataTableHtml(this, { caption: fill(s.hiddenCaption, { act }), data: r.hidden, rows: n, cols: f, rowNames, corner: 't \\ j' });

    const flops = ffnFlopsPerToken(d, f);
    const lang = this.lang_;
    this.$('.cost').innerHTML = `
      <dt>${escapeHtml(s.params)}</dt><dd><span class="param-count">${fmtInt(r.paramCount, lang)}</span> <span class="muted">= ${escapeHtml(s.paramsFormula)} = 2·${d}·${f} + ${f} + ${d}</span></dd>
      <dt>${escapeHtml(s.flops)}</dt><dd><span class="flops">${fmtInt(flops, lang)}</span> <span class="muted">= 4·${d}·${f}</span></dd>
      <dt>d_ff / d_model</dt><dd>${(f / d).toFixed(f % d === 0 ? 0 : 2)}</dd>
      <dt></dt><dd class="muted">${escapeHtml(fill(s.forAll, { n, flops: fmtInt(flops * n, lang) }))}</dd>`;
    this.showBert();

    updateSnippets(this, 'hidden', ffnSnippets({ ...options, tokens: n, vocab: VOCAB, embeddingSeed: embeddingSeed(v.seed) }));
    this.renderSelection();
  }

  showBert() {
    const box = this.$('.bert');
    const lang = this.lang_;
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

    this.$('.rows-box').innerHTML = sharedRowsSvg({
      x: r.input, y: r.output, tokens: n, dModel: d, rowLabels, selectedRow: t0,
      limit: largestMagnitude(r.input, r.output),
      labels: { input: s.rowsInput, box: s.rowsBox, boxSub: s.rowsBoxSub, output: s.rowsOutput, title: fill(s.rowsAria, { n }) },
    });

    const limit = largestMagnitude(r.pre);
    const marks = new Uint8Array(r.pre.length);
    for (let k = 0; k < marks.length; k++) marks[k] = r.pre[k] < 0 ? 1 : 0;
    const titleOf = (t, j) => `${fill(s.token, { t })}, j = ${j}: z = ${fmt(r.pre[t * f + j])}, ${act}(z) = ${fmt(r.hidden[t * f + j])}`;
    const legend = `<span>${fmt(-limit, 2)}</span><span class="bar" style="background:${gradientCss(puor)}"></span><span>${fmt(limit, 2)}</span>`;
    this.$('.legend-pre').innerHTML = `${legend}<span class="muted">(${escapeHtml(s.legendNeg)} ↔ ${escapeHtml(s.legendPos)})</span>`;
    this.$('.legend-post').innerHTML = `${legend}<span><span class="hatch" style="background-color:${puor(0.5)}"></span> ${escapeHtml(s.legendHatch)}</span>`;
    this.$('.heat-pre').innerHTML = heatGridHtml({
      data: r.pre, rows: n, cols: f, limit, rowLabels, selectedRow: t0, kind: 'pre', titleOf,
      label: fill(s.gridAriaPre, { n, f }),
    });
    this.$('.heat-post').innerHTML = heatGridHtml({
      data: r.hidden, rows: n, cols: f, limit, marks, rowLabels, selectedRow: t0, kind: 'hidden', titleOf,
      label: fill(s.gridAriaPost, { n, f, act }),
    });
    this.$('.heat-post').classList.toggle('emphasis', this.emphasis);

    let rows = '';
    for (let j = 0; j < f; j++) {
      const z = r.pre[t0 * f + j];
      const a = r.hidden[t0 * f + j];
      const neg = z < 0;
      rows += `<tr><th scope="row">${j}</th><td data-kind="pre" data-j="${j}">${fmt(z)}</td><td data-kind="hidden" data-j="${j}" class="${neg ? 'cut' : ''}">${fmt(a)}</td><td>${escapeHtml(neg ? s.yes : s.no)}</td></tr>`;
    }
    this.$('.unit-table').innerHTML = `<table><caption>${escapeHtml(fill(s.inspectCaption, { t: t0 }))}</caption>
      <thead><tr><th scope="col">${escapeHtml(s.colUnit)}</th><th scope="col">${escapeHtml(s.colPre)}</th><th scope="col">${escapeHtml(fill(s.colPost, { act }))}</th><th scope="col">${escapeHtml(s.colCut)}</th></tr></thead>
      <tbody>${rows}</tbody></table>`;

    this.$('.curve-box').innerHTML = curveSvg({
      zs: CURVE_Z, as: this.curve,
      dotZ: r.pre.subarray(t0 * f, (t0 + 1) * f), dotA: r.hidden.subarray(t0 * f, (t0 + 1) * f),
      label: fill(s.curveAria, { act, t: t0 }),
    });
  }
}

FfnExplorer.define();
export { FfnExplorer };

// <block-flow>: one encoder block in the documents' order, as a keyboard-usable stepper:
//   1 embedding + PE   h = x + PE, computed by the module (three heat grids and a data table)
//   2 attention        every pair of tokens meets: n x n scores (explained, not computed)
//   3 Add & Norm       h' = LayerNorm(h + Attn(h)) (explained, not computed)
//   4 FFN              the same FFN for every row, followed row by row, computed by the module
//   5 Add & Norm       h'' = LayerNorm(h' + FFN(h')) (explained, not computed)
// Every step shows a "which tokens mix" map: attention fills all n x n cells, the other steps only the
// diagonal. Formulas are typeset with shared/math.js.
//
// Attributes (reflected as properties): tokens (1..10, default 4), d-model (2..16, default 8),
//   d-ff (1..64, default 32), seed (0..4294967295, default 0), step (1..5, default 1), lang.
// Read-only property: data = { x, pe, h, y, rowDiff } of the latest render (y = FFN(h), tokens x d-model).
// Keyboard: the step buttons form a tab list (←/→, Home/End); previous/next buttons; in step 4,
//   previous/next row buttons.
// Events: pe-ffn-change { name, value } when the learner changes a value or the step (name 'step');
//   pe-ffn-render after each render.
import { PeFfnElement } from './shared/base.js';
import { escapeHtml, fmt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { tex } from './shared/math.js';
import { dataTableHtml } from './shared/data-table.js';
import { blockInput, embeddingSeed } from './ffn/block-input.js';
import { rowByRowDifference } from './ffn/row-check.js';
import { heatGridCss, heatGridHtml, largestMagnitude } from './ffn/heat-grid.js';
import { sharedRowsSvg } from './ffn/figures.js';
import { mixMapCss, mixMapHtml } from './ffn/mix-map.js';
import ko from '../i18n/ko/block-flow.js';
import en from '../i18n/en/block-flow.js';

const STEP_COUNT = 5;
const ATTENTION_STEP = 2;
const FFN_STEP = 4;
const FORMULAS = [
  'h_t^{(0)} = x_t + PE(t)',
  's_{ij} = q_i \\cdot k_j \\quad (i, j = 1, \\dots, n)',
  "h' = \\mathrm{LayerNorm}(h + \\mathrm{Attn}(h))",
  '\\mathrm{FFN}(x) = \\max(0,\\, xW_1 + b_1)\\,W_2 + b_2',
  "h'' = \\mathrm{LayerNorm}(h' + \\mathrm{FFN}(h'))",
];
const MARKS = ['①', '②', '③', '④', '⑤'];

class BlockFlow extends PeFfnElement {
  static tag = 'block-flow';
  static strings = { ko, en };
  static props = {
    tokens: { type: 'int', min: 1, max: 10, default: 4 },
    'd-model': { type: 'int', min: 2, max: 16, default: 8 },
    'd-ff': { type: 'int', min: 1, max: 64, default: 32, alias: 'dFF' },
    seed: { type: 'int', min: 0, max: 4294967295, default: 0 },
    step: { type: 'int', min: 1, max: STEP_COUNT, default: 1 },
  };
  static css = `${heatGridCss}${mixMapCss}
    .steps { display: flex; flex-wrap: wrap; gap: .35rem; margin: .6rem 0; padding: 0; }
    .steps [role=tab] { display: flex; gap: .35em; align-items: center; }
    .steps [role=tab][aria-selected=true] { background: var(--pe-accent); border-color: var(--pe-accent); color: #fff; }
    .steps [role=tab].mixes { border-style: dashed; }
    .nav { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .3rem 0 .6rem; }
    .panel { border-top: 1px solid var(--pe-border); padding-top: .6rem; }
    .panel-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr)); gap: 1rem; align-items: start; }
    .grids3 { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 13rem), 1fr)); gap: .8rem; }
    .grids3 h4 { font-size: .88rem; }
    .shared-rows { width: min(100%, 30rem); display: block; }
    .big { font-weight: 700; }
  `;

  constructor() {
    super();
    this.row = 0;
    this.data = null;
  }

  build() {
    const s = this.s;
    const tabs = s.steps.map((st, i) => `<button type="button" role="tab" id="${this.id(`tab${i + 1}`)}" data-step="${i + 1}" aria-controls="${this.id('panel')}" class="${i + 1 === ATTENTION_STEP ? 'mixes' : ''}"><span aria-hidden="true">${MARKS[i]}</span><span>${escapeHtml(st.short)}</span></button>`).join('');
    this.root.innerHTML = this.cardHtml({
      fields: [
        this.field('tokens', s.tokens),
        this.field('d-model', s.dModel),
        this.field('d-ff', s.dFF),
        this.field('seed', s.seed),
      ],
      body: `<div class="steps" role="tablist" aria-label="${escapeHtml(s.stepsLabel)}">${tabs}</div>
      <div class="nav">
        <button type="button" class="prev">← ${escapeHtml(s.prev)}</button>
        <button type="button" class="next primary">${escapeHtml(s.next)} →</button>
        <span class="muted step-of" aria-live="polite"></span>
      </div>
      <p class="muted">${escapeHtml(s.keysHint)}</p>
      <div class="panel" role="tabpanel" id="${this.id('panel')}"></div>`,
    });
    const tablist = this.$('.steps');
    tablist.addEventListener('click', (e) => {
      const b = e.target.closest('[data-step]');
      if (b) this.goTo(Number(b.dataset.step));
    });
    tablist.addEventListener('keydown', (e) => {
      const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
      const now = this.values.step;
      let to = null;
      if (e.key in keys) to = ((now - 1 + keys[e.key] + STEP_COUNT) % STEP_COUNT) + 1;
      else if (e.key === 'Home') to = 1;
      else if (e.key === 'End') to = STEP_COUNT;
      if (to === null) return;
      e.preventDefault();
      this.goTo(to, true);
    });
    this.$('.prev').addEventListener('click', () => this.goTo(Math.max(1, this.values.step - 1)));
    this.$('.next').addEventListener('click', () => this.goTo(Math.min(STEP_COUNT, this.values.step + 1)));
  }

  /** Moves to a step as the learner did (reflects `step`, fires pe-ffn-change); focusTab for arrows. */
  async goTo(step, focusTab = false) {
    if (step !== this.values.step) {
      this.setValue('step', step);
      await this.updateComplete;
    }
    if (focusTab) this.$(`[data-step="${step}"]`)?.focus();
  }

  update() {
    const v = this.values;
    const n = v.tokens;
    const d = v['d-model'];
    const f = v['d-ff'];
    const { x, pe, h } = blockInput(this.core, { tokens: n, dModel: d, seed: v.seed });
    const ffnOptions = { dModel: d, dFF: f, activation: 'relu', seed: v.seed };
    const layer = this.core.createFFN(ffnOptions);
    let y;
    try {
      y = layer.forward(h);
    } finally {
      layer.dispose();
    }
    this.data = { x, pe, h, y, rowDiff: rowByRowDifference(this.core, ffnOptions, h, y) };
    if (this.row >= n) this.row = 0;
    this.renderStep();
  }

  renderStep() {
    const s = this.s;
    const v = this.values;
    const step = v.step;
    for (const tab of this.root.querySelectorAll('[role=tab]')) {
      const on = Number(tab.dataset.step) === step;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    this.$('.prev').disabled = step === 1;
    this.$('.next').disabled = step === STEP_COUNT;
    this.$('.step-of').textContent = fill(s.stepOf, { i: step, total: STEP_COUNT });
    const panel = this.$('.panel');
    panel.setAttribute('aria-labelledby', this.id(`tab${step}`));

    const n = v.tokens;
    const all = step === ATTENTION_STEP;
    const mix = `<figure>
        <h4>${escapeHtml(s.mixTitle)}</h4>
        ${mixMapHtml({ n, all, current: step === FFN_STEP ? this.row : -1, label: fill(s.mixAria, { n, filled: all ? n * n : n }) })}
        <p class="big">${escapeHtml(all ? fill(s.mixAll, { n, n2: n * n }) : fill(s.mixRow, { n }))}</p>
        <p class="muted">${escapeHtml(s.mixCaption)}${all ? ` ${escapeHtml(s.docExample)}` : ''}</p>
      </figure>`;
    panel.innerHTML = `<h4>${MARKS[step - 1]} ${escapeHtml(s.steps[step - 1].name)}</h4>
      <div class="formula">${tex(FORMULAS[step - 1], { display: true })}</div>
      <p>${escapeHtml(s.body[step - 1])}</p>
      <div class="panel-grid">${this.stepPicture(step)}${mix}</div>
      ${step === STEP_COUNT ? `<p class="muted">${escapeHtml(s.stackNote)}</p>` : ''}`;
    if (step === FFN_STEP) this.wireRows();
  }

  /** The computed picture of steps 1 and 4 (empty for the explained-only steps). */
  stepPicture(step) {
    const s = this.s;
    const v = this.values;
    const n = v.tokens;
    const d = v['d-model'];
    const { x, pe, h, y } = this.data;
    const rowLabels = Array.from({ length: n }, (_, t) => fill(s.token, { t }));
    if (step === 1) {
      const limit = largestMagnitude(x, pe, h);
      const grid = (title, data, kind) => `<figure><h4>${escapeHtml(title)}</h4>${heatGridHtml({
        data, rows: n, cols: d, limit, rowLabels, kind,
        label: fill(s.gridAria, { what: title, n, d }),
        titleOf: (t, j) => `${fill(s.token, { t })}, j = ${j}: ${fmt(data[t * d + j])}`,
      })}</figure>`;
      return `<div><div class="grids3">
          ${grid(fill(s.gridX, { eseed: embeddingSeed(v.seed) }), x, 'x')}
          ${grid(s.gridPE, pe, 'pe')}
          ${grid(s.gridH, h, 'h')}
        </div>
        ${dataTableHtml(this, { caption: s.hCaption, data: h, rows: n, cols: d, rowNames: rowLabels })}</div>`;
    }
    if (step === FFN_STEP) {
      const t0 = this.row;
      let rows = '';
      for (let j = 0; j < d; j++) rows += `<tr><th scope="row">${j}</th><td data-kind="h">${fmt(h[t0 * d + j])}</td><td data-kind="ffn">${fmt(y[t0 * d + j])}</td></tr>`;
      const diff = this.data.rowDiff;
      return `<div>
        ${sharedRowsSvg({
          x: h, y, tokens: n, dModel: d, rowLabels, selectedRow: t0, limit: largestMagnitude(h, y),
          labels: { input: s.rowsInput, box: s.rowsBox, boxSub: s.rowsBoxSub, output: s.rowsOutput, title: fill(s.rowsAria, { n, t: t0 }) },
        })}
        <div class="nav">
          <button type="button" class="prev-row">← ${escapeHtml(s.prevRow)}</button>
          <button type="button" class="next-row">${escapeHtml(s.nextRow)} →</button>
          <span class="row-now" aria-live="polite">${escapeHtml(fill(s.rowNow, { t: t0, n }))}</span>
        </div>
        <div class="scroll"><table><caption>${escapeHtml(fill(s.rowTableCaption, { t: t0 }))}</caption>
          <thead><tr><th scope="col">${escapeHtml(s.colDim)}</th><th scope="col">${escapeHtml(s.colIn)}</th><th scope="col">${escapeHtml(s.colOut)}</th></tr></thead>
          <tbody>${rows}</tbody></table></div>
        <p>${escapeHtml(fill(s.rowCheck, { diff: diff === 0 ? '0' : diff.toExponential(2) }))}</p>
      </div>`;
    }
    return '';
  }

  wireRows() {
    const n = this.values.tokens;
    const move = (dir, cls) => {
      this.row = (this.row + dir + n) % n;
      this.renderStep();
      this.$(cls)?.focus();
    };
    this.$('.prev-row').addEventListener('click', () => move(-1, '.prev-row'));
    this.$('.next-row').addEventListener('click', () => move(1, '.next-row'));
  }
}

BlockFlow.define();
export { BlockFlow };

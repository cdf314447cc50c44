// <block-flow>: the Transformer encoder block of document 001 as a keyboard-usable stepper, every
// number computed by the wasm module (core.createEncoderBlock with its trace, core.layerNorm):
//   1 embedding + PE   h = x + PE, made once before the first block        (block/input-step.js)
//   2 attention        scores and weights of each head over the token pairs, causal mask
//                                                                            (block/attention-step.js)
//   3 Add & Norm       the residual sum and LayerNorm, one token worked by hand (block/add-norm-step.js)
//   4 FFN              the same FFN row by row; attention mixes tokens, the FFN does not
//                                                                            (block/ffn-step.js)
//   5 Add & Norm       again, after the FFN                                  (block/add-norm-step.js)
// Post-norm (the paper's order) or pre-norm (GPT-2's); one block or two in a row, the second taking
// the first one's output (PE is not added again). Every picture has its data table, CSV/.npy downloads
// and the NumPy script that reproduces the numbers (block/numpy-script.js).
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Read-only property: data = the latest runFlow() result (block/compute.js): { ids, x, pe, h, eseed,
//   blocks: [{ seed, input, output, trace, addNorm, ffnIn, eps, paramCount }] }.
// Keyboard: the step buttons form a tab list (←/→, Home/End); previous/next step buttons; the block
//   buttons, the head radios, the token select and the row buttons are native controls.
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js); a step change
//   is a pe-ffn-change too (name 'step').
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h, nodes } from './shared/dom.js';
import { fill } from './shared/i18n.js';
import { texNode } from './shared/math.js';
import { wirePredict } from './shared/predict.js';
import { heatGridCss } from './ffn/heat-grid.js';
import { figuresCss } from './ffn/figures.js';
import { mixMapCss } from './block/mix-map.js';
import { runFlow } from './block/compute.js';
import { pairGridCss } from './block/pair-grid.js';
import { stackCss, stackFigure } from './block/stack-figure.js';
import { wirePictures } from './block/picture.js';
import { inputStep } from './block/input-step.js';
import { attentionStep } from './block/attention-step.js';
import { addNormStep } from './block/add-norm-step.js';
import { ffnStep } from './block/ffn-step.js';
import { INPUT_FORMULA } from './block/formulas.js';
import { blockCss } from './block/styles.js';
import { scriptPanel, wireScriptPanel, refreshScriptPanel, pictureCode } from './block/script-panel.js';
import ko from '../i18n/ko/block-flow.js';
import en from '../i18n/en/block-flow.js';
import { ACTIVATION, NORMS } from '../js/defaults.js';

const STEP_COUNT = attributes['block-flow'].step.max;
const MARKS = ['①', '②', '③', '④', '⑤'];
const STEPS = [
  (el, ctx) => inputStep(el, ctx),
  (el, ctx) => attentionStep(el, ctx),
  (el, ctx) => addNormStep(el, ctx, 0),
  (el, ctx) => ffnStep(el, ctx),
  (el, ctx) => addNormStep(el, ctx, 1),
];

/** The largest divisor of d that is at most h (heads must divide d_model). */
const headsFor = (d, h) => {
  for (let k = Math.min(h, d); k > 1; k--) if (d % k === 0) return k;
  return 1;
};

class BlockFlow extends PeFfnElement {
  static tag = 'block-flow';
  static strings = { ko, en };
  static props = attributes['block-flow'];
  static css = `${heatGridCss}${figuresCss}${mixMapCss}${pairGridCss}${stackCss}${blockCss}`;

  constructor() {
    super();
    this.row = 0;
    this.head = 0;
    this.viewBlock = 0;
    this.data = null;
  }

  adjustValues(values, notes) {
    const d = values['d-model'];
    const used = headsFor(d, values.heads);
    if (used !== values.heads) {
      notes.push({ text: fill(this.strFor().headsAdjusted, { given: values.heads, d, used }) });
      values.heads = used;
    }
  }

  build() {
    const s = this.s;
    const tabs = s.steps.map((st, i) => h('button', {
      type: 'button', role: 'tab', id: this.localId(`tab${i + 1}`), 'data-step': i + 1, 'aria-controls': this.localId('panel'), class: i === 1 ? 'mixes' : '',
    }, h('span', { 'aria-hidden': 'true', text: MARKS[i] }), h('span', { text: st.short })));
    const names = (o) => [o, s.normShort[o]];
    this.root.replaceChildren(this.card({
      fields: [
        this.field('tokens', s.tokens),
        this.field('d-model', s.dModel),
        this.field('heads', s.heads),
        this.field('d-ff', s.dFF),
        this.field('activation', s.activation, { kind: 'select', options: [[ACTIVATION.RELU, 'ReLU'], [ACTIVATION.GELU, 'GELU']] }),
        this.field('norm', s.norm, { kind: 'select', options: NORMS.map(names) }),
        this.field('blocks', s.blocks),
        this.field('seed', s.seed),
      ],
      body: [
        h('div', { class: 'steps', role: 'tablist', 'aria-label': s.stepsLabel }, tabs),
        h('div', { class: 'nav' },
          h('button', { type: 'button', class: 'prev', text: `← ${s.prev}` }),
          h('button', { type: 'button', class: 'next primary', text: `${s.next} →` }),
          h('span', { class: 'muted step-of', 'aria-live': 'polite' })),
        h('p', { class: 'muted', text: s.keysHint }),
        h('div', { class: 'panel', role: 'tabpanel', id: this.localId('panel') }),
        scriptPanel(this),
      ],
    }));
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
    const panel = this.$('.panel');
    panel.addEventListener('click', (e) => this.onPanelClick(e));
    panel.addEventListener('change', (e) => this.onPanelChange(e));
    wireScriptPanel(this);
  }

  /** Moves to a step as the learner did (reflects `step`, fires pe-ffn-change); focusTab for arrows. */
  async goTo(step, focusTab = false) {
    if (step !== this.values.step) {
      this.setValue('step', step);
      await this.updateComplete;
    }
    if (focusTab) this.$(`[data-step="${step}"]`)?.focus();
  }

  onPanelClick(e) {
    const target = e.target.closest('button');
    if (!target) return;
    const n = this.values.tokens;
    if (target.dataset.viewBlock !== undefined) {
      this.viewBlock = Number(target.dataset.viewBlock);
      this.renderStep(`[data-view-block="${this.viewBlock}"]`);
      refreshScriptPanel(this);
    } else if (target.classList.contains('prev-row') || target.classList.contains('next-row')) {
      const dir = target.classList.contains('next-row') ? 1 : -1;
      this.row = (this.row + dir + n) % n;
      this.renderStep(target.classList.contains('next-row') ? '.next-row' : '.prev-row');
    }
  }

  onPanelChange(e) {
    const t = e.target;
    if (t.dataset.head !== undefined) {
      this.head = Number(t.dataset.head);
      this.renderStep(`[data-head="${this.head}"]`);
    } else if (t.hasAttribute('data-row-select')) {
      this.row = Number(t.value);
      this.renderStep('[data-row-select]');
    }
  }

  update() {
    const v = this.values;
    this.data = runFlow(this.core, {
      tokens: v.tokens, dModel: v['d-model'], heads: v.heads, dFF: v['d-ff'], activation: v.activation,
      norm: v.norm, causal: v.causal, seed: v.seed, blocks: v.blocks,
    });
    if (this.row >= v.tokens) this.row = 0;
    if (this.head >= v.heads) this.head = 0;
    if (this.viewBlock >= v.blocks) this.viewBlock = 0;
    this.renderStep();
    refreshScriptPanel(this);
  }

  /** What every step view reads: the values, the module's results and the learner's choices. */
  viewContext() {
    const v = this.values;
    const n = v.tokens;
    const d = v['d-model'];
    const b = this.viewBlock;
    return {
      s: this.s, values: v, flow: this.data, n, d, b, block: this.data.blocks[b], head: this.head, row: this.row,
      mixShown: Boolean(this.prediction?.shown),
      // expr: the picture's array in the NumPy code's names; input: a picture of step ① (before the blocks).
      exportOf: (key, data, shape, expr, { input = false, file, rowNames, colNames } = {}) => {
        const tag = [key, file, `T${n}`, `d${d}`, `seed${v.seed}`].filter(Boolean).join('_');
        const name = input ? tag : `block${b + 1}_${tag}`;
        return {
          key, name, data, shape, corner: 'token',
          rowNames: rowNames ?? Array.from({ length: shape[0] }, (_, t) => `token ${t}`), colNames,
          code: pictureCode(this, { expr, input, file: name }),
        };
      },
    };
  }

  /**
   * The predict-then-reveal of step ④: revealing shows the two mixing maps. The learner's choice and
   * the reveal survive the redraws of that step (next row, another head).
   */
  wireMixPrediction() {
    const box = this.$('[data-predict="mixes"]');
    const restore = this.prediction;
    wirePredict(this, 'mixes', {
      answer: 1,
      explain: () => this.s.predictExplain,
      onReveal: (shown) => {
        this.prediction = { shown, choice: box.querySelector('input:checked')?.value };
        this.$('.mix-reveal').hidden = !shown;
      },
    });
    if (restore?.choice !== undefined) box.querySelector(`input[value="${restore.choice}"]`).checked = true;
    if (restore?.shown) box.querySelector('button').click();
  }

  /** Draws the current step; focusSelector: a control to give the focus back to after the redraw. */
  renderStep(focusSelector) {
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
    panel.setAttribute('aria-labelledby', this.localId(`tab${step}`));
    const ctx = this.viewContext();
    const { node, exports } = STEPS[step - 1](this, ctx);
    const b = this.viewBlock;
    panel.replaceChildren(nodes(
      h('h4', { text: `${MARKS[step - 1]} ${s.steps[step - 1].name}${step > 1 && v.blocks > 1 ? ` · ${fill(s.blockN, { b: b + 1 })}` : ''}` }),
      step === 1 ? h('div', { class: 'formula' }, texNode(INPUT_FORMULA, { display: true })) : null,
      stackFigure({ s, blocks: v.blocks, current: step === 1 ? -1 : b }),
      step === 1 ? null : h('p', { class: 'block-note', text: b === 0 ? fill(s.blockInputFirst, { b: 1 }) : fill(s.blockInputNext, { b: b + 1, prev: b, seed: ctx.block.seed }) }),
      node,
      step === STEP_COUNT ? h('p', { class: 'muted', text: v.blocks > 1 ? s.stackNoteTwo : s.stackNote }) : null));
    wirePictures(this, exports);
    if (step === 4) this.wireMixPrediction();
    this.syncControls();
    if (focusSelector) this.$(focusSelector)?.focus();
  }
}

BlockFlow.define();
export { BlockFlow };

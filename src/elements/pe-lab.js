// <pe-lab>: the position lab. A small Transformer (core.createTransformer) trained on the reader's
// device, in module Web Workers (lab/client.js, lab/train-worker.js), on one of the package's tasks
// (createTask), with every position scheme side by side: does it learn word order, or fail to? The
// experiments (position, longer, inside, dff) are one file each in lab/experiments/. Each asks for a
// prediction first. Curves are SVG (lab/line-chart.js), every picture has its table of numbers; the
// final results are a table. A share link replays a run bit for bit; a trained model downloads as
// safetensors with its PyTorch script, and loads back; curves as CSV.
//
// This file is the element's life cycle: its settings, its DOM, and starting, pausing and resetting a
// training. Drawing is lab/draw.js; files and the share link lab/files.js.
//
// Attributes: declared in attributes.js (docs/elements.md lists them); an attribute the page does not
// set takes its experiment's value (lab/experiments/).
// Methods: start() (or resume), pause(), reset(). Read-only property `results`: { plan, points,
//   final, losses, seconds, loaded } of the latest run.
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js), and:
//   @fires pe-lab-progress - detail { step, runs: [{ scheme, causal, dFF, loss, accuracy }] } at every
//     held-out evaluation (loss and accuracy on held-out sequences)
//   @fires pe-lab-done - detail { steps, seconds, runs: [{ scheme, causal, dFF, loss, accuracy,
//     accuracyByLength (null unless tested), losses (Float64Array: the training loss of every step),
//     seconds, params }] }
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h } from './shared/dom.js';
import { fmt, fmtInt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { configuredWasm } from './shared/core.js';
import { predictPanel, wirePredict } from './shared/predict.js';
import { createTask } from '../js/index.js';
import { parameterCount, resolveOptions } from '../js/transformer.js';
import { SCHEMES, TRAINING } from './lab/presets.js';
import { EXPERIMENTS, experimentOf } from './lab/experiments/index.js';
import { GOVERNED, labSettings } from './lab/settings.js';
import { LabTraining, wasmForWorker } from './lab/client.js';
import { doneSummary } from './lab/results.js';
import { insidePanel } from './lab/inside.js';
import { readLabParams } from './lab/share-link.js';
import { drawInside, drawResults, drawRunBar, fillRunPickers, scheduleDraw, setView } from './lab/draw.js';
import { copyShareLink, downloadCurves, downloadModel, downloadScript, loadModel } from './lab/files.js';
import { labCss } from './lab/styles.js';
import ko from '../i18n/ko/pe-lab.js';
import en from '../i18n/en/pe-lab.js';

const PROPS = attributes['pe-lab'];
/** A count to two significant digits: the runs of a plan differ in size, so the note gives one figure for all. */
const roundedCount = (n) => (n < 100 ? n : Number(n.toPrecision(2)));

/** What a share link carries: every setting that shapes a run. */
const SHARED = Object.keys(PROPS).filter((name) => name !== 'url-params');

class PeLab extends PeFfnElement {
  static tag = 'pe-lab';
  static strings = { ko, en };
  static props = PROPS;
  static css = labCss;
  static rerenderOnResize = true; // the charts' drawing width follows the card's (lab/result-views.js)

  constructor() {
    super();
    this.training = null;
    this.state = null;          // { plan, points, final, losses, seconds } of the latest run
    this.loaded = null;         // { name, config, final, snapshot, metadata, plan } of a loaded file
    this.snapshot = null;
    this.positions = new Map(); // run index -> latest learned table rows
    this.viewRun = 0;
    this.viewExample = 0;
    this.progress = null;
    this.announced = 0;         // quarters announced
    this.sharedRead = false;
    this.drawTimer = 0;
    this.lastDraw = 0;
    this.resultsGeneration = 0;
    this.pendingStart = null;   // the start() call waiting for its render, if any
    this.divergedAt = null;     // the step at which the run's loss stopped being a finite number
    this.loading = null;        // the AbortController of the model file being loaded (loadModel)
    this.pauseAsked = false;
  }

  get results() {
    return this.state && { ...this.state, loaded: this.loaded };
  }

  connectedCallback() {
    this.readSharedLink();
    super.connectedCallback();
  }

  /** Stops training once the element has left the page: a move (the page rebuilds its sections on a
   * language switch) disconnects and reconnects it in one task, and the training goes on. */
  teardown() {
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.loading?.abort();
      this.training?.dispose();
      this.training = null;
      clearTimeout(this.drawTimer);
    });
  }

  /** A share link's settings become attributes once, before the first render. */
  readSharedLink() {
    if (this.sharedRead) return;
    this.sharedRead = true;
    const found = readLabParams(location.search, this.getAttribute('url-params') ?? PROPS['url-params'].default, SHARED);
    for (const [name, value] of Object.entries(found)) this.setAttribute(name, value);
    this.fromLink = Object.keys(found).length > 0;
  }

  adjustValues(v, notes) {
    const made = labSettings(v, (name) => this.hasAttribute(name), this.strFor());
    Object.assign(v, made.values);
    notes.push(...made.notes);
    this.settings = made.settings;
    this.nextPlan = made.plan;
  }

  build() {
    const s = this.s;
    const button = (cls, text, disabled = false) => h('button', { type: 'button', class: cls, disabled, text });
    const row = (...children) => h('div', { class: 'row' }, children);
    this.root.replaceChildren(this.card({
      fields: [],
      beforeControls: [
        h('div', { class: 'experiments', role: 'tablist', 'aria-label': s.experimentsLabel },
          EXPERIMENTS.map((e) => h('button', { type: 'button', role: 'tab', 'data-experiment': e, id: this.localId(`tab-${e}`), 'aria-controls': this.localId('panel'), text: s.experiments[e].tab }))),
        h('div', { class: 'experiment', role: 'tabpanel', id: this.localId('panel') }, h('p', { class: 'about' }), h('div', { class: 'predict-box' })),
      ],
      afterControls: h('div', { class: 'settings' },
        h('div', { class: 'controls' },
          this.field('task', s.task, { kind: 'select', options: Object.entries(s.tasks) }),
          this.field('length', s.length),
          this.field('steps', s.steps),
          this.field('seed', s.seed)),
        h('p', { class: 'muted mono task-about' }),
        h('details', { class: 'model-settings' }, h('summary', { text: s.modelSettings }),
          h('div', { class: 'controls' },
            h('fieldset', { class: 'schemes' }, h('legend', { text: s.schemes }),
              SCHEMES.map((name) => h('label', null, h('input', { type: 'checkbox', 'data-scheme': name }), ` ${s.schemeNames[name]}`))),
            this.field('causal', s.causal, { kind: 'select', options: Object.entries(s.causalOptions) })),
          h('div', { class: 'controls' },
            this.field('d-model', s.dModel),
            this.field('heads', s.heads),
            h('div', { class: 'field' }, h('label', { for: this.localId('d-ff'), text: s.dFF }),
              h('input', { id: this.localId('d-ff'), type: 'text', 'data-prop': 'd-ff', inputmode: 'numeric', autocomplete: 'off' })),
            this.field('layers', s.layers)),
          h('p', { class: 'muted fixed-note' })),
        h('p', { class: 'muted locked-note', hidden: true, text: s.settingsLocked })),
      body: [
        h('div', { class: 'run-bar' },
          button('primary start', s.start), button('pause', s.pause, true), button('reset', s.reset, true),
          h('progress', { max: 1, value: 0, 'aria-labelledby': this.localId('status') })),
        h('p', { class: 'status', id: this.localId('status') }),
        h('p', { class: 'visually-hidden announce', role: 'status', 'aria-live': 'polite' }),
        h('section', { class: 'results' },
          h('div', { class: 'charts' }),
          h('div', { class: 'by-length' }),
          h('h4', { text: s.resultsTitle }),
          h('div', { class: 'final-box' }, h('p', { class: 'muted', text: s.insideNoRun }))),
        h('p', { class: 'toy' }), // after the results: the charts come right under the run bar
        h('details', { class: 'inside' }, h('summary', { text: s.insideTitle }), insidePanel(this)),
        h('section', { class: 'downloads' },
          h('h4', { text: s.downloadsTitle }),
          row(button('csv', s.downloadCurves, true)),
          row(h('div', { class: 'field' }, h('label', { for: this.localId('save-run'), text: s.downloadRun }), h('select', { id: this.localId('save-run'), class: 'save-run' })),
            button('save-model', s.downloadModel, true), button('save-script', s.downloadScript, true)),
          h('p', { class: 'muted', text: s.scriptNote }),
          row(h('label', { class: 'file' }, h('span', { text: s.loadModel }), h('input', { type: 'file', class: 'load', accept: '.safetensors,application/octet-stream' }))),
          h('p', { class: 'load-status', role: 'status' }),
          row(button('share', s.share)),
          h('p', { class: 'share-status', role: 'status' })),
      ],
    }));
    const tablist = this.$('.experiments');
    tablist.addEventListener('click', (e) => {
      const tab = e.target.closest('[data-experiment]');
      if (tab) this.chooseExperiment(tab.dataset.experiment);
    });
    tablist.addEventListener('keydown', (e) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      const at = EXPERIMENTS.indexOf(this.values.experiment);
      const to = step ? EXPERIMENTS[(at + step + EXPERIMENTS.length) % EXPERIMENTS.length] : e.key === 'Home' ? EXPERIMENTS[0] : e.key === 'End' ? EXPERIMENTS.at(-1) : null;
      if (!to) return;
      e.preventDefault();
      this.chooseExperiment(to).then(() => this.$(`[data-experiment="${to}"]`)?.focus());
    });
    this.$('fieldset.schemes').addEventListener('change', () => {
      const on = [...this.root.querySelectorAll('[data-scheme]')].filter((b) => b.checked).map((b) => b.dataset.scheme);
      if (on.length) this.setValue('schemes', on.join(','));
      else this.syncSchemes();
    });
    this.$('.start').addEventListener('click', () => this.start());
    this.$('.pause').addEventListener('click', () => this.pause());
    this.$('.reset').addEventListener('click', () => this.reset());
    this.$('.csv').addEventListener('click', () => downloadCurves(this));
    this.$('.save-model').addEventListener('click', () => downloadModel(this));
    this.$('.save-script').addEventListener('click', () => downloadScript(this));
    this.$('.load').addEventListener('change', (e) => { const f = e.target.files?.[0]; if (f) loadModel(this, f); });
    this.$('.share').addEventListener('click', () => copyShareLink(this, SHARED));
    this.$('.view-run').addEventListener('change', (e) => setView(this, Number(e.target.value), this.viewExample));
    this.$('.view-example').addEventListener('change', (e) => {
      const n = Math.max(0, Math.min(TRAINING.evalSequences - 1, Math.round(Number(e.target.value)) || 0));
      e.target.value = String(n);
      setView(this, this.viewRun, n);
    });
    this.$('.view-example').max = String(TRAINING.evalSequences - 1);
    this.$('details.inside').addEventListener('toggle', () => drawInside(this));
    this.predictFor = null;
  }

  /** The experiment tab: its own values for everything it governs (the reader's changes are dropped). */
  async chooseExperiment(experiment) {
    if (experiment === this.values.experiment || this.locked()) return;
    for (const name of GOVERNED) this.removeAttribute(name);
    this.setValue('experiment', experiment);
    await this.updateComplete;
  }

  locked() {
    return this.training?.state === 'running' || this.training?.state === 'paused';
  }

  /** The plan shown: the run's while there is one, else what Start would train. */
  shownPlan() {
    return this.state?.plan ?? this.nextPlan;
  }

  update() {
    const s = this.s;
    const v = this.values;
    const plan = this.shownPlan();
    for (const tab of this.root.querySelectorAll('[role=tab]')) {
      const on = tab.dataset.experiment === v.experiment;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
    }
    const e = s.experiments[v.experiment];
    this.$('.experiment').setAttribute('aria-labelledby', this.localId(`tab-${v.experiment}`));
    this.$('.about').textContent = fill(e.about, { lo: plan.trainLengths[0], hi: plan.trainLengths[1], hi2: plan.testLengths?.at(-1) ?? plan.length });
    if (this.predictFor !== `${v.experiment}:${this.language}`) this.buildPredict(v.experiment);
    this.$('.task-about').textContent = s.taskAbout[v.task];
    this.$('.fixed-note').textContent = fill(s.fixedNote, { vocab: TRAINING.vocab, batch: TRAINING.batch, lr: TRAINING.lr, seed: v.seed });
    this.syncSchemes();
    const locked = this.locked();
    for (const el of this.root.querySelectorAll('.settings input, .settings select')) el.disabled = locked;
    this.$('.settings').toggleAttribute('data-locked', locked);
    this.$('.locked-note').hidden = !locked;
    const first = this.nextPlan;
    const symbols = createTask(first.task, { vocab: first.vocab, length: first.length }).symbols;
    this.$('.toy').textContent = fill(s.toyNote, { params: fmtInt(roundedCount(this.paramsOf(first)), this.language), symbols, T: first.sequenceLength });
    drawRunBar(this);
    drawResults(this);
    fillRunPickers(this);
    drawInside(this);
  }

  /** Parameters of the plan's first run, from its shapes (no model is built on the page's thread). */
  paramsOf(plan) {
    const options = plan.runs[0]?.model;
    return options ? parameterCount(resolveOptions(options)) : 0;
  }

  syncSchemes() {
    const on = new Set(this.settings.schemes);
    for (const box of this.root.querySelectorAll('[data-scheme]')) box.checked = on.has(box.dataset.scheme);
  }

  buildPredict(experiment) {
    const s = this.s;
    const e = s.experiments[experiment];
    this.predictFor = `${experiment}:${this.language}`;
    this.$('.predict-box').replaceChildren(predictPanel(this, `lab-${experiment}`, { question: e.question, options: e.options }));
    wirePredict(this, `lab-${experiment}`, { answer: e.answer, explain: () => this.explain(experiment) });
  }

  /** The experiment's explanation, with this run's own numbers once it has them. */
  explain(experiment) {
    const s = this.s;
    const e = s.experiments[experiment];
    const plan = this.shownPlan();
    const pct = (x) => (x === null || x === undefined ? '—' : fmt(100 * x, 1));
    let text = fill(e.explain, { bound: pct(plan.positionBlindBound), chance: pct(plan.chance) });
    const final = this.state?.final;
    if (!final || !e.measured || this.state.plan.experiment !== experiment) return text;
    const values = experimentOf(experiment).measured?.({ plan, final, seconds: this.state.seconds }, { pct, fmt });
    if (values) text += ` ${fill(e.measured, values)}`;
    return text;
  }

  // ---- training ----

  /**
   * The last call wins: start() waits for the render of the latest settings, and a pause() or reset()
   * made meanwhile (in the same task, say) is not lost: a reset (or a newer start) cancels this one,
   * a pause pauses the run as soon as it starts.
   */
  async start() {
    const call = {};
    this.pendingStart = call;
    this.pauseAsked = false;
    await this.updateComplete;
    if (this.pendingStart !== call) return;
    this.pendingStart = null;
    if (this.training?.state === 'paused') {
      this.training.resume();
      this.announce(this.s.announceResumed);
      drawRunBar(this);
      if (this.pauseAsked) this.pause();
      return;
    }
    if (this.training?.state === 'running') return;
    this.training?.dispose();
    const plan = this.nextPlan;
    this.divergedAt = null;
    this.state = { plan, points: [], final: null, losses: null, seconds: null };
    this.snapshot = null;
    this.positions.clear();
    this.announced = 0;
    this.progress = null;
    if (this.viewRun >= plan.runs.length) this.viewRun = 0;
    this.training = new LabTraining(plan, {
      wasm: wasmForWorker(configuredWasm()),
      onProgress: (p) => this.onProgress(p),
      onPoint: (p) => this.onPoint(p),
      onDone: (d) => this.onDone(d),
      onSnapshot: (snap) => { if (snap.index === this.viewRun && snap.example === this.viewExample) { this.snapshot = snap; scheduleDraw(this); } },
      onError: (error) => this.onError(error),
      onDiverged: ({ step }) => this.onDiverged(step),
    });
    this.training.view(this.viewRun, this.viewExample);
    this.training.start();
    this.announce(fill(this.s.announceStart, { runs: plan.runs.length, steps: fmtInt(plan.steps, this.language) }));
    if (this.pauseAsked) this.pause();
    // The settings lock and the empty charts in a task of their own: with the workers' start in the
    // same task it came to 50-70 ms on a loaded 2-core machine (a long task as training began).
    setTimeout(() => this.requestRender(), 0);
  }

  pause() {
    if (this.pendingStart) this.pauseAsked = true;   // the pending start() pauses once started
    if (this.training?.state !== 'running') return;
    this.training.pause();
    this.announce(this.s.announcePaused);
    drawRunBar(this);
    drawResults(this); // the tables fill in
  }

  reset() {
    this.pendingStart = null;   // a pending start() is cancelled
    this.divergedAt = null;
    this.training?.dispose();
    this.training = null;
    this.state = null;
    this.snapshot = null;
    this.positions.clear();
    this.progress = null;
    this.announce(this.s.announceReset);
    this.requestRender();
  }

  onProgress(p) {
    this.progress = p;
    const quarter = Math.floor((4 * p.step) / this.state.plan.steps);
    if (quarter > this.announced && quarter < 4) {
      this.announced = quarter;
      this.announce(fill(this.s.announceQuarter, { pct: 25 * quarter, step: fmtInt(p.step, this.language) }));
    }
    scheduleDraw(this);
  }

  onPoint(point) {
    // The held-out loss too: a worker that does not report its training loss's divergence still stops.
    if (point.runs.some((r) => !Number.isFinite(r.loss))) {
      this.onDiverged(point.step);
      return;
    }
    this.state.points.push(point);
    for (const r of point.runs) if (r.positions) this.positions.set(r.index, r.positions);
    scheduleDraw(this);
    this.dispatchEvent(new CustomEvent('pe-lab-progress', {
      bubbles: true, composed: true,
      detail: { step: point.step, runs: point.runs.map((r) => ({ ...this.runKey(r.index), loss: r.loss, accuracy: r.accuracy })) },
    }));
  }

  runKey(index) {
    const { scheme, causal, dFF } = this.state.plan.runs[index];
    return { scheme, causal, dFF };
  }

  onDone(done) {
    Object.assign(this.state, { final: done.final, losses: done.losses, seconds: done.seconds, elapsed: done.elapsed });
    const s = this.s;
    const plan = this.state.plan;
    this.announce(doneSummary(s, plan, done.final));
    setTimeout(() => this.requestRender(), 0); // the tables in a task of their own, not in this message's
    this.dispatchEvent(new CustomEvent('pe-lab-done', {
      bubbles: true, composed: true,
      detail: {
        steps: plan.steps, seconds: done.elapsed,
        runs: done.final.map((f, i) => ({
          ...this.runKey(i), loss: f.loss, accuracy: f.accuracy, accuracyByLength: f.accuracyByLength,
          losses: done.losses[i], seconds: done.seconds[i], params: f.params,
        })),
      },
    }));
  }

  /** A run's loss is not a finite number: the training stops there (nothing after it is worth drawing). */
  onDiverged(step) {
    if (this.divergedAt) return;
    this.divergedAt = step;
    this.training?.fail(`diverged at step ${step}`);
  }

  onError(error) {
    this.failure = error.message;
    this.announce(this.failureText());
    this.requestRender();
  }

  failureText() {
    return this.divergedAt ? fill(this.s.diverged, { step: fmtInt(this.divergedAt, this.language) }) : fill(this.s.failed, { message: this.failure });
  }

  announce(text) {
    const live = this.$('.announce');
    if (live) live.textContent = text;
  }

  // ---- drawing ----

  // ---- downloads, loading, sharing ----

  showNotes() {
    super.showNotes();
    if (this.fromLink && this.$('.notes')) {
      const box = this.$('.notes');
      box.textContent = [this.s.sharedSettings, box.textContent].filter(Boolean).join(' ');
    }
  }
}

PeLab.define();
export { PeLab };

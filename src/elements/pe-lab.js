// <pe-lab>: the position lab. A small Transformer (core.createTransformer) trained on the reader's
// device, in module Web Workers (lab/client.js, lab/train-worker.js), on one of the package's tasks
// (createTask), with every position scheme side by side: does it learn word order, or fail to?
//   ① position   reverse with none, sinusoidal, learned, RoPE, ALiBi, without and with the causal mask
//   ② longer     trained on lengths up to L, tested up to 2L: accuracy by length per scheme
//   ③ inside     the learned table's similarity matrix beside the sinusoid's; attention per layer/head
//   ④ dff        several d_ff: loss against steps and against seconds
// Each experiment asks for a prediction first. Curves are SVG (lab/line-chart.js), every picture has
// its table of numbers; the final results are a table. A share link replays a run bit for bit; a
// trained model downloads as safetensors with its PyTorch script, and loads back; curves as CSV.
//
// Attributes: declared in attributes.js (docs/elements.md lists them); an attribute the page does not
// set takes its experiment's value (lab/presets.js).
// Methods: start() (or resume), pause(), reset(). Read-only property `results`: { plan, points,
//   final, losses, seconds, loaded } of the latest run.
// Events (besides the shared pe-ffn-change and pe-ffn-render):
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
import { saveFile } from './shared/data-export.js';
import { pytorchScript, createTask } from '../js/index.js';
import { parameterCount, resolveOptions } from '../js/transformer.js';
import { EXPERIMENTS, SCHEMES, TRAINING, presetValue } from './lab/presets.js';
import { labPlan, masksOf, parseDFFs, parseSchemes } from './lab/plan.js';
import { LabTraining, loadInWorker, wasmForWorker, workerCount } from './lab/client.js';
import { curvesCsv, doneSummary, runLabel } from './lab/results.js';
import { byLength, curveChart, curveCharts, finalTable, guidesNote, refreshCurveCharts } from './lab/result-views.js';
import { drawAttention, drawSimilarity, exampleText, insidePanel } from './lab/inside.js';
import { labShareUrl, readLabParams } from './lab/share-link.js';
import { labCss } from './lab/styles.js';
import ko from '../i18n/ko/pe-lab.js';
import en from '../i18n/en/pe-lab.js';

const PROPS = attributes['pe-lab'];
/** The attributes an experiment sets when the page does not (lab/presets.js). */
const GOVERNED = Object.keys(PROPS).filter((name) => presetValue('position', name) !== undefined);
/** What a share link carries: every setting that shapes a run. */
/** A count to two significant digits: the runs of a plan differ in size, so the note gives one figure for all. */
const roundedCount = (n) => (n < 100 ? n : Number(n.toPrecision(2)));

const SHARED = Object.keys(PROPS).filter((name) => name !== 'url-params');
const DFF_RANGE = [1, 1024];
const REDRAW_MS = { normal: 250, reduced: 2000 };

/** The largest divisor of d that is at most h, with an even quotient when `even` (RoPE's pairs). */
function headsFor(d, h, even) {
  for (let k = Math.min(h, d); k >= 1; k--) if (d % k === 0 && (!even || (d / k) % 2 === 0)) return k;
  return 1;
}

/**
 * Runs draw(), which replaces parts of `root`'s DOM (returning what it returns), and opens again the <details> that were open
 * (found again by the data-chart or data-matrix of their figure), so a redraw never folds what the
 * reader unfolded.
 */
function keepingOpen(root, draw) {
  const keyOf = (details) => {
    const figure = details.closest('[data-chart], [data-matrix]');
    return figure ? `${figure.dataset.chart ?? ''}/${figure.dataset.matrix ?? ''}` : null;
  };
  const open = new Set([...root.querySelectorAll('figure details[open]')].map(keyOf).filter(Boolean));
  const drew = draw();
  for (const details of root.querySelectorAll('figure details')) if (open.has(keyOf(details))) details.open = true;
  return drew;
}

/** Replaces a part's children by make()'s when `key` (a string naming what it is drawn from) differs
 * from the one it was last drawn for; true when it drew. */
function setPart(node, key, make) {
  if (node.drawnKey === key) return false;
  node.replaceChildren(...[make()].flat().filter(Boolean));
  node.drawnKey = key;
  return true;
}

/** A new task: scheduler.yield() where there is one (its continuation runs first), else a timer. */
const nextTask = () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));

/** A plan's identity as text, computed once per plan object (a render makes a new plan object). */
const planKeys = new WeakMap();
function planKey(plan) {
  if (!planKeys.has(plan)) planKeys.set(plan, JSON.stringify(plan));
  return planKeys.get(plan);
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

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
    const s = this.strFor();
    for (const name of GOVERNED) {
      if (!this.hasAttribute(name)) v[name] = presetValue(v.experiment, name);
    }
    const { schemes, unknown } = parseSchemes(v.schemes);
    if (unknown.length) notes.push({ text: fill(s.unknownSchemes, { words: unknown.join(', ') }) });
    const { values: dFFs, bad } = parseDFFs(v['d-ff'], ...DFF_RANGE);
    if (bad.length) notes.push({ text: fill(s.badDFF, { words: bad.join(', ') }) });
    const settings = {
      experiment: v.experiment, task: v.task, length: v.length, steps: v.steps, seed: v.seed,
      schemes: schemes.length ? schemes : parseSchemes(presetValue(v.experiment, 'schemes')).schemes,
      masks: masksOf(v.causal),
      dFFs: dFFs.length ? dFFs : parseDFFs(presetValue(v.experiment, 'd-ff'), ...DFF_RANGE).values,
      dModel: v['d-model'], layers: v.layers,
    };
    settings.heads = headsFor(v['d-model'], v.heads, settings.schemes.includes('rope'));
    if (settings.heads !== v.heads) notes.push({ text: fill(s.headsNote, { d: v['d-model'], used: settings.heads }) });
    this.settings = settings;
    this.nextPlan = labPlan(settings);
    if (this.nextPlan.cut) notes.push({ text: fill(s.cutRuns, { max: TRAINING.maxRuns, cut: this.nextPlan.cut }) });
  }

  build() {
    const s = this.s;
    const button = (cls, text, disabled = false) => h('button', { type: 'button', class: cls, disabled, text });
    const row = (...children) => h('div', { class: 'row' }, children);
    this.root.replaceChildren(this.card({
      fields: [],
      beforeControls: [
        h('div', { class: 'experiments', role: 'tablist', 'aria-label': s.experimentsLabel },
          EXPERIMENTS.map((e) => h('button', { type: 'button', role: 'tab', 'data-experiment': e, id: this.id(`tab-${e}`), 'aria-controls': this.id('panel'), text: s.experiments[e].tab }))),
        h('div', { class: 'experiment', role: 'tabpanel', id: this.id('panel') }, h('p', { class: 'about' }), h('div', { class: 'predict-box' })),
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
            h('div', { class: 'field' }, h('label', { for: this.id('d-ff'), text: s.dFF }),
              h('input', { id: this.id('d-ff'), type: 'text', 'data-prop': 'd-ff', inputmode: 'numeric', autocomplete: 'off' })),
            this.field('layers', s.layers)),
          h('p', { class: 'muted fixed-note' })),
        h('p', { class: 'muted locked-note', hidden: true, text: s.settingsLocked })),
      body: [
        h('div', { class: 'run-bar' },
          button('primary start', s.start), button('pause', s.pause, true), button('reset', s.reset, true),
          h('progress', { max: 1, value: 0, 'aria-labelledby': this.id('status') })),
        h('p', { class: 'status', id: this.id('status') }),
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
          row(h('div', { class: 'field' }, h('label', { for: this.id('save-run'), text: s.downloadRun }), h('select', { id: this.id('save-run'), class: 'save-run' })),
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
    this.$('.csv').addEventListener('click', () => this.downloadCurves());
    this.$('.save-model').addEventListener('click', () => this.downloadModel());
    this.$('.save-script').addEventListener('click', () => this.downloadScript());
    this.$('.load').addEventListener('change', (e) => { const f = e.target.files?.[0]; if (f) this.loadModel(f); });
    this.$('.share').addEventListener('click', () => this.copyShareLink());
    this.$('.view-run').addEventListener('change', (e) => this.setView(Number(e.target.value), this.viewExample));
    this.$('.view-example').addEventListener('change', (e) => {
      const n = Math.max(0, Math.min(TRAINING.evalSequences - 1, Math.round(Number(e.target.value)) || 0));
      e.target.value = String(n);
      this.setView(this.viewRun, n);
    });
    this.$('.view-example').max = String(TRAINING.evalSequences - 1);
    this.$('details.inside').addEventListener('toggle', () => this.drawInside());
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
    this.$('.experiment').setAttribute('aria-labelledby', this.id(`tab-${v.experiment}`));
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
    this.drawRunBar();
    this.drawResults();
    this.fillRunPickers();
    this.drawInside();
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
    const at = (scheme, causal) => final.find((_, i) => plan.runs[i].scheme === scheme && plan.runs[i].causal === causal);
    if (experiment === 'position') {
      text += ` ${fill(e.measured, { none: pct(at('none', false)?.accuracy), noneCausal: pct(at('none', true)?.accuracy) })}`;
    } else if (experiment === 'longer') {
      const sin = final.find((_, i) => plan.runs[i].scheme === 'sinusoidal');
      const hi = plan.trainLengths[1];
      const by = (n) => sin?.accuracyByLength.find((a) => a.length === n)?.accuracy;
      if (sin) text += ` ${fill(e.measured, { hi, next: hi + 1, sinAt: pct(by(hi)), sinNext: pct(by(hi + 1)) })}`;
    } else if (experiment === 'dff') {
      const times = plan.runs.map((r, i) => `d_ff ${r.dFF}: ${fmt((1000 * this.state.seconds[i]) / plan.steps, 1)} ms`).join(', ');
      text += ` ${fill(e.measured, { times })}`;
    }
    return text;
  }

  // ---- training ----

  async start() {
    await this.updateComplete;
    if (this.training?.state === 'paused') {
      this.training.resume();
      this.announce(this.s.announceResumed);
      this.drawRunBar();
      return;
    }
    if (this.training?.state === 'running') return;
    this.training?.dispose();
    const plan = this.nextPlan;
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
      onSnapshot: (snap) => { if (snap.index === this.viewRun && snap.example === this.viewExample) { this.snapshot = snap; this.scheduleDraw(); } },
      onError: (error) => this.onError(error),
    });
    this.training.view(this.viewRun, this.viewExample);
    this.training.start();
    this.announce(fill(this.s.announceStart, { runs: plan.runs.length, steps: fmtInt(plan.steps, this.language) }));
    // The settings lock and the empty charts in a task of their own: with the workers' start in the
    // same task it came to 50-70 ms on a loaded 2-core machine (a long task as training began).
    setTimeout(() => this.requestRender(), 0);
  }

  pause() {
    if (this.training?.state !== 'running') return;
    this.training.pause();
    this.announce(this.s.announcePaused);
    this.drawRunBar();
    this.drawResults(); // the tables fill in
  }

  reset() {
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
    this.scheduleDraw();
  }

  onPoint(point) {
    this.state.points.push(point);
    for (const r of point.runs) if (r.positions) this.positions.set(r.index, r.positions);
    this.scheduleDraw();
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

  onError(error) {
    this.failure = error.message;
    this.announce(fill(this.s.failed, { message: error.message }));
    this.requestRender();
  }

  announce(text) {
    const live = this.$('.announce');
    if (live) live.textContent = text;
  }

  // ---- drawing ----

  drawRunBar() {
    const s = this.s;
    const t = this.training;
    const state = t?.state ?? 'idle';
    const plan = this.shownPlan();
    const start = this.$('.start');
    start.textContent = state === 'paused' ? s.resume : s.start;
    start.disabled = state === 'running';
    this.$('.pause').disabled = state !== 'running';
    this.$('.reset').disabled = !t && !this.state;
    const step = state === 'done' ? plan.steps : this.progress?.step ?? 0;
    this.$('progress').value = plan.steps ? step / plan.steps : 0;
    let text;
    if (state === 'failed') text = fill(s.failed, { message: this.failure });
    else if (state === 'done') text = fill(s.doneIn, { steps: fmtInt(plan.steps, this.language), s: fmt(this.state.elapsed, 1) });
    else if (state === 'paused') text = fill(s.pausedAt, { step: fmtInt(step, this.language) });
    else if (state === 'running') {
      const left = this.progress?.secondsLeft;
      const leftText = left === null || left === undefined ? s.leftUnknown
        : left >= 60 ? fill(s.leftMinutes, { m: Math.floor(left / 60), s: Math.round(left % 60) }) : fill(s.leftSeconds, { s: Math.ceil(left) });
      text = `${fill(s.progress, { step: fmtInt(step, this.language), steps: fmtInt(plan.steps, this.language), rate: fmtInt(this.progress?.tokensPerSecond ?? 0, this.language), left: leftText })} · ${fill(s.workers, { n: t.workers.length })}`;
    } else {
      text = fill(s.idle, { runs: this.nextPlan.runs.length, steps: fmtInt(this.nextPlan.steps, this.language), workers: workerCount(this.nextPlan.runs.length) });
    }
    this.$('.status').textContent = text;
  }

  /** Redraws the progress line and the charts soon: at most every REDRAW_MS (longer when the reader
   * asks for reduced motion). */
  scheduleDraw() {
    if (this.drawTimer) return;
    const wait = Math.max(0, this.lastDraw + REDRAW_MS[reducedMotion() ? 'reduced' : 'normal'] - performance.now());
    this.drawTimer = setTimeout(() => {
      this.drawTimer = 0;
      this.lastDraw = performance.now();
      if (!this.isConnected || !this.state) return;
      this.drawRunBar();
      // While training, the lines alone when the charts' frames hold (no new DOM on the page's thread).
      const running = this.training?.state === 'running';
      const charts = this.$('.charts');
      if (running && refreshCurveCharts(this, charts, this.state)) charts.drawnKey = null; // its lines moved on
      else this.drawResults();
      this.drawInside();
    }, wait);
  }

  /**
   * The legend, the charts (one at a time), accuracy by length and the final table, each in a task of
   * its own, so that no piece keeps the page's thread long (the done view came to 66 ms in one task);
   * a part is drawn only when what it shows changed. A newer call stops an older one between parts.
   */
  async drawResults() {
    const generation = ++this.resultsGeneration;
    const state = this.state;
    // Before a run: the legend and the empty charts of what Start would train, so that starting
    // changes no layout and the first points only draw lines (refreshCurveCharts).
    const shown = state ?? { plan: this.shownPlan(), points: [], final: null };
    const trained = Boolean(this.training && this.training.state !== 'failed' && (this.progress?.step || state?.final));
    this.$('.csv').disabled = !state?.points.length;
    this.$('.save-model').disabled = !trained;
    this.$('.save-script').disabled = !trained;
    // While training, the curves' tables wait (the page's thread stays free): filled when paused or done.
    const tables = this.training?.state !== 'running';
    const base = `${planKey(shown.plan)}|${this.language}|${this.layoutWidth()}`;
    const charts = this.$('.charts');
    const chartKey = `${base}|${shown.points.length}|${shown.points.length ? tables : ''}|${Boolean(shown.final)}`;
    const parts = [
      ...(charts.drawnKey === chartKey ? [] : [
        ...curveCharts(this, shown).map((c, k) => () => {
          const figure = curveChart(this, shown, c, { tables });
          const old = charts.children[k];
          if (old?.dataset.chart === c.key) keepingOpen(old.parentNode, () => old.replaceWith(figure));
          else if (old) old.before(figure);
          else charts.append(figure);
          return true;
        }),
        () => {
          const count = curveCharts(this, shown).length;
          while (charts.children.length > count) charts.lastElementChild.remove();
          charts.append(guidesNote(this, shown.plan));
          charts.drawnKey = chartKey;
          return false;
        },
      ]),
      () => keepingOpen(this.$('.by-length'), () => setPart(this.$('.by-length'), `${base}|${state?.final ? 'final' : ''}`, () => (state ? byLength(this, state) : null))),
      () => setPart(this.$('.final-box'), `${base}|${state ? 'run' : ''}|${Boolean(state?.final)}|${this.loaded?.name ?? ''}`, () => {
        const table = state || this.loaded ? finalTable(this, { ...shown, loaded: this.loaded }) : null;
        return table ?? h('p', { class: 'muted', text: state ? this.s.finalLater : this.s.insideNoRun });
      }),
    ];
    for (const part of parts) {
      if (generation !== this.resultsGeneration || !this.isConnected) return;
      if (!part()) continue;
      await nextTask();
    }
  }

  fillRunPickers() {
    const plan = this.shownPlan();
    const options = () => plan.runs.map((_, i) => h('option', { value: i, text: runLabel(this.s, plan, i) }));
    const loaded = this.loaded ? [h('option', { value: -1, text: fill(this.s.loadedRow, { name: this.loaded.name }) })] : [];
    const view = this.$('.view-run');
    view.replaceChildren(...options(), ...loaded);
    view.value = String(this.viewRun);
    const save = this.$('.save-run');
    const keep = save.value;
    save.replaceChildren(...options());
    if (keep && Number(keep) < plan.runs.length) save.value = keep;
  }

  setView(index, example) {
    this.viewRun = index;
    this.viewExample = example;
    if (index >= 0) {
      this.snapshot = null;
      this.training?.view(index, example);
    }
    this.drawInside();
  }

  drawInside() {
    const s = this.s;
    if (!this.$('details.inside').open) return; // drawn when opened (the toggle listener)
    const plan = this.shownPlan();
    const loadedView = this.viewRun === -1 && this.loaded;
    const snapshot = loadedView ? this.loaded.snapshot : this.snapshot;
    const T = (loadedView ? this.loaded.plan : plan).sequenceLength;
    const dModel = loadedView ? this.loaded.config.dModel : plan.runs[0]?.model.dModel ?? 32;
    const sinusoid = this.core.positionalEncoding(T, dModel);
    let learned = null, name = '';
    if (loadedView && snapshot.positions) {
      learned = snapshot.positions;
      name = this.loaded.name;
    } else if (this.state) {
      const index = plan.runs[this.viewRun]?.scheme === 'learned' ? this.viewRun : plan.runs.findIndex((r) => r.scheme === 'learned');
      if (index >= 0 && this.positions.has(index)) {
        learned = this.positions.get(index);
        name = runLabel(s, plan, index);
      }
    }
    keepingOpen(this.$('details.inside'), () => this.drawInsideNow({ s, plan, loadedView, snapshot, T, dModel, sinusoid, learned, name }));
  }

  drawInsideNow({ s, plan, loadedView, snapshot, T, dModel, sinusoid, learned, name }) {
    drawSimilarity(this, { T, dModel, sinusoid, learned, name });
    const labelTask = createTask((loadedView ? this.loaded.plan : plan).task, { vocab: plan.vocab });
    const label = (token) => labelTask.label(token);
    if (!snapshot) {
      this.$('.example-line').textContent = '';
      this.$('.attention').replaceChildren(h('p', { class: 'muted', text: s.insideNoRun }));
      return;
    }
    this.$('.example-line').textContent = exampleText(s, snapshot, label);
    const runName = loadedView ? fill(s.loadedRow, { name: this.loaded.name }) : runLabel(s, plan, this.viewRun);
    drawAttention(this, { snapshot, name: runName, label });
  }

  // ---- downloads, loading, sharing ----

  fileStem(index) {
    const plan = this.state.plan;
    const run = plan.runs[index];
    return `pe-lab_${plan.task}_${run.scheme}${run.causal ? '_causal' : ''}_dff${run.dFF}_seed${plan.seed}`;
  }

  downloadCurves() {
    const { plan, points, losses } = this.state;
    saveFile(curvesCsv(this.s, plan, points, losses), `pe-lab_${plan.experiment}_${plan.task}_seed${plan.seed}.csv`, 'text/csv;charset=utf-8');
  }

  async downloadModel() {
    const index = Number(this.$('.save-run').value) || 0;
    const { bytes } = await this.training.save(index);
    saveFile(bytes, `${this.fileStem(index)}.safetensors`);
  }

  downloadScript() {
    const index = Number(this.$('.save-run').value) || 0;
    saveFile(pytorchScript(this.state.plan.runs[index].model), 'model.py', 'text/x-python;charset=utf-8');
  }

  async loadModel(file) {
    const s = this.s;
    const status = this.$('.load-status');
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = await loadInWorker(bytes, this.shownPlan(), wasmForWorker(configuredWasm()));
      this.loaded = { name: file.name, ...result };
      this.viewRun = -1;
      status.classList.remove('error');
      status.textContent = fill(s.loadedStatus, {
        name: file.name, task: s.tasks[result.plan.task], length: result.plan.length,
        acc: fmt(100 * result.final.accuracy, 1), loss: fmt(result.final.loss, 4),
      });
    } catch (error) {
      status.classList.add('error');
      status.textContent = fill(s.loadFailed, { message: error.message });
    }
    this.requestRender();
  }

  /** The page's address with every setting of the run: opening it and pressing Start replays it. */
  shareUrl() {
    const v = this.values;
    const values = Object.fromEntries(SHARED.map((name) => [name, v[name]]));
    values.heads = this.settings.heads;
    const url = labShareUrl(location.href, v['url-params'], values);
    const section = this.closest('section[id]')?.id;
    return section ? `${url.split('#')[0]}#${section}` : url;
  }

  async copyShareLink() {
    const s = this.s;
    const url = this.shareUrl();
    const status = this.$('.share-status');
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = s.shareDone;
    } catch {
      status.textContent = fill(s.shareFail, { url });
    }
  }

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

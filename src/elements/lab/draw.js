// <pe-lab>'s drawing, from the element's state (el.state, el.training, el.progress, el.loaded …): the
// run bar (buttons, progress, status), the result pictures (lab/result-views.js) a part per task, the
// run pickers and the "inside" panel (lab/inside.js). The element (pe-lab.js) owns the life cycle and
// calls these.
//
// API (el: the <pe-lab> element):
//   drawRunBar(el)               the buttons' states, the progress bar and the status line
//   scheduleDraw(el)             the run bar, charts and inside panel soon: at most every REDRAW_MS
//   drawResults(el)              charts, accuracy by length, final table, each in a task of its own
//   fillRunPickers(el)           the runs in the "inside" and "save" pickers
//   setView(el, index, example)  the run and held-out example the inside panel shows
//   drawInside(el)               the similarity matrices and attention maps (when the panel is open)
import { h } from '../shared/dom.js';
import { fmt, fmtInt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { createTask } from '../../js/index.js';
import { workerCount } from './client.js';
import { runLabel } from './results.js';
import { byLength, curveChart, curveCharts, finalTable, guidesNote, refreshCurveCharts } from './result-views.js';
import { POSITION } from '../../js/defaults.js';
import { drawAttention, drawSimilarity, exampleText } from './inside.js';

const REDRAW_MS = { normal: 250, reduced: 2000 };

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

export function drawRunBar(el) {
  const s = el.s;
  const t = el.training;
  const state = t?.state ?? 'idle';
  const plan = el.shownPlan();
  const start = el.$('.start');
  start.textContent = state === 'paused' ? s.resume : s.start;
  start.disabled = state === 'running';
  el.$('.pause').disabled = state !== 'running';
  el.$('.reset').disabled = !t && !el.state;
  const step = state === 'done' ? plan.steps : el.progress?.step ?? 0;
  el.$('progress').value = plan.steps ? step / plan.steps : 0;
  let text;
  if (state === 'failed') text = el.failureText();
  else if (state === 'done') text = fill(s.doneIn, { steps: fmtInt(plan.steps, el.language), s: fmt(el.state.elapsed, 1) });
  else if (state === 'paused') text = fill(s.pausedAt, { step: fmtInt(step, el.language) });
  else if (state === 'running') {
    const left = el.progress?.secondsLeft;
    const leftText = left === null || left === undefined ? s.leftUnknown
      : left >= 60 ? fill(s.leftMinutes, { m: Math.floor(left / 60), s: Math.round(left % 60) }) : fill(s.leftSeconds, { s: Math.ceil(left) });
    text = `${fill(s.progress, { step: fmtInt(step, el.language), steps: fmtInt(plan.steps, el.language), rate: fmtInt(el.progress?.tokensPerSecond ?? 0, el.language), left: leftText })} · ${fill(s.workers, { n: t.workers.length })}`;
  } else {
    text = fill(s.idle, { runs: el.nextPlan.runs.length, steps: fmtInt(el.nextPlan.steps, el.language), workers: workerCount(el.nextPlan.runs.length) });
  }
  el.$('.status').textContent = text;
}

/** Redraws the progress line and the charts soon: at most every REDRAW_MS (longer when the reader
 * asks for reduced motion). */
export function scheduleDraw(el) {
  if (el.drawTimer) return;
  const wait = Math.max(0, el.lastDraw + REDRAW_MS[reducedMotion() ? 'reduced' : 'normal'] - performance.now());
  el.drawTimer = setTimeout(() => {
    el.drawTimer = 0;
    el.lastDraw = performance.now();
    if (!el.isConnected || !el.state) return;
    drawRunBar(el);
    // While training, the lines alone when the charts' frames hold (no new DOM on the page's thread).
    const running = el.training?.state === 'running';
    const charts = el.$('.charts');
    if (running && refreshCurveCharts(el, charts, el.state)) charts.drawnKey = null; // its lines moved on
    else drawResults(el);
    drawInside(el);
  }, wait);
}

/**
 * The legend, the charts (one at a time), accuracy by length and the final table, each in a task of
 * its own, so that no piece keeps the page's thread long (the done view came to 66 ms in one task);
 * a part is drawn only when what it shows changed. A newer call stops an older one between parts.
 */
export async function drawResults(el) {
  const generation = ++el.resultsGeneration;
  const state = el.state;
  // Before a run: the legend and the empty charts of what Start would train, so that starting
  // changes no layout and the first points only draw lines (refreshCurveCharts).
  const shown = state ?? { plan: el.shownPlan(), points: [], final: null };
  const trained = Boolean(el.training && el.training.state !== 'failed' && (el.progress?.step || state?.final));
  el.$('.csv').disabled = !state?.points.length;
  el.$('.save-model').disabled = !trained;
  el.$('.save-script').disabled = !trained;
  // While training, the curves' tables wait (the page's thread stays free): filled when paused or done.
  const tables = el.training?.state !== 'running';
  const base = `${planKey(shown.plan)}|${el.language}|${el.layoutWidth()}`;
  const charts = el.$('.charts');
  const chartKey = `${base}|${shown.points.length}|${shown.points.length ? tables : ''}|${Boolean(shown.final)}`;
  const parts = [
    ...(charts.drawnKey === chartKey ? [] : [
      ...curveCharts(el, shown).map((c, k) => () => {
        const figure = curveChart(el, shown, c, { tables });
        const old = charts.children[k];
        if (old?.dataset.chart === c.key) keepingOpen(old.parentNode, () => old.replaceWith(figure));
        else if (old) old.before(figure);
        else charts.append(figure);
        return true;
      }),
      () => {
        const count = curveCharts(el, shown).length;
        while (charts.children.length > count) charts.lastElementChild.remove();
        charts.append(guidesNote(el, shown.plan));
        charts.drawnKey = chartKey;
        return false;
      },
    ]),
    () => keepingOpen(el.$('.by-length'), () => setPart(el.$('.by-length'), `${base}|${state?.final ? 'final' : ''}`, () => (state ? byLength(el, state) : null))),
    () => setPart(el.$('.final-box'), `${base}|${state ? 'run' : ''}|${Boolean(state?.final)}|${el.loaded?.name ?? ''}`, () => {
      const table = state || el.loaded ? finalTable(el, { ...shown, loaded: el.loaded }) : null;
      return table ?? h('p', { class: 'muted', text: state ? el.s.finalLater : el.s.insideNoRun });
    }),
  ];
  for (const part of parts) {
    if (generation !== el.resultsGeneration || !el.isConnected) return;
    if (!part()) continue;
    await nextTask();
  }
}

export function fillRunPickers(el) {
  const plan = el.shownPlan();
  const options = () => plan.runs.map((_, i) => h('option', { value: i, text: runLabel(el.s, plan, i) }));
  const loaded = el.loaded ? [h('option', { value: -1, text: fill(el.s.loadedRow, { name: el.loaded.name }) })] : [];
  const view = el.$('.view-run');
  view.replaceChildren(...options(), ...loaded);
  view.value = String(el.viewRun);
  const save = el.$('.save-run');
  const keep = save.value;
  save.replaceChildren(...options());
  if (keep && Number(keep) < plan.runs.length) save.value = keep;
}

export function setView(el, index, example) {
  el.viewRun = index;
  el.viewExample = example;
  if (index >= 0) {
    el.snapshot = null;
    el.training?.view(index, example);
  }
  drawInside(el);
}

export function drawInside(el) {
  const s = el.s;
  if (!el.$('details.inside').open) return; // drawn when opened (the toggle listener)
  const plan = el.shownPlan();
  const loadedView = el.viewRun === -1 && el.loaded;
  const snapshot = loadedView ? el.loaded.snapshot : el.snapshot;
  const T = (loadedView ? el.loaded.plan : plan).sequenceLength;
  const dModel = loadedView ? el.loaded.config.dModel : plan.runs[0]?.model.dModel ?? 32;
  const sinusoid = el.core.positionalEncoding(T, dModel);
  let learned = null, name = '';
  if (loadedView && snapshot.positions) {
    learned = snapshot.positions;
    name = el.loaded.name;
  } else if (el.state) {
    const index = plan.runs[el.viewRun]?.scheme === POSITION.LEARNED ? el.viewRun : plan.runs.findIndex((r) => r.scheme === POSITION.LEARNED);
    if (index >= 0 && el.positions.has(index)) {
      learned = el.positions.get(index);
      name = runLabel(s, plan, index);
    }
  }
  keepingOpen(el.$('details.inside'), () => drawInsideNow(el, { s, plan, loadedView, snapshot, T, dModel, sinusoid, learned, name }));
}

function drawInsideNow(el, { s, plan, loadedView, snapshot, T, dModel, sinusoid, learned, name }) {
  drawSimilarity(el, { T, dModel, sinusoid, learned, name });
  const labelTask = createTask((loadedView ? el.loaded.plan : plan).task, { vocab: plan.vocab });
  const label = (token) => labelTask.label(token);
  if (!snapshot) {
    el.$('.example-line').textContent = '';
    el.$('.attention').replaceChildren(h('p', { class: 'muted', text: s.insideNoRun }));
    return;
  }
  el.$('.example-line').textContent = exampleText(s, snapshot, label);
  const runName = loadedView ? fill(s.loadedRow, { name: el.loaded.name }) : runLabel(s, plan, el.viewRun);
  drawAttention(el, { snapshot, name: runName, label });
}

// The lab's result pictures and tables as DOM nodes (h()/svg()), from the plan and what training
// reported: the legend, the loss and accuracy curves (against steps, and the charts an experiment adds:
// lab/experiments/), accuracy by length, the final table. Each picture has its table of numbers beside it.
//
// API (el: the element, for strings, ids and its width; state: { plan, points, final, seconds }):
//   legend(el, plan)                  the key under every chart: one entry per colour (a scheme, or a
//                                     d_ff when the plan has one scheme), and solid / dashed for the
//                                     mask when the plan has both
//   curveCharts(el, state)            [{ key, title, measure, xOf }]: the charts of a state
//   curveChart(el, state, chart, { tables = true })  one chart (of curveCharts) with its data table
//                                     (tables: false while training, a note instead)
//   guidesNote(el, plan)              the sentence under the charts about the chance and bound lines
//   refreshCurveCharts(el, root, state) -> true when the charts under root were brought up to date by
//                                     redrawing their lines only (their frames unchanged); else false
//   byLength(el, state)               accuracy by length (chart and table), null when not tested
//   finalTable(el, state)             the final results table, null before the end
import { experimentOf } from './experiments/index.js';
import { h, svg } from '../shared/dom.js';
import { fmt, fmtInt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { dataTable } from '../shared/data-table.js';
import { lineChartSvg, niceTicks, updateLineChart } from './line-chart.js';
import { curve, reachedStep, runLabel, runStyle } from './results.js';

const pct = (x) => fmt(100 * x, 1);
/**
 * The charts' drawing width: the width a chart is shown at, from the element's width (two charts side
 * by side above 700 px, styles.js; the card's and the figure's padding measured in Chromium: 42 px
 * around one chart, 90 px around two), rounded up a little, so that the drawing is shown at its own
 * size or slightly smaller and its text stays at least 12 CSS px (line-chart.js).
 */
const chartWidth = (el, wide) => Math.max(200, Math.round(el.layoutWidth() > 700 && !wide ? (el.layoutWidth() - 90) / 2 : Math.min(720, el.layoutWidth() - 42)));

const keyLine = (color, dashed) => svg('svg', { viewBox: '0 0 36 10', 'aria-hidden': 'true' },
  svg('line', { x1: 1, x2: 35, y1: 5, y2: 5, class: `line${dashed ? ' dashed' : ''}`, style: `stroke:${color}` }));

export function legend(el, plan) {
  const s = el.s;
  const bySchemes = new Set(plan.runs.map((r) => r.scheme)).size > 1 || new Set(plan.runs.map((r) => r.dFF)).size === 1;
  const entries = new Map(); // colour -> its name (runStyle: by scheme, or by d_ff for one scheme)
  plan.runs.forEach((run, i) => {
    const { color } = runStyle(plan, i);
    if (!entries.has(color)) entries.set(color, bySchemes ? s.schemeNames[run.scheme] : fill(s.sameDFF, { v: run.dFF }));
  });
  const masks = [...new Set(plan.runs.map((r) => r.causal))];
  return h('ul', { class: 'legend line-chart', 'aria-label': s.legendTitle },
    [...entries].map(([color, name]) => h('li', null, keyLine(color, masks.length === 1 && masks[0]), name)),
    // The line style on a row of its own, so that its grey lines are not read as a run's colour.
    masks.length > 1 ? h('li', { class: 'mask-key' }, [false, true].map((causal) => h('span', null, keyLine('var(--pe-muted)', causal), s.masks[causal]))) : null);
}

/** The line chart of one measure for every run (lineChartSvg's spec). */
function chartSpec(el, { plan, points }, { title, measure, xOf = 'step' }) {
  const s = el.s;
  const series = plan.runs.map((_, i) => ({ ...runStyle(plan, i), points: curve(points, i, measure, xOf) }));
  const accuracy = measure === 'accuracy';
  // Loss: from 0 to the loss of a uniform guess, ln(vocab), or above when a curve goes higher, in
  // steps of 0.5, so the frame stays the same while the curves grow (the lines alone are redrawn).
  const highest = Math.max(Math.log(plan.vocab), ...series.flatMap((c) => c.points.map(([, y]) => y)).filter(Number.isFinite));
  const yMax = accuracy ? 100 : Math.ceil(highest * 2) / 2;
  const xMax = xOf === 'seconds' ? Math.max(1e-3, ...series.flatMap((c) => c.points.map(([x]) => x))) : plan.steps;
  const guides = accuracy ? [
    { y: 100 * plan.chance, label: fill(s.chance, { v: pct(plan.chance) }) },
    { y: 100 * plan.positionBlindBound, label: fill(s.bound, { v: pct(plan.positionBlindBound) }) },
  ] : [];
  return {
    series, guides, label: fill(s.chartAria, { what: title, n: plan.runs.length }), width: chartWidth(el),
    x: { min: 0, max: xMax, title: xOf === 'seconds' ? s.axisSeconds : s.axisStep, format: (v) => (xOf === 'seconds' ? fmt(v, v < 10 ? 1 : 0) : fmtInt(v, el.language)) },
    y: { min: 0, max: yMax, ticks: accuracy ? [0, 25, 50, 75, 100] : niceTicks(0, yMax, 4), title: accuracy ? s.axisAccuracy : s.axisLoss, format: (v) => fmt(v, accuracy ? 0 : 1) },
  };
}

/** A chart of one measure for every run, and its table. */
export function curveChart(el, { plan, points }, { key, title, measure, xOf = 'step' }, { tables = true } = {}) {
  const s = el.s;
  const accuracy = measure === 'accuracy';
  const chart = lineChartSvg(chartSpec(el, { plan, points }, { title, measure, xOf }));
  const rows = points.length;
  let table = null;
  if (rows && !tables) {
    table = h('details', { class: 'data-table' }, h('summary', { text: s.dataTable }), h('p', { class: 'muted', text: s.tablesLater }));
  } else if (rows) {
    const data = new Float64Array(rows * plan.runs.length);
    points.forEach((p, r) => p.runs.forEach((run, i) => { data[r * plan.runs.length + i] = accuracy ? 100 * run.accuracy : (xOf === 'seconds' ? run.seconds : run.loss); }));
    table = dataTable(el, {
      caption: fill(s.curveTableCaption, { what: title }), data, rows, cols: plan.runs.length,
      colNames: plan.runs.map((_, i) => runLabel(s, plan, i)), rowNames: points.map((p) => p.step), corner: s.axisStep,
      maxRows: 51, maxCols: 12, digits: accuracy ? 1 : 4,
    });
  }
  return h('figure', { class: 'chart', 'data-chart': key }, h('figcaption', null, h('strong', { text: title })), chart, legend(el, plan), table);
}

/** The curve charts of a state: key, title and what each draws. */
export function curveCharts(el, state) {
  const s = el.s;
  // Accuracy first: the number the experiments are about, right under the run bar on a phone.
  const charts = [
    { key: 'accuracy', title: s.accuracyTitle, measure: 'accuracy' },
    { key: 'loss', title: s.lossTitle, measure: 'loss' },
  ];
  for (const chart of experimentOf(state.plan.experiment)?.charts ?? []) charts.push({ ...chart, title: s[chart.title] });
  return charts;
}

export function refreshCurveCharts(el, root, state) {
  return curveCharts(el, state).every((c) => updateLineChart(root.querySelector(`[data-chart="${c.key}"] svg`), chartSpec(el, state, c)));
}

export function guidesNote(el, { chance, positionBlindBound: bound }) {
  return h('p', { class: 'muted guides-note', text: fill(el.s.guidesNote, { chance: pct(chance), bound: pct(bound) }) });
}

export function byLength(el, { plan, final }) {
  if (!plan.testLengths || !final) return null;
  const s = el.s;
  const lengths = plan.testLengths;
  const series = final.map((f, i) => ({ ...runStyle(plan, i), points: f.accuracyByLength.map((a) => [a.length, a.accuracy === null ? null : 100 * a.accuracy]) }));
  const chart = lineChartSvg({
    series, width: chartWidth(el, true),
    label: fill(s.chartAria, { what: s.byLengthTitle, n: plan.runs.length }),
    bands: [{ from: plan.trainLengths[0], to: plan.trainLengths[1], label: s.trainedBand }],
    guides: [{ y: 100 * plan.chance, label: fill(s.chance, { v: pct(plan.chance) }) }],
    x: { min: lengths[0], max: lengths.at(-1), ticks: lengths.filter((n) => n % 2 === 0 || n === lengths[0]), title: s.axisLength },
    y: { min: 0, max: 100, ticks: [0, 25, 50, 75, 100], title: s.axisAccuracy, format: (v) => fmt(v, 0) },
  });
  return h('figure', { class: 'chart', 'data-chart': 'by-length' },
    h('figcaption', null, h('strong', { text: s.byLengthTitle })), chart, legend(el, plan),
    h('p', { class: 'muted', text: fill(s.byLengthCaption, { lo: plan.trainLengths[0], hi: plan.trainLengths[1] }) }),
    h('div', { class: 'scroll' }, h('table', { class: 'by-length runs' },
      h('caption', { text: s.byLengthTitle }),
      h('thead', null, h('tr', null, h('th', { scope: 'col', text: s.colRun }), lengths.map((n) => h('th', { scope: 'col', text: n })))),
      h('tbody', null, final.map((f, i) => h('tr', null,
        h('th', { scope: 'row', text: runLabel(s, plan, i) }),
        f.accuracyByLength.map((a) => h('td', { class: a.length > plan.trainLengths[1] ? 'beyond' : null, text: a.accuracy === null ? s.noRow : pct(a.accuracy) }))))))));
}

// The final table's columns after the run's name, the accuracy first: on a phone the number the
// experiment is about shows without scrolling. `setting`: a column that describes the run rather than
// measures it; when every row has the same value it moves into the caption (sameValue).
const FINAL_COLUMNS = [
  { key: 'accuracy', title: 'colAccuracy' }, { key: 'loss', title: 'colLoss' }, { key: 'reached', title: 'colReached' },
  { key: 'seconds', title: 'colSeconds' }, { key: 'stepMs', title: 'colStepMs' },
  { key: 'dFF', title: 'colDFF', setting: 'sameDFF' }, { key: 'params', title: 'colParams', setting: 'sameParams' },
];

export function finalTable(el, { plan, points, final, seconds, loaded }) {
  if (!final && !loaded) return null;
  const s = el.s;
  const lang = el.language;
  const rows = (final ?? []).map((f, i) => {
    const reached = reachedStep(points, i);
    return {
      name: runLabel(s, plan, i), attrs: { 'data-run': i },
      accuracy: `${pct(f.accuracy)} %`, loss: fmt(f.loss, 4), reached: reached === null ? s.notReached : fmtInt(reached, lang),
      seconds: seconds?.[i] ? fmt(seconds[i], 1) : '—', stepMs: seconds?.[i] ? fmt((1000 * seconds[i]) / plan.steps, 1) : '—',
      dFF: fmtInt(plan.runs[i].dFF, lang), params: fmtInt(f.params, lang),
    };
  });
  if (loaded) {
    rows.push({ name: `${fill(s.loadedRow, { name: loaded.name })} · ${s.masks[loaded.config.causal]}`, attrs: { class: 'loaded' },
      accuracy: `${pct(loaded.final.accuracy)} %`, loss: fmt(loaded.final.loss, 4), reached: '—', seconds: '—', stepMs: '—',
      dFF: fmtInt(loaded.config.dFF, lang), params: '—' });
  }
  // A setting with one value in every row (a loaded model's unknown '—' aside) is said once.
  const same = new Map();
  for (const c of FINAL_COLUMNS.filter((col) => col.setting)) {
    const values = new Set(rows.map((r) => r[c.key]).filter((v) => v !== '—'));
    if (values.size === 1) same.set(c.key, fill(s[c.setting], { v: [...values][0] }));
  }
  const cols = FINAL_COLUMNS.filter((c) => !same.has(c.key));
  const caption = fill(s.resultsCaption, { n: plan.finalSequences, length: plan.length, chance: pct(plan.chance), bound: pct(plan.positionBlindBound) })
    + (same.size ? ` ${fill(s.sameForAll, { list: [...same.values()].join(', ') })}` : '');
  return [
    h('p', { class: 'muted final-caption', text: caption }),
    h('div', { class: 'scroll' }, h('table', { class: 'final runs' },
      h('caption', { class: 'visually-hidden', text: s.resultsTitle }),
      h('thead', null, h('tr', null, h('th', { scope: 'col', text: s.colRun }), cols.map((c) => h('th', { scope: 'col', text: s[c.title] })))),
      h('tbody', null, rows.map((r) => h('tr', r.attrs, h('th', { scope: 'row', text: r.name }),
        cols.map((c) => h('td', { class: c.key === 'accuracy' ? 'accuracy' : null, text: r[c.key] }))))))),
  ];
}

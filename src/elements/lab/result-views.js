// The lab's result pictures and tables as HTML strings, from the plan and what training reported:
// the legend, the loss and accuracy curves (against steps, and against seconds for the d_ff
// experiment), accuracy by length, the final table. Each picture has its table of numbers beside it.
//
// API (el: the element, for strings, ids and its width; state: { plan, points, final, seconds }):
//   legendHtml(el, plan)              the runs' names with their line styles
//   curveChartsHtml(el, state, { tables = true })  the charts of the curves with their data tables
//                                     (tables: false while training, a note instead)
//   refreshCurveCharts(el, root, state) -> true when the charts under root were brought up to date by
//                                     redrawing their lines only (their frames unchanged); else false
//   byLengthHtml(el, state)           accuracy by length (chart and table), '' when not tested
//   finalTableHtml(el, state)         the final results table, '' before the end
import { escapeHtml, fmt, fmtInt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { dataTableHtml } from '../shared/data-table.js';
import { lineChartSvg, niceTicks, updateLineChart } from './line-chart.js';
import { curve, reachedStep, runLabel, runStyle } from './results.js';

const pct = (x) => fmt(100 * x, 1);
/** The charts' drawing width: two side by side on a wide card, one on a phone (styles.js). */
const chartWidth = (el, wide) => (el.layoutWidth() > 700 && !wide ? 420 : Math.max(320, Math.min(560, el.layoutWidth() - 40)));

export function legendHtml(el, plan) {
  const items = plan.runs.map((_, i) => {
    const { color, dashed } = runStyle(plan, i);
    const sample = `<svg viewBox="0 0 36 10" aria-hidden="true"><line x1="1" x2="35" y1="5" y2="5" class="line${dashed ? ' dashed' : ''}" style="stroke:${color}"/></svg>`;
    return `<li>${sample}${escapeHtml(runLabel(el.s, plan, i))}</li>`;
  });
  return `<ul class="legend line-chart" aria-label="${escapeHtml(el.s.legendTitle)}">${items.join('')}</ul>`;
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
    x: { min: 0, max: xMax, title: xOf === 'seconds' ? s.axisSeconds : s.axisStep, format: (v) => (xOf === 'seconds' ? fmt(v, v < 10 ? 1 : 0) : fmtInt(v, el.lang_)) },
    y: { min: 0, max: yMax, ticks: accuracy ? [0, 25, 50, 75, 100] : niceTicks(0, yMax, 4), title: accuracy ? s.axisAccuracy : s.axisLoss, format: (v) => fmt(v, accuracy ? 0 : 1) },
  };
}

/** A chart of one measure for every run, and its table. */
function chartHtml(el, { plan, points }, { key, title, measure, xOf = 'step', tables = true }) {
  const s = el.s;
  const accuracy = measure === 'accuracy';
  const svg = lineChartSvg(chartSpec(el, { plan, points }, { title, measure, xOf }));
  const rows = points.length;
  const data = new Float64Array(rows * plan.runs.length);
  points.forEach((p, r) => p.runs.forEach((run, i) => { data[r * plan.runs.length + i] = accuracy ? 100 * run.accuracy : (xOf === 'seconds' ? run.seconds : run.loss); }));
  const table = !rows ? ''
    : !tables ? `<details class="data-table"><summary>${escapeHtml(s.dataTable)}</summary><p class="muted">${escapeHtml(s.tablesLater)}</p></details>`
    : dataTableHtml(el, {
      caption: fill(s.curveTableCaption, { what: title }), data, rows, cols: plan.runs.length,
      colNames: plan.runs.map((_, i) => runLabel(s, plan, i)), rowNames: points.map((p) => p.step), corner: s.axisStep,
      maxRows: 51, maxCols: 12, digits: accuracy ? 1 : 4,
    });
  return `<figure class="chart" data-chart="${key}"><figcaption><strong>${escapeHtml(title)}</strong></figcaption>${svg}${table}</figure>`;
}

/** The curve charts of a state: key, title and what each draws. */
function curveCharts(el, state) {
  const s = el.s;
  const charts = [
    { key: 'loss', title: s.lossTitle, measure: 'loss' },
    { key: 'accuracy', title: s.accuracyTitle, measure: 'accuracy' },
  ];
  if (state.plan.experiment === 'dff') charts.push({ key: 'loss-seconds', title: s.lossSecondsTitle, measure: 'loss', xOf: 'seconds' });
  return charts;
}

export function refreshCurveCharts(el, root, state) {
  return curveCharts(el, state).every((c) => updateLineChart(root.querySelector(`[data-chart="${c.key}"] svg`), chartSpec(el, state, c)));
}

export function curveChartsHtml(el, state, { tables = true } = {}) {
  const s = el.s;
  const charts = curveCharts(el, state).map((c) => chartHtml(el, state, { ...c, tables }));
  const { chance, positionBlindBound: bound } = state.plan;
  return `${charts.join('')}<p class="muted guides-note">${escapeHtml(fill(s.guidesNote, { chance: pct(chance), bound: pct(bound) }))}</p>`;
}

export function byLengthHtml(el, { plan, final }) {
  if (!plan.testLengths || !final) return '';
  const s = el.s;
  const lengths = plan.testLengths;
  const series = final.map((f, i) => ({ ...runStyle(plan, i), points: f.accuracyByLength.map((a) => [a.length, a.accuracy === null ? null : 100 * a.accuracy]) }));
  const svg = lineChartSvg({
    series, width: chartWidth(el, true),
    label: fill(s.chartAria, { what: s.byLengthTitle, n: plan.runs.length }),
    bands: [{ from: plan.trainLengths[0], to: plan.trainLengths[1], label: s.trainedBand }],
    guides: [{ y: 100 * plan.chance, label: fill(s.chance, { v: pct(plan.chance) }) }],
    x: { min: lengths[0], max: lengths.at(-1), ticks: lengths.filter((n) => n % 2 === 0 || n === lengths[0]), title: s.axisLength },
    y: { min: 0, max: 100, ticks: [0, 25, 50, 75, 100], title: s.axisAccuracy, format: (v) => fmt(v, 0) },
  });
  const head = lengths.map((n) => `<th scope="col">${n}</th>`).join('');
  const rows = final.map((f, i) => `<tr><th scope="row">${escapeHtml(runLabel(s, plan, i))}</th>${f.accuracyByLength.map((a) => `<td class="${a.length > plan.trainLengths[1] ? 'beyond' : ''}">${a.accuracy === null ? escapeHtml(s.noRow) : pct(a.accuracy)}</td>`).join('')}</tr>`).join('');
  return `<figure class="chart" data-chart="by-length"><figcaption><strong>${escapeHtml(s.byLengthTitle)}</strong></figcaption>${svg}
    <p class="muted">${escapeHtml(fill(s.byLengthCaption, { lo: plan.trainLengths[0], hi: plan.trainLengths[1] }))}</p>
    <div class="scroll"><table class="by-length runs"><caption>${escapeHtml(s.byLengthTitle)}</caption>
    <thead><tr><th scope="col">${escapeHtml(s.colRun)}</th>${head}</tr></thead><tbody>${rows}</tbody></table></div></figure>`;
}

export function finalTableHtml(el, { plan, points, final, seconds, loaded }) {
  if (!final && !loaded) return '';
  const s = el.s;
  const ms = (i) => (seconds?.[i] ? fmt((1000 * seconds[i]) / plan.steps, 1) : '—');
  const rows = (final ?? []).map((f, i) => {
    const run = plan.runs[i];
    const reached = reachedStep(points, i);
    return `<tr data-run="${i}"><th scope="row">${escapeHtml(runLabel(s, plan, i))}</th><td>${run.dFF}</td>
      <td>${fmtInt(f.params, el.lang_)}</td><td class="accuracy">${pct(f.accuracy)} %</td><td>${fmt(f.loss, 4)}</td>
      <td>${reached === null ? s.notReached : fmtInt(reached, el.lang_)}</td><td>${seconds?.[i] ? fmt(seconds[i], 1) : '—'}</td><td>${ms(i)}</td></tr>`;
  });
  if (loaded) {
    rows.push(`<tr class="loaded"><th scope="row">${escapeHtml(`${fill(s.loadedRow, { name: loaded.name })} · ${s.masks[loaded.config.causal]}`)}</th><td>${loaded.config.dFF}</td>
      <td>—</td><td class="accuracy">${pct(loaded.final.accuracy)} %</td><td>${fmt(loaded.final.loss, 4)}</td><td>—</td><td>—</td><td>—</td></tr>`);
  }
  const caption = fill(s.resultsCaption, { n: plan.finalSequences, length: plan.length, chance: pct(plan.chance), bound: pct(plan.positionBlindBound) });
  // The run's name says its scheme and mask (runLabel): no column repeats the mask, so that the
  // table fits a 800-pixel column without scrolling.
  const cols = [s.colRun, s.colDFF, s.colParams, s.colAccuracy, s.colLoss, s.colReached, s.colSeconds, s.colStepMs];
  return `<p class="muted">${escapeHtml(caption)}</p><div class="scroll"><table class="final runs"><caption class="visually-hidden">${escapeHtml(s.resultsTitle)}</caption>
    <thead><tr>${cols.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

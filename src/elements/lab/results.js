// What the lab's pictures and tables are made of, from a plan and what its training reported: each
// run's name and line style, its curves, the step it first reached 95 %, the curves as CSV. Pure
// functions (tested in Node).
//
// API:
//   runLabel(s, plan, index)     '사인·코사인 · 마스크 없음' (with d_ff when the plan has several)
//   runStyle(plan, index)        { color (CSS), dashed }: colour by scheme (or by d_ff when the plan
//                                has one scheme), dashed with the causal mask
//   curve(points, index, measure, xOf = 'step')   -> [[x, y]] of one run; measure 'loss' |
//                                'accuracy' (in %); x the step or the run's seconds
//   reachedStep(points, index, threshold = 0.95)  -> the first evaluated step at or above it, or null
//   doneSummary(s, plan, final)  the end-of-run line: how many runs reached the highest accuracy (as
//                                shown, to 0.1 %), naming the run only when it is the only one
//   curvesCsv(s, plan, points, losses)  -> CSV: one row per step, the training loss of every run and,
//                                at evaluated steps, its held-out loss and accuracy
import { POSITION, POSITIONS } from '../../js/defaults.js';
import { seriesColor } from '../shared/colors.js';
import { fill } from '../shared/i18n.js';
import { fmt } from '../shared/format.js';
import { toCsv } from '../shared/data-export.js';

export function runLabel(s, plan, index) {
  const run = plan.runs[index];
  const several = new Set(plan.runs.map((r) => r.dFF)).size > 1;
  const vars = { scheme: s.schemeNames[run.scheme], mask: s.masks[run.causal], dff: run.dFF };
  return fill(several ? s.runNameDFF : s.runName, vars);
}

// Series colours (shared/tokens.js) by scheme: the schemes take, in pf_abi.h's order, the series in
// SERIES_ORDER (neighbours far apart in hue); no position at all takes the ink-like series 7.
const SERIES_ORDER = [0, 2, 3, 1, 4, 5];
const INK_SERIES = 6;
const SCHEME_SERIES = Object.fromEntries(POSITIONS.filter((p) => p !== POSITION.NONE)
  .map((p, i) => [p, SERIES_ORDER[i % SERIES_ORDER.length]]).concat([[POSITION.NONE, INK_SERIES]]));

export function runStyle(plan, index) {
  const run = plan.runs[index];
  const schemes = new Set(plan.runs.map((r) => r.scheme));
  const colorIndex = schemes.size > 1 ? SCHEME_SERIES[run.scheme]
    : [...new Set(plan.runs.map((r) => r.dFF))].indexOf(run.dFF);
  return { color: seriesColor(colorIndex), dashed: run.causal };
}

export function curve(points, index, measure, xOf = 'step') {
  return points.map((p) => {
    const r = p.runs[index];
    const x = xOf === 'seconds' ? r.seconds : p.step;
    return [x, measure === 'accuracy' ? 100 * r.accuracy : r.loss];
  });
}

export function reachedStep(points, index, threshold = 0.95) {
  return points.find((p) => p.runs[index].accuracy >= threshold)?.step ?? null;
}

export function doneSummary(s, plan, final) {
  const shown = final.map((f) => fmt(100 * f.accuracy, 1));
  const acc = shown.reduce((a, b) => (Number(b) > Number(a) ? b : a));
  const top = shown.flatMap((v, i) => (v === acc ? [i] : []));
  const vars = { acc, runs: final.length, count: top.length, best: runLabel(s, plan, top[0]) };
  return fill(top.length === 1 ? s.announceDoneOne : s.announceDone, vars);
}

export function curvesCsv(s, plan, points, losses) {
  const names = plan.runs.map((_, i) => runLabel(s, plan, i));
  const colNames = [
    ...names.map((n) => `${n}: ${s.axisLoss} (train)`),
    ...names.map((n) => `${n}: ${s.axisLoss} (held-out)`),
    ...names.map((n) => `${n}: ${s.axisAccuracy} (held-out)`),
  ];
  const runs = plan.runs.length;
  const data = new Float64Array(plan.steps * 3 * runs).fill(NaN);
  for (let i = 0; i < runs; i++) {
    const l = losses?.[i];
    if (l) for (let t = 0; t < plan.steps; t++) data[t * 3 * runs + i] = l[t];
  }
  for (const p of points) {
    for (let i = 0; i < runs; i++) {
      data[(p.step - 1) * 3 * runs + runs + i] = p.runs[i].loss;
      data[(p.step - 1) * 3 * runs + 2 * runs + i] = 100 * p.runs[i].accuracy;
    }
  }
  const rowNames = Array.from({ length: plan.steps }, (_, t) => t + 1);
  return toCsv(data, plan.steps, 3 * runs, { colNames, rowNames, corner: s.axisStep });
}

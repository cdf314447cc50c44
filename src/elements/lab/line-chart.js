// The lab's line charts as SVG in the project's style (the FFN and PE charts' axes, the series design
// tokens), not a chart library: a chart here holds at most 12 lines of at most 51 points, which SVG
// draws in well under a millisecond; its colours are CSS custom properties, so it follows the theme
// with no redraw; and it adds nothing to the bundle (uPlot, the lightest well-kept choice, would add
// 51 KB minified, 22 KB gzip (1.6.32), and paint into a canvas that is redrawn at every theme change).
//
// API:
//   lineChartCss                      the CSS the charts need (design tokens)
//   lineChartSvg({ series, x: { min, max, ticks, format, title }, y: { min, max, ticks, format,
//     title }, guides, bands, label, width = 560 })  -> an <svg> element; width: the drawing's own width
//     (its text is FONT = 13 units high and the drawing is never shown wider than `width`, so pass
//     the width it is shown at or a little more: text then stays at least 12 CSS px)
//     series  [{ points: [[x, y | null], ...], color (CSS), dashed, strong }]; null breaks the line
//     guides  [{ y, label }] dashed horizontal lines (chance, a bound), labelled above their right end
//     bands   [{ from, to, label }] a shaded x range (the lengths seen in training)
//     label   the accessible name (role="img"); the numbers are in the data table beside it
//   updateLineChart(svg, spec)        -> true when `svg` (drawn by lineChartSvg) has the same axes as
//     `spec`: then only its lines are redrawn (a few path attributes, no new DOM); false: draw anew
//   niceTicks(min, max, count = 5)    -> round tick values covering [min, max]
import { svg } from '../shared/dom.js';
import { fmt } from '../shared/format.js';

export const lineChartCss = `
  svg.line-chart { width: 100%; height: auto; display: block; overflow: visible; }
  .line-chart .guide-label { paint-order: stroke; stroke: var(--pe-surface); stroke-width: 3px; stroke-linejoin: round; }
  .line-chart .grid { stroke: var(--pe-grid); stroke-dasharray: 2 4; }
  .line-chart .axis { stroke: var(--pe-grid); }
  .line-chart text { fill: var(--pe-muted); }
  .line-chart .title { fill: var(--pe-fg); font-weight: 600; }
  .line-chart .guide { stroke: var(--pe-fg); stroke-dasharray: 2 4; stroke-opacity: .75; }
  .line-chart .guide-label { fill: var(--pe-fg); }
  .line-chart .band { fill: var(--pe-highlight); }
  .line-chart .line { fill: none; stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; }
  .line-chart .line.dashed { stroke-dasharray: 6 4; }
  .line-chart .line.strong { stroke-width: 3.2; }
`;

/** Text size in drawing units: at the drawn width, CSS pixels (WCAG's smallest comfortable size is 12). */
export const FONT = 13;
// Margins: the y ticks' labels on the left, the x ticks' labels and the axis title below; the guides'
// labels sit inside the plot, so the right margin only keeps the last x tick inside.
const M = { l: 54, r: 14, t: 10, b: 46 };

export function niceTicks(min, max, count = 5) {
  const span = max - min || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => span / s <= count) ?? 10 * power;
  const ticks = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** The drawing's size and scales for a spec; `key` names its axes (two specs with the same key draw
 * the same frame). */
function frame({ x, y, width = 560 }) {
  const W = width;
  const H = Math.round(Math.min(260, Math.max(200, width * 0.52)));
  const sx = (v) => M.l + ((v - x.min) / (x.max - x.min || 1)) * (W - M.l - M.r);
  const sy = (v) => H - M.b - ((Math.max(y.min, Math.min(y.max, v)) - y.min) / (y.max - y.min || 1)) * (H - M.t - M.b);
  return { W, H, sx, sy, key: [x.min, x.max, y.min, y.max, W].join(' ') };
}

/** The path of one series; null or a non-finite value breaks the line. */
function pathOf({ sx, sy }, points) {
  let d = '';
  let open = false;
  for (const [px, py] of points) {
    if (py === null || !Number.isFinite(py)) { open = false; continue; }
    d += `${open ? 'L' : 'M'}${sx(px).toFixed(1)} ${sy(py).toFixed(1)}`;
    open = true;
  }
  return d;
}

export function lineChartSvg({ series, x, y, guides = [], bands = [], label, width = 560 }) {
  const f = frame({ x, y, width });
  const { W, H, sx, sy } = f;
  const fx = x.format ?? ((v) => fmt(v, 0));
  const fy = y.format ?? ((v) => fmt(v, 1));
  const px = (v) => v.toFixed(1);
  const text = (attrs, content) => svg('text', { 'font-size': FONT, ...attrs, text: content });
  return svg('svg', { class: 'line-chart', viewBox: `0 0 ${W} ${H}`, 'data-frame': f.key, role: 'img', 'aria-label': label, 'font-size': FONT, style: `max-width:${W}px` },
    bands.map((band) => [
      svg('rect', { class: 'band', x: px(sx(band.from)), y: M.t, width: px(sx(band.to) - sx(band.from)), height: H - M.t - M.b }),
      band.label ? text({ x: px((sx(band.from) + sx(band.to)) / 2), y: M.t + FONT, 'text-anchor': 'middle' }, band.label) : null,
    ]),
    (y.ticks ?? niceTicks(y.min, y.max)).map((t) => [
      svg('line', { class: 'grid', x1: M.l, x2: W - M.r, y1: px(sy(t)), y2: px(sy(t)) }),
      text({ x: M.l - 6, y: px(sy(t) + FONT / 3), 'text-anchor': 'end' }, fy(t)),
    ]),
    (x.ticks ?? niceTicks(x.min, x.max)).map((t) => text({ x: px(sx(t)), y: H - M.b + FONT + 5, 'text-anchor': 'middle' }, fx(t))),
    svg('line', { class: 'axis', x1: M.l, x2: W - M.r, y1: H - M.b, y2: H - M.b }),
    svg('line', { class: 'axis', x1: M.l, x2: M.l, y1: M.t, y2: H - M.b }),
    x.title ? text({ class: 'title', x: px((M.l + W - M.r) / 2), y: H - 6, 'text-anchor': 'middle' }, x.title) : null,
    y.title ? text({ class: 'title', x: -(M.t + (H - M.t - M.b) / 2), y: FONT, transform: 'rotate(-90)', 'text-anchor': 'middle' }, y.title) : null,
    guides.map((guide) => svg('line', { class: 'guide', x1: M.l, x2: W - M.r, y1: px(sy(guide.y)), y2: px(sy(guide.y)) })),
    series.map((s, i) => svg('path', {
      class: `line${s.dashed ? ' dashed' : ''}${s.strong ? ' strong' : ''}`, 'data-series': i, d: pathOf(f, s.points), style: `stroke:${s.color}`,
    })),
    // The guides' labels over the lines (with a halo of the card's colour), so no curve hides them.
    guides.map((guide) => text({ class: 'guide-label', x: W - M.r - 2, y: px(sy(guide.y) - 4), 'text-anchor': 'end' }, guide.label)));
}

export function updateLineChart(svg, spec) {
  const f = frame(spec);
  const paths = svg?.querySelectorAll('path[data-series]');
  if (!svg || svg.dataset.frame !== f.key || paths.length !== spec.series.length) return false;
  spec.series.forEach((s, i) => paths[i].setAttribute('d', pathOf(f, s.points)));
  return true;
}

// The two SVG pictures of <ffn-explorer> and <block-flow>:
//   hourglassSvg   d_model -> d_ff -> d_model, bar heights proportional to the widths (the documents'
//                  모래시계: widen in the middle, narrow again)
//   sharedRowsSvg  every token row x_t goes through its own copy of the SAME box (same colour, same
//                  label, same weights) to FFN(x_t); rows never meet
// Both return an <svg> element with role="img" and an accessible name; the numbers are in data tables
// nearby.
// Colours are design tokens set by figuresCss (they follow the theme without a re-render); the data
// cells (class "datum") keep their PuOr colours in both themes.
import { svg } from '../shared/dom.js';
import { signedColor, seriesColor } from '../shared/colors.js';

/** CSS for both pictures, for the shadow root of an element that shows them. */
export const figuresCss = `
  .hourglass .trap { fill: var(--pe-head); stroke: var(--pe-grid); }
  .shared-rows .outline { fill: none; stroke: var(--pe-grid); }
  .shared-rows .outline.sel { stroke: var(--pe-ink); }
  .shared-rows .flow { stroke: var(--pe-muted); }
  .shared-rows .arrow-head { fill: var(--pe-muted); }
  .shared-rows .box { fill: var(--pe-ffn-box); }
  .shared-rows text.on-box { fill: var(--pe-on-ffn-box); }
`;

const text = (x, y, s, attrs = {}) => svg('text', { x, y, ...attrs, text: s });

/** labels: { input, hidden, output, w1, w2, act, title } (already in the page language). */
export function hourglassSvg({ dModel, dFF, labels }) {
  const W = 440;
  const H = 250;
  const mid = 125;
  const span = 170;
  const big = Math.max(dModel, dFF);
  const hOf = (n) => Math.max(14, (span * n) / big);
  const hx = hOf(dModel);
  const hf = hOf(dFF);
  const bar = (x, h, color) => svg('rect', { x, y: mid - h / 2, width: '26', height: h, rx: '4', style: `fill:${color}` });
  const trap = (x0, h0, x1, h1) => svg('polygon', { points: `${x0},${mid - h0 / 2} ${x1},${mid - h1 / 2} ${x1},${mid + h1 / 2} ${x0},${mid + h0 / 2}`, class: 'trap' });
  const xIn = 50;
  const xMid = 207;
  const xOut = 364;
  const bold = { 'font-weight': '600' };
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': labels.title, class: 'hourglass', 'font-size': '13', 'text-anchor': 'middle' },
    trap(xIn + 26, hx, xMid, hf), trap(xMid + 26, hf, xOut, hx),
    bar(xIn, hx, seriesColor(0)), bar(xMid, hf, seriesColor(1)), bar(xOut, hx, seriesColor(0)),
    text(xIn + 13, mid - hx / 2 - 24, labels.input, bold),
    text(xIn + 13, mid - hx / 2 - 8, `d_model = ${dModel}`),
    text(xMid + 13, mid - hf / 2 - 24, labels.hidden, bold),
    text(xMid + 13, mid - hf / 2 - 8, `d_ff = ${dFF}`),
    text(xOut + 13, mid - hx / 2 - 24, labels.output, bold),
    text(xOut + 13, mid - hx / 2 - 8, `d_model = ${dModel}`),
    text((xIn + 26 + xMid) / 2, mid - 4, labels.w1, bold),
    text((xIn + 26 + xMid) / 2, mid + 13, `(${dModel} × ${dFF})`),
    text((xMid + 26 + xOut) / 2, mid - 4, labels.w2, bold),
    text((xMid + 26 + xOut) / 2, mid + 13, `(${dFF} × ${dModel})`),
    text(xMid + 13, Math.min(H - 8, mid + hf / 2 + 20), labels.act));
}

/**
 * x, y: (tokens x dModel) row-major; rowLabels: text per row; labels: { input, box, boxSub, output,
 * title }; limit: colour scale; selectedRow: row drawn with a thick outline.
 */
export function sharedRowsSvg({ x, y, tokens, dModel, rowLabels, labels, limit, selectedRow = -1 }) {
  const rowH = 24;
  const gap = 8;
  const top = 26;
  const stripW = 112;
  const x0 = 62;
  const box0 = x0 + stripW + 26;
  const boxW = 96;
  const y0 = box0 + boxW + 26;
  const W = y0 + stripW + 6;
  const H = top + tokens * (rowH + gap);
  const cw = stripW / dModel;
  const rows = [];
  for (let t = 0; t < tokens; t++) {
    const ty = top + t * (rowH + gap);
    const cells = [];
    for (let j = 0; j < dModel; j++) {
      cells.push(svg('rect', { x: x0 + j * cw, y: ty, width: cw, height: rowH, class: 'datum', fill: signedColor(x[t * dModel + j], limit) }),
        svg('rect', { x: y0 + j * cw, y: ty, width: cw, height: rowH, class: 'datum', fill: signedColor(y[t * dModel + j], limit) }));
    }
    const outline = t === selectedRow ? { class: 'outline sel', 'stroke-width': '3' } : { class: 'outline', 'stroke-width': '1' };
    rows.push(svg('g', null,
      text(x0 - 8, ty + rowH / 2 + 5, rowLabels[t], { 'text-anchor': 'end', 'font-weight': t === selectedRow ? '700' : null }),
      cells,
      svg('rect', { x: x0, y: ty, width: stripW, height: rowH, ...outline }),
      svg('rect', { x: y0, y: ty, width: stripW, height: rowH, ...outline }),
      svg('path', { d: `M${x0 + stripW + 4} ${ty + rowH / 2} H${box0 - 4}`, class: 'flow', 'stroke-width': '1.5', 'marker-end': 'url(#arrow)' }),
      svg('rect', { x: box0, y: ty, width: boxW, height: rowH, rx: '5', class: 'box' }),
      text(box0 + boxW / 2, ty + rowH / 2 + 5, labels.box, { class: 'on-box', 'text-anchor': 'middle', 'font-weight': '600' }),
      svg('path', { d: `M${box0 + boxW + 4} ${ty + rowH / 2} H${y0 - 4}`, class: 'flow', 'stroke-width': '1.5', 'marker-end': 'url(#arrow)' })));
  }
  const centred = { 'text-anchor': 'middle', 'font-weight': '600' };
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': labels.title, class: 'shared-rows', 'font-size': '13' },
    svg('defs', null, svg('marker', { id: 'arrow', viewBox: '0 0 8 8', refX: '7', refY: '4', markerWidth: '7', markerHeight: '7', orient: 'auto' },
      svg('path', { class: 'arrow-head', d: 'M0 0 L8 4 L0 8 z' }))),
    text(x0 + stripW / 2, 16, labels.input, centred),
    text(box0 + boxW / 2, 16, labels.boxSub, centred),
    text(y0 + stripW / 2, 16, labels.output, centred),
    rows);
}

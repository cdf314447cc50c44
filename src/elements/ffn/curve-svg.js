// A small plot of an activation function: the curve (values computed by the module, see
// activation-curve.js) and the dots of one token's (z, act(z)) pairs on top of it.
import { svg } from '../shared/dom.js';

/** CSS for the plot (design tokens, so it follows the theme without a re-render). */
export const curveCss = `
  .curve .axis { stroke: var(--pe-grid); }
  .curve .fn { fill: none; stroke: var(--pe-series-1); }
  .curve .dot { fill: var(--pe-series-2); stroke: var(--pe-ink); }
`;

export const Z_MIN = -4;
export const Z_MAX = 4;
const A_MIN = -1;
const A_MAX = 4;

/** zs/as: the curve; dotZ/dotA: the token's values (dots outside the z range are left out). */
export function curveSvg({ zs, as, dotZ, dotA, label }) {
  const W = 320;
  const H = 200;
  const pad = 26;
  const sx = (z) => pad + ((z - Z_MIN) / (Z_MAX - Z_MIN)) * (W - 2 * pad);
  const sy = (a) => H - pad - ((a - A_MIN) / (A_MAX - A_MIN)) * (H - 2 * pad);
  const clampY = (a) => Math.max(A_MIN, Math.min(A_MAX, a));
  const line = Array.from(zs, (z, i) => `${sx(z).toFixed(1)},${sy(clampY(as[i])).toFixed(1)}`).join(' ');
  const dots = [];
  for (let i = 0; i < dotZ.length; i++) {
    if (dotZ[i] < Z_MIN || dotZ[i] > Z_MAX) continue;
    dots.push(svg('circle', { cx: sx(dotZ[i]).toFixed(1), cy: sy(clampY(dotA[i])).toFixed(1), r: '3.2', class: 'dot', 'stroke-width': '.6' }));
  }
  const ticks = [-4, -2, 0, 2, 4].map((z) => svg('text', { x: sx(z), y: H - pad + 15, 'text-anchor': 'middle', text: z < 0 ? `−${-z}` : z }));
  const yTicks = [0, 2, 4].map((a) => svg('text', { x: pad - 5, y: sy(a) + 4, 'text-anchor': 'end', text: a }));
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'curve', 'font-size': '11' },
    svg('line', { x1: pad, y1: sy(0), x2: W - pad, y2: sy(0), class: 'axis' }),
    svg('line', { x1: sx(0), y1: pad, x2: sx(0), y2: H - pad, class: 'axis' }),
    ticks, yTicks,
    svg('text', { x: W - pad, y: sy(0) - 6, 'text-anchor': 'end', text: 'z' }),
    svg('polyline', { points: line, class: 'fn', 'stroke-width': '2.5' }),
    dots);
}

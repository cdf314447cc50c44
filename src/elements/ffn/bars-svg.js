// A small horizontal bar chart (one bar per d_ff multiple) for <ffn-tradeoff>. Bars are scaled to the
// largest value in the panel; a bar whose value is not known yet is drawn empty with its text '…'.
// Colours are design tokens (barsCss), so the chart follows the theme without a re-render. The bars sit
// on the card itself (no grey track), where every series colour keeps 3:1 in both themes.
import { svg } from '../shared/dom.js';

export const barsCss = `
  .bars .bar.strong { stroke: var(--pe-ink); }
`;

/** items: [{ label, value (number | null), text, color (CSS), strong }]; label: accessible name. */
export function barsSvg({ items, label }) {
  const rowH = 24;
  const gap = 8;
  const labelW = 74;
  const barW = 170;
  const textW = 104;
  const W = labelW + barW + textW;
  const H = items.length * (rowH + gap);
  const max = Math.max(1e-30, ...items.map((it) => (it.value == null ? 0 : it.value)));
  const body = items.map((it, i) => {
    const y = i * (rowH + gap);
    const w = it.value == null ? 0 : Math.max(1.5, (barW * it.value) / max);
    const weight = it.strong ? '700' : null;
    return [
      svg('text', { x: labelW - 8, y: y + rowH / 2 + 5, 'text-anchor': 'end', 'font-weight': weight, text: it.label }),
      svg('rect', { class: `bar${it.strong ? ' strong' : ''}`, x: labelW, y, width: w.toFixed(1), height: rowH, style: `fill:${it.color}`, 'stroke-width': it.strong ? '2' : null }),
      svg('text', { x: labelW + barW + 6, y: y + rowH / 2 + 5, 'font-weight': weight, text: it.text }),
    ];
  });
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': label, class: 'bars', 'font-size': '13' }, body);
}

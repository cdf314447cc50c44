// The token-pair heat maps of the attention step: an n x n CSS grid, row i = the token that looks
// (query), column j = the token looked at (key), with the token numbers on both edges. Attention
// weights use viridis from 0 to the head's largest weight; scores before softmax use the signed
// purple-orange scale. Pairs the causal mask hides are hatched (data-masked), so the mask reads
// without colour: grey for their weights (0), over their colour for the scores (computed for all). An optional last column shows each row's sum (of the weights: 1).
// Cells carry data-i, data-j, data-value (the full float32) and a title; the numbers for screen readers
// are in the data table next to the grid.
import { h } from '../shared/dom.js';
import { fmt } from '../shared/format.js';
import { signedColor, valueColor } from '../shared/colors.js';

export const pairGridCss = `
  .pairs { display: grid; gap: 1px; font-size: .72em; min-width: 0; width: min(100%, 21rem); }
  .pairs .c { aspect-ratio: 1; min-width: 0; display: block; }
  .pairs .c.masked { background: var(--pe-head) repeating-linear-gradient(45deg, transparent 0 3px, var(--pe-grid) 3px 4px); }
  .pairs .c.masked.keep { background-image: repeating-linear-gradient(45deg, transparent 0 3px, var(--pe-ink) 3px 4px); }
  .pairs .hd { color: var(--pe-muted); text-align: center; align-self: end; line-height: 1.2; }
  .pairs .rl { color: var(--pe-muted); text-align: right; padding-right: .3em; align-self: center; }
  .pairs .sum { padding-left: .35em; align-self: center; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .pairs .sum.hd { align-self: end; }
  .pairs .c.row-sel { box-shadow: inset 0 2px 0 var(--pe-ink), inset 0 -2px 0 var(--pe-ink); }
  .pair-legend { display: flex; align-items: center; gap: .45em; font-size: .78em; margin: .3rem 0; flex-wrap: wrap; }
  .pair-legend .bar { width: 7rem; height: .8em; border-radius: 3px; border: 1px solid var(--pe-border); }
  .pair-legend .masked-swatch { display: inline-block; width: 1.1em; height: 1.1em; vertical-align: middle;
    background: var(--pe-head) repeating-linear-gradient(45deg, transparent 0 3px, var(--pe-grid) 3px 4px); border: 1px solid var(--pe-border); }
`;

/**
 * One head's grid element. values: Float32Array (n x n) of this head; kind: 'weights' | 'scores';
 * masked(i, j): whether the mask hides the pair; limit: colour scale (weights: 0..limit, scores:
 * −limit..limit); sums: per-row sums to print (or null); label: accessible name; titleOf(i, j, v).
 */
export function pairGrid({ values, n, kind, masked, limit, sums = null, label, titleOf, selectedRow = -1, sumHead = 'Σ' }) {
  const color = kind === 'weights' ? (v) => valueColor(v, 0, limit) : (v) => signedColor(v, limit);
  const cells = [h('span', { 'aria-hidden': 'true' })];
  for (let j = 0; j < n; j++) cells.push(h('span', { class: 'hd', 'aria-hidden': 'true', text: j }));
  if (sums) cells.push(h('span', { class: 'sum hd', 'aria-hidden': 'true', text: sumHead }));
  for (let i = 0; i < n; i++) {
    cells.push(h('span', { class: 'rl', 'aria-hidden': 'true', text: i }));
    const sel = i === selectedRow ? ' row-sel' : '';
    for (let j = 0; j < n; j++) {
      const v = values[i * n + j];
      const hidden = masked(i, j);
      // Weights of hidden pairs are 0 and drawn grey; their scores exist and keep their colour.
      const keep = kind === 'scores';
      cells.push(h('span', {
        class: `c${hidden ? ' masked' : ''}${hidden && keep ? ' keep' : ''}${sel}`, 'data-kind': kind, 'data-i': i, 'data-j': j,
        'data-value': v, 'data-masked': hidden, style: hidden && !keep ? null : `background-color:${color(v)}`, title: titleOf(i, j, v),
      }));
    }
    if (sums) cells.push(h('span', { class: 'sum', 'data-row-sum': i, 'data-value': sums[i], text: fmt(sums[i], 4) }));
  }
  const columns = `auto repeat(${n}, minmax(0, 1fr))${sums ? ' auto' : ''}`;
  return h('div', { class: 'pairs', role: 'img', 'aria-label': label, style: `grid-template-columns: ${columns}` }, cells);
}

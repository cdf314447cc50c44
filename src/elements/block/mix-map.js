// The "which tokens mix" map of <block-flow>: an n x n grid where cell (i, j) is filled when the
// result for token row i uses token j. Attention fills the pairs whose weight is not 0 (all of them,
// or the lower triangle with the causal mask); row-wise steps such as the FFN only the diagonal.
import { h } from '../shared/dom.js';
import { fill } from '../shared/i18n.js';

export const mixMapCss = `
  .mix { display: grid; gap: 2px; width: min(100%, 16rem); }
  .mix span { aspect-ratio: 1; border: 1px solid var(--pe-border); background: var(--pe-surface); font-size: .7em; display: flex; align-items: center; justify-content: center; }
  .mix span.on { background: var(--pe-ok); border-color: var(--pe-ok); }
  .mix span.now { box-shadow: 0 0 0 3px var(--pe-note-border); }
  .mix span.head { border: 0; background: none; color: var(--pe-muted); aspect-ratio: auto; padding: 0 .2em; }
`;

/**
 * uses(i, j): whether row i uses token j; label: accessible name, its {filled} replaced by the count;
 * current: a row to ring (−1 for none). Returns { filled, node }.
 */
export function mixMap({ n, uses, label, current = -1 }) {
  const cells = [h('span', { class: 'head', 'aria-hidden': 'true' })];
  for (let j = 0; j < n; j++) cells.push(h('span', { class: 'head', 'aria-hidden': 'true', text: j }));
  let filled = 0;
  for (let i = 0; i < n; i++) {
    cells.push(h('span', { class: 'head', 'aria-hidden': 'true', text: i }));
    for (let j = 0; j < n; j++) {
      const on = uses(i, j);
      if (on) filled++;
      cells.push(h('span', { class: `${on ? 'on' : ''}${on && i === current ? ' now' : ''}`, 'data-i': i, 'data-j': j }));
    }
  }
  const name = fill(label, { filled });
  return { filled, node: h('div', { class: 'mix', role: 'img', 'aria-label': name, style: `grid-template-columns: auto repeat(${n}, minmax(0, 1fr))` }, cells) };
}

// The "which tokens mix" map of <block-flow>: an n x n grid where cell (i, j) is filled when the
// result for token row i uses token j. Attention fills every cell; row-wise steps only the diagonal.
import { escapeHtml } from '../shared/format.js';

export const mixMapCss = `
  .mix { display: grid; gap: 2px; width: min(100%, 16rem); }
  .mix span { aspect-ratio: 1; border: 1px solid var(--pe-border); background: #fff; font-size: .7em; display: flex; align-items: center; justify-content: center; }
  .mix span.on { background: #0072B2; border-color: #0072B2; }
  .mix span.now { box-shadow: 0 0 0 3px #E69F00; }
  .mix span.head { border: 0; background: none; color: var(--pe-muted); aspect-ratio: auto; padding: 0 .2em; }
`;

/** all: every pair meets (attention) or only i = j (row-wise); current: a row to ring (-1 for none). */
export function mixMapHtml({ n, all, label, current = -1 }) {
  let cells = '<span class="head" aria-hidden="true"></span>';
  for (let j = 0; j < n; j++) cells += `<span class="head" aria-hidden="true">${j}</span>`;
  for (let i = 0; i < n; i++) {
    cells += `<span class="head" aria-hidden="true">${i}</span>`;
    for (let j = 0; j < n; j++) cells += `<span class="${all || i === j ? 'on' : ''}${i === current && (all || i === j) ? ' now' : ''}" data-i="${i}" data-j="${j}"></span>`;
  }
  return `<div class="mix" role="img" aria-label="${escapeHtml(label)}" style="grid-template-columns: auto repeat(${n}, minmax(0, 1fr))">${cells}</div>`;
}

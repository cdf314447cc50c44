// The stack above <block-flow>'s steps: x + PE made once, then the blocks in a row, then the output.
// The block boxes are buttons that choose which block the steps ② to ⑤ show (aria-pressed), so the
// learner sees that a second block takes the first one's output and that PE is not added again.
import { escapeHtml } from '../shared/format.js';
import { fill } from '../shared/i18n.js';

export const stackCss = `
  .stack { display: flex; flex-wrap: wrap; align-items: center; gap: .35rem; margin: .5rem 0; }
  .stack .box { padding: .3rem .6rem; border-radius: var(--pe-radius-small); border: 1px solid var(--pe-border); font-size: .9em; }
  .stack .pe-once { background: var(--pe-note-bg); border-color: var(--pe-note-border); }
  .stack .pe-once.now { border-width: 2px; font-weight: 700; }
  .stack button[aria-pressed=true] { background: var(--pe-accent); border-color: var(--pe-accent); color: var(--pe-on-accent); font-weight: 700; }
  .stack .arrow { color: var(--pe-muted); }
`;

/** HTML of the stack; blocks: how many, current: the block shown (0-based; −1 = the input, step ①). */
export function stackHtml({ s, blocks, current }) {
  const parts = [`<span class="box pe-once${current < 0 ? ' now' : ''}">${escapeHtml(s.stackInput)}</span>`];
  for (let b = 0; b < blocks; b++) {
    parts.push(`<button type="button" class="box" data-view-block="${b}" aria-pressed="${b === current}">${escapeHtml(fill(s.stackBlock, { b: b + 1 }))}</button>`);
  }
  parts.push(`<span class="box">${escapeHtml(s.stackOutput)}</span>`);
  const label = fill(current < 0 ? s.stackAriaInput : s.stackAria, { blocks, b: current + 1 });
  return `<div class="stack" role="group" aria-label="${escapeHtml(label)}">${parts.join('<span class="arrow" aria-hidden="true">→</span>')}</div>`;
}

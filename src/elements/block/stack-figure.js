// The stack above <block-flow>'s steps: x + PE made once, then the blocks in a row, then the output.
// The block boxes are buttons that choose which block the steps ② to ⑤ show (aria-pressed), so the
// learner sees that a second block takes the first one's output and that PE is not added again.
import { h } from '../shared/dom.js';
import { fill } from '../shared/i18n.js';

export const stackCss = `
  .stack { display: flex; flex-wrap: wrap; align-items: center; gap: .35rem; margin: .5rem 0; }
  .stack .box { padding: .3rem .6rem; border-radius: var(--pe-radius-small); border: 1px solid var(--pe-border); font-size: .9em; }
  .stack .pe-once { background: var(--pe-note-bg); border-color: var(--pe-note-border); }
  .stack .pe-once.now { border-width: 2px; font-weight: 700; }
  .stack button[aria-pressed=true] { background: var(--pe-accent); border-color: var(--pe-accent); color: var(--pe-on-accent); font-weight: 700; }
  .stack .arrow { color: var(--pe-muted); }
`;

/** The stack's element; blocks: how many, current: the block shown (0-based; −1 = the input, step ①). */
export function stackFigure({ s, blocks, current }) {
  const parts = [h('span', { class: `box pe-once${current < 0 ? ' now' : ''}`, text: s.stackInput })];
  for (let b = 0; b < blocks; b++) {
    parts.push(h('button', { type: 'button', class: 'box', 'data-view-block': b, 'aria-pressed': b === current ? 'true' : 'false', text: fill(s.stackBlock, { b: b + 1 }) }));
  }
  parts.push(h('span', { class: 'box', text: s.stackOutput }));
  const label = fill(current < 0 ? s.stackAriaInput : s.stackAria, { blocks, b: current + 1 });
  const arrow = () => h('span', { class: 'arrow', 'aria-hidden': 'true', text: '→' });
  return h('div', { class: 'stack', role: 'group', 'aria-label': label }, parts.flatMap((part, i) => (i ? [arrow(), part] : [part])));
}

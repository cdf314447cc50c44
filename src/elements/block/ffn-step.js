// Step ④ of <block-flow>: the FFN, row by row. Every token row z_t goes through its own copy of the
// same FFN box (same W₁, b₁, W₂, b₂); a table follows one row at a time; the FFN's hidden layer and
// its output as pictures; and the contrast with attention: two "which tokens mix" maps side by side,
// attention's from the module's weights of the chosen head, the FFN's the diagonal, with a predict-
// then-reveal question ("which step mixes tokens?") whose answer shows the two maps.
import { h } from '../shared/dom.js';
import { fmt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { texNode } from '../shared/math.js';
import { predictPanel } from '../shared/predict.js';
import { largestMagnitude } from '../ffn/heat-grid.js';
import { sharedRowsSvg } from '../ffn/figures.js';
import { rowsPicture, tokenNames } from './picture.js';
import { FFN_FORMULA, FFN_FORMULA_GELU } from './formulas.js';
import { headSlice } from './attention-step.js';
import { mixMap } from './mix-map.js';
import { ACTIVATION } from '../../js/defaults.js';

/** { node, exports } of the step. */
export function ffnStep(el, ctx) {
  const { s, n, d, block, row, head, values } = ctx;
  const f = values['d-ff'];
  const z = block.ffnIn;
  const y = block.trace.ffn;
  const rowLabels = tokenNames(s, n);
  const rows = [];
  for (let j = 0; j < d; j++) {
    rows.push(h('tr', null, h('th', { scope: 'row', text: j }), h('td', { 'data-kind': 'z', text: fmt(z[row * d + j]) }), h('td', { 'data-kind': 'ffn', text: fmt(y[row * d + j]) })));
  }
  const weights = headSlice(block.trace.weights, n, head);
  const headName = fill(s.headN, { h: head });
  const att = mixMap({ n, uses: (i, j) => weights[i * n + j] !== 0, current: row,
    label: fill(s.mixAria, { what: fill(s.mixAttention, { head: headName }), n, filled: '{filled}' }) });
  const own = mixMap({ n, uses: (i, j) => i === j, current: row, label: fill(s.mixAria, { what: s.mixFfn, n, filled: '{filled}' }) });
  const inName = s.ffnInput[values.norm];
  const pictures = [
    { key: 'ffn-in', title: inName, data: z, what: s.exportNames.ffnIn, script: 'z' },
    { key: 'hidden', title: s.hiddenTitle, data: block.trace.hidden, cols: f, what: s.exportNames.hidden, script: 'hidden' },
    { key: 'ffn-out', title: s.ffnOut, data: y, what: s.exportNames.ffn, script: 'ffn' },
  ];
  const limit = largestMagnitude(z, y);
  const node = [
    h('p', { text: s.body.ffn }),
    h('div', { class: 'formula' }, texNode(values.activation === ACTIVATION.GELU ? FFN_FORMULA_GELU : FFN_FORMULA, { display: true })),
    h('p', { class: 'muted', text: inName }),
    sharedRowsSvg({
      x: z, y, tokens: n, dModel: d, rowLabels, selectedRow: row, limit,
      labels: { input: s.rowsInput, box: s.rowsBox, boxSub: s.rowsBoxSub, output: s.rowsOutput, title: fill(s.rowsAria, { n, t: row }) },
    }),
    h('div', { class: 'nav' },
      h('button', { type: 'button', class: 'prev-row', text: `← ${s.prevRow}` }),
      h('button', { type: 'button', class: 'next-row', text: `${s.nextRow} →` }),
      h('span', { class: 'row-now', 'aria-live': 'polite', text: fill(s.rowNow, { t: row, n }) })),
    h('div', { class: 'scroll' }, h('table', { class: 'row-table' },
      h('caption', { text: fill(s.rowTableCaption, { t: row }) }),
      h('thead', null, h('tr', null, [s.colJ, s.colIn, s.colOut].map((text) => h('th', { scope: 'col', text })))),
      h('tbody', null, rows))),
    h('section', { class: 'mixing' },
      h('h4', { text: s.mixTitle }),
      predictPanel(el, 'mixes', { question: s.predictQ, options: s.predictOptions }),
      h('div', { class: 'mix-reveal', hidden: !ctx.mixShown },
        h('div', { class: 'mix-pair' },
          h('figure', null, h('h4', { text: fill(s.mixAttention, { head: headName }) }), att.node),
          h('figure', null, h('h4', { text: s.mixFfn }), own.node)),
        h('p', { class: 'big mix-counts', text: fill(s.mixCounts, { att: att.filled, n }) }),
        h('p', { class: 'muted', text: s.mixCaption }))),
    h('div', { class: 'grids3' }, pictures.map((p) => rowsPicture(el, { ...p, rows: n, cols: p.cols ?? d, selectedRow: row }))),
  ];
  const exports = pictures.map((p) => ctx.exportOf(p.key, p.data, [n, p.cols ?? d], p.script));
  return { node, exports };
}

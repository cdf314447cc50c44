// Steps ③ and ⑤ of <block-flow>: Add & Norm. The residual path (the whole input of the sub-layer),
// the sub-layer's output, their sum and the normalised rows as pictures; both orders' formulas with
// the one in use marked and a switch; for a chosen token, the LayerNorm worked by hand (mean, variance,
// √(σ² + ε)) beside the row the module normalised, and how far apart the two are.
import { h } from '../shared/dom.js';
import { fmt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { texNode } from '../shared/math.js';
import { largestMagnitude } from '../ffn/heat-grid.js';
import { rowsPicture, tokenNames } from './picture.js';
import { rowStats } from './row-stats.js';
import { BLOCK_FORMULAS, LAYER_NORM_FORMULA } from './formulas.js';
import { NORM, NORMS } from '../../js/defaults.js';
import { kindTable } from '../../js/kinds.js';

// Names of the arrays in each step and order, as the formulas write them.
const NAMES = kindTable('add-norm-step.js NAMES', NORMS, {
  [NORM.POST]: [
    { input: 'h', branch: 'Attn(h)', sum: 'h + Attn(h)', normIn: 'h + Attn(h)', normOut: 'h′' },
    { input: 'h′', branch: 'FFN(h′)', sum: 'h′ + FFN(h′)', normIn: 'h′ + FFN(h′)', normOut: 'h″' },
  ],
  [NORM.PRE]: [
    { input: 'h', branch: 'Attn(LN₁(h))', sum: 'h′', normIn: 'h', normOut: 'LN₁(h)' },
    { input: 'h′', branch: 'FFN(LN₂(h′))', sum: 'h″', normIn: 'h′', normOut: 'LN₂(h′)' },
  ],
});

// Each picture's array in the names of the NumPy script (block/numpy-script.js): x is the block's
// input, a = LN1(x) and z = LN2(h1) in pre-norm.
const SCRIPT_NAMES = kindTable('add-norm-step.js SCRIPT_NAMES', NORMS, {
  [NORM.POST]: [
    { residual: 'x', branch: 'attention', sum: 'x + attention', norm: 'h1' },
    { residual: 'h1', branch: 'ffn', sum: 'h1 + ffn', norm: 'output' },
  ],
  [NORM.PRE]: [
    { residual: 'x', branch: 'attention', sum: 'h1', norm: 'a' },
    { residual: 'h1', branch: 'ffn', sum: 'output', norm: 'z' },
  ],
});

export function tokenPicker(el, { s, n, row }) {
  const id = el.localId('token');
  const options = tokenNames(s, n).map((name, t) => h('option', { value: t, selected: t === row, text: name }));
  return h('div', { class: 'field' }, h('label', { for: id, text: s.chooseToken }), h('select', { id, 'data-row-select': true }, options));
}

function formulas(el, { s, norm, which }) {
  const id = el.localId(`norm-${which}`);
  const line = (order) => h('div', { class: `order${order === norm ? ' now' : ''}`, 'data-order': order },
    h('p', null, h('strong', { text: s.normNames[order] }), order === norm ? [' ', h('span', { class: 'badge', text: s.normNow })] : null),
    h('div', { class: 'formula' }, texNode(BLOCK_FORMULAS[order][which], { display: true })));
  const options = NORMS.map((o) => h('option', { value: o, selected: o === norm, text: s.normShort[o] }));
  return h('section', { class: 'orders' },
    h('div', { class: 'row' }, h('h4', { text: s.normFormulasTitle }),
      h('div', { class: 'field' }, h('label', { for: id, text: s.norm }), h('select', { id, 'data-prop': 'norm' }, options))),
    h('div', { class: 'orders-grid' }, NORMS.map(line)));
}

function stats(el, { s, d, row, names, stats: st, eps, normOut }) {
  const body = [];
  for (let j = 0; j < d; j++) {
    body.push(h('tr', null, h('th', { scope: 'row', text: j }), h('td', { 'data-kind': 'z', text: fmt(st.z[j]) }),
      h('td', { text: fmt(st.z[j] - st.mean) }), h('td', { 'data-kind': 'norm', text: fmt(normOut[row * d + j]) })));
  }
  const head = [s.colJ, s.colZ, s.colCentered, s.colNorm];
  const item = (stat, text) => h('li', { 'data-stat': stat, text });
  return h('section', { class: 'stats', 'data-token': row },
    h('h4', { text: fill(s.statsTitle, { t: row }) }),
    h('div', { class: 'formula' }, texNode(LAYER_NORM_FORMULA, { display: true })),
    h('div', { class: 'stats-grid' },
      h('div', { class: 'scroll' }, h('table', null,
        h('caption', { text: `${fill(s.statsCaption, { t: row })} · z = ${names.normIn}` }),
        h('thead', null, h('tr', null, head.map((text) => h('th', { scope: 'col', text })))),
        h('tbody', null, body))),
      h('ul', { class: 'stat-list' },
        item('mean', fill(s.statMean, { d, v: fmt(st.mean, 5) })),
        item('variance', fill(s.statVar, { d, v: fmt(st.variance, 5) })),
        item('std', fill(s.statStd, { v: fmt(st.std, 5), eps: eps.toExponential() })),
        item('check', fill(s.statCheck, { diff: st.largestDiff === 0 ? '0' : st.largestDiff.toExponential(1) })))),
    h('p', { class: 'muted', text: s.statNote }));
}

/** { node, exports } of step ③ (which = 0) or ⑤ (which = 1). */
export function addNormStep(el, ctx, which) {
  const { s, n, d, block, row, values } = ctx;
  const norm = values.norm;
  const part = block.addNorm[which];
  const names = NAMES[norm][which];
  const limit = largestMagnitude(part.input, part.branch, part.sum);
  const sumPictures = [
    { key: 'residual', title: fill(s.gridResidual, { name: names.input }), what: names.input, data: part.input, limit },
    { key: 'branch', title: fill(s.gridBranch, { name: names.branch }), what: names.branch, data: part.branch, limit },
    { key: 'sum', title: fill(s.gridSum, { name: names.sum }), what: names.sum, data: part.sum, limit },
  ];
  const normPicture = { key: 'norm', title: fill(s.gridNormOut, { name: names.normOut }), what: names.normOut, data: part.normOut };
  // In the order of the formula: post-norm adds, then normalises; pre-norm normalises the input first.
  const pictures = norm === NORM.POST ? [...sumPictures, normPicture] : [sumPictures[0], normPicture, ...sumPictures.slice(1)];
  const worked = rowStats(part.normIn, d, row, block.eps, part.normOut);
  const node = [
    h('p', { text: (which === 0 ? s.body.norm1 : s.body.norm2)[norm] }),
    formulas(el, { s, norm, which }),
    h('div', { class: 'grids4' }, pictures.map((p) => rowsPicture(el, { ...p, rows: n, cols: d, selectedRow: row }))),
    h('div', { class: 'controls' }, tokenPicker(el, { s, n, row })),
    stats(el, { s, d, row, names, stats: worked, eps: block.eps, normOut: part.normOut }),
  ];
  const exports = pictures.map((p) => ctx.exportOf(p.key, p.data, [n, d], SCRIPT_NAMES[norm][which][p.key], { file: `step${which === 0 ? 3 : 5}` }));
  return { node, exports };
}

// Step ② of <block-flow>: self-attention as the module computed it. For the chosen head: the scores
// before softmax and the weights after it, side by side as token-pair heat maps; the pairs the causal
// mask hides drawn grey; each row's sum of weights printed beside it (1); how many pairs are kept
// (all n², or n(n+1)/2 with the mask), counted from the module's weights; the documents' 10 × 10 = 100
// and their decoder note.
import { h } from '../shared/dom.js';
import { fmt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { texNode } from '../shared/math.js';
import { gradientCss, puor, viridis } from '../shared/colors.js';
import { dataTable } from '../shared/data-table.js';
import { pairGrid } from './pair-grid.js';
import { picture, tokenNames } from './picture.js';
import { countPairs } from './compute.js';
import { ATTENTION_FORMULA, CAUSAL_FORMULA } from './formulas.js';

/** The (n x n) slice of head h from a [heads][n][n] trace array. */
export const headSlice = (values, n, h) => values.subarray(h * n * n, (h + 1) * n * n);

/** Sum of each row of an (n x n) array, in double. */
export function rowSums(values, n) {
  return Float64Array.from({ length: n }, (_, i) => {
    let sum = 0;
    for (let j = 0; j < n; j++) sum += values[i * n + j];
    return sum;
  });
}

function headPicker(el, { s, heads, head }) {
  const name = el.localId('head');
  const items = Array.from({ length: heads }, (_, k) => h('label', { class: 'chip' },
    h('input', { type: 'radio', name, value: k, 'data-head': k, checked: k === head }), ` ${fill(s.headN, { h: k })}`));
  return h('fieldset', { class: 'choice' }, h('legend', { text: s.head }), items);
}

/** { node, exports } of the step. */
export function attentionStep(el, ctx) {
  const { s, n, block, head, values } = ctx;
  const heads = values.heads;
  const headName = fill(s.headN, { h: head });   // heads count from 0, like tokens and columns
  const scores = headSlice(block.trace.scores, n, head);
  const weights = headSlice(block.trace.weights, n, head);
  const maskedAt = (i, j) => values.causal && j > i;
  const count = countPairs(block.trace.weights, n, head);
  const sums = rowSums(weights, n);
  const deviation = sums.reduce((m, x) => Math.max(m, Math.abs(x - 1)), 0);
  let scoreLimit = 1e-9;
  let weightMax = 1e-9;
  for (let k = 0; k < n * n; k++) {
    scoreLimit = Math.max(scoreLimit, Math.abs(scores[k]));
    weightMax = Math.max(weightMax, weights[k]);
  }
  const names = tokenNames(s, n);
  const grid = (kind, data, title, limit) => pairGrid({
    values: data, n, kind, limit, masked: maskedAt, sums: kind === 'weights' ? sums : null,
    label: fill(s.pairsAria, { what: title, head: headName, n, masked: count.masked }),
    titleOf: (i, j, v) => fill(maskedAt(i, j) ? s.pairTitleMasked : s.pairTitle, { i, j, v: fmt(v) }),
  });
  const masked = () => h('span', null, h('span', { class: 'masked-swatch' }), ` ${s.legendMasked}`);
  const legend = (lo, hi, scale) => h('div', { class: 'pair-legend' },
    h('span', { text: lo }), h('span', { class: 'bar', style: `background:${gradientCss(scale)}` }), h('span', { text: hi }), values.causal ? masked() : null);
  const table = (data, title) => dataTable(el, {
    caption: fill(s.pairCaption, { what: title, head: headName }), data, rows: n, cols: n, rowNames: names, colNames: names, corner: 't \\ u', maxCols: 16,
  });
  const pictures = [
    picture(el, {
      key: 'scores', title: s.scoresTitle, what: s.exportNames.scores,
      drawing: [legend(fmt(-scoreLimit, 2), fmt(scoreLimit, 2), puor), grid('scores', scores, s.scoresTitle, scoreLimit)],
      table: table(scores, s.scoresTitle),
    }),
    picture(el, {
      key: 'weights', title: s.weightsTitle, what: s.exportNames.weights,
      drawing: [legend('0', fmt(weightMax, 2), viridis), grid('weights', weights, s.weightsTitle, weightMax)],
      extra: h('p', { class: 'muted', text: fill(s.rowSumNote, { dev: deviation === 0 ? '0' : deviation.toExponential(1) }) }),
      table: table(weights, s.weightsTitle),
    }),
  ];
  const countText = values.causal
    ? fill(s.countCausal, { head: headName, n, n2: count.total, kept: count.kept, masked: count.masked })
    : fill(s.countAll, { head: headName, n, n2: count.total, masked: count.masked });
  const node = [
    h('p', { text: s.body.attention }),
    h('div', { class: 'formula' }, texNode(ATTENTION_FORMULA, { display: true })),
    values.causal ? h('div', { class: 'formula' }, texNode(CAUSAL_FORMULA, { display: true })) : null,
    h('div', { class: 'row attention-controls' }, headPicker(el, { s, heads, head }),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', 'data-prop': 'causal', checked: values.causal }), ` ${s.causal}`)),
    h('p', { class: 'big pair-count', 'aria-live': 'polite', 'data-kept': count.kept, 'data-total': count.total, text: countText }),
    h('div', { class: 'grids2' }, pictures),
    h('p', { class: 'muted', text: s.docExample }),
    h('p', { class: 'muted', text: s.decoderNote }),
  ];
  const file = `head${head}`;
  const exports = [
    ctx.exportOf('scores', scores, [n, n], `scores[${head}]`, { file, rowNames: names, colNames: names }),
    ctx.exportOf('weights', weights, [n, n], `weights[${head}]`, { file, rowNames: names, colNames: names }),
  ];
  return { node, exports };
}

// Steps ③ and ⑤ of <block-flow>: Add & Norm. The residual path (the whole input of the sub-layer),
// the sub-layer's output, their sum and the normalised rows as pictures; both orders' formulas with
// the one in use marked and a switch; for a chosen token, the LayerNorm worked by hand (mean, variance,
// √(σ² + ε)) beside the row the module normalised, and how far apart the two are.
import { escapeHtml, fmt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { tex } from '../shared/math.js';
import { largestMagnitude } from '../ffn/heat-grid.js';
import { rowsPicture, tokenNames } from './picture.js';
import { rowStats } from './row-stats.js';
import { BLOCK_FORMULAS, LAYER_NORM_FORMULA } from './formulas.js';

// Names of the arrays in each step and order, as the formulas write them.
const NAMES = {
  post: [
    { input: 'h', branch: 'Attn(h)', sum: 'h + Attn(h)', normIn: 'h + Attn(h)', normOut: 'h′' },
    { input: 'h′', branch: 'FFN(h′)', sum: 'h′ + FFN(h′)', normIn: 'h′ + FFN(h′)', normOut: 'h″' },
  ],
  pre: [
    { input: 'h', branch: 'Attn(LN₁(h))', sum: 'h′', normIn: 'h', normOut: 'LN₁(h)' },
    { input: 'h′', branch: 'FFN(LN₂(h′))', sum: 'h″', normIn: 'h′', normOut: 'LN₂(h′)' },
  ],
};

// Each picture's array in the names of the NumPy script (block/numpy-script.js): x is the block's
// input, a = LN1(x) and z = LN2(h1) in pre-norm.
const SCRIPT_NAMES = {
  post: [
    { residual: 'x', branch: 'attention', sum: 'x + attention', norm: 'h1' },
    { residual: 'h1', branch: 'ffn', sum: 'h1 + ffn', norm: 'output' },
  ],
  pre: [
    { residual: 'x', branch: 'attention', sum: 'h1', norm: 'a' },
    { residual: 'h1', branch: 'ffn', sum: 'output', norm: 'z' },
  ],
};

export function tokenPicker(el, { s, n, row }) {
  const id = el.id('token');
  const options = tokenNames(s, n).map((name, t) => `<option value="${t}"${t === row ? ' selected' : ''}>${escapeHtml(name)}</option>`).join('');
  return `<div class="field"><label for="${id}">${escapeHtml(s.chooseToken)}</label><select id="${id}" data-row-select>${options}</select></div>`;
}

function formulasHtml(el, { s, norm, which }) {
  const id = el.id(`norm-${which}`);
  const line = (order) => `<div class="order${order === norm ? ' now' : ''}" data-order="${order}">
      <p><strong>${escapeHtml(s.normNames[order])}</strong>${order === norm ? ` <span class="badge">${escapeHtml(s.normNow)}</span>` : ''}</p>
      <div class="formula">${tex(BLOCK_FORMULAS[order][which], { display: true })}</div>
    </div>`;
  const options = ['post', 'pre'].map((o) => `<option value="${o}"${o === norm ? ' selected' : ''}>${escapeHtml(s.normShort[o])}</option>`).join('');
  return `<section class="orders">
    <div class="row"><h4>${escapeHtml(s.normFormulasTitle)}</h4>
      <div class="field"><label for="${id}">${escapeHtml(s.norm)}</label><select id="${id}" data-prop="norm">${options}</select></div></div>
    <div class="orders-grid">${line('post')}${line('pre')}</div>
  </section>`;
}

function statsHtml(el, { s, d, row, names, stats, eps, normOut }) {
  let body = '';
  for (let j = 0; j < d; j++) {
    body += `<tr><th scope="row">${j}</th><td data-kind="z">${fmt(stats.z[j])}</td><td>${fmt(stats.z[j] - stats.mean)}</td><td data-kind="norm">${fmt(normOut[row * d + j])}</td></tr>`;
  }
  return `<section class="stats" data-token="${row}">
    <h4>${escapeHtml(fill(s.statsTitle, { t: row }))}</h4>
    <div class="formula">${tex(LAYER_NORM_FORMULA, { display: true })}</div>
    <div class="stats-grid">
      <div class="scroll"><table><caption>${escapeHtml(fill(s.statsCaption, { t: row }))} · z = ${escapeHtml(names.normIn)}</caption>
        <thead><tr><th scope="col">${escapeHtml(s.colJ)}</th><th scope="col">${escapeHtml(s.colZ)}</th><th scope="col">${escapeHtml(s.colCentered)}</th><th scope="col">${escapeHtml(s.colNorm)}</th></tr></thead>
        <tbody>${body}</tbody></table></div>
      <ul class="stat-list">
        <li data-stat="mean">${escapeHtml(fill(s.statMean, { d, v: fmt(stats.mean, 5) }))}</li>
        <li data-stat="variance">${escapeHtml(fill(s.statVar, { d, v: fmt(stats.variance, 5) }))}</li>
        <li data-stat="std">${escapeHtml(fill(s.statStd, { v: fmt(stats.std, 5), eps: eps.toExponential() }))}</li>
        <li data-stat="check">${escapeHtml(fill(s.statCheck, { diff: stats.largestDiff === 0 ? '0' : stats.largestDiff.toExponential(1) }))}</li>
      </ul>
    </div>
    <p class="muted">${escapeHtml(s.statNote)}</p>
  </section>`;
}

/** { html, exports } of step ③ (which = 0) or ⑤ (which = 1). */
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
  const pictures = norm === 'post' ? [...sumPictures, normPicture] : [sumPictures[0], normPicture, ...sumPictures.slice(1)];
  const stats = rowStats(part.normIn, d, row, block.eps, part.normOut);
  const html = `<p>${escapeHtml((which === 0 ? s.body.norm1 : s.body.norm2)[norm])}</p>
    ${formulasHtml(el, { s, norm, which })}
    <div class="grids4">${pictures.map((p) => rowsPicture(el, { ...p, rows: n, cols: d, selectedRow: row })).join('')}</div>
    <div class="controls">${tokenPicker(el, { s, n, row })}</div>
    ${statsHtml(el, { s, d, row, names, stats, eps: block.eps, normOut: part.normOut })}`;
  const exports = pictures.map((p) => ctx.exportOf(p.key, p.data, [n, d], SCRIPT_NAMES[norm][which][p.key], { file: `step${which === 0 ? 3 : 5}` }));
  return { html, exports };
}

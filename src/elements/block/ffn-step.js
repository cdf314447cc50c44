// Step ④ of <block-flow>: the FFN, row by row. Every token row z_t goes through its own copy of the
// same FFN box (same W₁, b₁, W₂, b₂); a table follows one row at a time; the FFN's hidden layer and
// its output as pictures; and the contrast with attention: two "which tokens mix" maps side by side,
// attention's from the module's weights of the chosen head, the FFN's the diagonal, with a predict-
// then-reveal question ("which step mixes tokens?") whose answer shows the two maps.
import { escapeHtml, fmt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { tex } from '../shared/math.js';
import { predictHtml } from '../shared/predict.js';
import { largestMagnitude } from '../ffn/heat-grid.js';
import { sharedRowsSvg } from '../ffn/figures.js';
import { rowsPicture, tokenNames } from './picture.js';
import { FFN_FORMULA, FFN_FORMULA_GELU } from './formulas.js';
import { headSlice } from './attention-step.js';
import { mixMapHtml } from './mix-map.js';

/** { html, exports } of the step. */
export function ffnStep(el, ctx) {
  const { s, n, d, block, row, head, values } = ctx;
  const f = values['d-ff'];
  const z = block.ffnIn;
  const y = block.trace.ffn;
  const rowLabels = tokenNames(s, n);
  let rows = '';
  for (let j = 0; j < d; j++) rows += `<tr><th scope="row">${j}</th><td data-kind="z">${fmt(z[row * d + j])}</td><td data-kind="ffn">${fmt(y[row * d + j])}</td></tr>`;
  const weights = headSlice(block.trace.weights, n, head);
  const headName = fill(s.headN, { h: head });
  const att = mixMapHtml({ n, uses: (i, j) => weights[i * n + j] !== 0, current: row,
    label: fill(s.mixAria, { what: fill(s.mixAttention, { head: headName }), n, filled: '{filled}' }) });
  const own = mixMapHtml({ n, uses: (i, j) => i === j, current: row, label: fill(s.mixAria, { what: s.mixFfn, n, filled: '{filled}' }) });
  const inName = s.ffnInput[values.norm];
  const pictures = [
    { key: 'ffn-in', title: inName, data: z, what: s.exportNames.ffnIn, script: 'z' },
    { key: 'hidden', title: s.hiddenTitle, data: block.trace.hidden, cols: f, what: s.exportNames.hidden, script: 'hidden' },
    { key: 'ffn-out', title: s.ffnOut, data: y, what: s.exportNames.ffn, script: 'ffn' },
  ];
  const limit = largestMagnitude(z, y);
  const html = `<p>${escapeHtml(s.body.ffn)}</p>
    <div class="formula">${tex(values.activation === 'gelu' ? FFN_FORMULA_GELU : FFN_FORMULA, { display: true })}</div>
    <p class="muted">${escapeHtml(inName)}</p>
    ${sharedRowsSvg({
      x: z, y, tokens: n, dModel: d, rowLabels, selectedRow: row, limit,
      labels: { input: s.rowsInput, box: s.rowsBox, boxSub: s.rowsBoxSub, output: s.rowsOutput, title: fill(s.rowsAria, { n, t: row }) },
    })}
    <div class="nav">
      <button type="button" class="prev-row">← ${escapeHtml(s.prevRow)}</button>
      <button type="button" class="next-row">${escapeHtml(s.nextRow)} →</button>
      <span class="row-now" aria-live="polite">${escapeHtml(fill(s.rowNow, { t: row, n }))}</span>
    </div>
    <div class="scroll"><table class="row-table"><caption>${escapeHtml(fill(s.rowTableCaption, { t: row }))}</caption>
      <thead><tr><th scope="col">${escapeHtml(s.colJ)}</th><th scope="col">${escapeHtml(s.colIn)}</th><th scope="col">${escapeHtml(s.colOut)}</th></tr></thead>
      <tbody>${rows}</tbody></table></div>
    <section class="mixing">
      <h4>${escapeHtml(s.mixTitle)}</h4>
      ${predictHtml(el, 'mixes', { question: s.predictQ, options: s.predictOptions })}
      <div class="mix-reveal"${ctx.mixShown ? '' : ' hidden'}>
        <div class="mix-pair">
          <figure><h4>${escapeHtml(fill(s.mixAttention, { head: headName }))}</h4>${att.html}</figure>
          <figure><h4>${escapeHtml(s.mixFfn)}</h4>${own.html}</figure>
        </div>
        <p class="big mix-counts">${escapeHtml(fill(s.mixCounts, { att: att.filled, n }))}</p>
        <p class="muted">${escapeHtml(s.mixCaption)}</p>
      </div>
    </section>
    <div class="grids3">${pictures.map((p) => rowsPicture(el, { ...p, rows: n, cols: p.cols ?? d, selectedRow: row })).join('')}</div>`;
  const exports = pictures.map((p) => ctx.exportOf(p.key, p.data, [n, p.cols ?? d], p.script));
  return { html, exports };
}

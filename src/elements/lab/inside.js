// "Inside the model": the learned position table's similarity matrix beside the sinusoid's (as in
// <pe-compare>: row vectors' dot products, summed in double), and the attention weights of every
// layer and head for one held-out example, at the current step. Canvases, one pixel per cell, each
// with its table of numbers.
//
// API:
//   insideHtml(el)                   the panel's static part (run and example pickers, containers)
//   drawSimilarity(el, { T, dModel, sinusoid, learned, name })  learned: Float32Array(T * dModel) of
//        a learned table, or null (then the sinusoid's matrix alone, with a note)
//   drawAttention(el, { snapshot, name, label })  snapshot: session.js attentionSnapshot; label(token)
//        the token's short name
import { escapeHtml } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { dataTableHtml } from '../shared/data-table.js';
import { gradientCss, rgbOf, viridis } from '../shared/colors.js';
import { tokenColor } from '../shared/theme.js';
import { drawMatrix } from '../compare/heat.js';
import { gram } from '../compare/views.js';

export function insideHtml(el) {
  const s = el.s;
  return `<p>${escapeHtml(s.insideIntro)}</p>
    <div class="controls">
      <div class="field"><label for="${el.id('view-run')}">${escapeHtml(s.insideRun)}</label><select id="${el.id('view-run')}" class="view-run"></select></div>
      <div class="field"><label for="${el.id('view-example')}">${escapeHtml(s.insideExample)}</label><input id="${el.id('view-example')}" class="view-example" type="number" min="0" step="1" value="0" inputmode="numeric"></div>
    </div>
    <p class="example-line mono"></p>
    <h5>${escapeHtml(s.similarityTitle)}</h5>
    <div class="similarity"></div>
    <p class="muted">${escapeHtml(s.similarityNote)}</p>
    <h5>${escapeHtml(s.attentionTitle)}</h5>
    <p class="muted">${escapeHtml(s.attentionNote)}</p>
    <div class="scale" aria-hidden="true"><span>0</span><span class="bar" style="background:${gradientCss(viridis)}"></span><span>1</span></div>
    <div class="attention"></div>`;
}

const stripesOf = (el) => ['--pe-border', '--pe-head'].map((name) => rgbOf(tokenColor(el, name)));

/** One matrix as a labelled canvas figure with its data table; drawn after it is in the DOM. */
function matrixFigure(el, { key, title, aria, rows, names, table }) {
  return {
    html: `<figure class="matrix" data-matrix="${key}"><figcaption>${escapeHtml(title)}</figcaption>
      <canvas role="img" aria-label="${escapeHtml(aria)}" width="${rows}" height="${rows}"></canvas>
      ${dataTableHtml(el, { caption: title, data: table, rows, cols: rows, rowNames: names, colNames: names, corner: 'p \\ r', maxRows: 40, maxCols: 40, digits: 3 })}</figure>`,
  };
}

export function drawSimilarity(el, { T, dModel, sinusoid, learned, name }) {
  const s = el.s;
  const box = el.$('.similarity');
  const figures = [{ key: 'sin', title: s.similaritySin, data: gram(sinusoid, T, dModel) }];
  if (learned) figures.push({ key: 'learned', title: `${s.similarityLearned} (${name})`, data: gram(learned, T, dModel) });
  const names = Array.from({ length: T }, (_, t) => t);
  box.innerHTML = figures.map((f) => matrixFigure(el, {
    key: f.key, title: f.title, rows: T, names, table: f.data, aria: fill(s.similarityAria, { what: f.title, last: T - 1 }),
  }).html).join('') + (learned ? '' : `<p class="note">${escapeHtml(s.similarityNone)}</p>`);
  const stripes = stripesOf(el);
  figures.forEach((f) => drawMatrix(box.querySelector(`[data-matrix="${f.key}"] canvas`), f.data, T, T, { stripes }));
}

export function drawAttention(el, { snapshot, name, label }) {
  const s = el.s;
  const box = el.$('.attention');
  const { tokens, layers, heads } = snapshot;
  const T = tokens.length;
  const names = Array.from(tokens, (tok, t) => `${t}:${label(tok)}`);
  const maps = [];
  layers.forEach((weights, l) => {
    for (let h = 0; h < heads; h++) {
      const data = weights.subarray(h * T * T, (h + 1) * T * T);
      maps.push({ key: `${l}-${h}`, l, h, data });
    }
  });
  const labels = `<div class="tokens" aria-hidden="true" style="grid-template-columns: repeat(${T}, 1fr)">${Array.from(tokens, (tok) => `<span>${escapeHtml(label(tok))}</span>`).join('')}</div>`;
  box.innerHTML = maps.map((m) => {
    const title = fill(s.attentionHead, { l: m.l, h: m.h });
    return `<figure class="matrix attention-map" data-matrix="${m.key}"><figcaption>${escapeHtml(title)}</figcaption>
      ${labels}<div class="with-rows">${labels.replace('class="tokens"', 'class="tokens rows"').replace(/grid-template-columns/, 'grid-template-rows')}
      <canvas role="img" aria-label="${escapeHtml(fill(s.attentionAria, { name, l: m.l, h: m.h }))}" width="${T}" height="${T}"></canvas></div>
      ${dataTableHtml(el, { caption: `${name}: ${title}`, data: m.data, rows: T, cols: T, rowNames: names, colNames: names, corner: 'q \\ k', maxRows: 40, maxCols: 40, digits: 3 })}</figure>`;
  }).join('');
  const stripes = stripesOf(el);
  for (const m of maps) drawMatrix(box.querySelector(`[data-matrix="${m.key}"] canvas`), m.data, T, T, { min: 0, max: 1, stripes });
}

/** The example's input and answer as text: '| a b c | ? ? ? → c b a'. */
export function exampleText(s, snapshot, label) {
  const { tokens, targets } = snapshot;
  const input = Array.from(tokens, label).join(' ');
  const answer = Array.from(targets).filter((t) => t >= 0).map(label).join(' ');
  return fill(s.exampleLine, { input, answer });
}

// "Inside the model": the learned position table's similarity matrix beside the sinusoid's (as in
// <pe-compare>: row vectors' dot products, summed in double), and the attention weights of every
// layer and head for one held-out example, at the current step. Canvases, one pixel per cell, each
// with its table of numbers.
//
// API:
//   insidePanel(el)                  the panel's static part (nodes) (run and example pickers, containers)
//   drawSimilarity(el, { T, dModel, sinusoid, learned, name })  learned: Float32Array(T * dModel) of
//        a learned table, or null (then the sinusoid's matrix alone, with a note)
//   drawAttention(el, { snapshot, name, label })  snapshot: session.js attentionSnapshot; label(token)
//        the token's short name
import { h } from '../shared/dom.js';
import { fmt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { dataTable } from '../shared/data-table.js';
import { gradientCss, rgbOf, viridis } from '../shared/colors.js';
import { tokenColor } from '../shared/theme.js';
import { drawMatrix } from '../compare/heat.js';
import { gram } from '../compare/views.js';
import { POSITION } from '../../js/defaults.js';

export function insidePanel(el) {
  const s = el.s;
  return [
    h('p', { text: s.insideIntro }),
    h('div', { class: 'controls' },
      h('div', { class: 'field' }, h('label', { for: el.localId('view-run'), text: s.insideRun }), h('select', { id: el.localId('view-run'), class: 'view-run' })),
      h('div', { class: 'field' }, h('label', { for: el.localId('view-example'), text: s.insideExample }),
        h('input', { id: el.localId('view-example'), class: 'view-example', type: 'number', min: 0, step: 1, value: 0, inputmode: 'numeric' }))),
    h('p', { class: 'example-line mono' }),
    h('h5', { text: s.similarityTitle }),
    h('div', { class: 'similarity' }),
    h('p', { class: 'muted', text: s.similarityNote }),
    h('h5', { text: s.attentionTitle }),
    h('p', { class: 'muted', text: s.attentionNote }),
    h('div', { class: 'scale', 'aria-hidden': 'true' }, h('span', { text: '0' }), h('span', { class: 'bar', style: `background:${gradientCss(viridis)}` }), h('span', { text: '1' })),
    h('div', { class: 'attention' }),
  ];
}

const stripesOf = (el) => ['--pe-border', '--pe-head'].map((name) => rgbOf(tokenColor(el, name)));

/** The colours' key of a matrix drawn from its own smallest to its largest value (drawMatrix). */
function valueKey(data) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of data) if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  return h('div', { class: 'scale', 'aria-hidden': 'true' }, h('span', { text: fmt(lo, 1) }), h('span', { class: 'bar', style: `background:${gradientCss(viridis)}` }), h('span', { text: fmt(hi, 1) }));
}

/** One matrix as a labelled canvas figure with its colour key and data table; drawn after it is in the DOM. */
function matrixFigure(el, { key, title, aria, rows, names, table }) {
  return h('figure', { class: 'matrix', 'data-matrix': key }, h('figcaption', { text: title }),
    h('canvas', { role: 'img', 'aria-label': aria, width: rows, height: rows }), valueKey(table),
    dataTable(el, { caption: title, data: table, rows, cols: rows, rowNames: names, colNames: names, corner: 'p \\ r', maxRows: 40, maxCols: 40, digits: 3 }));
}

export function drawSimilarity(el, { T, dModel, sinusoid, learned, name }) {
  const s = el.s;
  const box = el.$('.similarity');
  const figures = [{ key: 'sin', title: s.similaritySin, data: gram(sinusoid, T, dModel) }];
  if (learned) figures.push({ key: POSITION.LEARNED, title: `${s.similarityLearned} (${name})`, data: gram(learned, T, dModel) });
  const names = Array.from({ length: T }, (_, t) => t);
  box.replaceChildren(...figures.map((f) => matrixFigure(el, {
    key: f.key, title: f.title, rows: T, names, table: f.data, aria: fill(s.similarityAria, { what: f.title, last: T - 1 }),
  })), ...(learned ? [] : [h('p', { class: 'note', text: s.similarityNone })]));
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
  const labels = (axis) => h('div', { class: axis === 'rows' ? 'tokens rows' : 'tokens', 'aria-hidden': 'true', style: `grid-template-${axis}: repeat(${T}, 1fr)` },
    Array.from(tokens, (tok) => h('span', { text: label(tok) })));
  box.replaceChildren(...maps.map((m) => {
    const title = fill(s.attentionHead, { l: m.l, h: m.h });
    return h('figure', { class: 'matrix attention-map', 'data-matrix': m.key }, h('figcaption', { text: title }),
      labels('columns'),
      h('div', { class: 'with-rows' }, labels('rows'),
        h('canvas', { role: 'img', 'aria-label': fill(s.attentionAria, { name, l: m.l, h: m.h }), width: T, height: T })),
      dataTable(el, { caption: `${name}: ${title}`, data: m.data, rows: T, cols: T, rowNames: names, colNames: names, corner: 'q \\ k', maxRows: 40, maxCols: 40, digits: 3 }));
  }));
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

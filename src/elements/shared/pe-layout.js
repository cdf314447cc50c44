// What each column of a PE table holds, in either layout, and the formula of one cell with its numbers
// substituted. Shared by every PE element so they all explain columns the same way.
//
// API:
//   LAYOUTS                                  ['interleaved', 'concat']
//   columnInfo(j, dModel, layout)            -> { fn: 'sin' | 'cos', k }  (k = frequency index, shown
//                                               as i: on the page and in every element i is the
//                                               frequency index and k a shift in position)
//   pairColumns(k, dModel, layout)           -> { sin, cos }  column indices (cos = -1 when an odd
//                                               dModel leaves the last frequency without a cosine)
//   frequencyCount(dModel)                   ceil(dModel / 2)
//   angularFrequency(k, dModel, base)        1 / base^(2k / dModel)
//   wavelength(k, dModel, base)              2π · base^(2k / dModel), in positions
//   generalTex(layout)                       the formula in symbols for that layout (TeX, typeset at build)
//   givenMath(base, dModel, { display })     'b = 10000, d = d_model = 64' (MathML)
//   cellMath({ position, j, dModel, base, layout, value, digits })  the cell's formula with its numbers
//                                            (MathML)
//   layoutDiff(el, dModel, maxCols = 8)     a small table: which column holds what, both layouts
//   refreshLayoutDiff(el, dModel)            redraws el's layout table for another d_model (kept open
//                                            if it was)
//   layoutField(el)                          the labelled select for an element's `layout` prop
//   tableFields(el, { offset })              the controls a PE view opens with: length, d_model, base,
//                                            (offset,) layout
//   tableExport(el)                          the download of a PE view's table el.pe (length x d_model,
//                                            rows named by position), for wireExport
import { h } from './dom.js';
import { math, mi, mn, mo, row, sub, sup, frac, fn, number } from './mathml.js';
import { PE_LAYOUTS as LAYOUTS } from '../../js/defaults.js'; // the core's list, declared once

export { LAYOUTS };

export function columnInfo(j, dModel, layout) {
  if (layout === 'concat') {
    const h = Math.ceil(dModel / 2);
    return j < h ? { fn: 'sin', k: j } : { fn: 'cos', k: j - h };
  }
  return { fn: j % 2 === 0 ? 'sin' : 'cos', k: j >> 1 };
}

export function pairColumns(k, dModel, layout) {
  if (layout === 'concat') {
    const h = Math.ceil(dModel / 2);
    return { sin: k, cos: h + k < dModel ? h + k : -1 };
  }
  return { sin: 2 * k, cos: 2 * k + 1 < dModel ? 2 * k + 1 : -1 };
}

export const frequencyCount = (dModel) => Math.ceil(dModel / 2);
export const angularFrequency = (k, dModel, base) => 1 / base ** ((2 * k) / dModel);
export const wavelength = (k, dModel, base) => 2 * Math.PI * base ** ((2 * k) / dModel);

const baseText = (base) => (Number.isInteger(base) ? String(base) : String(+base.toPrecision(6)));

export function generalTex(layout) {
  // Two lines (gathered), so the formula fits a phone without scrolling.
  if (layout === 'concat') {
    return String.raw`\begin{gathered} PE(t, i) = \sin\!\left(\frac{t}{b^{2i/d}}\right) \\ PE(t, h + i) = \cos\!\left(\frac{t}{b^{2i/d}}\right),\quad h = \lceil d/2 \rceil \end{gathered}`;
  }
  return String.raw`\begin{gathered} PE(t, 2i) = \sin\!\left(\frac{t}{b^{2i/d}}\right) \\ PE(t, 2i+1) = \cos\!\left(\frac{t}{b^{2i/d}}\right) \end{gathered}`;
}

/** The values the general formula uses: b (base) and d (d_model). */
export function givenMath(base, dModel, options) {
  const dModelName = sub(mi('d'), `<mi mathvariant="normal">model</mi>`);
  return math(row(mi('b'), mo('='), mn(baseText(base)), mo(','), '<mspace width="1em"></mspace>',
    mi('d'), mo('='), dModelName, mo('='), mn(dModel)), options);
}

/** PE(t, j) = sin(t / b^(2·k/d)) = sin(angle) = value, with the numbers of one cell. */
export function cellMath({ position, j, dModel, base, layout, value, digits = 4 }) {
  const { fn: name, k } = columnInfo(j, dModel, layout);
  const angle = position * angularFrequency(k, dModel, base);
  const exponent = row(mn(2), mo('\u22c5'), mn(k), mo('/'), mn(dModel));
  const pe = row(mi('PE'), mo('('), mn(position), mo(','), mn(j), mo(')'));
  return math(row(pe, mo('='), fn(name, frac(mn(position), sup(mn(baseText(base)), exponent))),
    mo('='), fn(name, number(angle, 4)), mo('='), number(value, digits)));
}

export function layoutDiff(el, dModel, maxCols = 8) {
  const n = Math.min(dModel, maxCols);
  const s = el.s;
  const more = dModel > n;
  const rows = LAYOUTS.map((layout) => {
    const cells = [];
    for (let j = 0; j < n; j++) {
      const { fn, k } = columnInfo(j, dModel, layout);
      cells.push(h('td', { class: fn }, fn, h('sub', { text: k })));
    }
    return h('tr', null, h('th', { scope: 'row', text: s.layoutDiffRow[layout] }), cells, more ? h('td', { text: '…' }) : null);
  });
  const head = Array.from({ length: n }, (_, j) => h('th', { scope: 'col', text: j }));
  return h('details', { class: 'layout-diff' },
    h('summary', { text: s.layoutDiffTitle }),
    h('p', { class: 'muted', text: s.layoutDiffBody }),
    h('div', { class: 'scroll' }, h('table', null,
      h('caption', { text: `${s.column} j → (sin/cos, i)` }),
      h('thead', null, h('tr', null, h('td'), head, more ? h('th', { scope: 'col', text: '…' }) : null)),
      h('tbody', null, rows))));
}

export function refreshLayoutDiff(el, dModel) {
  const shown = el.root.querySelector('.layout-diff');
  if (!shown || shown.dataset.d === String(dModel)) return;
  const fresh = layoutDiff(el, dModel);
  fresh.dataset.d = String(dModel);
  fresh.open = shown.open;
  shown.replaceWith(fresh);
}

export function layoutField(el) {
  const s = el.s;
  const options = LAYOUTS.map((l) => [l, l === 'concat' ? s.layoutConcat : s.layoutInterleaved]);
  return el.field('layout', s.layout, { kind: 'select', options });
}

export function tableFields(el, { offset = false } = {}) {
  const s = el.s;
  return [
    el.field('length', s.length),
    el.field('d-model', s.dModel),
    el.field('base', s.base),
    offset ? el.field('offset', s.offset) : null,
    layoutField(el),
  ];
}

export function tableExport(el) {
  const { length, 'd-model': d, layout, offset } = el.values;
  return {
    name: `pe_len${length}_d${d}_${layout}`,
    data: el.pe,
    shape: [length, d],
    rowNames: Array.from({ length }, (_, i) => i + offset),
    corner: 'position',
  };
}

// Step ① of <block-flow>: the input h = x + PE, made once before the first block. Three pictures
// (embedding x, PE, h), each with its table and downloads.
import { h } from '../shared/dom.js';
import { fill } from '../shared/i18n.js';
import { largestMagnitude } from '../ffn/heat-grid.js';
import { rowsPicture } from './picture.js';

/** { node, exports } of the step; ctx from the element (see block-flow.js viewContext). */
export function inputStep(el, ctx) {
  const { s, flow, n, d } = ctx;
  const limit = largestMagnitude(flow.x, flow.pe, flow.h);
  const names = s.exportNames;
  const pictures = [
    { key: 'x', title: fill(s.gridX, { eseed: flow.eseed }), data: flow.x, what: names.x },
    { key: 'pe', title: s.gridPE, data: flow.pe, what: names.pe },
    { key: 'h', title: s.gridH, data: flow.h, what: names.h },
  ];
  const node = [
    h('p', { text: s.body.input }),
    h('div', { class: 'grids3' }, pictures.map((p) => rowsPicture(el, { ...p, rows: n, cols: d, limit }))),
  ];
  const exports = pictures.map((p) => ctx.exportOf(p.key, p.data, [n, d], p.key, { input: true }));
  return { node, exports };
}

// The RoPE part of the bench: applyRotary on LLaMA-sized rows (L = 4096, d = 4096, headDim = 128) in
// place, against plain JavaScript in double (the formula as written, and a careful version that
// shares each row's cosines and sines between heads), onnxruntime-web's RotaryEmbedding operator,
// and the memory floor (Float32Array.prototype.set from a copy of the same size). Every contestant's
// first output is checked against the double reference within the contract's 1e-6 (1 + M).
import { maxAbs, uniformArray } from '../reference/reference.js';
import { ropeRef } from '../reference/rope-reference.js';
import { timeOver } from './ratios.js';

export const ROPE_SHAPES = {
  full: [{ length: 4096, dModel: 4096, headDim: 128, base: 10000 }],
  smoke: [{ length: 16, dModel: 64, headDim: 16, base: 10000 }],
};

/** One row of results per shape: { shape, values, results: { id: result with mvals } }. */
export async function runRopeBench({ size, contestants, timing, measureShape, log }) {
  const rows = [];
  for (const shape of ROPE_SHAPES[size]) {
    const x = uniformArray(shape.length * shape.dModel, 7, 1);
    const reference = { interleaved: ropeRef(x, shape.length, shape.dModel, shape) };
    const row = { shape, values: x.length, results: {} };
    // Contestants that leave large garbage behind (onnxruntime-web returns a new 64 MB tensor per call)
    // are timed in rounds of their own: their garbage would be collected during the others' samples.
    const bound = 1e-6 * (1 + maxAbs(x));
    const apart = contestants.filter((c) => c.apart);
    row.results = await measureShape(contestants.filter((c) => !c.apart), { ...shape, x }, reference, bound, timing);
    if (apart.length) Object.assign(row.results, await measureShape(apart, { ...shape, x }, reference, bound, timing));
    row.results = Object.fromEntries(contestants.map((c) => [c.id, row.results[c.id]]));
    for (const c of contestants) {
      const r = row.results[c.id];
      if (r.best) r.mvals = row.values / (r.best * 1e3);
      log(`rope L=${shape.length} d=${shape.dModel} headDim=${shape.headDim} ${c.id}: ${r.status}${r.mvals ? ` ${r.mvals.toFixed(0)} M values/s` : ''}${r.maxErr !== undefined ? ` (max err ${r.maxErr.toExponential(1)})` : ''}`);
    }
    rows.push(row);
  }
  return rows;
}

const fmt = (v) => (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toPrecision(2));
const cell = (r) => (!r ? '–' : r.status === 'ok' ? (r.mvals ? fmt(r.mvals) : '–')
  : r.status === 'wrong' ? `wrong (err ${r.maxErr.toExponential(0)})` : r.status === 'unavailable' ? 'n/a¹' : 'error²');
const both = ({ paired, best }) => (paired === null ? '–' : `${paired.toFixed(2)} (${best === null ? '–' : best.toFixed(2)})`);

/** The markdown table (million values/s; ratios as paired medians with best ÷ best in brackets). */
export function ropeMarkdown(rows, labels) {
  if (!rows?.length) return '';
  const ids = Object.keys(rows[0].results);
  const lines = ['', 'RoPE (applyRotary in place), million values/s (higher is better); checked within 1e-6 (1 + M). Each ratio:',
    'the median of the per-round ratios, best ÷ best in brackets.', ''];
  lines.push(`| shape | ${ids.map((id) => labels[id] ?? id).join(' | ')} | speed: tensor ÷ plain JS (per pair) | speed: tensor ÷ plain JS (per row) | time: tensor ÷ floor | time: Float32Array ÷ floor |`);
  lines.push(`|---|${ids.map(() => '---:').join('|')}|---:|---:|---:|---:|`);
  for (const row of rows) {
    const r = row.results;
    const { length, dModel, headDim } = row.shape;
    lines.push(`| L=${length}, d=${dModel}, headDim=${headDim} | ${ids.map((id) => cell(r[id])).join(' | ')} | `
      + `${both(timeOver(r, 'plain-pair', 'pkg-tensor'))}× | ${both(timeOver(r, 'plain-row', 'pkg-tensor'))}× | `
      + `${both(timeOver(r, 'pkg-tensor', 'floor-set'))} | ${both(timeOver(r, 'pkg-array', 'floor-set'))} |`);
  }
  for (const [id, r] of Object.entries(rows[0].results)) {
    if (r.status === 'unavailable' || r.status === 'error') lines.push('', `${r.status === 'unavailable' ? '¹' : '²'} ${labels[id] ?? id}: ${r.note}`);
  }
  return lines.join('\n');
}

/** The issue's targets: ≥ 30× plain JavaScript in double, ≤ 2× the memory floor (tensor, in place). */
export function ropeTargets(rows, line) {
  const of = (fn) => rows.map((row) => [`L=${row.shape.length} d=${row.shape.dModel}`, fn(row.results)]);
  return [
    line('RoPE in place (tensor) ≥ 30× plain JS in double (the formula per pair)', of((r) => timeOver(r, 'plain-pair', 'pkg-tensor')), (v) => v >= 30),
    line('RoPE in place (tensor) ≥ 30× plain JS in double (cos/sin per row, shared by heads)', of((r) => timeOver(r, 'plain-row', 'pkg-tensor')), (v) => v >= 30),
    line('RoPE in place (tensor), time ≤ 2× Float32Array.prototype.set from a copy', of((r) => timeOver(r, 'pkg-tensor', 'floor-set')), (v) => v <= 2),
    line('RoPE in place (Float32Array), time ≤ 2× Float32Array.prototype.set from a copy', of((r) => timeOver(r, 'pkg-array', 'floor-set')), (v) => v <= 2),
  ];
}

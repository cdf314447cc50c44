// Markdown tables from bench results (the same text in Node and in the browser). Speeds are the best
// of the timed samples; ratios are the median of the per-round ratios with best ÷ best in brackets
// (see ratios.js); "wrong" cells give the largest error found by the check and are not timed.
import { fastestPeer, overBestPeer, timeOver } from './ratios.js';
import { ropeMarkdown } from './rope-bench.js';

const fmt = (v, digits) => (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(digits) : v.toPrecision(2));

function cell(r, key) {
  if (!r) return '–';
  if (r.status === 'ok') return r[key] > 0 ? fmt(r[key], key === 'gflops' ? 2 : 1) : '–';
  if (r.status === 'wrong') return `wrong (err ${r.maxErr.toExponential(0)})`;
  if (r.status === 'unavailable') return 'n/a¹';
  return 'error²';
}

/** "paired (best)" of a { paired, best } ratio, with a unit, or "–". */
const both = ({ paired, best }, unit = '') => (paired === null ? '–'
  : `${paired.toFixed(2)}${unit} (${best === null ? '–' : `${best.toFixed(2)}${unit}`})`);

/** labels = { ffn: { id: label }, pe: { id: label } } */
export function markdown(results, allLabels) {
  let labels = allLabels.ffn;
  const lines = [];
  const ffnIds = Object.keys(results.ffn[0]?.results ?? {});
  lines.push('FFN forward, GFLOPS (4·T·d·d_ff per call; higher is better). Each ratio: the median of the',
    'per-round ratios, best ÷ best in brackets.', '');
  lines.push(`| shape | ${ffnIds.map((id) => labels[id] ?? id).join(' | ')} | best peer | simd128 fresh / out ÷ best peer | relaxed fresh / out ÷ best peer |`);
  lines.push(`|---|${ffnIds.map(() => '---:').join('|')}|---|---:|---:|`);
  for (const row of results.ffn) {
    const r = row.results;
    const { tokens, dModel, dFF } = row.shape;
    lines.push(`| T=${tokens}, d=${dModel}, d_ff=${dFF} | ${ffnIds.map((id) => cell(r[id], 'gflops')).join(' | ')} | ${fastestPeer(r) ?? '–'} | `
      + `${both(overBestPeer(r, 'pkg-simd128-fresh'), '×')} / ${both(overBestPeer(r, 'pkg-simd128-out'), '×')} | `
      + `${both(overBestPeer(r, 'pkg-relaxed-fresh'), '×')} / ${both(overBestPeer(r, 'pkg-relaxed-out'), '×')} |`);
  }

  labels = allLabels.pe;
  const peIds = Object.keys(results.pe[0]?.results ?? {});
  lines.push('', 'Positional encoding table, million values/s (higher is better); checked within 1e-6. Each ratio:',
    'the median of the per-round ratios, best ÷ best in brackets.', '');
  lines.push(`| shape | ${peIds.map((id) => labels[id] ?? id).join(' | ')} | speed: out tensor ÷ plain JS | time: out tensor ÷ fill | time: out array ÷ fill | time: fresh ÷ (new + fill) |`);
  lines.push(`|---|${peIds.map(() => '---:').join('|')}|---:|---:|---:|---:|`);
  for (const row of results.pe) {
    const r = row.results;
    lines.push(`| L=${row.shape.length}, d=${row.shape.dModel} | ${peIds.map((id) => cell(r[id], 'mvals')).join(' | ')} | `
      + `${both(timeOver(r, 'plain-js', 'pkg-out-tensor'), '×')} | ${both(timeOver(r, 'pkg-out-tensor', 'fill-reused'))} | `
      + `${both(timeOver(r, 'pkg-out-array', 'fill-reused'))} | ${both(timeOver(r, 'pkg-fresh', 'fill-fresh'))} |`);
  }

  if (results.peWide?.length) {
    labels = allLabels.peWide ?? {};
    const ids = Object.keys(results.peWide[0].results);
    lines.push('', 'A wide positional encoding table (its frequencies go in chunks), million values/s. A plain',
      'Float32Array goes through the scratch area a row per call; time ÷ out tensor: the median of the',
      'per-round ratios, best ÷ best in brackets.', '');
    lines.push(`| shape | ${ids.map((id) => labels[id] ?? id).join(' | ')} | time: out array ÷ out tensor |`);
    lines.push(`|---|${ids.map(() => '---:').join('|')}|---:|`);
    for (const row of results.peWide) {
      const r = row.results;
      lines.push(`| L=${row.shape.length}, d=${row.shape.dModel} | ${ids.map((id) => cell(r[id], 'mvals')).join(' | ')} | `
        + `${both(timeOver(r, 'pkg-out-array', 'pkg-out-tensor'))} |`);
    }
  }

  if (results.activations?.length) {
    labels = allLabels.activations ?? {};
    const ids = Object.keys(results.activations[0].results);
    const others = ids.filter((id) => id !== 'pkg-relu');
    lines.push('', 'FFN forward with each activation (this package, out tensor), GFLOPS. Time ÷ ReLU: the median of',
      'the per-round ratios, best ÷ best in brackets.', '');
    lines.push(`| shape | ${ids.map((id) => labels[id] ?? id).join(' | ')} | time ÷ ReLU: ${others.map((id) => id.slice(4)).join(' / ')} |`);
    lines.push(`|---|${ids.map(() => '---:').join('|')}|---:|`);
    for (const row of results.activations) {
      const r = row.results;
      const { tokens, dModel, dFF } = row.shape;
      lines.push(`| T=${tokens}, d=${dModel}, d_ff=${dFF} | ${ids.map((id) => cell(r[id], 'gflops')).join(' | ')} | `
        + `${others.map((id) => both(timeOver(r, id, 'pkg-relu'))).join(' / ')} |`);
    }
  }

  if (results.rope?.length) lines.push(ropeMarkdown(results.rope, allLabels.rope ?? {}));

  const notes = new Map();
  for (const [kind, rows] of [['ffn', results.ffn], ['pe', results.pe], ['activations', results.activations ?? []]]) {
    for (const row of rows) {
      for (const [id, r] of Object.entries(row.results)) {
        if (r.status === 'unavailable' || r.status === 'error') notes.set(`${allLabels[kind][id] ?? id}: ${r.note}`, r.status);
      }
    }
  }
  if (notes.size) {
    lines.push('');
    for (const [text, status] of notes) lines.push(`${status === 'unavailable' ? '¹' : '²'} ${text}`);
  }
  return lines.join('\n');
}

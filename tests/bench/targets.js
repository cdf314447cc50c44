// The targets of the speed issue, checked against one run's results: a list of lines that say, for
// each target, what this run measured and whether it holds (✓) or not (✗). A ratio is the median of
// the per-round ratios (see ratios.js), with best ÷ best in brackets; the target is checked on the
// first. Only full-size runs have the shapes; smoke runs get no list.
import { overBestPeer, timeOver } from './ratios.js';
import { ropeTargets } from './rope-bench.js';

const FFN_BIG = [[64, 512, 2048], [128, 768, 3072]];

function ffnRow(results, [tokens, dModel, dFF]) {
  return results.ffn.find((row) => row.shape.tokens === tokens && row.shape.dModel === dModel && row.shape.dFF === dFF);
}

/** A measured value: a number, or a ratio { paired, best } (checked on paired). */
const checked = (v) => (v !== null && typeof v === 'object' ? v.paired : v);
const shown = (v) => (checked(v) === null ? 'n/a'
  : typeof v === 'object' ? `${v.paired.toFixed(2)} (${v.best === null ? 'n/a' : v.best.toFixed(2)})` : v.toFixed(2));

/** One line: label, the measured values ("name value" pairs), and ✓ when every value passes. */
function line(label, values, passes) {
  const ok = values.every(([, v]) => checked(v) !== null && passes(checked(v)));
  const text = values.map(([name, v]) => `${name} ${shown(v)}`).join(', ');
  return `- ${ok ? '✓' : '✗'} ${label}: ${text}`;
}

/** Time of a ÷ time of b ("a takes at most n× the time of b"). */
const slower = (row, a, b) => timeOver(row.results, a, b);
/** Time of b ÷ time of a ("a is at least n× faster than b"). */
const faster = (row, a, b) => timeOver(row.results, b, a);

export function targetLines(results, meta) {
  if (results.size !== 'full') return [];
  const big = FFN_BIG.map((shape) => [shape, ffnRow(results, shape)]);
  const name = ([t], path) => `T=${t} ${path}`;
  const over = (row, id) => overBestPeer(row?.results ?? {}, id);
  const ffnOver = (variant) => big.flatMap(([shape, row]) => ['fresh', 'out'].map((path) => [name(shape, path), over(row, `pkg-${variant}-${path}`)]));
  const small = (shape) => ['fresh', 'out'].flatMap((path) => ['simd128', 'relaxed'].map((variant) => [`${variant} ${path}`, over(ffnRow(results, shape), `pkg-${variant}-${path}`)]));
  const pe = (fn) => results.pe.map((row) => [`L=${row.shape.length}`, fn(row)]);
  const lines = [
    line('FFN T=64 and T=128, SIMD128 ≥ 1.1× the best peer', ffnOver('simd128'), (v) => v >= 1.1),
    line('FFN T=64 and T=128, relaxed SIMD ≥ 1.5× the best peer', ffnOver('relaxed'), (v) => v >= 1.5),
    line('FFN T=1 ≥ 1.1× the best peer', small([1, 768, 3072]), (v) => v >= 1.1),
    line('FFN T=10, d=16 ≥ 5× the best peer', small([10, 16, 64]), (v) => v >= 5),
    line('PE out tensor ≥ 40× plain JS', pe((row) => faster(row, 'pkg-out-tensor', 'plain-js')), (v) => v >= 40),
    line('PE out Float32Array ≥ 40× plain JS', pe((row) => faster(row, 'pkg-out-array', 'plain-js')), (v) => v >= 40),
    line('PE out tensor, time ≤ 2× fill', pe((row) => slower(row, 'pkg-out-tensor', 'fill-reused')), (v) => v <= 2),
    line('PE out Float32Array, time ≤ 2× fill', pe((row) => slower(row, 'pkg-out-array', 'fill-reused')), (v) => v <= 2),
    line('PE fresh array, time ≤ 1.5× new + fill', pe((row) => slower(row, 'pkg-fresh', 'fill-fresh')), (v) => v <= 1.5),
  ];
  // The wide table into a plain Float32Array: one row per call must not recompute the frequencies.
  if (results.peWide?.length) {
    lines.push(line('PE d=65,536 out Float32Array, time ≤ 4× out tensor', results.peWide.map((row) => [`L=${row.shape.length}`, slower(row, 'pkg-out-array', 'pkg-out-tensor')]), (v) => v <= 4));
  }
  lines.push(...ropeTargets(results.rope ?? [], line));
  const kb = Object.entries(meta.wasmBytes ?? {}).map(([k, v]) => [k, v === null ? null : v / 1000]);
  lines.push(line('each .wasm ≤ 40 KB (KB of 1000 bytes)', kb, (v) => v <= 40));
  if (meta.initMs) lines.push(line('init() ≤ 10 ms median (ms)', [['median', meta.initMs.medianMs]], (v) => v <= 10));
  return ['', 'Targets of the speed issue in this run (✓ holds, ✗ missed):', '', ...lines];
}

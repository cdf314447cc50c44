// The targets of the speed issue, checked against one run's results: a list of lines that say, for
// each target, what this run measured and whether it holds (✓) or not (✗). Only full-size runs have
// the shapes; smoke runs get no list.
import { PEERS } from './contestants.js';

const FFN_BIG = [[64, 512, 2048], [128, 768, 3072]];

function ffnRow(results, [tokens, dModel, dFF]) {
  return results.ffn.find((row) => row.shape.tokens === tokens && row.shape.dModel === dModel && row.shape.dFF === dFF);
}

/** This package's GFLOPS over the best correct peer's, or null when either is missing. */
function overPeer(row, id) {
  const own = row?.results[id];
  const peers = PEERS.map((p) => row?.results[p]).filter((r) => r?.status === 'ok' && r.gflops > 0);
  if (own?.status !== 'ok' || !peers.length) return null;
  return own.gflops / Math.max(...peers.map((r) => r.gflops));
}

/** Time of a over time of b (both timed), or null. */
function timeOver(row, a, b) {
  const ra = row.results[a], rb = row.results[b];
  return ra?.status === 'ok' && rb?.status === 'ok' ? ra.best / rb.best : null;
}

/** One line: label, the measured values ("name value" pairs), and ✓ when every value passes. */
function line(label, values, passes) {
  const known = values.filter(([, v]) => v !== null);
  const ok = known.length === values.length && known.every(([, v]) => passes(v));
  const text = values.map(([name, v]) => `${name} ${v === null ? 'n/a' : v.toFixed(2)}`).join(', ');
  return `- ${ok ? '✓' : '✗'} ${label}: ${text}`;
}

export function targetLines(results, meta) {
  if (results.size !== 'full') return [];
  const big = FFN_BIG.map((shape) => [shape, ffnRow(results, shape)]);
  const name = ([t], path) => `T=${t} ${path}`;
  const ffnOver = (variant) => big.flatMap(([shape, row]) => ['fresh', 'out'].map((path) => [name(shape, path), overPeer(row, `pkg-${variant}-${path}`)]));
  const small = (shape) => ['fresh', 'out'].flatMap((path) => ['simd128', 'relaxed'].map((variant) => [`${variant} ${path}`, overPeer(ffnRow(results, shape), `pkg-${variant}-${path}`)]));
  const pe = (fn) => results.pe.map((row) => [`L=${row.shape.length}`, fn(row)]);
  const lines = [
    line('FFN T=64 and T=128, SIMD128 ≥ 1.1× the best peer', ffnOver('simd128'), (v) => v >= 1.1),
    line('FFN T=64 and T=128, relaxed SIMD ≥ 1.5× the best peer', ffnOver('relaxed'), (v) => v >= 1.5),
    line('FFN T=1 ≥ 1.1× the best peer', small([1, 768, 3072]), (v) => v >= 1.1),
    line('FFN T=10, d=16 ≥ 5× the best peer', small([10, 16, 64]), (v) => v >= 5),
    line('PE out tensor ≥ 40× plain JS', pe((row) => timeOver(row, 'plain-js', 'pkg-out-tensor')), (v) => v >= 40),
    line('PE out Float32Array ≥ 40× plain JS', pe((row) => timeOver(row, 'plain-js', 'pkg-out-array')), (v) => v >= 40),
    line('PE out tensor, time ≤ 2× fill', pe((row) => timeOver(row, 'pkg-out-tensor', 'fill-reused')), (v) => v <= 2),
    line('PE out Float32Array, time ≤ 2× fill', pe((row) => timeOver(row, 'pkg-out-array', 'fill-reused')), (v) => v <= 2),
    line('PE fresh array, time ≤ 1.5× new + fill', pe((row) => timeOver(row, 'pkg-fresh', 'fill-fresh')), (v) => v <= 1.5),
  ];
  const kb = Object.entries(meta.wasmBytes ?? {}).map(([k, v]) => [k, v === null ? null : v / 1000]);
  lines.push(line('each .wasm ≤ 40 KB (KB of 1000 bytes)', kb, (v) => v <= 40));
  if (meta.initMs) lines.push(line('init() ≤ 10 ms median (ms)', [['median', meta.initMs.medianMs]], (v) => v <= 10));
  return ['', 'Targets of the speed issue in this run (✓ holds, ✗ missed):', '', ...lines];
}

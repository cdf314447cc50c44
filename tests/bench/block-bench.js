// The encoder block in the bench (issue 16): a post-norm block forward (ReLU FFN) of this package
// against tfjs-backend-wasm and onnxruntime-web running the same graph, one thread, the same seeded
// weights and input, every output checked against the double reference first; then where this
// package's time goes (projections, scores + softmax, weighted sum, FFN, norms), each part timed
// alone through the core's block_forward_phase on the data of a traced forward. That entry point is
// not in the release module: the split runs on the bench build (BENCH_WASM, built by bash build.sh bench).
import { maxAbs, uniformArray } from '../reference/reference.js';
import { encoderBlockRef, seededBlockWeightsRef } from '../reference/block-reference.js';
import { ortBlock, packageBlock, tfjsBlock } from './block-implementations.js';
import { fastestPeer, overBestPeer } from './ratios.js';
import { calibrate, loop, measureShape } from './run-bench.js';

/** The bench build of the module (relative to the repository), which also exports pf_block_forward_phase. */
export const BENCH_WASM = 'build/wasm/pe_ffn_bench.wasm';

export const BLOCK_SHAPES = {
  full: [{ tokens: 128, dModel: 768, heads: 12, dFF: 3072 }, { tokens: 16, dModel: 64, heads: 4, dFF: 256 }],
  smoke: [{ tokens: 5, dModel: 16, heads: 2, dFF: 32 }],
};

/** Multiply-adds times two: the four projections, scores and weighted sum, the FFN. */
export const blockFlops = ({ tokens: T, dModel: d, dFF: F }) => 2 * (4 * T * d * d + 2 * T * T * d + 2 * T * d * F);

/** The contestants, in table order (ids as the FFN's, so ratios.js pairs them the same way). */
export function blockContestants({ cores, relaxedNote, tf, tfNote, ort, ortNote }) {
  const pkg = (name, core, note) => ['fresh', 'out'].map((path) => ({
    id: `pkg-${name}-${path}`, label: `pe-ffn-wasm ${name} (${path === 'fresh' ? 'fresh array' : 'out tensor'})`,
    ...(core ? { impl: packageBlock(core, path) } : { unavailable: note }),
  }));
  const peer = (id, label, lib, note, make) => ({ id, label, ...(lib ? { impl: make(lib) } : { unavailable: note }) });
  return [
    ...pkg('simd128', cores.simd128), ...pkg('relaxed', cores.relaxed, relaxedNote),
    peer('tfjs-wasm', 'tfjs-backend-wasm (1 thread, SIMD)', tf, tfNote, tfjsBlock),
    peer('ort-wasm', 'onnxruntime-web (wasm, 1 thread)', ort, ortNote, ortBlock),
  ];
}

const PHASES = ['norms', 'projections', 'scores + softmax', 'weighted sum', 'FFN']; // block_phase order
const TRACE_LENGTHS = ({ tokens: T, dModel: d, heads: H, dFF: F }) => [T * d, T * d, T * d, H * T * T, H * T * T, T * d, T * d, T * F, T * d];

/**
 * Milliseconds per call of each part of this package's forward, and of the forward itself (untraced,
 * the raw export: no JavaScript wrapper), timed in interleaved rounds. Runs on `core`'s own exports.
 */
async function timeSplit(core, shape, w, x, timing) {
  const { exports: e, heap } = core;
  if (typeof e.pf_block_forward_phase !== 'function') {
    throw new Error(`the time split needs the bench build of the module (${BENCH_WASM}, built by bash build.sh bench), not the release one`);
  }
  const { tokens, dModel, heads, dFF } = shape;
  const check = (status, what) => { if (status !== 0) throw new Error(`${what}: status ${status}`); };
  check(e.pf_block_new(heap.slot, dModel, heads, dFF, 0, 0, 0, 1e-5), 'pf_block_new');
  const layer = heap.slotU32();
  const tensors = [];
  const tensor = (values) => {
    const t = core.alloc(typeof values === 'number' ? values : values.length);
    if (typeof values !== 'number') t.data.set(values);
    tensors.push(t);
    return t.ptr;
  };
  try {
    const names = ['wq', 'bq', 'wk', 'bk', 'wv', 'bv', 'wo', 'bo', 'w1', 'b1', 'w2', 'b2', 'gamma1', 'beta1', 'gamma2', 'beta2'];
    check(e.pf_block_load(layer, 0, 0, ...names.map((n) => tensor(w[n]))), 'pf_block_load');
    check(e.pf_block_workspace_floats(heap.slot, layer, tokens), 'workspace');
    const workFloats = heap.slotF64();
    const xPtr = tensor(x), outPtr = tensor(x.length), work = tensor(workFloats);
    const trace = TRACE_LENGTHS(shape).map((n) => tensor(n));
    check(e.pf_block_forward(layer, outPtr, xPtr, tokens, work, workFloats, ...trace), 'traced forward');
    const runs = [
      ...PHASES.map((_, phase) => () => e.pf_block_forward_phase(layer, phase, outPtr, xPtr, tokens, work, workFloats, ...trace)),
      () => e.pf_block_forward(layer, outPtr, xPtr, tokens, work, workFloats, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    ];
    const reps = [];
    for (const run of runs) reps.push(await calibrate(run, false, timing));
    const samples = runs.map(() => []);
    for (let round = 0; round < timing.samples; round++) {
      for (let i = 0; i < runs.length; i++) samples[i].push((await loop(runs[i], false, reps[i])) / reps[i]);
    }
    const medians = samples.map((s) => [...s].sort((a, b) => a - b)[s.length >> 1]);
    return { phases: Object.fromEntries(PHASES.map((p, i) => [p, medians[i]])), forwardMs: medians[PHASES.length] };
  } finally {
    e.pf_block_delete(layer);
    tensors.forEach((t) => t.free());
  }
}

/** Runs the block bench: rows of { shape, flops, results, split }. `splitCore`: whose time is split (an
    instance of BENCH_WASM). */
export async function runBlockBench({ smoke = false, contestants, splitCore, timing, log = () => {} }) {
  const rows = [];
  for (const shape of BLOCK_SHAPES[smoke ? 'smoke' : 'full']) {
    const w = seededBlockWeightsRef(shape.dModel, shape.dFF, 2026);
    const x = uniformArray(shape.tokens * shape.dModel, 7);
    const reference = encoderBlockRef(x, { ...shape }, w).output;
    const bound = 1e-4 * (1 + maxAbs(reference));
    const row = { shape, flops: blockFlops(shape), results: {} };
    row.results = await measureShape(contestants, { ...shape, x, w }, { interleaved: reference }, bound, timing);
    for (const c of contestants) {
      const r = row.results[c.id];
      if (r.best) r.gflops = row.flops / (r.best * 1e6);
      log(`block T=${shape.tokens} d=${shape.dModel} heads=${shape.heads} dff=${shape.dFF} ${c.id}: ${r.status}${r.gflops ? ` ${r.gflops.toFixed(2)} GFLOPS` : ''}${r.maxErr !== undefined ? ` (max err ${r.maxErr.toExponential(1)})` : ''}`);
    }
    row.split = await timeSplit(splitCore, shape, w, x, timing);
    rows.push(row);
  }
  return rows;
}

const fmt = (v) => (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toPrecision(2));
const cell = (r) => (!r ? '–' : r.status === 'ok' ? fmt(r.gflops) : r.status === 'wrong' ? `wrong (err ${r.maxErr.toExponential(0)})` : r.status === 'unavailable' ? 'n/a' : 'error');
const ratio = ({ paired, best }) => (paired === null ? '–' : `${paired.toFixed(2)}× (${best === null ? '–' : `${best.toFixed(2)}×`})`);

/** The block's tables in markdown: speeds and ratios, then the time split. */
export function blockMarkdown(rows, labels, splitVariant) {
  if (!rows?.length) return '';
  const ids = Object.keys(rows[0].results);
  const lines = ['Encoder block forward (post-norm, ReLU), GFLOPS (2·(4Td² + 2T²d + 2Td·d_ff) per call; higher is better).',
    'Each ratio: the median of the per-round ratios, best ÷ best in brackets.', '',
    `| shape | ${ids.map((id) => labels[id] ?? id).join(' | ')} | best peer | simd128 fresh / out ÷ best peer | relaxed fresh / out ÷ best peer |`,
    `|---|${ids.map(() => '---:').join('|')}|---|---:|---:|`];
  const name = ({ tokens, dModel, heads, dFF }) => `T=${tokens}, d=${dModel}, ${heads} heads, d_ff=${dFF}`;
  for (const row of rows) {
    const r = row.results;
    lines.push(`| ${name(row.shape)} | ${ids.map((id) => cell(r[id])).join(' | ')} | ${fastestPeer(r) ?? '–'} | `
      + `${ratio(overBestPeer(r, 'pkg-simd128-fresh'))} / ${ratio(overBestPeer(r, 'pkg-simd128-out'))} | `
      + `${ratio(overBestPeer(r, 'pkg-relaxed-fresh'))} / ${ratio(overBestPeer(r, 'pkg-relaxed-out'))} |`);
  }
  lines.push('', `Where the time of this package's forward goes (${splitVariant}; each part timed alone on the data of a traced`,
    'forward, median ms per call and share of their sum; the forward: untraced, without the JavaScript wrapper).', '',
    `| shape | ${PHASES.join(' | ')} | sum of parts | forward |`, `|---|${PHASES.map(() => '---:').join('|')}|---:|---:|`);
  for (const row of rows) {
    const { phases, forwardMs } = row.split;
    const sum = Object.values(phases).reduce((a, b) => a + b, 0);
    lines.push(`| ${name(row.shape)} | ${PHASES.map((p) => `${fmt(phases[p])} (${((100 * phases[p]) / sum).toFixed(0)} %)`).join(' | ')} | ${fmt(sum)} | ${fmt(forwardMs)} |`);
  }
  return lines.join('\n');
}

/** The target of issue 16: at least 1.2x the best peer (paired), both shapes, with SIMD128. */
export function blockTargetLines(rows) {
  return rows.map((row) => {
    const simd = ['pkg-simd128-fresh', 'pkg-simd128-out'].map((id) => overBestPeer(row.results, id).paired);
    const relaxed = ['pkg-relaxed-fresh', 'pkg-relaxed-out'].map((id) => overBestPeer(row.results, id).paired);
    const held = simd.every((v) => v !== null && v >= 1.2);
    const show = (v) => (v === null ? '–' : `${v.toFixed(2)}×`);
    return `- block T=${row.shape.tokens}, d=${row.shape.dModel}: SIMD128 ≥ 1.2x the best peer ${held ? 'held' : 'MISSED'} (fresh ${show(simd[0])}, out ${show(simd[1])}; relaxed ${show(relaxed[0])} / ${show(relaxed[1])})`;
  });
}

// The PE sweep through the JS API, for Node (tests/js/pe-sweep.test.js) and Chromium
// (tests/browser/sweep.test.js): widths 1 .. 65,536 sampled where the core or the wrapper changes
// path (groups of 4 and 8 frequencies, powers of two, the 4096-wide kept table, the wide path's
// chunks of 64 frequencies, the wrapper's scratch chunks of 65,536 values), random widths (fixed
// seed), both layouts, offsets near 0, near 999,999 and near 2^31, several bases. Each table, as a
// fresh array, is checked against the formula in double precision (written here, not the core's
// way); an out tensor, an out Float32Array (the scratch path) and addPositionalEncoding must give the
// same bits (add: x + table rounded once); peValue within 1e-9.
import { family, note, random } from './family.js';

const MAX_DIM = 65536;
const MAX_POSITION = 2147483647;

/** The widths of a sweep; `scale` is 'quick' (browser), 'default' (Node) or 'full'. */
export function peWidths(scale) {
  const w = new Set();
  const dense = { quick: 20, default: 72, full: 300 }[scale];
  for (let d = 1; d <= dense; d++) w.add(d);
  const around = scale === 'full' ? 4 : 1;
  for (let p = 8; p <= MAX_DIM; p *= 2) for (let e = -around; e <= around; e++) w.add(p + e);
  for (const d of [4095, 4096, 4097, 4098]) w.add(d);                  // the kept table's limit
  for (const m of scale === 'quick' ? [1] : [1, 2, 31]) for (const e of [-1, 0, 1]) w.add(4096 + 128 * m + e);
  for (const t of [1, 3, 4, 63]) w.add(2 * (64 * 40 + t));             // the wide path's last chunk
  for (const r of [2, 3, 63, 64, 65]) for (const e of [-1, 0, 1]) w.add(Math.floor(MAX_DIM / r) + e); // rows per scratch chunk
  const next = random(0x2545f491);
  for (let i = 0; i < { quick: 6, default: 24, full: 300 }[scale]; i++) w.add(1 + Math.floor(Math.exp(Math.log(MAX_DIM) * next())));
  return [...w].filter((d) => d >= 1 && d <= MAX_DIM).sort((a, b) => a - b);
}

const BASES = [2, 10000, 500000, 1e9, 1.5, 1 + 2 ** -20];

/** An offset near 0, near 999,999 or near the largest position for `length` rows. */
function offsetOf(kind, length, v) {
  if (kind === 0) return v % 3 === 0 ? 0 : v % 97;
  if (kind === 1) return v % 2 ? 1_000_000 - length - (v % 5) : 999_424 - (length >> 1); // across 244 * 4096
  return v % 2 ? MAX_POSITION - length + 1 - (v % 7) : 2_147_479_552 - (length >> 1);     // across 2^31 - 4096
}

/**
 * Near 2^31 the formula itself is ill-conditioned: base^(2k/d) and the division each round (within
 * an ulp, differently in each libm), and an angle of size p then moves by up to 3 p 2^-52 in each of
 * the two computations compared. Beyond 1e6 the contract promises no bound; these allow for that.
 */
const formulaSlack = 6 * MAX_POSITION * 2 ** -53;

/**
 * Runs the sweep on `core` and returns its families (plain objects). `scale`: 'quick', 'default' or
 * 'full'; `label` is added to each family's name.
 */
export function sweepPe(core, { scale = 'default' } = {}) {
  const budget = { quick: 3000, default: 12000, full: 60000 }[scale];
  const fams = {};
  for (const layout of ['interleaved', 'concat']) {
    fams[layout] = {
      table: family(`pe ${layout} table, positions < 1e6`, 1e-6),
      tableFar: family(`pe ${layout} table, positions near 2^31`, 1e-6 + formulaSlack),
      paths: family(`pe ${layout} out tensor = out array = fresh array (bits)`, 0, 'values differing'),
      add: family(`pe ${layout} add = x + table (bits)`, 0, 'values differing'),
      value: family(`pe ${layout} peValue, positions < 1e6`, 1e-9),
      valueFar: family(`pe ${layout} peValue, positions near 2^31`, 1e-9 + formulaSlack),
    };
  }
  const widths = peWidths(scale);
  widths.forEach((d, i) => {
    for (const [l, layout] of ['interleaved', 'concat'].entries()) {
      // Wide tables cost most per row (each call derives all their constants): one offset kind each
      // (in turn) unless the sweep is full.
      for (const kind of d > 8192 && scale !== 'full' ? [(i + l) % 3] : [0, 1, 2]) {
        const v = (Math.imul(d, 2654435761) ^ (l * 40503 + kind * 977)) >>> 0;
        const length = Math.max(1, Math.min(200, Math.floor(budget / d) + (v % 3)));
        sweepOne(core, fams[layout], { d, length, offset: offsetOf(kind, length, v), base: BASES[(i + l + kind) % BASES.length], layout, v });
      }
    }
  });
  return { widths: widths.length, families: Object.values(fams).flatMap((f) => Object.values(f)) };
}

function sweepOne(core, f, { d, length, offset, base, layout, v }) {
  const concat = layout === 'concat';
  const h = Math.ceil(d / 2);
  const n = length * d;
  const far = offset + length > 1_000_000;
  const where = `d=${d} L=${length} offset=${offset} base=${base}`;
  const options = { base, offset, layout };
  const den = Float64Array.from({ length: h }, (_, k) => Math.pow(base, (2 * k) / d));
  const ref = (p, j) => {
    const isSin = concat ? j < h : j % 2 === 0;
    const k = concat ? (isSin ? j : j - h) : j >> 1;
    return isSin ? Math.sin(p / den[k]) : Math.cos(p / den[k]);
  };

  const table = core.positionalEncoding(length, d, options);
  const ft = far ? f.tableFar : f.table;
  ft.configs++;
  for (let t = 0; t < length; t++) {
    for (let j = 0; j < d; j++) {
      const got = table[t * d + j];
      note(ft, Math.abs(got) <= 1 ? Math.abs(got - ref(offset + t, j)) : Infinity, where, t * d + j);
    }
  }

  // The same table through an out tensor (one call) and an out Float32Array (scratch chunks).
  const tensor = core.alloc(n);
  core.positionalEncoding(length, d, { ...options, out: tensor });
  const array = new Float32Array(n);
  core.positionalEncoding(length, d, { ...options, out: array });
  f.paths.configs++;
  const viaTensor = tensor.data;
  for (let i = 0; i < n; i++) note(f.paths, Object.is(viaTensor[i], table[i]) && Object.is(array[i], table[i]) ? 0 : 1, where, i);
  tensor.free();

  const x0 = Float32Array.from({ length: n }, (_, i) => (((i + v) % 9) - 4) * 0.375);
  const x = core.addPositionalEncoding(x0.slice(), length, d, options);
  f.add.configs++;
  for (let i = 0; i < n; i++) note(f.add, Object.is(x[i], Math.fround(x0[i] + table[i])) ? 0 : 1, where, i);

  const fv = far ? f.valueFar : f.value;
  fv.configs++;
  const pick = random(v);
  for (const t of [0, length - 1]) {
    const columns = d <= 32 ? Array.from({ length: d }, (_, j) => j) : [0, h - 1, h, d - 1, ...Array.from({ length: 12 }, () => Math.floor(pick() * d))];
    for (const j of columns) note(fv, Math.abs(core.peValue(offset + t, j, d, { base, layout }) - ref(offset + t, j)), where, t * d + j);
  }
}

// <pe-compare>: the three ways to give a Transformer positions, side by side for the same d_model —
// sinusoidal (computed, added to x), learned (a table of max_position_embeddings × d_model
// parameters, added to x) and RoPE (computed, rotates q and k inside attention, adds nothing to x):
//   1. the three pictures and their parameter counts;
//   2. past the training length: the learned table has no row there, the formulas compute any position
//      (and the document's warning that computing a position is not generalising to it);
//   3. relative position: PE(p)·PE(q), T(p)·T(q) and q(p)·k(q) for the same q and k moved to every
//      position — RoPE's depends on p − q only;
//   4. RoPE's two pairings (interleaved, half) with the columns that differ and the permutation
//      mapping one onto the other;
//   5. a learned table the reader loads (.npy, float32 [positions, d_model]) by the file picker or the
//      src attribute; without one a freshly initialised table, labelled untrained.
// Every number comes from the module (positionalEncoding, applyRotary, rotaryAngle, createFFN for the
// fresh table); dot products of its float32 rows are summed in double.
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js), and:
//   @fires pe-compare-table - detail { source: 'file' | 'src' | 'fresh', positions, dModel } when the
//     learned table changes, or { source, error } when a .npy could not be loaded
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h } from './shared/dom.js';
import { fmt, fmtInt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { texNode } from './shared/math.js';
import { gradientCss, viridis, rgbOf } from './shared/colors.js';
import { dataTable } from './shared/data-table.js';
import { exportPanel, updateSnippets, wireExport } from './shared/export-panel.js';
import { peSnippets } from './shared/snippets.js';
import { seededEmbedding } from '../js/embedding.js';
import { drawMatrix } from './compare/heat.js';
import { tokenColor } from './shared/theme.js';
import { crossScores, diagonalSpread, gram, pairingCheck, pairingColumns, rotatedRows } from './compare/views.js';
import { fetchNpyTable, freshTable, readNpyTable } from './compare/learned.js';
import { learnedSnippets, ropeRowsSnippets, ropeScoresSnippets } from './compare/snippets.js';
import { compareCss } from './compare/styles.js';
import ko from '../i18n/ko/pe-compare.js';
import en from '../i18n/en/pe-compare.js';
import { POSITION } from '../js/defaults.js';

// The sinusoid's table ('sin'), a learned table and RoPE: three of the schemes of pf_abi.h.
const WAYS = ['sin', POSITION.LEARNED, POSITION.ROPE];
const PAIRING_COLUMNS = 16; // columns of head 0 in the pairing table
const MODELS = [['BERT-base', 512, 768], ['GPT-2', 1024, 768]];

/** The even divisor of d that is nearest to h (ties: the smaller). */
function nearestHeadDim(h, d) {
  let best = 2;
  for (let c = 2; c <= d; c += 2) if (d % c === 0 && Math.abs(c - h) < Math.abs(best - h)) best = c;
  return best;
}

class PeCompare extends PeFfnElement {
  static tag = 'pe-compare';
  static strings = { ko, en };
  static redrawOnThemeChange = true; // the "no value" stripes are design tokens painted into a canvas
  static props = attributes['pe-compare'];
  static css = compareCss;

  constructor() {
    super();
    this.loaded = null;        // { table, positions, dModel, name, source } of a loaded .npy
    this.loadedSrc = null;     // the src attribute value that `loaded` (or the failure) came from
    this.loading = null;       // the AbortController of the table being read; a newer choice aborts it
    this.loadError = '';
    this.data = null;          // the numbers of the latest render (for tests and exports)
  }

  teardown() {
    // Out of the page: stop reading; connected again, the src is read afresh.
    this.loading?.abort();
    this.loading = null;
    this.loadedSrc = null;
  }

  adjustValues(v, notes) {
    const s = this.strFor();
    if (v.src !== (this.loadedSrc ?? '')) this.loadSrc(v.src);
    if (this.loaded) {
      v['d-model'] = this.loaded.dModel;
      v['max-positions'] = this.loaded.positions;
    } else if (v['d-model'] % 2) {
      notes.push({ text: fill(s.evenDModel, { given: v['d-model'], used: v['d-model'] + 1 }) });
      v['d-model'] += 1;
    }
    const d = v['d-model'];
    if (v['head-dim'] > d || v['head-dim'] % 2 || d % v['head-dim']) {
      const used = nearestHeadDim(v['head-dim'], d);
      notes.push({ text: fill(s.headDimNote, { given: v['head-dim'], used, d }) });
      v['head-dim'] = used;
    }
  }

  /** Fetches the src attribute's table (an empty src goes back to the fresh table). */
  loadSrc(src) {
    this.loadedSrc = src;
    if (!src) {
      this.loading?.abort();
      this.loading = null;
      if (this.loaded?.source === 'src') this.setTable(null, 'fresh');
      return;
    }
    this.readTable('src', (signal) => fetchNpyTable(new URL(src, document.baseURI).href, { signal }), src.split('/').pop() || src);
  }

  loadFile(file) {
    this.readTable('file', () => readNpyTable(file.stream(), { fileBytes: file.size }), file.name);
  }

  /**
   * Reads a table with read(signal); the latest choice wins: a new src or file aborts the one still
   * being read, whose result (or failure) is then dropped.
   */
  async readTable(source, read, name) {
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    try {
      const table = await read(controller.signal);
      if (this.loading === controller) this.setTable({ ...table, name, source }, source);
    } catch (error) {
      if (this.loading === controller) this.failLoad(error, source);
    } finally {
      if (this.loading === controller) this.loading = null;
    }
  }

  setTable(loaded, source) {
    this.loaded = loaded;
    this.loadError = '';
    this.dispatchEvent(new CustomEvent('pe-compare-table', { bubbles: true, composed: true, detail: { source, positions: loaded?.positions ?? this.values?.['max-positions'], dModel: loaded?.dModel ?? this.values?.['d-model'] } }));
    this.requestRender();
  }

  failLoad(error, source) {
    this.loadError = error.message;
    this.dispatchEvent(new CustomEvent('pe-compare-table', { bubbles: true, composed: true, detail: { source, error: error.message } }));
    this.requestRender();
  }

  build() {
    const s = this.s;
    const way = (key) => h('article', { class: `way way-${key}` },
      h('h5', { text: s.ways[key].name }),
      h('ul', { class: 'facts' }, h('li', { text: s.ways[key].how }), h('li', { text: s.ways[key].where }), h('li', { class: 'params' })),
      h('figure', null,
        h('div', { class: 'plot' },
          h('canvas', { class: 'map', 'data-map': key, role: 'img', tabindex: '0' }),
          h('div', { class: 'trained', 'aria-hidden': 'true' }, h('span', { text: s.trainedMark }))),
        h('figcaption', { class: 'muted', text: s.ways[key].picture })));
    const sim = (key) => h('figure', { class: 'sim' },
      h('div', { class: 'plot' }, h('canvas', { class: 'map', 'data-sim': key, role: 'img', tabindex: '0' })),
      h('figcaption', null, h('strong', { text: s.sims[key].name }), h('br'), h('span', { class: 'muted spread', 'data-spread': key })));
    this.root.replaceChildren(this.card({
      fields: [
        this.field('d-model', s.dModel),
        this.field('head-dim', s.headDim),
        this.field('positions', s.positions),
        this.field('base', s.base),
        this.field('pairing', s.pairing, { kind: 'select', options: [['interleaved', s.pairingInterleaved], ['half', s.pairingHalf]] }),
      ],
      body: [
        h('section', null,
          h('h4', { text: s.threeTitle }),
          h('div', { class: 'ways' }, WAYS.map(way)),
          h('div', { class: 'legend', 'aria-hidden': 'true' },
            h('span', { text: s.legendLow }), h('span', { class: 'bar', style: `background:${gradientCss(viridis)}` }), h('span', { text: s.legendHigh }),
            h('span', { class: 'stripes' }), h('span', { text: s.legendNone })),
          h('p', { class: 'models' }),
          h('p', { class: 'readout', 'aria-live': 'polite', text: s.readoutHelp }),
          h('div', { class: 'tables-three' })),
        h('section', null,
          h('h4', { text: s.beyondTitle }),
          h('p', { text: s.beyondIntro }),
          h('div', { class: 'controls' },
            this.field('max-positions', s.maxPositions, { kind: 'range' }),
            this.field('position', s.position)),
          h('div', { class: 'scroll' }, h('table', { class: 'beyond' }, h('caption'), h('tbody'))),
          h('blockquote', { class: 'doc-note' }, h('p', { text: s.docNote }), h('p', { class: 'muted', text: s.docSource })),
          h('p', { text: s.beyondRope })),
        h('section', null,
          h('h4', { text: s.relativeTitle }),
          h('p', { text: s.relativeIntro }),
          h('div', { class: 'formula' }, texNode(String.raw`\begin{gathered} q(p)\cdot k(r) = \sum_i \big(q_{i,1}k_{i,1} + q_{i,2}k_{i,2}\big)\cos\big((p-r)\,\theta_i\big) \\ + \big(q_{i,1}k_{i,2} - q_{i,2}k_{i,1}\big)\sin\big((p-r)\,\theta_i\big) \end{gathered}`, { display: true })),
          h('div', { class: 'sims' }, WAYS.map(sim)),
          h('p', { class: 'readout sim-readout', 'aria-live': 'polite' }),
          h('div', { class: 'tables-sim' })),
        h('section', null,
          h('h4', { text: s.pairingTitle }),
          h('p', { text: s.pairingIntro }),
          h('p', { class: 'muted', text: s.pairingLegend }),
          h('div', { class: 'scroll pairing-table' }),
          h('p', { class: 'pairing-check', role: 'status' })),
        h('section', null,
          h('h4', { text: s.loadTitle }),
          h('p', { text: s.loadIntro }),
          h('div', { class: 'row' },
            h('label', { class: 'file' }, h('span', { text: s.loadButton }), h('input', { type: 'file', accept: '.npy,application/octet-stream', class: 'npy-file' })),
            h('button', { type: 'button', class: 'fresh', text: s.useFresh })),
          h('p', { class: 'table-status', role: 'status' })),
        h('h4', { text: s.downloadsTitle }),
        exportPanel(this, 'pe', s.exports.pe),
        exportPanel(this, POSITION.LEARNED, s.exports.learned),
        exportPanel(this, POSITION.ROPE, s.exports.rope),
        exportPanel(this, 'scores', s.exports.scores),
      ],
    }));
    this.$('.npy-file').addEventListener('change', (e) => { const f = e.target.files?.[0]; if (f) this.loadFile(f); });
    this.$('.fresh').addEventListener('click', () => {
      this.loading?.abort();
      this.loading = null;
      if (this.getAttribute('src')) this.removeAttribute('src');
      this.setTable(null, 'fresh');
    });
    for (const canvas of this.root.querySelectorAll('canvas.map')) {
      canvas.addEventListener('pointermove', (e) => this.readCell(canvas, e));
    }
    const v = () => this.values;
    wireExport(this, 'pe', () => ({ name: `pe_len${v().positions}_d${v()['d-model']}`, data: this.data.pe, shape: [v().positions, v()['d-model']], corner: 'position' }));
    wireExport(this, POSITION.LEARNED, () => ({ name: this.learnedName(), data: this.data.learned, shape: [v()['max-positions'], v()['d-model']], corner: 'position' }));
    wireExport(this, POSITION.ROPE, () => ({ name: this.ropeName('rope_q'), data: this.data.q, shape: [v().positions, v()['d-model']], corner: 'position' }));
    wireExport(this, 'scores', () => ({ name: this.ropeName('rope_scores'), data: this.data.sims.rope, shape: [v().positions, v().positions], corner: 'p \\ r' }));
  }

  /** This element for dataTable, its summary naming the picture (three tables in a row). */
  named(name) {
    return { s: { ...this.s, dataTable: `${this.s.dataTable}: ${name}` } };
  }

  learnedName() {
    return this.loaded ? `learned_${this.loaded.name.replace(/\.npy$/i, '')}` : `learned_untrained_${this.values['max-positions']}x${this.values['d-model']}_seed${this.values.seed}`;
  }

  ropeName(prefix) {
    const v = this.values;
    return `${prefix}_len${v.positions}_d${v['d-model']}_hd${v['head-dim']}_${v.pairing}`;
  }

  /** Everything the pictures show, from the module. */
  compute() {
    const v = this.values;
    const L = v.positions, d = v['d-model'], P = v['max-positions'];
    const rope = { headDim: v['head-dim'], base: v.base, layout: v.pairing };
    const pe = this.core.positionalEncoding(L, d, { base: v.base });
    const learned = this.loaded ? this.loaded.table : freshTable(this.core, P, d, v.seed);
    const learnedShown = new Float32Array(L * d).fill(NaN);   // rows past P: no row
    learnedShown.set(learned.subarray(0, Math.min(P, L) * d));
    const qk = seededEmbedding(this.core, 2, d, v.seed);   // the same q and k for every position
    const q = qk.slice(0, d), k = qk.slice(d);
    const qRows = rotatedRows(this.core, q, L, d, rope);
    const kRows = rotatedRows(this.core, k, L, d, rope);
    const sims = {
      sin: gram(pe, L, d),
      [POSITION.LEARNED]: gram(learnedShown, L, d, Math.min(P, L)),
      [POSITION.ROPE]: crossScores(qRows, kRows, L, d, v['head-dim']),
    };
    const spreads = Object.fromEntries(WAYS.map((w) => [w, diagonalSpread(sims[w], L)]));
    return { pe, learned, learnedShown, q: qRows, k: kRows, qVector: q, sims, spreads, pairing: pairingCheck(this.core, q, d, rope, v.position) };
  }

  update() {
    const v = this.values;
    const s = this.s;
    const L = v.positions, d = v['d-model'], P = v['max-positions'];
    this.data = this.compute();
    const maps = { sin: this.data.pe, learned: this.data.learnedShown, rope: this.data.q };
    // The legend's stripes (compare/styles.js) use the same two tokens.
    const stripes = ['--pe-border', '--pe-head'].map((name) => rgbOf(tokenColor(this, name)));
    for (const w of WAYS) {
      const canvas = this.$(`canvas[data-map="${w}"]`);
      drawMatrix(canvas, maps[w], L, d, w === POSITION.LEARNED ? { stripes } : { min: -1, max: 1, stripes });
      canvas.setAttribute('aria-label', fill(s.ways[w].label, { l1: L - 1, d }));
      const mark = this.$(`.way-${w} .trained`);
      mark.hidden = P >= L;
      mark.style.top = `${(P / L) * 100}%`;
    }
    const params = { sin: 0, learned: P * d, rope: 0 };
    const lang = this.language;
    for (const w of WAYS) this.$(`.way-${w} .params`).textContent = fill(s.ways[w].params, { n: fmtInt(params[w], lang), P, d });
    this.$('.models').textContent = MODELS.map(([name, p, dm]) => fill(s.modelParams, { name, p: fmtInt(p, lang), d: fmtInt(dm, lang), n: fmtInt(p * dm, lang) })).join(' ');
    this.$('.tables-three').replaceChildren(...WAYS.map((w) => dataTable(this.named(s.ways[w].name), { caption: s.ways[w].name, data: maps[w], rows: L, cols: d, corner: 't \\ j' })));
    this.updateBeyond();
    for (const w of WAYS) {
      const canvas = this.$(`canvas[data-sim="${w}"]`);
      drawMatrix(canvas, this.data.sims[w], L, L, { stripes });
      canvas.setAttribute('aria-label', fill(s.sims[w].label, { l1: L - 1 }));
      this.$(`[data-spread="${w}"]`).textContent = fill(s.spread, { v: this.data.spreads[w].toExponential(1) });
    }
    this.$('.tables-sim').replaceChildren(...WAYS.map((w) => dataTable(this.named(s.sims[w].name), { caption: s.sims[w].name, data: this.data.sims[w], rows: L, cols: L, corner: 'p \\ r', digits: 3 })));
    this.updatePairing();
    this.$('.table-status').textContent = this.loadError ? fill(s.loadFailed, { message: this.loadError })
      : this.loaded ? fill(s.loadedStatus, { name: this.loaded.name, P: fmtInt(P, lang), d, n: fmtInt(P * d, lang) })
        : fill(s.freshStatus, { P, d, seed: v.seed });
    this.$('.table-status').classList.toggle('error', Boolean(this.loadError));
    this.$('[data-prop="max-positions"]').disabled = Boolean(this.loaded);
    this.$('[data-prop="d-model"]').disabled = Boolean(this.loaded);
    this.$('[data-prop="max-positions"]').max = String(Math.max(2 * L, P));   // the slider spans past the shown positions
    const ropeArgs = { positions: L, dModel: d, headDim: v['head-dim'], base: v.base, layout: v.pairing, seed: v.seed };
    updateSnippets(this, 'pe', peSnippets({ length: L, dModel: d, base: v.base, offset: 0, layout: 'interleaved' }));
    updateSnippets(this, POSITION.LEARNED, learnedSnippets({ positions: P, dModel: d, seed: v.seed, loadedName: this.loaded?.name, file: `${this.learnedName()}.npy` }));
    updateSnippets(this, POSITION.ROPE, ropeRowsSnippets({ ...ropeArgs, file: `${this.ropeName('rope_q')}.npy` }));
    updateSnippets(this, 'scores', ropeScoresSnippets({ ...ropeArgs, file: `${this.ropeName('rope_scores')}.npy` }));
  }

  /** What each way gives for the position asked about. */
  updateBeyond() {
    const v = this.values;
    const s = this.s;
    const d = v['d-model'], P = v['max-positions'], p = v.position, hd = v['head-dim'];
    const first = (get) => Array.from({ length: Math.min(4, d) }, (_, j) => fmt(get(j), 3)).join(', ');
    const rows = [
      ['sin', fill(s.beyondSin, { p, values: first((j) => this.core.peValue(p, j, d, { base: v.base })) })],
      [POSITION.LEARNED, p < P ? fill(s.beyondLearnedRow, { p, values: first((j) => this.data.learned[p * d + j]) }) : fill(s.beyondLearnedNone, { p, P, last: P - 1 })],
      [POSITION.ROPE, fill(s.beyondRopeRow, { p, first: fmt(this.core.rotaryAngle(p, 0, hd, { base: v.base }), 3), i: hd / 2 - 1, last: fmt(this.core.rotaryAngle(p, hd / 2 - 1, hd, { base: v.base }), 6) })],
    ];
    const table = this.$('table.beyond');
    table.querySelector('caption').textContent = fill(s.beyondCaption, { p, P });
    table.querySelector('tbody').replaceChildren(...rows.map(([w, text]) => h('tr', { class: w === POSITION.LEARNED && p >= P ? 'none' : '' },
      h('th', { scope: 'row', text: s.ways[w].name }), h('td', { text }))));
  }

  updatePairing() {
    const v = this.values;
    const s = this.s;
    const hd = v['head-dim'];
    const { interleaved, half, columnDiff, permutedDiff } = this.data.pairing;
    const cols = pairingColumns(hd).slice(0, PAIRING_COLUMNS);
    const role = ([i, r]) => `${r ? 'b' : 'a'}${i}`;
    const more = hd > PAIRING_COLUMNS;
    const row = (label, cells, cls = '') => h('tr', { class: cls }, h('th', { scope: 'row', text: label }), cells, more ? h('td', { text: '…' }) : null);
    const cell = (text, cls) => h('td', { class: cls, text });
    const differs = (j) => columnDiff[j] > 0;
    this.$('.pairing-table').replaceChildren(h('table', null,
      h('caption', { text: fill(s.pairingCaption, { hd, p: v.position }) }),
      h('thead', null, h('tr', null, h('th', { scope: 'col', text: s.column }), cols.map((_, j) => h('th', { scope: 'col', text: j })), more ? h('th', { text: '…' }) : null)),
      h('tbody', null,
        row(s.pairingShort.interleaved, cols.map((c) => cell(role(c.interleaved)))),
        row(s.pairingShort.half, cols.map((c) => cell(role(c.half)))),
        row(s.pairingValueI, cols.map((_, j) => cell(fmt(interleaved[j], 3)))),
        row(s.pairingValueH, cols.map((_, j) => cell(fmt(half[j], 3)))),
        row(s.pairingDiff, cols.map((_, j) => cell(fmt(columnDiff[j], 3), differs(j) ? 'differs' : ''))),
        row(s.pairingPerm, cols.map((c) => cell(c.perm)), 'perm'))));
    const nDiffer = columnDiff.reduce((n, x) => n + (x > 0 ? 1 : 0), 0);
    this.$('.pairing-check').textContent = fill(s.pairingVerdict, { n: nDiffer, d: v['d-model'], diff: permutedDiff === 0 ? '0' : permutedDiff.toExponential(1) });
  }

  /** The value under the pointer, for the table maps and the similarity maps. */
  readCell(canvas, e) {
    const r = canvas.getBoundingClientRect();
    const col = Math.floor(((e.clientX - r.left) / r.width) * canvas.width);
    const row = Math.floor(((e.clientY - r.top) / r.height) * canvas.height);
    if (col < 0 || row < 0 || col >= canvas.width || row >= canvas.height || !this.data) return;
    const s = this.s;
    if (canvas.dataset.sim) {
      const value = this.data.sims[canvas.dataset.sim][row * canvas.width + col];
      this.$('.sim-readout').textContent = fill(s.simReadout, { name: s.sims[canvas.dataset.sim].name, p: row, r: col, dist: row - col, value: Number.isNaN(value) ? s.noRow : fmt(value, 4) });
      return;
    }
    const w = canvas.dataset.map;
    const data = w === 'sin' ? this.data.pe : w === POSITION.LEARNED ? this.data.learnedShown : this.data.q;
    const value = data[row * canvas.width + col];
    this.$('.readout').textContent = fill(s.readout, { name: s.ways[w].name, t: row, j: col, value: Number.isNaN(value) ? s.noRow : fmt(value, 4) });
  }
}

PeCompare.define();
export { PeCompare };

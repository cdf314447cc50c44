// <pe-relative>: relative position made visible. (1) The similarity matrix S[p][q] = PE(p)·PE(q) for
// all pairs as a heat map — bands parallel to the diagonal show that it depends on p − q. (2) The check
// that PE(p + k) is a rotation of PE(p): for every frequency the 2x2 matrix built from PE(k) alone
// (cos kω, sin kω) applied to PE(p) gives PE(p + k), with the numbers and the largest difference.
//
// Both parts download as CSV/.npy with a NumPy/PyTorch snippet; the rotation file holds every pair.
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js).
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h } from './shared/dom.js';
import { fmt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { rgbOf, valueColor, gradientCss, viridis } from './shared/colors.js';
import { tokenColor } from './shared/theme.js';
import { mathNode, texNode } from './shared/math.js';
import { math, matrix, mn, mo, row } from './shared/mathml.js';
import { pairColumns, angularFrequency, tableFields } from './shared/pe-layout.js';
import { exportPanel, wireExport, updateSnippets } from './shared/export-panel.js';
import { predictPanel, wirePredict } from './shared/predict.js';
import { dataTable } from './shared/data-table.js';
import { dotMaxLabel, dotExplanation } from './shared/pe-dot.js';
import { similaritySnippets, rotationSnippets } from './shared/snippets.js';
import ko from '../i18n/ko/pe-relative.js';
import en from '../i18n/en/pe-relative.js';

const TABLE_PAIRS = 8;
// Columns of the rotation download, one row per frequency pair i (the CSV adds i in front).
const ROT_COLS = ['omega_i', 'cos_k_omega', 'sin_k_omega', 'pe_p_sin', 'pe_p_cos', 'rot_sin', 'rot_cos', 'pe_pk_sin', 'pe_pk_cos', 'abs_diff'];

class PeRelative extends PeFfnElement {
  static tag = 'pe-relative';
  static strings = { ko, en };
  static redrawOnThemeChange = true; // the overlay's outlines are design tokens painted into a canvas
  static props = attributes['pe-relative'];
  static css = `
    .sim { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: .2rem .4rem; max-width: 30rem; }
    .yaxis { writing-mode: vertical-rl; font-size: .8em; color: var(--pe-muted); text-align: center; }
    .xaxis { grid-column: 2; text-align: center; font-size: .8em; color: var(--pe-muted); }
    .plot { position: relative; min-width: 0; }
    .plot canvas { display: block; width: 100%; aspect-ratio: 1; image-rendering: pixelated; border: 1px solid var(--pe-border); cursor: crosshair; }
    canvas.overlay { position: absolute; inset: 0; pointer-events: none; border-color: transparent; }
    .legend { display: flex; align-items: center; gap: .5rem; font-size: .8em; margin: .5rem 0; flex-wrap: wrap; }
    .legend .bar { width: min(10rem, 40%); height: .8rem; border-radius: 3px; border: 1px solid var(--pe-border); }
    .readout { min-height: 1.6em; font-variant-numeric: tabular-nums; }
    .rot td { text-align: right; }
    .ok { font-weight: 600; }
    h4 { margin-top: 1.2rem; }
  `;

  constructor() {
    super();
    this.cursor = { p: 0, q: 0 };
    this.band = -1;
    this.sim = null;
  }

  adjustValues(v, notes) {
    // p and p + k must be inside a table the module can make; keep them below 2^31 comfortably.
    if (v.p + v.k > 200000) {
      notes.push({ name: 'k', given: v.k, used: 0, range: '0 … 200000 − p' });
      v.k = 0;
    }
  }

  build() {
    const s = this.s;
    this.root.replaceChildren(this.card({
      fields: tableFields(this),
      body: [
        h('p', { class: 'muted', text: s.layoutSame }),
        h('figure', { class: 'sim' },
          h('div', { class: 'yaxis', 'aria-hidden': 'true', text: s.yAxis }),
          h('div', { class: 'plot' }, h('canvas', { class: 'map', tabindex: '0', role: 'img' }), h('canvas', { class: 'overlay', 'aria-hidden': 'true' })),
          h('div', { class: 'xaxis', 'aria-hidden': 'true', text: s.xAxis })),
        h('div', { class: 'legend', 'aria-hidden': 'true' },
          h('span', { class: 'lmin' }), h('span', { class: 'bar', style: `background:${gradientCss(viridis)}` }), h('span', { class: 'lmax' })),
        h('p', { class: 'readout', 'aria-live': 'polite', text: s.readoutHelp }),
        h('div', { class: 'sim-table' }),
        predictPanel(this, 'depends', { question: s.predictQ, options: s.predictOptions }),
        exportPanel(this, 'sim'),
        h('h4', { text: s.rotTitle }),
        h('p', { text: s.rotIntro }),
        h('div', { class: 'formula rot-general' }),
        h('div', { class: 'controls' }, this.field('p', s.p), this.field('k', s.k)),
        h('p', { text: s.rotExample }),
        h('div', { class: 'formula rot-example' }),
        h('p', { class: 'ok rot-max', role: 'status' }),
        h('div', { class: 'scroll rot' }),
        h('p', { class: 'muted rot-note' }),
        exportPanel(this, 'rot', s.rotWhat),
      ],
    }));
    const canvas = this.$('canvas.map');
    canvas.addEventListener('pointermove', (e) => {
      const r = canvas.getBoundingClientRect();
      const L = this.values.length;
      this.setCursor(Math.floor(((e.clientY - r.top) / r.height) * L), Math.floor(((e.clientX - r.left) / r.width) * L));
    });
    canvas.addEventListener('keydown', (e) => {
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      const m = moves[e.key];
      if (!m) return;
      e.preventDefault();
      this.setCursor(this.cursor.p + m[0], this.cursor.q + m[1], true);
    });
    canvas.addEventListener('focus', () => this.setCursor(this.cursor.p, this.cursor.q, true));
    canvas.addEventListener('blur', () => this.drawOverlay());
    wireExport(this, 'sim', () => ({
      name: `pe_similarity_len${this.values.length}_d${this.values['d-model']}`,
      data: this.sim,
      shape: [this.values.length, this.values.length],
      corner: 'p \\ r',
    }));
    wireExport(this, 'rot', () => ({
      name: this.rotationName(),
      data: this.rot,
      shape: [this.rot.length / ROT_COLS.length, ROT_COLS.length],
      colNames: ROT_COLS,
      corner: 'i',
    }));
    wirePredict(this, 'depends', {
      answer: 1,
      explain: () => dotExplanation(this.s, this.values['d-model'], Math.min(this.values.k, this.values.length - 1)),
      onReveal: (shown) => {
        this.band = shown ? Math.min(this.values.k, this.values.length - 1) : -1;
        this.drawOverlay();
      },
    });
    this.$('.rot-general').replaceChildren(texNode(String.raw`\begin{pmatrix} PE(p{+}\Delta)_{\sin,i} \\ PE(p{+}\Delta)_{\cos,i} \end{pmatrix} = \begin{pmatrix} \cos \Delta\omega_i & \sin \Delta\omega_i \\ -\sin \Delta\omega_i & \cos \Delta\omega_i \end{pmatrix} \begin{pmatrix} PE(p)_{\sin,i} \\ PE(p)_{\cos,i} \end{pmatrix},\quad \omega_i = \frac{1}{b^{2i/d}}`, { display: true }));
  }

  update() {
    const v = this.values;
    const L = v.length;
    const d = v['d-model'];
    const pe = this.core.positionalEncoding(L, d, { base: v.base, layout: v.layout });
    // S = PE PE^T in double precision from the module's float32 table.
    const sim = new Float64Array(L * L);
    for (let a = 0; a < L; a++) {
      for (let b = a; b < L; b++) {
        let sum = 0;
        for (let j = 0; j < d; j++) sum += pe[a * d + j] * pe[b * d + j];
        sim[a * L + b] = sum;
        sim[b * L + a] = sum;
      }
    }
    this.sim = sim;
    let lo = Infinity;
    let hi = -Infinity;
    for (const x of sim) { if (x < lo) lo = x; if (x > hi) hi = x; }
    this.range = [lo, hi];
    this.$('.lmin').textContent = fill(this.s.legendMin, { v: fmt(lo, 2) });
    this.$('.lmax').textContent = dotMaxLabel(this.s, d, fmt(hi, 2));
    this.drawMatrix();
    if (this.band >= 0) this.band = Math.min(v.k, L - 1);
    this.drawOverlay();
    this.$('.sim-table').replaceChildren(dataTable(this, { caption: this.s.matrixCaption, data: sim, rows: L, cols: L, corner: 'p \\ r', digits: 3 }));
    updateSnippets(this, 'sim', similaritySnippets({ length: L, dModel: d, base: v.base, offset: 0, layout: v.layout }));
    this.updateRotation();
  }

  drawMatrix() {
    const L = this.values.length;
    const canvas = this.$('canvas.map');
    canvas.width = L;
    canvas.height = L;
    const ctx = canvas.getContext('2d');
    const img = ctx.createImageData(L, L);
    const [lo, hi] = this.range;
    const lut = Array.from({ length: 256 }, (_, i) => rgbOf(valueColor(i / 255, 0, 1)));
    for (let i = 0; i < L * L; i++) {
      const [r, g, b] = lut[Math.round(((this.sim[i] - lo) / (hi - lo || 1)) * 255)];
      img.data.set([r, g, b, 255], 4 * i);
    }
    ctx.putImageData(img, 0, 0);
    canvas.setAttribute('aria-label', fill(this.s.matrixLabel, { l1: L - 1 }));
  }

  /**
   * Band of |p − q| = k (after reveal) and the keyboard cursor, drawn crisp on a second canvas. Both
   * are two-tone (--pe-ink around --pe-on-ink or --pe-focus), so they read on every viridis colour.
   */
  drawOverlay(showCursor = false) {
    const L = this.values.length;
    const overlay = this.$('canvas.overlay');
    const scale = Math.max(1, Math.ceil(480 / L));
    overlay.width = L * scale;
    overlay.height = L * scale;
    const ctx = overlay.getContext('2d');
    ctx.clearRect(0, 0, overlay.width, overlay.height);
    const ink = tokenColor(this, '--pe-ink');
    const onInk = tokenColor(this, '--pe-on-ink');
    if (this.band >= 0) {
      ctx.lineWidth = Math.max(1.5, scale / 4);
      for (let p = 0; p < L; p++) {
        for (const q of [p - this.band, p + this.band]) {
          if (q < 0 || q >= L) continue;
          ctx.strokeStyle = onInk;
          ctx.strokeRect(q * scale + 1, p * scale + 1, scale - 2, scale - 2);
          ctx.strokeStyle = ink;
          ctx.strokeRect(q * scale, p * scale, scale, scale);
        }
      }
    }
    if (showCursor) {
      const width = Math.max(2, scale / 3);
      ctx.lineWidth = width + 2;
      ctx.strokeStyle = ink;
      ctx.strokeRect(this.cursor.q * scale, this.cursor.p * scale, scale, scale);
      ctx.lineWidth = width;
      ctx.strokeStyle = tokenColor(this, '--pe-focus');
      ctx.strokeRect(this.cursor.q * scale, this.cursor.p * scale, scale, scale);
    }
  }

  setCursor(p, q, showCursor = false) {
    const L = this.values.length;
    p = Math.max(0, Math.min(L - 1, p));
    q = Math.max(0, Math.min(L - 1, q));
    this.cursor = { p, q };
    this.$('.readout').textContent = fill(this.s.readout, { p, q, value: fmt(this.sim[p * L + q], 4), dist: Math.abs(p - q) });
    this.drawOverlay(showCursor);
  }

  /** The rotation download's file name, without extension (the snippet loads the same file). */
  rotationName() {
    return `pe_rotation_p${this.values.p}_k${this.values.k}_d${this.values['d-model']}`;
  }

  updateRotation() {
    const v = this.values;
    const s = this.s;
    const d = v['d-model'];
    const K = Math.floor(d / 2);
    const opts = { base: v.base, layout: v.layout };
    // Three rows from the module: PE(p), PE(p + k) and PE(k) (whose pairs are cos kω, sin kω).
    const peP = this.core.positionalEncoding(1, d, { ...opts, offset: v.p });
    const pePK = this.core.positionalEncoding(1, d, { ...opts, offset: v.p + v.k });
    const peK = this.core.positionalEncoding(1, d, { ...opts, offset: v.k });
    let maxDiff = 0;
    // Every pair goes to the download (doubles from the module's float32 rows); the table shows a few.
    const rot = new Float64Array(K * ROT_COLS.length);
    const rows = [];
    let example = '';
    for (let i = 0; i < K; i++) {
      const { sin: js, cos: jc } = pairColumns(i, d, v.layout);
      const sp = peP[js];
      const cp = peP[jc];
      const sk = peK[js];
      const ck = peK[jc];
      const predS = ck * sp + sk * cp;
      const predC = -sk * sp + ck * cp;
      const diff = Math.max(Math.abs(predS - pePK[js]), Math.abs(predC - pePK[jc]));
      maxDiff = Math.max(maxDiff, diff);
      rot.set([angularFrequency(i, d, v.base), ck, sk, sp, cp, predS, predC, pePK[js], pePK[jc], diff], i * ROT_COLS.length);
      if (i === 0) {
        const n = (x) => mn(fmt(x, 4).replace('\u2212', '-'));
        example = math(row(matrix([[n(pePK[js])], [n(pePK[jc])]]), mo('\u2248'), matrix([[n(ck), n(sk)], [n(-sk), n(ck)]]),
          matrix([[n(sp)], [n(cp)]]), mo('='), matrix([[n(predS)], [n(predC)]])), { display: true });
      }
      if (i < TABLE_PAIRS) {
        const cells = [`${js}, ${jc}`, `${fmt(sp)}, ${fmt(cp)}`, `${fmt(ck)}, ${fmt(sk)}`, `${fmt(predS)}, ${fmt(predC)}`, `${fmt(pePK[js])}, ${fmt(pePK[jc])}`, diff.toExponential(1)];
        rows.push(h('tr', null, h('th', { scope: 'row', text: i }), cells.map((text) => h('td', { text }))));
      }
    }
    this.rot = rot;
    this.$('.rot-note').textContent = fill(s.rotNote, { n: K });
    updateSnippets(this, 'rot', rotationSnippets({ dModel: d, base: v.base, p: v.p, k: v.k, layout: v.layout, file: `${this.rotationName()}.npy` }));
    this.$('.rot-example').replaceChildren(mathNode(example));
    this.$('.rot-max').textContent = fill(s.maxDiff, { n: K, diff: maxDiff.toExponential(1) });
    const head = [s.colI, s.colCols, s.colPe, s.colRot, s.colPred, s.colTrue, s.colDiff];
    this.$('.rot').replaceChildren(h('table', null,
      h('caption', { text: `${s.rotCaption}${K > TABLE_PAIRS ? ` — ${fill(s.moreRows, { n: TABLE_PAIRS })}` : ''}` }),
      h('thead', null, h('tr', null, head.map((text) => h('th', { scope: 'col', text })))),
      h('tbody', null, rows)));
  }
}

PeRelative.define();
export { PeRelative };

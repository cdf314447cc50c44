// <pe-add>: h = x + PE. A token-embedding table x (one row per word) plus the PE table (one row per
// position) gives the input table h, computed by the module's addPositionalEncoding. Then two sentences
// with the same words in another order: without PE their input rows are the same multiset of vectors
// (each row of B equals a row of A); with PE they differ.
//
// Attributes: declared in attributes.js, reflected as properties (docs/elements.md lists them).
// Events: pe-ffn-change and pe-ffn-render, as every element (@fires in shared/base.js).
import { PeFfnElement } from './shared/base.js';
import { attributes } from './attributes.js';
import { h } from './shared/dom.js';
import { fmt } from './shared/format.js';
import { fill } from './shared/i18n.js';
import { signedColor, textColorOn } from './shared/colors.js';
import { texNode } from './shared/math.js';
import { layoutField } from './shared/pe-layout.js';
import { seededEmbedding, lookup } from '../js/embedding.js';
import { exportPanel, wireExport, updateSnippets } from './shared/export-panel.js';
import { predictPanel, wirePredict } from './shared/predict.js';
import { embeddingSnippets } from './shared/snippets.js';
import ko from '../i18n/ko/pe-add.js';
import en from '../i18n/en/pe-add.js';

const MAX_TOKENS = 12;
const COLOR_LIMIT = 1.6;

class PeAdd extends PeFfnElement {
  static tag = 'pe-add';
  static strings = { ko, en };
  static props = attributes['pe-add'];
  static css = `
    .tables { display: grid; gap: .3rem; }
    .op { font-size: 1.4em; font-weight: 700; text-align: center; line-height: 1; color: var(--pe-muted); }
    .vec td { min-width: 3.9em; font-size: .85em; }
    .vec th { font-size: .85em; }
    .vec td.tok, .vec th.tok { text-align: left; font-weight: 600; }
    .match { text-align: left !important; font-size: .8em !important; white-space: normal; min-width: 9em; }
    .match.same { background: var(--pe-highlight); font-weight: 700; }
    .verdict-box { padding: .5rem .7rem; border-radius: 8px; background: var(--pe-code-bg); margin: .5rem 0; }
    h4 { margin: 1rem 0 .3rem; }
    input[type=text] { padding: .3rem .45rem; border: 1px solid var(--pe-border); border-radius: 8px; min-height: 2.2rem; width: 15rem; max-width: 100%; background: var(--pe-bg); }
  `;

  adjustValues(v) {
    // Empty sentences mean the language's default pair; show it in the inputs too.
    const s = this.strFor();
    if (!v['sentence-a'].trim()) v['sentence-a'] = s.defaultA;
    if (!v['sentence-b'].trim()) v['sentence-b'] = s.defaultB;
  }

  build() {
    const s = this.s;
    const text = (name, label) => h('div', { class: 'field' },
      h('label', { for: this.localId(name), text: label }),
      h('input', { id: this.localId(name), type: 'text', 'data-prop': name, autocomplete: 'off' }));
    this.root.replaceChildren(this.card({
      beforeControls: h('div', { class: 'formula' }, texNode(String.raw`h_t^{(0)} = x_t + PE(t)`, { display: true })),
      fields: [
        text('sentence-a', s.sentenceA),
        text('sentence-b', s.sentenceB),
        this.field('d-model', s.dModel),
        this.field('seed', s.seed),
        layoutField(this),
      ],
      body: [
        h('p', { class: 'muted', text: s.embedNote }),
        h('div', { class: 'controls' }, this.field('show', s.show, { kind: 'select', options: [['a', s.sentenceA], ['b', s.sentenceB]] })),
        h('div', { class: 'tables' },
          h('div', { class: 'scroll x-table' }),
          h('div', { class: 'op', 'aria-hidden': 'true', text: '+' }),
          h('div', { class: 'scroll pe-table' }),
          h('div', { class: 'op', 'aria-hidden': 'true', text: '=' }),
          h('div', { class: 'scroll h-table' })),
        exportPanel(this, 'h'),
        h('h4', { text: s.compareTitle }),
        h('div', { class: 'controls' }, this.field('compare', s.compare, { kind: 'select', options: [['x', s.compareX], ['h', s.compareH]] })),
        h('div', { class: 'scroll cmp-a' }),
        h('div', { class: 'scroll cmp-b' }),
        h('p', { class: 'verdict-box', role: 'status' }),
        predictPanel(this, 'same', { question: s.predictQ, options: s.predictOptions }),
      ],
    }));
    wireExport(this, 'h', () => ({
      name: `h_${this.values.show}_d${this.values['d-model']}`,
      data: this.current.h,
      shape: [this.current.tokens.length, this.values['d-model']],
      rowNames: this.current.tokens.map((w, t) => `${t}:${w}`),
      corner: 'token',
    }));
    wirePredict(this, 'same', {
      answer: 0,
      explain: () => this.s.predictExplain,
      onReveal: (shown) => { if (shown) this.setValue('compare', 'x'); },
    });
  }

  /** Tokens of a sentence attribute (or the language's default), at most MAX_TOKENS. */
  tokens(name, fallback) {
    const words = (this.values[name] || fallback).split(/\s+/).filter(Boolean);
    if (words.length > MAX_TOKENS) this.notes.push({ text: fill(this.s.tooLong, { max: MAX_TOKENS }) });
    return words.length ? words.slice(0, MAX_TOKENS) : fallback.split(/\s+/);
  }

  sentence(words, vocab, table, d) {
    const v = this.values;
    const ids = words.map((w) => vocab.indexOf(w));
    const x = lookup(table, d, ids);
    const withPe = this.core.addPositionalEncoding(x.slice(), words.length, d, { base: v.base, layout: v.layout });
    const pe = this.core.positionalEncoding(words.length, d, { base: v.base, layout: v.layout });
    return { tokens: words, ids, x, pe, h: withPe };
  }

  update() {
    const v = this.values;
    const s = this.s;
    const d = v['d-model'];
    const a = this.tokens('sentence-a', s.defaultA);
    const b = this.tokens('sentence-b', s.defaultB);
    this.showNotes();
    const vocab = [...new Set([...a, ...b])];
    const table = seededEmbedding(this.core, vocab.length, d, v.seed);
    const A = this.sentence(a, vocab, table, d);
    const B = this.sentence(b, vocab, table, d);
    this.current = v.show === 'b' ? B : A;
    const cur = this.current;
    const name = v.show === 'b' ? s.sentenceB : s.sentenceA;
    this.$('.x-table').replaceChildren(this.vecTable(`${s.xTitle} — ${name}`, cur.tokens, cur.x, d));
    this.$('.pe-table').replaceChildren(this.vecTable(s.peTitle, cur.tokens.map(() => ''), cur.pe, d));
    this.$('.h-table').replaceChildren(this.vecTable(`${s.hTitle} — ${name}`, cur.tokens, cur.h, d));
    updateSnippets(this, 'h', embeddingSnippets({
      vocab: vocab.length, dModel: d, seed: v.seed, tokens: cur.ids,
      peArgs: { length: cur.tokens.length, dModel: d, base: v.base, offset: 0, layout: v.layout },
    }));
    // Comparison: for each row of B, is there an identical row of A?
    const key = v.compare;
    const rowsEqual = (P, i, Q, j) => {
      for (let c = 0; c < d; c++) if (P[i * d + c] !== Q[j * d + c]) return false;
      return true;
    };
    const matches = b.map((_, i) => a.findIndex((__, j) => rowsEqual(B[key], i, A[key], j)));
    let maxDiff = 0;
    b.forEach((w, i) => a.forEach((w2, j) => {
      if (w !== w2) return;
      for (let c = 0; c < d; c++) maxDiff = Math.max(maxDiff, Math.abs(B[key][i * d + c] - A[key][j * d + c]));
    }));
    const title = key === 'x' ? s.compareX : s.compareH;
    this.$('.cmp-a').replaceChildren(this.vecTable(`${s.sentenceA} — ${title}`, a, A[key], d));
    this.$('.cmp-b').replaceChildren(this.vecTable(`${s.sentenceB} — ${title}`, b, B[key], d, matches));
    const nSame = matches.filter((m) => m >= 0).length;
    this.$('.verdict-box').textContent = key === 'x' && nSame === b.length ? s.verdictX : fill(s.verdictH, { n: nSame, diff: fmt(maxDiff, 4) });
  }

  /** A table of vectors: one row per token (t, token, d values), optional "matches a row of A" column. */
  vecTable(caption, words, data, d, matches) {
    const s = this.s;
    const head = [h('th', { scope: 'col', text: s.pos }), h('th', { scope: 'col', class: 'tok', text: s.token })];
    for (let c = 0; c < d; c++) head.push(h('th', { scope: 'col', text: c }));
    if (matches) head.push(h('th', { scope: 'col', text: s.matchColumn }));
    const body = words.map((w, t) => {
      const cells = [h('th', { scope: 'row', text: t }), h('td', { class: 'tok', text: w })];
      for (let c = 0; c < d; c++) {
        const value = data[t * d + c];
        const bg = signedColor(value, COLOR_LIMIT);
        cells.push(h('td', { style: `background:${bg};color:${textColorOn(bg)}`, text: fmt(value, 3) }));
      }
      if (matches) {
        const m = matches[t];
        cells.push(h('td', { class: `match${m >= 0 ? ' same' : ''}`, text: m >= 0 ? fill(s.match, { t: m }) : s.noMatch }));
      }
      return h('tr', null, cells);
    });
    return h('table', { class: 'vec' }, h('caption', { text: caption }), h('thead', null, h('tr', null, head)), h('tbody', null, body));
  }
}

PeAdd.define();
export { PeAdd };

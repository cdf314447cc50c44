// PeFfnElement: the base class of every element in this package. It turns a declared list of
// attributes into clamped values and reflected properties, loads the shared wasm instance, follows
// the page language, and calls two hooks:
//   build()   (re)creates the element's DOM inside this.root — on first render and on language change
//   update()  computes with this.core from this.values and fills that DOM — after every change
//
// A subclass declares:
//   static tag = 'pe-table';
//   static props = attributes['pe-table'];   // its attributes, declared in attributes.js with the
//                                            // factories of shared/props.js:
//     { 'd-model': { type: 'int', min, max, default, doc }, layout: { type: 'enum', values, ... },
//       label: { type: 'string', ... }, compact: { type: 'bool' } (true when present),
//       'd-ff': { ..., alias: 'dFF' } (also el.dFF) }
//   static strings = { ko, en };   // element strings; this.s = { ...common, ...element } for the language
//   static css = '...';            // extra shadow-DOM CSS (after shared/styles.js)
//   static rerenderOnResize = true; // update() again when the element's width changes a lot (for
//                                   // elements that size their drawing to the width)
//   static redrawOnThemeChange = true; // update() again when the theme changes (for elements that
//                                      // paint design tokens into a canvas, see shared/theme.js)
//
// Every prop is reflected as a camelCase property (d-model <-> el.dModel), and also under its `alias`
// when the camelCase rule gives a name people would not type (d-ff -> dFf). Bad attribute values never
// throw: they are clamped or replaced by the default, and a note explains it inside the element.
//
// DOM is built with h() and svg() of shared/dom.js, never from HTML strings.
// Controls: any <input>/<select> in the element's DOM with data-prop="d-model" is kept in sync with
// that value, and changing it sets the attribute (range inputs live on 'input', others on 'change').
// Helpers for building them: this.field(prop, label, { kind: 'number' | 'range' | 'select', options }),
// and this.card({ fields, body }) for the card every element opens the same way.
// this.language: the language the element shows ('ko' | 'en'), for formatting numbers and keys.
//
// Events fired (bubbling, composed):
//   @fires pe-ffn-change - detail { name, value }: the learner changed a value through a control
//   @fires pe-ffn-render - detail { }: a render finished (tests and pages can wait on it)
// Promise: el.updateComplete resolves after the render that follows the latest change.
import { getCore } from './core.js';
import { LANG_EVENT, langOf, pick, fill } from './i18n.js';
import { adoptStyles } from './styles.js';
import { onThemeChange } from './theme.js';
import { h } from './dom.js';
import { shortText } from './format.js';
import { watchScrollRegions } from './scroll-regions.js';
import commonKo from '../../i18n/ko/common.js';
import commonEn from '../../i18n/en/common.js';

const common = { ko: commonKo, en: commonEn };
/** An int attribute's text: a decimal number (a fraction is rounded, with a note). A number
 * attribute's may also have a decimal exponent (base="1e6"). Nothing else: no hex, no spaces, no _. */
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const DECIMAL_EXP = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const camel = (name) => name.replace(/-([a-z])/g, (m, c) => c.toUpperCase());
let idCounter = 0;

// First renders take turns in the order elements ask (document order on a page), and the browser
// gets the thread back whenever a turn starts more than SLICE_MS after the last pause: a page with
// many elements shows its first ones (and their numbers) while the rest are still being built,
// instead of after one long task that builds everything.
const SLICE_MS = 40;
let lastPause = 0;
let firstRenders = Promise.resolve();
function firstRenderTurn() {
  firstRenders = firstRenders.then(async () => {
    if (!lastPause) lastPause = performance.now();   // the first element renders at once
    if (performance.now() - lastPause < SLICE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    lastPause = performance.now();
  });
  return firstRenders;
}

export class PeFfnElement extends HTMLElement {
  static props = {};
  static strings = { ko: {}, en: {} };
  static css = '';

  #builtLang = null; // the language of the DOM built last (null: never built)

  /** The language the element shows: the one it was last built in, else the one it will render in. */
  get language() {
    return this.#builtLang ?? langOf(this);
  }

  static get observedAttributes() {
    return [...Object.keys(this.props), 'lang'];
  }

  /** Registers the element once (safe if another copy of the package already did). */
  static define(tag = this.tag) {
    // Accessors first: define() upgrades elements already in the page synchronously.
    for (const [name, { alias }] of Object.entries(this.props)) {
      const accessor = {
        configurable: true,
        get() { return this.readProp(name).value; },
        set(v) {
          const spec = this.constructor.props[name];
          if (spec.type === 'bool') this.toggleAttribute(name, Boolean(v));
          else if (v === null || v === undefined) this.removeAttribute(name);
          else this.setAttribute(name, String(v));
        },
      };
      for (const prop of alias ? [camel(name), alias] : [camel(name)]) {
        if (!Object.prototype.hasOwnProperty.call(this.prototype, prop)) Object.defineProperty(this.prototype, prop, accessor);
      }
    }
    if (!customElements.get(tag)) customElements.define(tag, this);
  }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    adoptStyles(this.shadowRoot, this.constructor.css);
    this.root = document.createElement('div');
    this.root.className = 'pe-root';
    this.shadowRoot.append(this.root);
    this.uid = `pe${++idCounter}`;
    this.core = null;
    this.values = null;
    this.notes = [];
    this.needsBuild = true;
    this.renderQueued = false;
    this.updateComplete = Promise.resolve();
    this.onPageLang = () => this.requestRender(true);
    this.shadowRoot.addEventListener('change', (e) => this.onControl(e, 'change'));
    this.shadowRoot.addEventListener('input', (e) => this.onControl(e, 'input'));
  }

  connectedCallback() {
    document.addEventListener(LANG_EVENT, this.onPageLang);
    if (this.constructor.rerenderOnResize && typeof ResizeObserver === 'function' && !this.resizeObserver) {
      this.resizeObserver = new ResizeObserver(([entry]) => {
        const width = entry.contentRect.width;
        const drawnFor = this.layoutWidth();
        this.observedWidth = width;
        if (this.values && Math.abs(width - drawnFor) > 40) this.requestRender();
      });
      this.resizeObserver.observe(this);
    }
    if (this.constructor.redrawOnThemeChange && !this.stopThemeWatch) {
      this.stopThemeWatch = onThemeChange(() => { if (this.values) this.requestRender(); });
    }
    if (!this.core) this.root.replaceChildren(h('p', { class: 'muted', role: 'status', text: this.strFor().loading }));
    this.requestRender(true);
  }

  /**
   * The width to lay out for: the last one the ResizeObserver reported, or a guess before the first
   * report. Reading the element's size while the page is still being built would force a layout of
   * everything so far (profiled: ~0.1 s of the tutorial page's load); the observer re-renders once
   * the real width is known and differs.
   */
  layoutWidth() {
    return this.observedWidth ?? (typeof innerWidth === 'number' && innerWidth > 0 ? Math.min(innerWidth - 32, 880) : 800);
  }

  disconnectedCallback() {
    document.removeEventListener(LANG_EVENT, this.onPageLang);
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    this.scrollRegions?.disconnect();
    this.scrollRegions = null;
    this.stopThemeWatch?.();
    this.stopThemeWatch = null;
    this.teardown?.();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    this.requestRender(name === 'lang');
  }

  /** Strings for a language: shared common strings overlaid with the element's own. */
  strFor(lang = langOf(this)) {
    return { ...pick(common, lang), ...pick(this.constructor.strings, lang) };
  }

  /** Schedules one render for all changes made in the same task. */
  requestRender(rebuild = false) {
    if (rebuild) this.needsBuild = true;
    if (this.renderQueued) return this.updateComplete;
    this.renderQueued = true;
    this.updateComplete = new Promise((resolve) => {
      queueMicrotask(async () => {
        try {
          await this.renderNow();
        } finally {
          resolve();
        }
      });
    });
    return this.updateComplete;
  }

  async renderNow() {
    try {
      if (!this.core) this.core = await getCore();
      if (this.#builtLang === null) await firstRenderTurn();   // never built yet: wait for its turn
    } catch (err) {
      this.renderQueued = false;
      this.showError(err);
      return;
    }
    this.renderQueued = false;
    if (!this.isConnected) return;
    const lang = langOf(this);
    if (lang !== this.#builtLang) this.needsBuild = true;
    this.readValues();
    try {
      if (this.needsBuild) {
        this.#builtLang = lang;
        this.s = this.strFor(lang);
        this.needsBuild = false;
        this.build();
      }
      this.syncControls();
      this.showNotes();
      this.update();
      this.scrollRegions ??= watchScrollRegions(this.root);
    } catch (err) {
      this.needsBuild = true;
      this.showError(err);
    }
    this.dispatchEvent(new CustomEvent('pe-ffn-render', { bubbles: true, composed: true, detail: {} }));
  }

  showError(err) {
    console.error(err);
    const s = this.strFor();
    this.root.replaceChildren(h('p', { class: 'error', role: 'alert', text: fill(s.error, { message: err && err.message ? err.message : String(err) }) }));
  }

  /** Reads one attribute as its declared type, clamped. Returns { value, note }. */
  readProp(name) {
    const spec = this.constructor.props[name];
    const raw = this.getAttribute(name);
    if (spec.type === 'bool') return { value: raw !== null && raw !== 'false' };
    if (raw === null || raw.trim() === '') return { value: spec.default };
    if (spec.type === 'string') return { value: raw };
    if (spec.type === 'enum') {
      const v = raw.trim().toLowerCase();
      if (spec.values.includes(v)) return { value: v };
      return { value: spec.default, note: { name, given: shortText(raw, 40), used: spec.default, range: spec.values.join(', ') } };
    }
    const range = `${spec.min} … ${spec.max}`;
    const given = shortText(raw, 40);
    // Decimal notation only: Number() would also read 0x10, 6.4e1, ' 16' and '' as numbers.
    if (!(spec.type === 'int' ? DECIMAL : DECIMAL_EXP).test(raw)) return { value: spec.default, note: { name, given, used: spec.default, range } };
    const n = Number(raw);
    if (!Number.isFinite(n)) return { value: spec.default, note: { name, given, used: spec.default, range } };
    let v = spec.type === 'int' ? Math.round(n) : n;
    if (v < spec.min) v = spec.min;
    if (v > spec.max) v = spec.max;
    if (v !== n) return { value: v, note: { name, given, used: v, range } };
    return { value: v };
  }

  readValues() {
    this.values = {};
    this.notes = [];
    for (const name of Object.keys(this.constructor.props)) {
      const { value, note } = this.readProp(name);
      this.values[name] = value;
      if (note) this.notes.push(note);
    }
    this.adjustValues?.(this.values, this.notes);
  }

  showNotes() {
    const box = this.root.querySelector('.notes');
    if (!box) return;
    box.textContent = this.notes.map((n) => n.text || fill(this.s.clamped, n)).join(' ');
  }

  /** Sets a value as if the learner did it: reflects the attribute and fires pe-ffn-change. */
  setValue(name, value) {
    const spec = this.constructor.props[name];
    if (spec && spec.type === 'bool') this.toggleAttribute(name, Boolean(value));
    else this.setAttribute(name, String(value));
    this.dispatchEvent(new CustomEvent('pe-ffn-change', { bubbles: true, composed: true, detail: { name, value: this.readProp(name).value } }));
  }

  onControl(event, kind) {
    const el = event.target;
    const name = el && el.dataset ? el.dataset.prop : undefined;
    if (!name || !(name in this.constructor.props)) return;
    const live = el.type === 'range' || el.type === 'checkbox' || el.tagName === 'SELECT';
    if (kind === 'input' && !live) return;
    if (kind === 'change' && el.type === 'range') return;
    if (el.type === 'number' && el.value.trim() === '') return;
    this.setValue(name, el.type === 'checkbox' ? el.checked : el.value);
  }

  syncControls() {
    for (const el of this.root.querySelectorAll('[data-prop]')) {
      const v = this.values[el.dataset.prop];
      if (el.type === 'checkbox') el.checked = Boolean(v);
      else if (String(el.value) !== String(v)) el.value = String(v);
    }
  }

  /**
   * A labelled control for a declared prop: a number input (kind 'number'), a slider ('range') or a
   * select ('select', with options [[value, text], ...] or the prop's values); id: another id suffix
   * than the prop's name, for a second control of the same prop.
   */
  field(name, label, { kind = 'number', options, step, min, max, hint, id: suffix = name } = {}) {
    const spec = this.constructor.props[name];
    const id = this.localId(suffix);
    let control;
    if (kind === 'select') {
      control = h('select', { id, 'data-prop': name },
        (options || spec.values.map((v) => [v, v])).map(([v, text]) => h('option', { value: v, text })));
    } else {
      control = h('input', {
        id, type: kind, 'data-prop': name, min: min ?? spec.min, max: max ?? spec.max,
        step: step ?? (spec.type === 'int' ? 1 : 'any'), inputmode: spec.type === 'int' ? 'numeric' : 'decimal',
      });
    }
    return h('div', { class: 'field' }, h('label', { for: id, text: label }), control, hint ? h('span', { class: 'muted', text: hint }) : null);
  }

  /**
   * The card an element's build() draws, opening as every element does: the title and intro strings,
   * one row of controls, then the box that showNotes() fills with notes about clamped attributes.
   * Each part is a node or an array of nodes:
   *   fields          the controls in that row (usually from this.field())
   *   body            after the notes box: the element's own content
   *   beforeControls  between the intro and the controls (e.g. a formula)
   *   afterControls   between the controls and the notes box (e.g. a second row of controls)
   * Parts an embedding page can style with ::part():
   * @csspart card - the element's card (border, background, padding)
   * @csspart title - the card's heading
   * @csspart intro - the sentence under the heading
   * @csspart controls - the row of inputs and selects
   * @csspart notes - notes about attribute values that were clamped
   */
  card({ fields, body = null, beforeControls = null, afterControls = null }) {
    const s = this.s;
    return h('div', { class: 'card', part: 'card' },
      h('h3', { part: 'title', text: s.title }),
      h('p', { class: 'muted', part: 'intro', text: s.intro }),
      beforeControls,
      h('div', { class: 'controls', part: 'controls' }, fields),
      afterControls,
      h('div', { class: 'notes', part: 'notes', role: 'status' }),
      body);
  }

  /**
   * An id unique on the page for a node in this element's shadow DOM (label/for and aria attributes).
   * Not `id()`: that would shadow HTMLElement's `id`, which host pages and frameworks set.
   */
  localId(suffix) {
    return `${this.uid}-${suffix}`;
  }

  $(selector) {
    return this.root.querySelector(selector);
  }
}

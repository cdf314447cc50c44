// How an element's attribute is declared: a small spec that PeFfnElement reads (clamping, reflected
// properties, the note on a bad value) and that scripts/element-attributes.mjs turns into the tables
// of docs/elements.md, the attribute types of src/elements/index.d.ts and the manifest. Each spec
// carries its doc text, as shared/tokens.js does for colours; attributes several elements share have
// a factory of their own, so their range and meaning are written once.
//
// A spec: { type: 'int' | 'number' | 'enum' | 'string' | 'bool', min, max (numbers), values (enum),
//   default, doc (what it is, in English, shown after the range), defaultDoc (what the default means,
//   when the value alone does not say), alias (a second property name, e.g. dFF for d-ff),
//   linked (the tutorial page sets it on every element that marks it: web/main.js) }
//
// API:
//   int(min, max, fallback, doc, extra?)   number(min, max, fallback, doc, extra?)
//   oneOf(values, fallback, doc, extra?)   text(fallback, doc, extra?)   flag(doc)
//   Shared attributes: dModel(min, max, fallback, doc?), base(doc?), layout(), seed(fallback, doc),
//   length(min, max, fallback, doc), offset(), dFF(min, max, fallback)
// The core's list, not pe-layout.js's: the page reads these specs on its first load, and pe-layout.js
// (the PE views' columns and formulas) loads with the first PE view.
import { PE_LAYOUTS } from '../../js/defaults.js';

export const int = (min, max, fallback, doc, extra = {}) => ({ type: 'int', min, max, default: fallback, doc, ...extra });
export const number = (min, max, fallback, doc, extra = {}) => ({ type: 'number', min, max, default: fallback, doc, ...extra });
export const oneOf = (values, fallback, doc, extra = {}) => ({ type: 'enum', values, default: fallback, doc, ...extra });
export const text = (fallback, doc, extra = {}) => ({ type: 'string', default: fallback, doc, ...extra });
export const flag = (doc) => ({ type: 'bool', doc });

/** The largest seed: the module's seeds are 32-bit. */
export const SEED_MAX = 4294967295;

export const dModel = (min, max, fallback, doc = 'd_model, the length of every vector', extra) => int(min, max, fallback, doc, extra);
export const dFF = (min, max, fallback) => int(min, max, fallback, 'd_ff, the width of the FFN\'s hidden layer', { alias: 'dFF' });
export const base = (doc = 'the base b of the angle t / b^(2i/d)', extra) => number(1.0001, 1e12, 10000, doc, extra);
export const layout = (extra) => oneOf(PE_LAYOUTS, 'interleaved', 'interleaved: sin and cos in pairs of columns (2i, 2i + 1); concat: all sines, then all cosines', extra);
export const seed = (fallback, doc) => int(0, SEED_MAX, fallback, doc);
export const length = (min, max, fallback, doc = 'positions (rows) shown', extra) => int(min, max, fallback, doc, extra);
export const offset = () => int(0, 1000000, 0, 'the first position');

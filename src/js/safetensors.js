// Safetensors files (the format of Hugging Face's `safetensors`): a writer of float32 tensors and a
// reader of untrusted bytes. loadTransformer reads model files with it; the lab saves them with it.
//
//   bytes 0 .. 7   N, the header's length, an unsigned 64-bit little-endian integer
//   bytes 8 .. 8+N the header: UTF-8 JSON, one object, optionally padded with spaces:
//                  { "name": { "dtype": "F32", "shape": [2, 3], "data_offsets": [begin, end] }, ...,
//                    "__metadata__": { "key": "string value", ... } }
//   the rest       the data: every tensor's bytes, little-endian, at [begin, end) of this part
//
// The reader trusts nothing: N is bounded by the file and by SAFETENSORS_LIMITS.MAX_HEADER_BYTES
// (defaults.js: 1 MiB, 11 times the largest model's header), checked before a byte of the header is
// decoded; the header's keys are counted in the bracket scan below and bounded by MAX_HEADER_KEYS
// before JSON.parse, __metadata__'s by MAX_METADATA_KEYS; the header's nesting (three deep at most) and
// its brackets are checked in one pass before JSON.parse, which spends about 0.5 s per MB on deep or
// unbalanced brackets; duplicate keys are refused (JSON.parse would keep the last one silently); only
// F32; shapes of non-negative integers whose size matches the offsets; offsets in range, contiguous,
// not overlapping and covering every data byte. Every step is linear in the file's size (but for one
// sort of the tensors by offset). It throws an `Error` saying what is wrong, never anything else.

import { SAFETENSORS_LIMITS } from './defaults.js';
import { typedArrayName, typedArrayParts } from './intrinsics.js';

const { MAX_HEADER_BYTES, MAX_HEADER_KEYS, MAX_METADATA_KEYS } = SAFETENSORS_LIMITS;

const MAX_DEPTH = 3; // the header object, a tensor's entry, its shape and data_offsets arrays
const METADATA = '__metadata__';
const TENSOR_KEYS = ['dtype', 'shape', 'data_offsets'];

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1; // every browser and Node platform but s390x

const fail = (what) => {
  throw new Error(`safetensors: ${what}`);
};

/** A value for a message, as JSON cut short: a hostile name or shape may be a megabyte long. */
function show(value) {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/**
 * Checks that `text` has balanced brackets nested at most MAX_DEPTH deep outside strings and returns
 * how many object keys it holds (a string right after `{` or `,` inside an object), in one pass.
 */
function scanHeader(text) {
  const stack = []; // '{' or '['
  let keys = 0, expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) { // '"': skip the string, escapes included
      if (expectKey) keys++;
      expectKey = false;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
      if (i >= text.length) fail('the header is not JSON (a string does not end)');
    } else if (c === 0x7b || c === 0x5b) { // '{' '['
      if (stack.length === MAX_DEPTH) fail(`the header nests deeper than ${MAX_DEPTH} levels`);
      stack.push(c);
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) { // '}' ']'
      if (stack.pop() !== c - 2) fail('the header is not JSON (unbalanced brackets)');
      expectKey = false;
    } else if (c === 0x2c) { // ','
      expectKey = stack[stack.length - 1] === 0x7b;
    } else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
      expectKey = false;
    }
  }
  if (stack.length) fail('the header is not JSON (unbalanced brackets)');
  return keys;
}

/** How many keys the parsed header holds, over every object in it. */
function countKeys(value) {
  if (value === null || typeof value !== 'object') return 0;
  if (Array.isArray(value)) return value.reduce((n, v) => n + countKeys(v), 0);
  return Object.keys(value).reduce((n, k) => n + 1 + countKeys(value[k]), 0);
}

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A tensor's entry checked: { name, shape, begin, end } with begin, end relative to the data. */
function readEntry(name, entry, dataLength) {
  if (!isPlainObject(entry)) fail(`tensor ${show(name)} is not an object`);
  for (const key of Object.keys(entry)) if (!TENSOR_KEYS.includes(key)) fail(`tensor ${show(name)} has an unknown key ${show(key)}`);
  const { dtype, shape, data_offsets: offsets } = entry;
  if (dtype !== 'F32') fail(`tensor ${show(name)} has dtype ${show(dtype)}; only F32 is read`);
  if (!Array.isArray(shape)) fail(`tensor ${show(name)} has no shape array`);
  for (const d of shape) {
    if (!Number.isSafeInteger(d) || d < 0) fail(`tensor ${show(name)} has a shape that is not of non-negative integers: ${show(shape)}`);
  }
  let size = shape.includes(0) ? 0 : 1;
  for (let i = 0; i < shape.length && size; i++) { // stops before the product leaves the safe integers
    size *= shape[i];
    if (size * 4 > dataLength) fail(`tensor ${show(name)} of shape ${show(shape)} is larger than the file's data (${dataLength} bytes)`);
  }
  if (!Array.isArray(offsets) || offsets.length !== 2 || !offsets.every((o) => Number.isSafeInteger(o) && o >= 0)) {
    fail(`tensor ${show(name)} has data_offsets that are not two non-negative integers`);
  }
  const [begin, end] = offsets;
  if (begin > end || end > dataLength) fail(`tensor ${show(name)} has data_offsets [${begin}, ${end}] outside the data (${dataLength} bytes)`);
  if (end - begin !== size * 4) fail(`tensor ${show(name)} has ${end - begin} bytes of data for shape ${show(shape)} (${size * 4} bytes of F32)`);
  return { name, shape: shape.slice(), begin, end };
}

/**
 * The file's bytes as the package's own Uint8Array over the same memory, from the engine's internal
 * slots: a Uint8Array's own properties may lie, and Node's Buffer (fs.readFileSync) is a Uint8Array
 * whose slice is a view, not a copy.
 */
function fileBytes(bytes) {
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (typedArrayName(bytes) !== 'Uint8Array') fail('the file must be a Uint8Array or an ArrayBuffer');
  const { buffer, byteOffset, length } = typedArrayParts(bytes);
  return new Uint8Array(buffer, byteOffset, length);
}

/**
 * Reads the structure of a safetensors file (Uint8Array or ArrayBuffer) without copying its data:
 * { metadata (a null-prototype object of strings), tensors: [{ name, shape, begin, end }] } where
 * begin and end are byte offsets into `bytes` (tensorValues copies one out). Throws an Error saying
 * what is wrong with anything that is not such a file.
 */
export function readSafetensors(bytes) {
  bytes = fileBytes(bytes);
  if (bytes.length < 8) fail(`the file has ${bytes.length} bytes, fewer than the 8 of the header's length`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getBigUint64(0, true); // exact: a length above 2^53 is told as it is
  if (length > BigInt(bytes.length - 8)) fail(`the header's length ${length} is more than the ${bytes.length - 8} bytes after it`);
  if (length > BigInt(MAX_HEADER_BYTES)) {
    fail(`the header's length ${length} is more than the ${MAX_HEADER_BYTES} bytes this reader accepts (a 64-layer model's header has about 92,000)`);
  }
  const low = Number(length);
  if (low < 2) fail(`the header's length ${low} is too short for a JSON object`);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(8, 8 + low));
  } catch {
    fail('the header is not UTF-8');
  }
  if (text.charCodeAt(0) !== 0x7b) fail('the header does not start with {');
  const keys = scanHeader(text);
  if (keys > MAX_HEADER_KEYS) fail(`the header holds ${keys} keys, more than the ${MAX_HEADER_KEYS} this reader accepts (a 64-layer model's header has 4,133)`);
  let header;
  try {
    header = JSON.parse(text);
  } catch (error) {
    fail(`the header is not JSON (${error.message})`);
  }
  if (!isPlainObject(header)) fail('the header is not a JSON object');
  if (countKeys(header) !== keys) fail('the header repeats a key');

  const dataStart = 8 + low, dataLength = bytes.length - dataStart;
  const metadata = Object.create(null);
  const tensors = [];
  for (const name of Object.keys(header)) {
    const entry = header[name];
    if (name === METADATA) {
      if (!isPlainObject(entry)) fail('__metadata__ is not an object');
      const keys = Object.keys(entry);
      if (keys.length > MAX_METADATA_KEYS) fail(`__metadata__ holds ${keys.length} keys, more than the ${MAX_METADATA_KEYS} this reader accepts (a model's file has 12)`);
      for (const key of keys) {
        if (typeof entry[key] !== 'string') fail(`__metadata__ ${show(key)} is not a string`);
        metadata[key] = entry[key];
      }
    } else {
      tensors.push(readEntry(name, entry, dataLength));
    }
  }
  const byOffset = tensors.slice().sort((a, b) => a.begin - b.begin || a.end - b.end);
  let at = 0;
  for (const t of byOffset) {
    if (t.begin < at) fail(`tensor ${show(t.name)} overlaps another one's data`);
    if (t.begin > at) fail(`the data bytes ${at} .. ${t.begin - 1} belong to no tensor`);
    at = t.end;
  }
  if (at !== dataLength) fail(`the data bytes ${at} .. ${dataLength - 1} belong to no tensor`);
  for (const t of tensors) { t.begin += dataStart; t.end += dataStart; }
  return { metadata, tensors };
}

/** A tensor's values (from readSafetensors) as a new Float32Array. */
export function tensorValues(bytes, tensor) {
  const copy = fileBytes(bytes).slice(tensor.begin, tensor.end); // a fresh, aligned buffer
  const values = new Float32Array(copy.buffer);
  if (!LITTLE_ENDIAN) {
    const dv = new DataView(copy.buffer);
    for (let i = 0; i < values.length; i++) values[i] = dv.getFloat32(4 * i, true);
  }
  return values;
}

/**
 * A safetensors file of float32 tensors, in the order given: tensors [{ name, shape, data }] (data a
 * Float32Array of the shape's size), metadata an object of strings. The header is padded with spaces
 * to a multiple of 8 bytes, so every tensor's data is aligned in the file.
 */
export function writeSafetensors(tensors, metadata = {}) {
  if (!Array.isArray(tensors)) throw new TypeError('tensors must be an Array of { name, shape, data }');
  if (!isPlainObject(metadata)) throw new TypeError('metadata must be an object of strings');
  const header = Object.create(null);
  const meta = Object.create(null);
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value !== 'string') throw new TypeError(`metadata ${show(key)} must be a string, got ${typeof value}`);
    meta[key] = value;
  }
  if (Object.keys(meta).length) header[METADATA] = meta;
  let offset = 0;
  for (const { name, shape, data } of tensors) {
    if (typeof name !== 'string' || name === METADATA) throw new TypeError(`tensor names must be strings other than ${METADATA}, got ${String(name)}`);
    if (Object.hasOwn(header, name)) throw new RangeError(`tensor name ${show(name)} is given twice`);
    if (!Array.isArray(shape) || !shape.every((d) => Number.isSafeInteger(d) && d >= 0)) throw new RangeError(`the shape of ${show(name)} must be an Array of non-negative integers`);
    if (!(data instanceof Float32Array)) throw new TypeError(`the data of ${show(name)} must be a Float32Array`);
    if (data.length !== shape.reduce((a, b) => a * b, 1)) throw new RangeError(`the data of ${show(name)} has ${data.length} values, its shape ${show(shape)} holds ${shape.reduce((a, b) => a * b, 1)}`);
    header[name] = { dtype: 'F32', shape, data_offsets: [offset, offset + data.length * 4] };
    offset += data.length * 4;
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  const padded = Math.ceil((json.length + 8) / 8) * 8 - 8;
  const file = new Uint8Array(8 + padded + offset);
  new DataView(file.buffer).setUint32(0, padded, true);
  file.set(json, 8);
  file.fill(0x20, 8 + json.length, 8 + padded);
  let at = 8 + padded;
  for (const { data } of tensors) {
    if (LITTLE_ENDIAN) file.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), at);
    else for (let i = 0; i < data.length; i++) new DataView(file.buffer).setFloat32(at + 4 * i, data[i], true);
    at += data.byteLength;
  }
  return file;
}

// The safetensors writer and the reader of untrusted bytes (src/js/safetensors.js): round trips, a file
// laid out byte for byte as the Python `safetensors` package writes it (Debian 12 has no package for
// it: the test writes its layout with /usr/bin/python3 and torch), every refusal of the contract's
// list with its message, the caps on the header (its length, its keys, its metadata keys: a 64 MiB
// header refused within a second without being parsed), linear time on hostile headers under the caps
// (1 MiB against 32 × 32 KiB, as a ratio), and a fuzz of random mutations that never throws anything
// but an Error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readSafetensors, tensorValues, writeSafetensors } from '../../src/js/safetensors.js';
import { mulberry32 } from '../reference/reference.js';
import { BOUND, SCALE, growth } from './linear-growth.js';
import { SAFETENSORS_LIMITS } from '../../src/js/defaults.js';
import { loadCore } from './target.js';

const { MAX_HEADER_BYTES, MAX_HEADER_KEYS, MAX_METADATA_KEYS } = SAFETENSORS_LIMITS;
/** The large side of the linear-time tests: as long as a header may be, less a little for the wrapping. */
const LARGE = MAX_HEADER_BYTES - 256;

/** A file from a header object (or text) and data bytes, with the header length as given or true. */
function fileOf(header, data = new Uint8Array(0), length) {
  const json = new TextEncoder().encode(typeof header === 'string' ? header : JSON.stringify(header));
  const file = new Uint8Array(8 + json.length + data.length);
  const dv = new DataView(file.buffer);
  dv.setUint32(0, length ?? json.length, true);
  file.set(json, 8);
  file.set(data, 8 + json.length);
  return file;
}

const f32 = (n, seed = 1) => { const next = mulberry32(seed); return Float32Array.from({ length: n }, () => 2 * next() - 1); };
const entry = (shape, begin, end) => ({ dtype: 'F32', shape, data_offsets: [begin, end] });

test('round trip: tensors in the order given, shapes, values bit for bit, metadata, aligned data', () => {
  const tensors = [
    { name: 'embedding', shape: [5, 3], data: f32(15, 1) },
    { name: 'empty', shape: [0, 4], data: new Float32Array(0) },
    { name: 'output.b', shape: [5], data: Float32Array.from([NaN, -0, Infinity, 1e-45, -3.4028234663852886e38]) },
    { name: '__proto__', shape: [], data: Float32Array.of(7) },
  ];
  const file = writeSafetensors(tensors, { vocab: '5', position: 'rope', constructor: 'x' });
  const headerLength = new DataView(file.buffer).getUint32(0, true);
  assert.equal((8 + headerLength) % 8, 0, 'data starts on a multiple of 8');
  const read = readSafetensors(file);
  assert.deepEqual(read.tensors.map((t) => [t.name, t.shape]), tensors.map((t) => [t.name, t.shape]));
  for (const [i, t] of read.tensors.entries()) {
    assert.deepEqual(new Uint8Array(tensorValues(file, t).buffer), new Uint8Array(tensors[i].data.buffer), t.name);
  }
  assert.equal(Object.getPrototypeOf(read.metadata), null);
  assert.deepEqual({ ...read.metadata }, { vocab: '5', position: 'rope', constructor: 'x' });
  assert.equal(({}).polluted, undefined);
  assert.deepEqual(readSafetensors(file.buffer).tensors, read.tensors, 'an ArrayBuffer too');
  const inside = new Uint8Array(file.length + 3);
  inside.set(file, 3);
  assert.deepEqual(tensorValues(inside.subarray(3), readSafetensors(inside.subarray(3)).tensors[0]), tensors[0].data, 'a view at an odd offset');
  assert.deepEqual(readSafetensors(writeSafetensors([])), { metadata: Object.create(null), tensors: [] });
});

test('a file laid out as the Python safetensors package writes it (sorted names, compact JSON, space padding)', () => {
  const script = `
import json, struct, sys, torch
g = torch.Generator().manual_seed(3)
tensors = {"layers.0.wq": torch.rand(4, 4, generator=g), "embedding": torch.rand(6, 4, generator=g) - 0.5, "output.b": torch.rand(6, generator=g)}
# safetensors' serialize: __metadata__ first, then tensors by dtype alignment and name, data in that order
header, data, offset = {"__metadata__": {"format": "pt", "vocab": "6"}}, b"", 0
for name in sorted(tensors):
    raw = tensors[name].numpy().astype("<f4").tobytes()
    header[name] = {"dtype": "F32", "shape": list(tensors[name].shape), "data_offsets": [offset, offset + len(raw)]}
    data, offset = data + raw, offset + len(raw)
text = json.dumps(header, separators=(",", ":")).encode()
text += b" " * (-len(text) % 8)
sys.stdout.buffer.write(struct.pack("<Q", len(text)) + text + data)
sys.stderr.write(json.dumps({k: v.flatten().tolist() for k, v in tensors.items()}))
`;
  const run = spawnSync('/usr/bin/python3', ['-c', script], { maxBuffer: 1 << 20 });
  assert.equal(run.status, 0, run.stderr.toString());
  const file = new Uint8Array(run.stdout), want = JSON.parse(run.stderr.toString());
  const read = readSafetensors(file);
  assert.deepEqual(read.tensors.map((t) => t.name).sort(), Object.keys(want).sort());
  for (const t of read.tensors) assert.deepEqual(Array.from(tensorValues(file, t)), want[t.name].map(Math.fround), t.name);
  assert.equal(read.metadata.format, 'pt');
});

const good = { a: entry([2], 0, 8), b: entry([1, 1], 8, 12) };
const twelve = new Uint8Array(12);

/** [what, bytes, message] for every refusal. */
const refusals = [
  ['a string', 'not bytes', /must be a Uint8Array or an ArrayBuffer/],
  ['an Array', [1, 2, 3], /must be a Uint8Array/],
  ['fewer than 8 bytes', new Uint8Array(7), /7 bytes, fewer than the 8/],
  ['a header length past the end', fileOf(good, twelve, 1000), /header's length 1000 is more than/],
  ['a header length of 2^32 + n', (() => { const f = fileOf(good, twelve); new DataView(f.buffer).setUint32(4, 1, true); return f; })(), /header's length 42949\d+ is more than/],
  ['a header length of 1', fileOf('{', new Uint8Array(3), 1), /too short/],
  ['a header that is not UTF-8', fileOf('{"\xff"}'.replace('\xff', '\ud800')), /not UTF-8|not JSON/],
  ['invalid UTF-8 bytes', (() => { const f = fileOf('{"a":1}'); f[10] = 0xff; return f; })(), /not UTF-8/],
  ['a byte order mark', fileOf('\ufeff{}'), /does not start with \{/],
  ['a JSON array', fileOf('[]'), /does not start with \{/],
  ['leading spaces', fileOf(' {}'), /does not start with \{/],
  ['not JSON', fileOf('{"a": }'), /not JSON/],
  ['trailing garbage', fileOf('{} x'), /not JSON/],
  ['an unterminated string', fileOf('{"a'), /a string does not end/],
  ['unbalanced brackets', fileOf('{"a": [1, 2}'), /unbalanced brackets/],
  ['an unclosed object', fileOf('{"a": {'), /unbalanced brackets/],
  ['nesting four deep', fileOf('{"a": {"shape": [[1]]}}'), /nests deeper than 3/],
  ['a repeated tensor', fileOf(`{"a": ${JSON.stringify(entry([2], 0, 8))}, "a": ${JSON.stringify(entry([2], 0, 8))}}`, new Uint8Array(8)), /repeats a key/],
  ['a repeated key in an entry', fileOf('{"a": {"dtype": "F64", "dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}', new Uint8Array(8)), /repeats a key/],
  ['dtype F64', fileOf({ a: { ...entry([1], 0, 8), dtype: 'F64' } }, new Uint8Array(8)), /dtype "F64"; only F32/],
  ['dtype F16', fileOf({ a: { ...entry([2], 0, 4), dtype: 'F16' } }, new Uint8Array(4)), /only F32/],
  ['no dtype', fileOf({ a: { shape: [1], data_offsets: [0, 4] } }, new Uint8Array(4)), /dtype undefined/],
  ['an unknown key', fileOf({ a: { ...entry([1], 0, 4), stride: [1] } }, new Uint8Array(4)), /unknown key "stride"/],
  ['an entry that is not an object', fileOf({ a: 5 }), /tensor "a" is not an object/],
  ['an entry that is an array', fileOf({ a: [] }), /tensor "a" is not an object/],
  ['no shape', fileOf({ a: { dtype: 'F32', data_offsets: [0, 4] } }, new Uint8Array(4)), /no shape array/],
  ['a negative dimension', fileOf({ a: entry([-1], 0, 4) }, new Uint8Array(4)), /not of non-negative integers/],
  ['a fractional dimension', fileOf({ a: entry([0.5], 0, 2) }, new Uint8Array(2)), /not of non-negative integers/],
  ['a dimension as a string', fileOf({ a: entry(['1'], 0, 4) }, new Uint8Array(4)), /not of non-negative integers/],
  ['a dimension of 1e300', fileOf({ a: entry([1e300], 0, 4) }, new Uint8Array(4)), /not of non-negative integers/],
  ['a shape larger than the file', fileOf({ a: entry([2 ** 26, 2 ** 26], 0, 4) }, new Uint8Array(4)), /larger than the file's data/],
  ['offsets of one number', fileOf({ a: { ...entry([1], 0, 4), data_offsets: [4] } }, new Uint8Array(4)), /not two non-negative integers/],
  ['negative offsets', fileOf({ a: entry([1], -4, 0) }, new Uint8Array(4)), /not two non-negative integers/],
  ['offsets backwards', fileOf({ a: entry([0], 4, 0) }, new Uint8Array(4)), /\[4, 0\] outside the data/],
  ['offsets past the data', fileOf({ a: entry([1], 4, 8) }, new Uint8Array(4)), /\[4, 8\] outside the data \(4 bytes\)/],
  ['a size that does not match the shape', fileOf({ a: entry([2], 0, 4), b: entry([1], 4, 8) }, new Uint8Array(8)), /4 bytes of data for shape \[2\] \(8 bytes/],
  ['overlapping tensors', fileOf({ a: entry([2], 0, 8), b: entry([2], 4, 12) }, twelve), /overlaps/],
  ['the same bytes twice', fileOf({ a: entry([1], 0, 4), b: entry([1], 0, 4) }, new Uint8Array(4)), /overlaps/],
  ['a gap between tensors', fileOf({ a: entry([1], 0, 4), b: entry([1], 8, 12) }, twelve), /bytes 4 \.\. 7 belong to no tensor/],
  ['bytes after the last tensor', fileOf({ a: entry([2], 0, 8) }, twelve), /bytes 8 \.\. 11 belong to no tensor/],
  ['data but no tensor', fileOf({}, twelve), /bytes 0 \.\. 11 belong to no tensor/],
  ['metadata that is not an object', fileOf({ __metadata__: ['x'] }), /__metadata__ is not an object/],
  ['a metadata value that is not a string', fileOf({ __metadata__: { vocab: 16 } }), /__metadata__ "vocab" is not a string/],
];

for (const [what, bytes, message] of refusals) {
  test(`refused: ${what}`, () => {
    assert.throws(() => readSafetensors(bytes), (error) => {
      assert.equal(error.constructor, Error, `an Error, got ${error.constructor.name}: ${error.message}`);
      assert.match(error.message, /^safetensors: /);
      assert.match(error.message, message);
      return true;
    });
  });
}

test('accepted edge cases: __proto__ and constructor as names, zero-size tensors anywhere, a name with escapes', () => {
  const header = `{"__proto__": ${JSON.stringify(entry([1], 0, 4))}, "z": ${JSON.stringify(entry([0], 4, 4))}, "constructor": ${JSON.stringify(entry([3, 0], 0, 0))}, "a\\"{[\\\\": ${JSON.stringify(entry([1], 4, 8))}, "__metadata__": {"__proto__": "p", "toString": "t"}}`;
  const read = readSafetensors(fileOf(header, new Uint8Array(8)));
  assert.deepEqual(read.tensors.map((t) => t.name), ['__proto__', 'z', 'constructor', 'a"{[\\']);
  assert.equal(read.metadata.__proto__, 'p');
  assert.equal(read.metadata.toString, 't');
  assert.equal(Object.prototype.toString.call({}), '[object Object]');
});

test('the writer refuses what it cannot write, naming it', () => {
  assert.throws(() => writeSafetensors({}), { name: 'TypeError', message: /tensors must be an Array/ });
  assert.throws(() => writeSafetensors([], { a: 1 }), { name: 'TypeError', message: /metadata "a" must be a string/ });
  assert.throws(() => writeSafetensors([{ name: 'a', shape: [2], data: new Float64Array(2) }]), { name: 'TypeError', message: /Float32Array/ });
  assert.throws(() => writeSafetensors([{ name: 'a', shape: [3], data: new Float32Array(2) }]), { name: 'RangeError', message: /2 values, its shape \[3\] holds 3/ });
  assert.throws(() => writeSafetensors([{ name: 'a', shape: [-1], data: new Float32Array(0) }]), { name: 'RangeError', message: /shape/ });
  assert.throws(() => writeSafetensors([{ name: '__metadata__', shape: [0], data: new Float32Array(0) }]), { name: 'TypeError' });
  const t = { name: 'a', shape: [1], data: new Float32Array(1) };
  assert.throws(() => writeSafetensors([t, t]), { name: 'RangeError', message: /"a" is given twice/ });
});

/** Hostile headers of about `size` bytes, each refused or read; the reader must take linear time. */
const hostile = {
  'open brackets': (n) => fileOf(`{"a":${'['.repeat(n)}`),
  'open braces': (n) => fileOf(`{"a":${'{'.repeat(n)}`),
  'close brackets': (n) => fileOf(`{}${']'.repeat(n)}`),
  'brackets in a string': (n) => fileOf(`{"${'[{'.repeat(n / 2)}": 1}`),
  'escapes in a name': (n) => fileOf(`{"${'\\"'.repeat(n / 2)}": ${JSON.stringify(entry([0], 0, 0))}}`),
  'an unterminated string of escapes': (n) => fileOf(`{"${'\\\\'.repeat(n / 2)}`),
  'many empty tensors': (n) => fileOf(`{${Array.from({ length: Math.floor(n / 60) }, (_, i) => `"t${i}":${JSON.stringify(entry([0], 0, 0))}`).join(',')}}`),
  'many tensors in reverse order': (n) => {
    const count = Math.floor(n / 60), parts = [];
    for (let i = count - 1; i >= 0; i--) parts.push(`"t${i}":${JSON.stringify(entry([1], 4 * i, 4 * i + 4))}`);
    return fileOf(`{${parts.join(',')}}`, new Uint8Array(4 * count));
  },
  'many metadata keys': (n) => fileOf(`{"__metadata__":{${Array.from({ length: Math.floor(n / 16) }, (_, i) => `"k${i}":"v${i}"`).join(',')}}}`),
  'metadata keys up to the key cap, with long values': (n) => fileOf(`{"__metadata__":{${Array.from({ length: Math.floor(n / 66) }, (_, i) => `"k${i}":"${'v'.repeat(54)}"`).join(',')}}}`),
  'long-named tensors up to the key cap, in reverse order': (n) => {
    const count = Math.floor(n / 300), parts = [];
    for (let i = count - 1; i >= 0; i--) parts.push(`"${'t'.repeat(240)}${i}":${JSON.stringify(entry([1], 4 * i, 4 * i + 4))}`);
    return fileOf(`{${parts.join(',')}}`, new Uint8Array(4 * count));
  },
  'a long shape': (n) => fileOf(`{"a":{"dtype":"F32","shape":[${'1,'.repeat(n / 2)}1],"data_offsets":[0,4]}}`, new Uint8Array(4)),
  'repeated keys': (n) => fileOf(`{${'"a":0,'.repeat(n / 6)}"a":0}`),
};

for (const [what, make] of Object.entries(hostile)) {
  test(`linear time under the caps: ${what} (1 MiB takes about as long as 32 × 32 KiB)`, () => {
    // Sized so that the large header is just under the cap (a generator's n is only about its length).
    const headerLength = (file) => new DataView(file.buffer).getUint32(0, true);
    const n = Math.floor(LARGE * Math.min(1, LARGE / headerLength(make(LARGE))));
    const small = make(n / SCALE), large = make(n);
    const length = headerLength(large);
    assert.ok(length <= MAX_HEADER_BYTES && length > MAX_HEADER_BYTES / 2, `the large header (${length} bytes) is under the cap, near it`);
    const read = (file) => { try { readSafetensors(file); } catch (error) { assert.equal(error.constructor, Error); } };
    const g = growth(read, small, large);
    assert.ok(g.growth <= BOUND, `${what}: 1 MiB took ${g.growth.toFixed(1)}x as long per byte as 32 KiB (${g.large.toFixed(0)} ms)`);
    console.log(`# ${what}: growth per byte ${g.growth.toFixed(2)}x, ${length} bytes in ${g.large.toFixed(1)} ms`);
  });
}

/** Runs fn with JSON.parse counted; returns [fn's result or thrown error, JSON.parse's calls]. */
function countingParse(fn) {
  const parse = JSON.parse;
  let calls = 0;
  JSON.parse = (...args) => (calls++, parse(...args));
  try {
    return [fn(), calls];
  } catch (error) {
    return [error, calls];
  } finally {
    JSON.parse = parse;
  }
}

test('a 64 MiB header of metadata is refused within a second, by its length, before it is decoded or parsed', async () => {
  const core = await loadCore();
  const entryText = new TextEncoder().encode('"key000000":"value",');
  const file = new Uint8Array(8 + (64 << 20));
  for (let at = 9; at + entryText.length < file.length - 2; at += entryText.length) file.set(entryText, at);
  file.set(new TextEncoder().encode('{"__metadata__":{'), 8);
  file.set(new TextEncoder().encode('"a":"b"}}'), file.length - 9);
  file.fill(0x20, file.length - 9 - 32, file.length - 9); // no key cut in two before the end
  new DataView(file.buffer).setBigUint64(0, BigInt(file.length - 8), true);
  for (const [what, read] of [['readSafetensors', () => readSafetensors(file)], ['loadTransformer', () => core.loadTransformer(file)]]) {
    const t0 = performance.now();
    const [error, parses] = countingParse(read);
    const ms = performance.now() - t0;
    assert.ok(error instanceof Error, `${what} refused it`);
    assert.match(error.message, new RegExp(`the header's length ${file.length - 8} is more than the ${MAX_HEADER_BYTES} bytes this reader accepts`));
    assert.equal(parses, 0, 'JSON.parse never ran');
    assert.ok(ms < 1000, `${what}: ${ms} ms`);
    console.log(`# ${what} refused a 64 MiB header in ${ms.toFixed(2)} ms`);
  }
});

test('too many keys are refused before JSON.parse; too many metadata keys after it; the caps themselves are accepted', () => {
  const keys = (n) => Array.from({ length: n }, (_, i) => `"k${i}":"v"`).join(',');
  // The scan counts every key of every object: __metadata__ itself and its keys.
  const [over, overParses] = countingParse(() => readSafetensors(fileOf(`{"__metadata__":{${keys(MAX_HEADER_KEYS)}}}`)));
  assert.equal(over.message, `safetensors: the header holds ${MAX_HEADER_KEYS + 1} keys, more than the ${MAX_HEADER_KEYS} this reader accepts (a 64-layer model's header has 4,133)`);
  assert.equal(overParses, 0);
  const [meta, metaParses] = countingParse(() => readSafetensors(fileOf(`{"__metadata__":{${keys(MAX_METADATA_KEYS + 1)}}}`)));
  assert.equal(meta.message, `safetensors: __metadata__ holds ${MAX_METADATA_KEYS + 1} keys, more than the ${MAX_METADATA_KEYS} this reader accepts (a model's file has 12)`);
  assert.equal(metaParses, 1);
  assert.equal(Object.keys(readSafetensors(fileOf(`{"__metadata__":{${keys(MAX_METADATA_KEYS)}}}`)).metadata).length, MAX_METADATA_KEYS);
  const tensors = Array.from({ length: MAX_HEADER_KEYS / 4 }, (_, i) => `"t${i}":${JSON.stringify(entry([0], 0, 0))}`).join(',');
  assert.equal(readSafetensors(fileOf(`{${tensors}}`)).tensors.length, MAX_HEADER_KEYS / 4, 'exactly MAX_HEADER_KEYS keys');
  const padded = fileOf(`{"__metadata__":{"a":"${'x'.repeat(MAX_HEADER_BYTES - 25)}"}}`);
  assert.equal(new DataView(padded.buffer).getUint32(0, true), MAX_HEADER_BYTES);
  assert.equal(readSafetensors(padded).metadata.a.length, MAX_HEADER_BYTES - 25, 'a header of exactly MAX_HEADER_BYTES');
  const longer = fileOf(`{"__metadata__":{"a":"${'x'.repeat(MAX_HEADER_BYTES - 24)}"}}`);
  assert.throws(() => readSafetensors(longer), { message: /length 1048577 is more than the 1048576 bytes this reader accepts/ });
});

test('header lengths beyond 2^53 are told exactly', () => {
  for (const length of [2n ** 53n + 1n, 2n ** 60n + 3n, 2n ** 64n - 1n]) {
    const file = new Uint8Array(16);
    new DataView(file.buffer).setBigUint64(0, length, true);
    assert.throws(() => readSafetensors(file), { message: `safetensors: the header's length ${length} is more than the 8 bytes after it` });
  }
});

test('the largest model createTransformer makes has a header well under the caps', () => {
  // 64 layers of dModel 1024, dFF and vocab 65536, learned positions, pre-norm: written as save() writes it.
  const c = { vocab: 65536, dModel: 1024, dFF: 65536, layers: 64, maxLength: 4096 };
  const header = { __metadata__: Object.fromEntries(['vocab', 'dModel', 'heads', 'dFF', 'layers', 'maxLength', 'position', 'causal', 'norm', 'activation', 'eps', 'seed'].map((k) => [k, String(c[k] ?? 'gelu_tanh')])) };
  let offset = 0;
  const add = (name, shape) => {
    const bytes = 4 * shape.reduce((a, b) => a * b, 1);
    header[name] = entry(shape, offset, offset + bytes);
    offset += bytes;
  };
  add('embedding', [c.vocab, c.dModel]);
  add('position', [c.maxLength, c.dModel]);
  for (let l = 0; l < c.layers; l++) {
    for (const m of 'qkvo') { add(`layers.${l}.w${m}`, [c.dModel, c.dModel]); add(`layers.${l}.b${m}`, [c.dModel]); }
    for (const [n, s] of [['gamma1', [c.dModel]], ['beta1', [c.dModel]], ['w1', [c.dModel, c.dFF]], ['b1', [c.dFF]], ['w2', [c.dFF, c.dModel]], ['b2', [c.dModel]], ['gamma2', [c.dModel]], ['beta2', [c.dModel]]]) add(`layers.${l}.${n}`, s);
  }
  for (const [n, s] of [['final.gamma', [c.dModel]], ['final.beta', [c.dModel]], ['output.w', [c.dModel, c.vocab]], ['output.b', [c.vocab]]]) add(n, s);
  const bytes = new TextEncoder().encode(JSON.stringify(header)).length;
  const keys = Object.keys(header).length + Object.keys(header.__metadata__).length + 3 * (Object.keys(header).length - 1);
  console.log(`# the largest model's header: ${bytes} bytes, ${keys} keys (caps ${MAX_HEADER_BYTES}, ${MAX_HEADER_KEYS})`);
  assert.ok(bytes * 8 < MAX_HEADER_BYTES && keys * 3 < MAX_HEADER_KEYS);
});

test('fuzz: 20,000 random mutations of valid files are read consistently or refused with an Error', () => {
  const next = mulberry32(2024);
  const int = (n) => Math.floor(next() * n);
  const seeds = [
    writeSafetensors([{ name: 'embedding', shape: [4, 2], data: f32(8) }, { name: 'b', shape: [3], data: f32(3) }], { vocab: '4' }),
    fileOf({ x: entry([2], 0, 8), __metadata__: { a: 'b' } }, new Uint8Array(8)),
  ];
  const tokens = ['{', '}', '[', ']', '"', '\\', ',', ':', '0', '-1', '1e9', 'F32', '__proto__', '"dtype"', '"shape"', ' '];
  let accepted = 0;
  for (let k = 0; k < 20000; k++) {
    let f = seeds[k % seeds.length].slice();
    for (let m = 1 + int(3); m > 0; m--) {
      const op = int(6), at = int(f.length);
      if (op === 0) f[at] = int(256);
      else if (op === 1) f[at] = tokens[int(tokens.length)].charCodeAt(0);
      else if (op === 2) f = f.slice(0, at);
      else if (op === 3) { // insert a token
        const t = new TextEncoder().encode(tokens[int(tokens.length)]);
        const g = new Uint8Array(f.length + t.length);
        g.set(f.subarray(0, at)); g.set(t, at); g.set(f.subarray(at), at + t.length);
        f = g;
      } else if (op === 4 && f.length >= 8) new DataView(f.buffer).setUint32(0, int(f.length + 16), true);
      else if (op === 5 && f.length > 8) f = Uint8Array.from([...f.subarray(0, at), ...f.subarray(at + 1 + int(4))]);
    }
    try {
      const { tensors } = readSafetensors(f);
      accepted++;
      const start = 8 + new DataView(f.buffer).getUint32(0, true);
      let covered = 0;
      for (const t of tensors) {
        assert.ok(t.begin >= start && t.end <= f.length && t.begin <= t.end);
        assert.equal(t.end - t.begin, 4 * t.shape.reduce((a, b) => a * b, 1));
        assert.equal(tensorValues(f, t).length, (t.end - t.begin) / 4);
        covered += t.end - t.begin;
      }
      assert.equal(covered, f.length - start, 'the tensors cover the data exactly');
    } catch (error) {
      if (error.code === 'ERR_ASSERTION') throw error;
      assert.equal(error.constructor, Error, `mutation ${k}: ${error.constructor.name}: ${error.message}`);
      assert.match(error.message, /^safetensors: /);
    }
  }
  console.log(`# fuzz: ${accepted} of 20000 mutations still valid files, the rest refused with an Error`);
});

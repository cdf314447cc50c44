// Pure helpers behind the elements, in Node: CSV and .npy encoding, URL state, number formatting,
// which column holds what in each PE layout, the NumPy/PyTorch snippets, and the seeded embedding.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toCsv, encodeNpy, float32Text } from '../../src/elements/shared/data-export.js';
import { parseState, encodeState } from '../../src/elements/shared/url-state.js';
import { fmt, parseShown, fmtInt } from '../../src/elements/shared/format.js';
import { columnInfo, pairColumns, cellMath } from '../../src/elements/shared/pe-layout.js';
import { peSnippets, similaritySnippets, embeddingSnippets, rotationSnippets } from '../../src/elements/shared/snippets.js';
import { seededEmbedding, lookup } from '../../src/js/embedding.js';
import { normalizeLang, fill, pick } from '../../src/elements/shared/i18n.js';
import { init } from '../../src/js/index.js';

/** Reads back a .npy file written by encodeNpy: { descr, shape, fortran, values }. */
function readNpy(bytes) {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  const headerLength = bytes[8] | (bytes[9] << 8);
  const header = String.fromCharCode(...bytes.subarray(10, 10 + headerLength));
  assert.equal((10 + headerLength) % 64, 0, 'data starts on a 64-byte boundary');
  assert.ok(header.endsWith('\n'));
  const descr = /'descr': '([^']+)'/.exec(header)[1];
  const shape = /'shape': \(([^)]*)\)/.exec(header)[1].split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  const fortran = /'fortran_order': (True|False)/.exec(header)[1] === 'True';
  const body = bytes.slice(10 + headerLength);
  const values = descr === '<f4' ? new Float32Array(body.buffer) : new Float64Array(body.buffer);
  return { descr, shape, fortran, values };
}

test('encodeNpy writes a NumPy 1.0 file that reads back exactly (float32 and float64)', () => {
  const data = new Float32Array([0, 1, -0.5, 3.25, 1e-7, -2]);
  const f = readNpy(encodeNpy(data, [2, 3]));
  assert.equal(f.descr, '<f4');
  assert.deepEqual(f.shape, [2, 3]);
  assert.equal(f.fortran, false);
  assert.deepEqual([...f.values], [...data]);
  const d64 = new Float64Array([Math.PI, -Math.E]);
  const g = readNpy(encodeNpy(d64, [2]));
  assert.equal(g.descr, '<f8');
  assert.deepEqual(g.shape, [2]);
  assert.deepEqual([...g.values], [...d64]);
});

test('encodeNpy refuses a shape that does not match and arrays of other types', () => {
  assert.throws(() => encodeNpy(new Float32Array(5), [2, 3]), RangeError);
  assert.throws(() => encodeNpy([1, 2], [2]), TypeError);
});

test('toCsv writes a header, row names and float32 values that read back to the same float32', () => {
  const data = new Float32Array([0.1, -0.2, 1 / 3, 0.8414709568023682]);
  const csv = toCsv(data, 2, 2, { corner: 'position', rowNames: [5, 6] });
  const lines = csv.trim().split('\r\n');
  assert.equal(lines[0], 'position,0,1');
  assert.equal(lines[1].split(',')[0], '5');
  const back = lines.slice(1).flatMap((l) => l.split(',').slice(1).map(Number));
  assert.deepEqual(Float32Array.from(back), data);
  assert.equal(float32Text(Math.fround(0.1)), '0.1');
  assert.throws(() => toCsv(data, 3, 2), RangeError);
  assert.equal(toCsv(new Float32Array([1]), 1, 1, { colNames: ['a,"b"'] }).split('\r\n')[0], ',"a,""b"""');
});

test('URL state keeps known, valid parameters and leaves defaults out', () => {
  const schema = {
    lang: { type: 'enum', values: ['ko', 'en'] },
    d_model: { type: 'int', min: 1, max: 2048 },
    base: { type: 'number', min: 1.0001, max: 1e12 },
  };
  assert.deepEqual(parseState('?d_model=64&lang=en&x=1', schema), { d_model: 64, lang: 'en' });
  assert.deepEqual(parseState('?d_model=6.5&lang=fr&base=abc', schema), {});
  assert.deepEqual(parseState('?d_model=0&base=1', schema), {});
  assert.equal(encodeState({ lang: 'ko', d_model: 64, base: 10000 }, schema, { lang: 'ko', base: 10000 }), 'd_model=64');
  const round = parseState(`?${encodeState({ lang: 'en', d_model: 8, base: 100.5 }, schema)}`, schema);
  assert.deepEqual(round, { lang: 'en', d_model: 8, base: 100.5 });
});

test('fmt uses a true minus sign, never shows -0, and parseShown reads it back', () => {
  assert.equal(fmt(-0.5, 2), '\u22120.50');
  assert.equal(fmt(-0.00001, 4), '0.0000');
  assert.equal(fmt(NaN), 'NaN');
  assert.equal(parseShown('\u22120.8415'), -0.8415);
  assert.equal(fmtInt(1234567, 'en'), '1,234,567');
});

test('columnInfo and pairColumns describe both layouts, including odd d_model', () => {
  assert.deepEqual(columnInfo(5, 8, 'interleaved'), { fn: 'cos', k: 2 });
  assert.deepEqual(columnInfo(5, 8, 'concat'), { fn: 'cos', k: 1 });
  assert.deepEqual(columnInfo(2, 5, 'concat'), { fn: 'sin', k: 2 });   // h = 3 sines, then 2 cosines
  assert.deepEqual(columnInfo(4, 5, 'interleaved'), { fn: 'sin', k: 2 });
  assert.deepEqual(pairColumns(1, 8, 'concat'), { sin: 1, cos: 5 });
  assert.deepEqual(pairColumns(2, 5, 'interleaved'), { sin: 4, cos: -1 });
  assert.match(cellMath({ position: 3, j: 5, dModel: 64, base: 10000, layout: 'interleaved', value: 0.25 }), /<mi mathvariant="normal">cos<\/mi>.*<mo>=<\/mo><mn>0\.2500<\/mn><\/mrow><\/math>$/);
});

test('columnInfo matches the module for every column of both layouts', async () => {
  const core = await init();
  for (const layout of ['interleaved', 'concat']) {
    for (const d of [1, 2, 5, 8]) {
      const t = 3;
      const row = core.positionalEncoding(1, d, { offset: t, layout });
      for (let j = 0; j < d; j++) {
        const { fn, k } = columnInfo(j, d, layout);
        const angle = t / 10000 ** ((2 * k) / d);
        assert.ok(Math.abs(row[j] - Math[fn](angle)) < 1e-6, `${layout} d=${d} j=${j}`);
      }
    }
  }
});

test('snippets carry the parameters and the layout', () => {
  const a = peSnippets({ length: 50, dModel: 64, base: 10000, offset: 2, layout: 'interleaved' });
  assert.match(a.numpy, /length, d_model, base, offset = 50, 64, 10000\.0, 2/);
  assert.match(a.numpy, /np\.where/);
  assert.match(a.torch, /torch\.where/);
  const b = peSnippets({ length: 5, dModel: 7, base: 100.5, offset: 0, layout: 'concat' });
  assert.match(b.numpy, /np\.concatenate/);
  assert.match(b.torch, /100\.5/);
  assert.match(similaritySnippets({ length: 5, dModel: 8, base: 10000, layout: 'interleaved' }).numpy, /S = /);
  // The rotation check builds only the rows p, k, p + k with the same PE lines, then reads its pair columns.
  const r = rotationSnippets({ dModel: 9, base: 10000, p: 5, k: 3, layout: 'concat' });
  for (const code of [r.numpy, r.torch]) {
    assert.match(code, /d_model, base, p, shift = 9, 10000\.0, 5, 3/);
    assert.match(code, /\[p, shift, p \+ shift\]/);
    assert.match(code, /angle = pos \/ base \*\* \(2 \* i \/ d_model\)/);
    assert.match(code, /js, jc = i, h \+ i/);
    assert.match(code, /rot_sin = cos_w \* pe_p\[js\] \+ sin_w \* pe_p\[jc\]/);
  }
  assert.match(rotationSnippets({ dModel: 8, base: 100, p: 0, k: 1 }).numpy, /js, jc = 2 \* i, 2 \* i \+ 1/);
  const e = embeddingSnippets({ vocab: 3, dModel: 8, seed: 7, tokens: [0, 1, 2], peArgs: { length: 3, dModel: 8, base: 10000, offset: 0, layout: 'interleaved' } });
  assert.match(e.numpy, /def mulberry32/);
  assert.match(e.numpy, /tokens = \[0, 1, 2\]/);
});

test('seededEmbedding is W1 of the seeded layer: Mulberry32 values (2u - 1) / sqrt(vocab)', async () => {
  const core = await init();
  const vocab = 3;
  const d = 4;
  const table = seededEmbedding(core, vocab, d, 7);
  let s = 7;
  const expected = new Float32Array(vocab * d);
  for (let i = 0; i < expected.length; i++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
    expected[i] = (2 * u - 1) / Math.sqrt(vocab);
  }
  assert.deepEqual([...table], [...expected]);
  assert.deepEqual([...lookup(table, d, [2, 0])], [...table.subarray(8, 12), ...table.subarray(0, 4)]);
});

test('i18n helpers pick the language and fill templates', () => {
  assert.equal(normalizeLang('en-US'), 'en');
  assert.equal(normalizeLang('fr'), 'ko');
  assert.equal(normalizeLang(null), 'ko');
  assert.equal(fill('{a} + {b} = {c}', { a: 1, b: 2 }), '1 + 2 = {c}');
  assert.equal(pick({ ko: 'k', en: 'e' }, 'de'), 'k');
});

// Positional encoding against the independent double-precision reference: every layout, odd and tiny
// sizes, offsets, bases, the out/tensor/view paths, and the accuracy bounds of the contract.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { maxAbsDiff, peRef, peTableRef } from '../reference/reference.js';

const core = await loadCore();

const cases = [
  { length: 1, dModel: 1 },
  { length: 3, dModel: 2 },
  { length: 7, dModel: 5 },
  { length: 50, dModel: 64 },
  { length: 33, dModel: 129, offset: 17 },
  { length: 40, dModel: 10, base: 100 },
  { length: 12, dModel: 6, base: 1.0001, offset: 5 },
  { length: 100, dModel: 512, offset: 999_900 },
  { length: 2, dModel: 3, offset: 2_147_483_646 },
];

for (const layout of ['interleaved', 'concat']) {
  for (const c of cases) {
    const label = `${layout} L=${c.length} d=${c.dModel} offset=${c.offset ?? 0} base=${c.base ?? 10000}`;
    test(`positionalEncoding ${label}`, () => {
      const got = core.positionalEncoding(c.length, c.dModel, { base: c.base, offset: c.offset, layout });
      assert.ok(got instanceof Float32Array);
      assert.equal(got.length, c.length * c.dModel);
      const diff = maxAbsDiff(got, peTableRef(c.length, c.dModel, { ...c, layout }));
      const bound = (c.offset ?? 0) + c.length <= 1_000_000 ? 1e-6 : 2e-6; // beyond 1e6 the formula itself is ill-conditioned
      assert.ok(diff <= bound, `max |diff| ${diff}`);
    });
  }
}

// Tables wider than 4096 are computed a chunk of frequencies at a time; the concat layout once wrote
// every chunk's cosines over the first chunk's (issue 14: 286,692 of 573,440 values wrong here).
test('wide tables (dModel > 4096): table, add and peValue agree with the formula in both layouts', () => {
  for (const layout of ['interleaved', 'concat']) {
    for (const [length, dModel, offset] of [[70, 8192, 5], [3, 4098, 0], [2, 65536, 999_998], [2, 4097, 64]]) {
      const label = `${layout} L=${length} d=${dModel} offset=${offset}`;
      const ref = peTableRef(length, dModel, { offset, layout });
      const table = core.positionalEncoding(length, dModel, { offset, layout });
      const tableDiff = maxAbsDiff(table, ref);
      assert.ok(tableDiff <= 1e-6, `${label}: table max |diff| ${tableDiff}`);
      // add rounds x + (the table's value) once: bit-identical to doing that here.
      const x = Float32Array.from({ length: length * dModel }, (_, i) => (i % 5) - 2);
      const expected = x.map((v, i) => Math.fround(v + table[i]));
      core.addPositionalEncoding(x, length, dModel, { offset, layout });
      const mismatch = x.findIndex((v, i) => v !== expected[i]);
      assert.equal(mismatch, -1, `${label}: add differs from the table at ${mismatch}`);
      for (const j of [0, dModel >> 1, (dModel + 1) >> 1, dModel - 1]) {
        const p = offset + length - 1;
        assert.ok(Math.abs(core.peValue(p, j, dModel, { layout }) - ref[(length - 1) * dModel + j]) <= 1e-9, `${label}: peValue j=${j}`);
      }
    }
  }
});

test('known values: PE(0) = [0, 1, 0, 1, ...], PE(1, 0) = sin 1, PE(1, 1) = cos 1', () => {
  const t = core.positionalEncoding(2, 4);
  assert.deepEqual(Array.from(t.subarray(0, 4)), [0, 1, 0, 1]);
  assert.equal(t[4], Math.fround(Math.sin(1)));
  assert.equal(t[5], Math.fround(Math.cos(1)));
  assert.equal(t[6], Math.fround(Math.sin(1 / 100)));
});

test('concat puts all sines first; an odd dModel ends with a sine column', () => {
  const inter = core.positionalEncoding(3, 5);
  const concat = core.positionalEncoding(3, 5, { layout: 'concat' });
  // interleaved columns 0,2,4 are sin of k=0,1,2; 1,3 are cos of k=0,1 -> concat [s0 s1 s2 c0 c1]
  for (let t = 0; t < 3; t++) {
    const r = (a, j) => a[t * 5 + j];
    assert.deepEqual([r(concat, 0), r(concat, 1), r(concat, 2), r(concat, 3), r(concat, 4)],
      [r(inter, 0), r(inter, 2), r(inter, 4), r(inter, 1), r(inter, 3)]);
  }
});

test('length 0 gives an empty table', () => {
  assert.equal(core.positionalEncoding(0, 8).length, 0);
});

test('accuracy holds at every position below 1,000,000 (sampled tables across the range)', () => {
  let worst = 0;
  for (const offset of [0, 31, 65_535, 262_143, 500_001, 999_000]) {
    for (const layout of ['interleaved', 'concat']) {
      const got = core.positionalEncoding(1000, 33, { offset, layout });
      worst = Math.max(worst, maxAbsDiff(got, peTableRef(1000, 33, { offset, layout })));
    }
  }
  console.log(`PE max |diff| over sampled positions < 1e6: ${worst.toExponential(2)}`);
  assert.ok(worst <= 1e-6, `max |diff| ${worst}`);
});

test('a row depends only on its position: any offset split gives bit-identical rows', () => {
  const whole = core.positionalEncoding(200, 48, { offset: 1000 });
  const part = core.positionalEncoding(57, 48, { offset: 1000 + 77 });
  assert.deepEqual(part, whole.subarray(77 * 48, (77 + 57) * 48));
});

test('whole blocks (rows paired around their anchor) equal rows computed one call at a time, bit for bit', () => {
  for (const layout of ['interleaved', 'concat']) {
    for (const [length, dModel, offset] of [[130, 40, 0], [97, 37, 5], [64, 8, 1_000_016]]) {
      const whole = core.positionalEncoding(length, dModel, { offset, layout });
      for (let t = 0; t < length; t++) {
        const row = core.positionalEncoding(1, dModel, { offset: offset + t, layout });
        assert.deepEqual(row, whole.subarray(t * dModel, (t + 1) * dModel), `${layout} d=${dModel} row ${offset + t}`);
      }
      const added = core.addPositionalEncoding(new Float32Array(length * dModel), length, dModel, { offset, layout });
      assert.ok(added.every((v, i) => v === whole[i]), `${layout} d=${dModel}: add onto zeros equals fill`);
    }
  }
});

// Wide tables (dModel > 4096) keep every chunk of frequencies' constants between the calls of the
// chunked path (a row or a few per call), and must still give the bits of one call.
test('large tables through the chunked path equal tensor output bit for bit (fill and add)', () => {
  for (const [length, dModel, offset, layout] of [[3000, 96, 3], [700, 512, 1000], [300, 4096, 31], [150, 8192, 5, 'concat'], [70, 65536, 60]]) {
    const what = `L=${length} d=${dModel} offset=${offset}${layout ? ` ${layout}` : ''}`;
    const t = core.alloc(length * dModel);
    core.positionalEncoding(length, dModel, { out: t, offset, layout });
    const fresh = core.positionalEncoding(length, dModel, { offset, layout });
    assert.ok(fresh.every((v, i) => Object.is(v, t.data[i])), `fresh ${what}`);
    const added = core.addPositionalEncoding(new Float32Array(length * dModel), length, dModel, { offset, layout });
    assert.ok(added.every((v, i) => Object.is(v, t.data[i])), `added onto zeros ${what}`);
    t.free();
  }
});

test('peValue is within 1e-9 of the formula for positions below 1e6, all layouts and bases', () => {
  let worst = 0;
  for (const layout of ['interleaved', 'concat']) {
    for (const base of [10000, 10, 1.5]) {
      for (const p of [0, 1, 2, 17, 1000, 65_536, 999_999]) {
        for (const [j, d] of [[0, 1], [3, 4], [4, 5], [100, 512], [511, 512], [63, 129]]) {
          worst = Math.max(worst, Math.abs(core.peValue(p, j, d, { base, layout }) - peRef(p, j, d, { base, layout })));
        }
      }
    }
  }
  assert.ok(worst <= 1e-9, `max |diff| ${worst}`);
  assert.equal(core.peValue(1, 0, 4), Math.sin(1));
});

test('out: a Float32Array is filled and returned; a tensor too; a view of core.memory too', () => {
  const ref = core.positionalEncoding(9, 6, { offset: 4, layout: 'concat' });
  const arr = new Float32Array(54).fill(7);
  assert.equal(core.positionalEncoding(9, 6, { offset: 4, layout: 'concat', out: arr }), arr);
  assert.deepEqual(arr, ref);
  const t = core.alloc(54);
  assert.equal(core.positionalEncoding(9, 6, { offset: 4, layout: 'concat', out: t }), t);
  assert.deepEqual(t.data, ref);
  const view = t.data;
  view.fill(0);
  assert.equal(core.positionalEncoding(9, 6, { offset: 4, layout: 'concat', out: view }), view);
  assert.deepEqual(t.data, ref);
  t.free();
});

test('addPositionalEncoding adds in place for arrays, tensors and views, and returns x', () => {
  const length = 70, dModel = 20;
  const x = Float32Array.from({ length: length * dModel }, (_, i) => (i % 7) - 3);
  const expected = x.map((v, i) => v + peRef(Math.floor(i / dModel) + 2, i % dModel, dModel, { base: 500 }));
  const copy = x.slice();
  assert.equal(core.addPositionalEncoding(copy, length, dModel, { offset: 2, base: 500 }), copy);
  assert.ok(maxAbsDiff(copy, expected) <= 1e-6);
  const t = core.alloc(x.length);
  t.data.set(x);
  assert.equal(core.addPositionalEncoding(t, length, dModel, { offset: 2, base: 500 }), t);
  assert.deepEqual(t.data, copy);
  t.data.set(x);
  core.addPositionalEncoding(t.data, length, dModel, { offset: 2, base: 500 });
  assert.deepEqual(t.data, copy);
  t.free();
});

test('no state survives in memory the caller can write: bytes crafted through a view of a freed tensor change nothing', async () => {
  // The PE kernels keep their constants between calls. They used to live in memory that could have been
  // a tensor; a view of that tensor taken before free() still writes it (NaN constants gave NaN tables).
  // Now they live where no tensor ever was (issue 24, as RoPE's workspace).
  const fresh = await loadCore();
  const out = fresh.alloc(100 * 64);
  const freed = fresh.alloc(4484); // 17,936 bytes: the size of that workspace at dModel 64
  const stale = freed.data;
  freed.free();
  for (const layout of ['interleaved', 'concat']) {
    fresh.positionalEncoding(100, 64, { out, layout });
    stale.fill(NaN); // no call below allocates: the allocator's own records there are not read
    fresh.positionalEncoding(100, 64, { out, layout });
    const diff = maxAbsDiff(out.data, peTableRef(100, 64, { layout }));
    assert.ok(diff <= 1e-6, `after crafting (${layout}): max |diff| ${diff}`);
  }
});

test('options set to undefined count as not given', () => {
  const a = core.positionalEncoding(4, 6, { base: undefined, offset: undefined, layout: undefined, out: undefined });
  assert.deepEqual(a, core.positionalEncoding(4, 6));
});

// applyRotary against the independent double-precision reference over the range API.md accepts:
// every even headDim dividing dModel, both pairings, offsets near 0 and 999,999, bases; in place and
// into out through every path (tensor, view of core.memory, plain array in chunks); errors that name
// their parameter and leave x and out unchanged; q(p) . k(p') depending on p - p' only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { maxAbs, maxAbsDiff, uniformArray } from '../reference/reference.js';
import { pairColumns, ropeAngleRef, ropeRef } from '../reference/rope-reference.js';

const core = await loadCore();
const LAYOUTS = ['interleaved', 'half'];
let largest = 0; // the largest |diff| / (1 + M) of every comparison below 1e6

/** Compares one rotation with the reference within the contract's 1e-6 (1 + M); returns |diff|. */
function expectClose(got, x, length, dModel, options, label) {
  const ref = ropeRef(x, length, dModel, options);
  const diff = maxAbsDiff(got, ref);
  const m = maxAbs(x);
  if ((options.offset ?? 0) + length <= 1_000_000) largest = Math.max(largest, diff / (1 + m));
  assert.ok(diff <= 1e-6 * (1 + m), `${label}: max |diff| ${diff} (M ${m})`);
  return diff;
}

const divisorsEven = (d) => Array.from({ length: d }, (_, k) => k + 1).filter((h) => h % 2 === 0 && d % h === 0);

test('every even headDim that divides dModel, both layouts, offsets near 0 and 999,999', () => {
  for (const dModel of [2, 12, 24, 30, 64]) {
    for (const headDim of divisorsEven(dModel)) {
      for (const layout of LAYOUTS) {
        for (const offset of [0, 1, 250, 999_999 - 9]) {
          const length = 9;
          const x = uniformArray(length * dModel, dModel * 7 + headDim + offset, 2);
          const got = core.applyRotary(x.slice(), length, dModel, { headDim, layout, offset });
          expectClose(got, x, length, dModel, { headDim, layout, offset }, `d=${dModel} hd=${headDim} ${layout} offset=${offset}`);
        }
      }
    }
  }
});

test('head widths 2 .. 40 with 1 .. 3 heads (every path of the kernel), across an anchor (256)', () => {
  for (let headDim = 2; headDim <= 40; headDim += 2) {
    for (let heads = 1; heads <= 3; heads++) {
      for (const layout of LAYOUTS) {
        const dModel = headDim * heads, length = 5;
        const x = uniformArray(length * dModel, headDim * 31 + heads, 1);
        const got = core.applyRotary(x.slice(), length, dModel, { headDim, layout, offset: 253 });
        expectClose(got, x, length, dModel, { headDim, layout, offset: 253 }, `hd=${headDim} heads=${heads} ${layout}`);
      }
    }
  }
});

test('bases: LLaMA 3 (500,000), GPT-NeoX (10,000), tiny and huge, with large values', () => {
  for (const base of [500_000, 10_000, 1.5, 1e9]) {
    for (const layout of LAYOUTS) {
      const x = uniformArray(40 * 64, 9, 100);
      const got = core.applyRotary(x.slice(), 40, 64, { headDim: 32, base, layout, offset: 999_900 });
      expectClose(got, x, 40, 64, { headDim: 32, base, layout, offset: 999_900 }, `base ${base} ${layout}`);
    }
  }
});

test('LLaMA-sized rows (d 4096, headDim 128) near position 999,999, and the last positions of the range', () => {
  for (const layout of LAYOUTS) {
    const x = uniformArray(8 * 4096, 3, 1);
    const got = core.applyRotary(x.slice(), 8, 4096, { headDim: 128, base: 500_000, layout, offset: 999_992 });
    expectClose(got, x, 8, 4096, { headDim: 128, base: 500_000, layout, offset: 999_992 }, `d=4096 ${layout}`);
    const y = uniformArray(3 * 8, 4, 1);
    const far = core.applyRotary(y.slice(), 3, 8, { layout, offset: 2_147_483_644 });
    // The formula itself is ill-conditioned at 2^31 (an angle's double rounding is ~2e-7): 2e-6 there.
    assert.ok(maxAbsDiff(far, ropeRef(y, 3, 8, { layout, offset: 2_147_483_644 })) <= 2e-6, 'last positions');
  }
});

test('known values: position 0 rotates by nothing; position 1 turns pair 0 by 1 rad', () => {
  const x = Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual(core.applyRotary(x.slice(), 1, 8, { headDim: 4 }), x);
  const y = core.applyRotary(Float32Array.from([1, 2, 3, 4]), 1, 4, { offset: 1 });
  assert.equal(y[0], Math.fround(Math.fround(Math.cos(1)) - Math.fround(2 * Math.fround(Math.sin(1)))));
  assert.ok(Math.abs(y[1] - (Math.sin(1) + 2 * Math.cos(1))) < 1e-6);
  const h = core.applyRotary(Float32Array.from([1, 2, 3, 4]), 1, 4, { offset: 1, layout: 'half' });
  assert.ok(Math.abs(h[0] - (Math.cos(1) - 3 * Math.sin(1))) < 1e-6 && Math.abs(h[2] - (Math.sin(1) + 3 * Math.cos(1))) < 1e-6);
});

test('the layouts are one permutation apart: half = P(interleaved(P^-1 x)), P taking column 2i to i and 2i+1 to i + hd/2', () => {
  const headDim = 16, dModel = 32, length = 6;
  const x = uniformArray(length * dModel, 11, 1);
  const perm = (v, inverse) => {
    const y = new Float32Array(v.length);
    for (let t = 0; t < length; t++) {
      for (let h = 0; h < dModel; h += headDim) {
        for (let i = 0; i < headDim / 2; i++) {
          for (let c = 0; c < 2; c++) {
            const from = t * dModel + h + pairColumns(i, headDim, 'interleaved')[c];
            const to = t * dModel + h + pairColumns(i, headDim, 'half')[c];
            if (inverse) y[from] = v[to];
            else y[to] = v[from];
          }
        }
      }
    }
    return y;
  };
  const viaInterleaved = perm(core.applyRotary(perm(x, true), length, dModel, { headDim, offset: 77 }), false);
  assert.deepEqual(viaInterleaved, core.applyRotary(x.slice(), length, dModel, { headDim, offset: 77, layout: 'half' }));
});

test('in place and into out give the same bits through every path; out leaves x unchanged', () => {
  const length = 700, dModel = 192, options = { headDim: 64, offset: 999_000, base: 500_000, layout: 'half' };
  const x = uniformArray(length * dModel, 5, 3); // 134,400 values: several chunks of the plain path
  const keep = x.slice();
  const tensorX = core.alloc(x.length);
  tensorX.data.set(x);
  assert.equal(core.applyRotary(tensorX, length, dModel, options), tensorX, 'a tensor in place is returned');
  const expected = tensorX.data.slice();
  expectClose(expected, x, length, dModel, options, 'tensor in place');

  const plain = x.slice();
  assert.equal(core.applyRotary(plain, length, dModel, options), plain, 'a plain array in place is returned');
  assert.deepEqual(plain, expected, 'plain in place (chunks)');

  const outArray = new Float32Array(x.length).fill(9);
  assert.equal(core.applyRotary(x, length, dModel, { ...options, out: outArray }), outArray);
  assert.deepEqual(outArray, expected, 'plain x -> plain out');
  assert.deepEqual(x, keep, 'x unchanged');

  const outTensor = core.alloc(x.length);
  assert.equal(core.applyRotary(x, length, dModel, { ...options, out: outTensor }), outTensor);
  assert.deepEqual(outTensor.data, expected, 'plain x -> tensor out');

  tensorX.data.set(x);
  const fromTensor = new Float32Array(x.length);
  core.applyRotary(tensorX, length, dModel, { ...options, out: fromTensor });
  assert.deepEqual(fromTensor, expected, 'tensor x -> plain out');
  assert.deepEqual(tensorX.data, keep, 'tensor x unchanged');
  outTensor.data.fill(0);
  core.applyRotary(tensorX.data, length, dModel, { ...options, out: outTensor.data });
  assert.deepEqual(outTensor.data, expected, 'view x -> view out');
  core.applyRotary(tensorX.data, length, dModel, options);
  assert.deepEqual(tensorX.data, expected, 'view in place');

  // Any split of the rows into calls with the matching offsets gives the same bits.
  const pieces = new Float32Array(x.length);
  for (let t0 = 0, rows = 1; t0 < length; t0 += rows, rows = (rows * 7) % 97 + 1) {
    const r = Math.min(rows, length - t0);
    const part = x.slice(t0 * dModel, (t0 + r) * dModel);
    pieces.set(core.applyRotary(part, r, dModel, { ...options, offset: options.offset + t0 }), t0 * dModel);
  }
  assert.deepEqual(pieces, expected, 'split into calls');
  tensorX.free();
  outTensor.free();
});

test('q(p) . k(p\') depends on p - p\' only: the same q and k moved to every position', () => {
  const headDim = 64;
  const q = uniformArray(headDim, 21, 1), k = uniformArray(headDim, 22, 1);
  const at = (v, p, layout) => core.applyRotary(v.slice(), 1, headDim, { offset: p, layout });
  for (const layout of LAYOUTS) {
    let worst = 0;
    for (const delta of [0, 1, 5, 100, -3]) {
      const scores = [];
      for (const p of [0, 3, 17, 255, 256, 4096, 999_000]) {
        if (p + delta < 0) continue;
        const qr = at(q, p + delta, layout), kr = at(k, p, layout);
        scores.push(qr.reduce((s, v, i) => s + v * kr[i], 0));
      }
      // The exact score of distance delta: rotate q by delta alone (double reference).
      const exact = ropeRef(q, 1, headDim, { offset: Math.max(delta, 0), layout }).reduce((s, v, i) => s + v * (delta >= 0 ? k[i] : ropeRef(k, 1, headDim, { offset: -delta, layout })[i]), 0);
      if (delta >= 0) for (const s of scores) worst = Math.max(worst, Math.abs(s - exact));
      for (const s of scores) worst = Math.max(worst, Math.abs(s - scores[0]));
    }
    console.log(`RoPE ${layout}: q(p).k(p') over positions 0 .. 999,000 varies by at most ${worst.toExponential(2)} for a fixed p - p'`);
    assert.ok(worst <= headDim * 2e-6, `${layout}: ${worst}`);
  }
});

test('refused calls name the parameter, throw the right kind, and leave x and out unchanged', () => {
  const x = uniformArray(2 * 8, 1, 1), out = new Float32Array(16).fill(5);
  const keepX = x.slice(), keepOut = out.slice();
  const cases = [
    [() => core.applyRotary(x, -1, 8), RangeError, /^length/],
    [() => core.applyRotary(x, 1.5, 8), RangeError, /^length/],
    [() => core.applyRotary(x, '2', 8), TypeError, /^length/],
    [() => core.applyRotary(x, 2, 0), RangeError, /^dModel/],
    [() => core.applyRotary(x, 2, 65537), RangeError, /^dModel/],
    [() => core.applyRotary(x, 2, 8, { headDim: 3 }), RangeError, /^headDim/],
    [() => core.applyRotary(x, 2, 8, { headDim: 6 }), RangeError, /^headDim.*divides/],
    [() => core.applyRotary(x, 2, 8, { headDim: 16 }), RangeError, /^headDim/],
    [() => core.applyRotary(x, 2, 8, { headDim: 0 }), RangeError, /^headDim/],
    [() => core.applyRotary(x, 2, 8, { headDim: NaN }), RangeError, /^headDim/],
    [() => core.applyRotary(x, 2, 8, { headDim: '4' }), TypeError, /^headDim/],
    [() => core.applyRotary(x.subarray(0, 14), 2, 7), RangeError, /^headDim \(default: dModel = 7\)/],
    [() => core.applyRotary(x, 2, 8, { base: 1 }), RangeError, /^base/],
    [() => core.applyRotary(x, 2, 8, { base: Infinity }), RangeError, /^base/],
    [() => core.applyRotary(x, 2, 8, { base: '10000' }), TypeError, /^base/],
    [() => core.applyRotary(x, 2, 8, { offset: -1 }), RangeError, /^offset/],
    [() => core.applyRotary(x, 2, 8, { offset: 2 ** 31 }), RangeError, /^offset/],
    [() => core.applyRotary(x, 2, 8, { offset: 2 ** 31 - 1 }), RangeError, /^offset must keep/],
    [() => core.applyRotary(x, 2, 8, { layout: 'concat' }), RangeError, /^layout/],
    [() => core.applyRotary(x, 2, 8, { layout: 1 }), TypeError, /^layout/],
    [() => core.applyRotary(x, 2, 8, null), TypeError, /^options/],
    [() => core.applyRotary([1, 2], 1, 2), TypeError, /^x/],
    [() => core.applyRotary(new Float64Array(16), 2, 8), TypeError, /^x/],
    [() => core.applyRotary(null, 2, 8), TypeError, /^x/],
    [() => core.applyRotary(x, 3, 8), RangeError, /^x must hold exactly length \* dModel = 24/],
    [() => core.applyRotary(x, 2, 8, { out: new Float32Array(15) }), RangeError, /^out/],
    [() => core.applyRotary(x, 2, 8, { out: [1] }), TypeError, /^out/],
    [() => core.applyRotary(x, 2, 8, { out: x }), RangeError, /^out must not share memory with x/],
    [() => core.applyRotary(x.subarray(0, 8), 1, 8, { out: x.subarray(4, 12) }), RangeError, /^out must not share/],
  ];
  for (const [call, kind, message] of cases) {
    assert.throws(call, (error) => error instanceof kind && message.test(error.message), String(call));
    assert.deepEqual(x, keepX);
    assert.deepEqual(out, keepOut);
  }
  const t = core.alloc(16);
  assert.throws(() => core.applyRotary(t, 2, 8, { out: t.data }), /out must not share memory with x/);
  t.free();
  assert.throws(() => core.applyRotary(t, 2, 8), /freed/);
});

test('length 0 returns x (or out) untouched; options set to undefined count as not given', () => {
  const empty = new Float32Array(0);
  assert.equal(core.applyRotary(empty, 0, 8), empty);
  const x = uniformArray(3 * 6, 2, 1);
  const a = core.applyRotary(x.slice(), 3, 6, { headDim: undefined, base: undefined, offset: undefined, layout: undefined, out: undefined });
  assert.deepEqual(a, core.applyRotary(x.slice(), 3, 6));
});

test('thousands of calls do not grow the memory (no leak), errors included', () => {
  const x = uniformArray(64 * 64, 3, 1);
  for (let i = 0; i < 50; i++) core.applyRotary(x.slice(), 64, 64, { headDim: 16 });
  const bytes = core.memory.buffer.byteLength;
  for (let i = 0; i < 3000; i++) {
    core.applyRotary(x, 64, 64, { headDim: 16, offset: i, out: new Float32Array(x.length) });
    assert.throws(() => core.applyRotary(x, 64, 64, { headDim: 5 }));
  }
  assert.equal(core.memory.buffer.byteLength, bytes);
});

test('rotaryAngle: the angle of pair i at position p in double, and its errors', () => {
  for (const [p, i, hd, base] of [[0, 0, 2, 10000], [7, 1, 4, 10000], [999_999, 63, 128, 500_000], [12345, 10, 64, 1.5]]) {
    assert.ok(Math.abs(core.rotaryAngle(p, i, hd, { base }) - ropeAngleRef(p, i, hd, base)) <= 1e-12 * (1 + ropeAngleRef(p, i, hd, base)));
  }
  assert.equal(core.rotaryAngle(5, 0, 8), 5);
  assert.throws(() => core.rotaryAngle(5, 4, 8), (e) => e instanceof RangeError && /^pair/.test(e.message));
  assert.throws(() => core.rotaryAngle(5, 0, 7), (e) => e instanceof RangeError && /^headDim/.test(e.message));
  assert.throws(() => core.rotaryAngle(-1, 0, 8), (e) => e instanceof RangeError && /^position/.test(e.message));
  assert.throws(() => core.rotaryAngle(1, 0, 8, { base: 0 }), (e) => e instanceof RangeError && /^base/.test(e.message));
});

test('no state survives in memory the caller can write: bytes crafted through a view of a freed tensor change nothing', async () => {
  // Issue 24: the core kept its RoPE workspace in memory that had been a tensor, with its state (which
  // frequencies, which position) in a header there. A view of that tensor taken before free() still
  // writes it: a header claiming "head_dim 8, base 10000, position 0" over NaN tables gave NaN. Now the
  // workspace lives where no tensor ever was, and its state in the core's own structs.
  const fresh = await loadCore();
  const x = fresh.alloc(4 * 8), out = fresh.alloc(4 * 8);
  x.data.set(uniformArray(4 * 8, 5, 1));
  const freed = fresh.alloc(64); // 256 bytes: the size of that workspace, so it took this memory
  const stale = freed.data;
  freed.free();
  for (const layout of LAYOUTS) {
    fresh.applyRotary(x, 4, 8, { layout, out });
    stale.fill(NaN); // only the freed tensor's bytes, and no call below allocates: the allocator's own
    const header = new DataView(stale.buffer, stale.byteOffset, 32); // records there are not read
    header.setUint32(0, 0x45504f52, true); // "ROPE"
    header.setInt32(4, 8, true);
    header.setFloat64(8, 10000, true);
    header.setBigInt64(16, 0n, true);
    fresh.applyRotary(x, 4, 8, { layout, out });
    expectClose(out.data.slice(), x.data.slice(), 4, 8, { layout }, `after crafting (${layout})`);
  }
});

test('largest error against the reference (printed)', () => {
  console.log(`RoPE: largest |diff| / (1 + M) below position 1e6 over every comparison: ${largest.toExponential(2)} (contract 1e-6)`);
  assert.ok(largest > 0 && largest <= 1e-6);
});

test('hostile arguments: each option read once, arrays resolved after the options, no trap', () => {
  const reads = {};
  const x = uniformArray(2 * 8, 4, 1);
  const options = new Proxy({ headDim: 4, base: 500, offset: 3, layout: 'half' }, {
    get(target, key) { reads[key] = (reads[key] ?? 0) + 1; return target[key]; },
  });
  const want = core.applyRotary(x.slice(), 2, 8, { headDim: 4, base: 500, offset: 3, layout: 'half' });
  assert.deepEqual(core.applyRotary(x.slice(), 2, 8, options), want);
  assert.ok(Object.values(reads).every((n) => n === 1), JSON.stringify(reads));
  // A getter that frees the tensor x: x is resolved after the options, so it is seen as freed.
  const t = core.alloc(16);
  t.data.set(x);
  assert.throws(() => core.applyRotary(t, 2, 8, { get layout() { t.free(); return 'half'; } }), /freed/);
  // A view of core.memory that lies in no tensor is refused, not written.
  const stray = new Float32Array(core.memory.buffer, 0, 16);
  assert.throws(() => core.applyRotary(stray, 2, 8), (e) => e instanceof RangeError && /^x/.test(e.message));
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  assert.throws(() => core.applyRotary(x, 2, 8, revoked.proxy), TypeError);
  assert.throws(() => core.applyRotary(x, 2, 8, { get base() { throw new Error('no'); } }), (e) => e instanceof TypeError && /base/.test(e.message));
});

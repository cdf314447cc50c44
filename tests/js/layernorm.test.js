// core.layerNorm (API.md, "Layer normalisation") against the independent double-precision reference:
// within 1e-5 (1 + M) per row, widths around the core's lanes and the JS chunking, rows with a
// large mean, gamma/beta/eps; tensors, views and plain arrays give the same bits; errors name the
// parameter and touch nothing; no leaks.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { maxAbs, maxAbsDiff, uniformArray } from '../reference/reference.js';
import { layerNormRef } from '../reference/block-reference.js';

const core = await loadCore();
const sameBits = (a, b) => a.length === b.length && a.every((v, k) => Object.is(v, b[k]));
let worst = 0;
after(() => console.log(`layerNorm: largest |diff| / (1 + M) over all rows ${worst.toExponential(2)}`));

/** Asserts every row within 1e-5 (1 + M), M the largest magnitude of that reference row. */
function checkRows(got, x, dModel, options = {}) {
  const want = layerNormRef(x, dModel, options);
  for (let r = 0; r < x.length / dModel; r++) {
    const g = got.subarray(r * dModel, (r + 1) * dModel), w = want.subarray(r * dModel, (r + 1) * dModel);
    const d = maxAbsDiff(g, w), m = maxAbs(w);
    worst = Math.max(worst, d / (1 + m));
    assert.ok(d <= 1e-5 * (1 + m), `row ${r}: max |diff| ${d}, M ${m}`);
  }
}

for (const dModel of [1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 100, 768, 4097, 65536]) {
  test(`layerNorm dModel=${dModel}: defaults, then gamma, beta and eps`, () => {
    const rows = dModel > 4096 ? 2 : 5;
    const x = uniformArray(rows * dModel, dModel, 3);
    checkRows(core.layerNorm(x, dModel), x, dModel);
    const gamma = uniformArray(dModel, 1, 2), beta = uniformArray(dModel, 2);
    checkRows(core.layerNorm(x, dModel, { gamma, beta, eps: 1e-3 }), x, dModel, { gamma, beta, eps: 1e-3 });
  });
}

test('rows whose mean dwarfs their spread (the case a one-pass variance gets wrong)', () => {
  for (const [mean, spread] of [[1e4, 1e-2], [-3e5, 1], [1e3, 1e-3]]) {
    const x = uniformArray(4 * 512, 9, spread).map((v) => v + mean);
    checkRows(core.layerNorm(x, 512), x, 512);
  }
});

test('known values: [1, 2, 3, 4] (mean 2.5, variance 1.25); a constant row is beta; NaN stays in its row', () => {
  const y = core.layerNorm(new Float32Array([1, 2, 3, 4]), 4);
  const s = Math.sqrt(1.25 + 1e-5);
  [-1.5, -0.5, 0.5, 1.5].forEach((v, j) => assert.ok(Math.abs(y[j] - v / s) < 1e-6));
  const beta = new Float32Array([0.5, -1, 2]);
  assert.deepEqual(core.layerNorm(new Float32Array([7, 7, 7]), 3, { beta }), beta);
  const z = core.layerNorm(new Float32Array([1, NaN, 2, 1, 2, 3]), 3);
  assert.ok(z.subarray(0, 3).every(Number.isNaN) && z.subarray(3).every(Number.isFinite));
});

test('tensors, views of core.memory, out and plain arrays give the same bits; many rows through the chunks', () => {
  const dModel = 3, rows = 50000; // more rows than one scratch chunk holds
  const x = uniformArray(rows * dModel, 4), gamma = uniformArray(dModel, 5), beta = uniformArray(dModel, 6);
  const plain = core.layerNorm(x, dModel, { gamma, beta });
  checkRows(plain, x, dModel, { gamma, beta });
  const tx = core.alloc(x.length), tout = core.alloc(x.length), tg = core.alloc(dModel);
  tx.data.set(x);
  tg.data.set(gamma);
  assert.equal(core.layerNorm(tx, dModel, { gamma: tg, beta, out: tout }), tout);
  assert.ok(sameBits(tout.data, plain));
  const out = new Float32Array(x.length);
  assert.equal(core.layerNorm(tx.data, dModel, { gamma, beta, out }), out);
  assert.ok(sameBits(out, plain));
  assert.ok(sameBits(core.layerNorm(x, dModel, { gamma: tg.data, beta, out: tout.data }), plain));
  assert.ok(sameBits(core.layerNorm(x, dModel, { gamma, beta, out: tout }).data, plain));
  assert.ok(sameBits(core.layerNorm(tx, dModel, { gamma, beta }), plain));
  [tx, tout, tg].forEach((t) => t.free());
  assert.equal(core.layerNorm(new Float32Array(0), 5).length, 0);
});

const f32 = (n) => new Float32Array(n).fill(0.5);
test('bad input: the right error naming the parameter, nothing touched, the instance still usable', () => {
  const x = uniformArray(8, 1), out = f32(8), shared = core.alloc(8), freed = core.alloc(4), params = uniformArray(12, 2);
  freed.free();
  const calls = [
    [() => core.layerNorm(f32(7), 4), RangeError, 'x', 'whole number'],
    [() => core.layerNorm([1, 2, 3, 4], 4), TypeError, 'x'],
    [() => core.layerNorm(new Float64Array(4), 4), TypeError, 'x'],
    [() => core.layerNorm(null, 4), TypeError, 'x'],
    [() => core.layerNorm(freed, 4), Error, 'x', 'freed'],
    [() => core.layerNorm(x, 0), RangeError, 'dModel', '1 to 65536'],
    [() => core.layerNorm(x, 65537), RangeError, 'dModel'],
    [() => core.layerNorm(x, '4'), TypeError, 'dModel'],
    [() => core.layerNorm(x, 2.5), RangeError, 'dModel'],
    [() => core.layerNorm(x, 4, null), TypeError, 'options'],
    [() => core.layerNorm(x, 4, { gamma: f32(3) }), RangeError, 'gamma', '4'],
    [() => core.layerNorm(x, 4, { beta: [0, 0, 0, 0] }), TypeError, 'beta'],
    [() => core.layerNorm(x, 4, { eps: 0 }), RangeError, 'eps', 'greater than 0'],
    [() => core.layerNorm(x, 4, { eps: -1 }), RangeError, 'eps'],
    [() => core.layerNorm(x, 4, { eps: Infinity }), RangeError, 'eps'],
    [() => core.layerNorm(x, 4, { eps: '1e-5' }), TypeError, 'eps'],
    [() => core.layerNorm(x, 4, { out: f32(4) }), RangeError, 'out', '8'],
    [() => core.layerNorm(x, 4, { out: x }), RangeError, 'out', 'share'],
    [() => core.layerNorm(x, 4, { out: x.subarray(4) }), RangeError, 'out'],
    [() => core.layerNorm(shared, 4, { out: shared.data }), RangeError, 'out', 'share'],
    // issue 24: out overlapping gamma or beta (later rows would use the overwritten values)
    [() => core.layerNorm(x, 4, { out: params.subarray(0, 8), gamma: params.subarray(4, 8) }), RangeError, 'out', 'gamma'],
    [() => core.layerNorm(x, 4, { out: params.subarray(0, 8), beta: params.subarray(6, 10) }), RangeError, 'out', 'beta'],
    [() => core.layerNorm(x, 4, { out: shared, gamma: shared.data.subarray(0, 4) }), RangeError, 'out', 'gamma'],
    [() => core.layerNorm(x, 4, { out: shared.data, beta: shared.data.subarray(4, 8) }), RangeError, 'out', 'beta'],
  ];
  for (const [call, type, name, accepted] of calls) {
    const before = Float32Array.from(x), outBefore = Float32Array.from(out), paramsBefore = Float32Array.from(params);
    assert.throws(call, (e) => e.constructor === type && e.message.includes(name) && (!accepted || e.message.includes(accepted)), String(call));
    assert.ok(sameBits(x, before) && sameBits(out, outBefore) && sameBits(params, paramsBefore));
  }
  checkRows(core.layerNorm(x, 4, { out }), x, 4);
  shared.free();
});

test('a tensor of more rows than one core call takes (16,777,216) is normalised whole, not refused naming length', () => {
  // The core's layer_norm takes at most MAX_LENGTH rows a call, which layerNorm (without a length
  // parameter) once passed on as "length: length out of range". It now makes as many calls as needed.
  const rows = 16_777_216 + 3;
  const x = core.alloc(rows), out = core.alloc(rows);
  try {
    x.data.fill(5);
    core.layerNorm(x, 1, { out, beta: Float32Array.of(0.25) });
    assert.ok(out.data.every((v) => v === 0.25), 'every row of one value is beta');
  } finally {
    x.free();
    out.free();
  }
});

test('eps undefined counts as not given; the options are read once', () => {
  const x = uniformArray(8, 2);
  assert.ok(sameBits(core.layerNorm(x, 4, { eps: undefined }), core.layerNorm(x, 4)));
  let reads = 0;
  const options = { get eps() { reads++; return 1e-3; } };
  checkRows(core.layerNorm(x, 4, options), x, 4, { eps: 1e-3 });
  assert.equal(reads, 1);
});

test('no leaks: thousands of calls on every path leave the memory as it was', () => {
  const x = uniformArray(64 * 32, 3), t = core.alloc(x.length), gamma = uniformArray(32, 4), out = new Float32Array(x.length);
  const many = uniformArray(70000 * 3, 5);
  t.data.set(x);
  core.layerNorm(x, 32, { gamma });
  core.layerNorm(many, 3);
  const before = core.memory.buffer.byteLength;
  for (let i = 0; i < 1000; i++) {
    core.layerNorm(x, 32, { gamma });
    core.layerNorm(t, 32, { out });
    if (i % 10 === 0) core.layerNorm(many, 3); // several chunks through the scratch area
  }
  t.free();
  assert.equal(core.memory.buffer.byteLength, before);
});

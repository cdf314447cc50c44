// The .npy reader of <pe-compare> (src/elements/compare/npy.js): files as NumPy writes them (versions
// 1.0, 2.0, 3.0; float32 and float64, either byte order, C and Fortran order) read back exactly;
// every malformed file refused with a message saying what is wrong; time linear in the file's size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseNpy, NpyError } from '../../src/elements/compare/npy.js';
import { encodeNpy } from '../../src/elements/shared/data-export.js';
import { tableFromNpy } from '../../src/elements/compare/learned.js';

/** A .npy file from its header text and value bytes, padded as NumPy pads (to 64 bytes, then '\n'). */
function npy(header, valueBytes, { major = 1 } = {}) {
  const lengthBytes = major === 1 ? 2 : 4;
  const unpadded = 8 + lengthBytes + header.length + 1;
  const text = header + ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const headerBytes = new TextEncoder().encode(text);
  const out = new Uint8Array(8 + lengthBytes + headerBytes.length + valueBytes.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, major, 0]);
  const view = new DataView(out.buffer);
  if (major === 1) view.setUint16(8, headerBytes.length, true);
  else view.setUint32(8, headerBytes.length, true);
  out.set(headerBytes, 8 + lengthBytes);
  out.set(valueBytes, 8 + lengthBytes + headerBytes.length);
  return out;
}

const bytesOf = (values, type = Float32Array, little = true) => {
  const size = type.BYTES_PER_ELEMENT;
  const out = new Uint8Array(values.length * size);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => (size === 4 ? view.setFloat32(i * 4, v, little) : view.setFloat64(i * 8, v, little)));
  return out;
};

test('round trip: the package\'s own .npy writer, read back bit for bit', () => {
  const data = Float32Array.from({ length: 12 }, (_, i) => Math.sin(i) * 1e3);
  const { shape, data: back, descr } = parseNpy(encodeNpy(data, [3, 4]));
  assert.deepEqual(shape, [3, 4]);
  assert.equal(descr, '<f4');
  assert.deepEqual(back, data);
  assert.deepEqual(parseNpy(encodeNpy(data, [12]).buffer).shape, [12], 'an ArrayBuffer works too');
});

test('versions 2.0 and 3.0, float64 and big-endian values, Fortran order, Python 2 long dims', () => {
  const values = [1, -2.5, 3.25, 1e-3, 7, 8];
  const expected = Float32Array.from(values);
  for (const major of [2, 3]) {
    assert.deepEqual(parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", bytesOf(values), { major })).data, expected);
  }
  assert.deepEqual(parseNpy(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", bytesOf(values, Float64Array))).data, expected);
  assert.deepEqual(parseNpy(npy("{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }", bytesOf(values, Float32Array, false))).data, expected);
  // Fortran order holds columns one after the other: [1, 7, -2.5, 8, ...] is rows [1, -2.5, 3.25], [7, 8, ...].
  const columns = [values[0], values[3], values[1], values[4], values[2], values[5]];
  assert.deepEqual(parseNpy(npy("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", bytesOf(columns))).data, expected);
  assert.deepEqual(parseNpy(npy('{"shape": (2L, 3L), "fortran_order": False, "descr": "<f4"}', bytesOf(values))).shape, [2, 3]);
  assert.deepEqual(parseNpy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (), }", bytesOf([5]))).data, Float32Array.from([5]));
});

test('malformed files are refused with a message saying what is wrong', () => {
  const good = (shape = '(2, 3)') => `{'descr': '<f4', 'fortran_order': False, 'shape': ${shape}, }`;
  const six = bytesOf([1, 2, 3, 4, 5, 6]);
  const cases = [
    [new Uint8Array([1, 2, 3]), /not a NumPy .npy file/],
    [Uint8Array.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 9, 0, 0, 0]), /version 9/],
    [npy(good(), six).subarray(0, 40), /ends before/],
    [npy("{'descr': '<i8', 'fortran_order': False, 'shape': (2, 3), }", six), /float32.*'<i8'/],
    [npy("{'descr': '<f4', 'shape': (2, 3), }", six), /no "fortran_order"/],
    [npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'extra': 1}", six), /unknown key "extra"/],
    [npy("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}", six), /twice/],
    [npy("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2, 3)}", six), /True or False/],
    [npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, x)}", six), /dimension/],
    [npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)} junk", six), /text after/],
    [npy("{'descr: '<f4'}", six), /not a dictionary/],
    [npy(good('(2, 4)'), six), /needs 32 bytes.*has 24/],
    [npy(good(), new Uint8Array([...six, 0, 0, 0, 0])), /needs 24 bytes.*has 28/],
    [npy(good('(100000, 100000)'), six), /more than/],
    [npy(good('(1234567890123456,)'), six), /too large/],
  ];
  for (const [file, message] of cases) {
    assert.throws(() => parseNpy(file), (e) => e instanceof NpyError && e instanceof RangeError && message.test(e.message), String(message));
  }
  assert.throws(() => parseNpy('not bytes'), TypeError);
});

test('keys and dtypes named like Object.prototype members get the message any unknown one gets', () => {
  const six = bytesOf([1, 2, 3, 4, 5, 6]);
  for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    const file = npy(`{'${key}': 1, 'descr': '<f4', 'fortran_order': False, 'shape': (2, 3)}`, six);
    assert.throws(() => parseNpy(file), (e) => e instanceof NpyError && e.message.includes(`unknown key "${key}"`), key);
    const dtype = npy(`{'descr': '${key}', 'fortran_order': False, 'shape': (2, 3)}`, six);
    assert.throws(() => parseNpy(dtype), (e) => e instanceof NpyError && e.message.includes(`got '${key}'`), `descr ${key}`);
  }
  const missing = npy("{'fortran_order': False, 'shape': (2, 3), '__proto__': 1}", six);
  assert.throws(() => parseNpy(missing), /unknown key "__proto__"/);
});

test('a position table must be 2-D [positions, d_model] with an even d_model', () => {
  const table = Float32Array.from({ length: 8 }, (_, i) => i);
  assert.deepEqual(tableFromNpy(encodeNpy(table, [4, 2])), { table, positions: 4, dModel: 2 });
  assert.throws(() => tableFromNpy(encodeNpy(table, [8])), /two dimensions/);
  assert.throws(() => tableFromNpy(encodeNpy(table, [2, 2, 2])), /two dimensions/);
  assert.throws(() => tableFromNpy(encodeNpy(Float32Array.from({ length: 9 }), [3, 3])), /even/);
});

test('time is linear in the file: a header of 200,000 openings fails as fast as a short one', () => {
  const time = (file) => {
    const t0 = performance.now();
    assert.throws(() => parseNpy(file), NpyError);
    return performance.now() - t0;
  };
  const hostile = (n) => npy(`{'descr': '<f4', 'fortran_order': False, 'shape': (${'('.repeat(n)}`, new Uint8Array(0), { major: 2 });
  const spaces = (n) => npy(`{${' '.repeat(n)}'descr'${' '.repeat(n)}: '<f4', 'fortran_order': False, 'shape': (${'1, '.repeat(31)}x)}`, new Uint8Array(0), { major: 2 });
  time(hostile(1000));
  const small = Math.max(time(hostile(20_000)), time(spaces(20_000)), 0.05);
  const large = Math.max(time(hostile(200_000)), time(spaces(200_000)));
  assert.ok(large < small * 40, `10x the bytes took ${(large / small).toFixed(1)}x the time (${large.toFixed(2)} ms)`);
});

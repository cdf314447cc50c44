// Turning a row-major table into files a learner can open elsewhere. Pure functions (no DOM) except
// saveFile, so they are tested in Node.
//
// API:
//   toCsv(data, rows, cols, { colNames, rowNames, corner })  -> CSV text; numbers at full float32
//        precision (shortest text that reads back to the same float32); header row of colNames
//        (default 0..cols-1), first column rowNames (default 0..rows-1)
//   encodeNpy(data, shape)  -> Uint8Array holding a NumPy .npy file (format 1.0, little-endian,
//        C order); Float32Array -> '<f4', Float64Array -> '<f8'
//   saveFile(content, filename, mime)  starts a download of a string or bytes (browser only)

/** Shortest decimal text that reads back to the same float32 (so CSV round-trips exactly). */
export function float32Text(x) {
  if (!Number.isFinite(x)) return String(x);
  const target = Math.fround(x);
  for (let p = 1; p <= 9; p++) {
    const s = target.toPrecision(p);
    if (Math.fround(Number(s)) === target) return String(Number(s));
  }
  return String(target);
}

function csvField(value) {
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(data, rows, cols, { colNames, rowNames, corner = '' } = {}) {
  if (data.length !== rows * cols) throw new RangeError(`data has ${data.length} values, expected ${rows} x ${cols}`);
  const numberText = data instanceof Float32Array ? float32Text : (x) => String(x);
  const lines = [];
  const header = [corner];
  for (let j = 0; j < cols; j++) header.push(colNames ? colNames[j] : j);
  lines.push(header.map(csvField).join(','));
  for (let i = 0; i < rows; i++) {
    const cells = [csvField(rowNames ? rowNames[i] : i)];
    for (let j = 0; j < cols; j++) cells.push(numberText(data[i * cols + j]));
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function encodeNpy(data, shape) {
  let descr;
  if (data instanceof Float32Array) descr = '<f4';
  else if (data instanceof Float64Array) descr = '<f8';
  else throw new TypeError('data must be a Float32Array or Float64Array');
  const count = shape.reduce((a, b) => a * b, 1);
  if (count !== data.length) throw new RangeError(`shape ${shape.join('x')} does not match ${data.length} values`);
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeText}, }`;
  // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64,
  // ending in '\n' (the alignment NumPy itself writes).
  const unpadded = 10 + header.length + 1;
  header += ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const out = new Uint8Array(10 + header.length + data.byteLength);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0], 0); // \x93NUMPY v1.0
  out[8] = header.length & 0xff;
  out[9] = header.length >> 8;
  for (let i = 0; i < header.length; i++) out[10 + i] = header.charCodeAt(i);
  const body = new DataView(out.buffer, 10 + header.length);
  const step = data.BYTES_PER_ELEMENT;
  for (let i = 0; i < data.length; i++) {
    if (step === 4) body.setFloat32(i * 4, data[i], true);
    else body.setFloat64(i * 8, data[i], true);
  }
  return out;
}

export function saveFile(content, filename, mime = 'application/octet-stream') {
  const blob = content instanceof Blob ? content : new Blob([content], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

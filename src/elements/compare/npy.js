// Reading a NumPy .npy file (format 1.0, 2.0 and 3.0) into a Float32Array, checking everything a file
// from elsewhere can get wrong. One pass over the header, one over the data: time linear in the
// file's size, whatever its bytes (no regular expressions, no backtracking, no recursion).
//
// API:
//   parseNpy(bytes, { maxValues = 2 ** 24 } = {})  -> { shape: number[], data: Float32Array, descr }
//        bytes: ArrayBuffer or Uint8Array. dtype float32 ('<f4', '>f4', '|f4'; float64 '<f8'/'>f8' is
//        rounded to float32), C or Fortran order (Fortran is transposed to C order for 2-D). Throws
//        NpyError (a RangeError) saying what is wrong, before allocating anything for the values.
//   npyHeaderSize(start)  -> how many bytes of the file the header ends at, from its first 12 bytes
//        (`start`: a Uint8Array); NpyError if they already show it is no .npy file
//   readNpyHeader(start, { maxValues })  -> { shape, descr, fortran, itemSize, little, count, dataStart,
//        fileBytes }: the header alone, checked as parseNpy checks it (`start`: at least the first
//        npyHeaderSize(start) bytes), so a reader can refuse a file by its shape before its values come
//   NpyError

export class NpyError extends RangeError {
  constructor(message) {
    super(`.npy: ${message}`);
    this.name = 'NpyError';
  }
}

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const DTYPES = { '<f4': [4, true], '|f4': [4, true], '>f4': [4, false], '<f8': [8, true], '>f8': [8, false] };
const MAX_DIMS = 32;
const MAX_HEADER_BYTES = 1 << 20; // NumPy writes a few dozen bytes; anything this long is not a table

/** A cursor over the header's text: each method consumes what it reads and never goes back. */
class HeaderReader {
  constructor(text) {
    this.text = text;
    this.at = 0;
  }

  fail(what) {
    throw new NpyError(`the header is not a dictionary NumPy writes: ${what} at character ${this.at}`);
  }

  spaces() {
    while (this.at < this.text.length && ' \t\r\n'.includes(this.text[this.at])) this.at++;
  }

  expect(char) {
    this.spaces();
    if (this.text[this.at] !== char) this.fail(`expected "${char}"`);
    this.at++;
  }

  /** Consumes `char` if it comes next; says whether it did. */
  take(char) {
    this.spaces();
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }

  string() {
    this.spaces();
    const quote = this.text[this.at];
    if (quote !== "'" && quote !== '"') this.fail('expected a quoted string');
    const end = this.text.indexOf(quote, this.at + 1);
    if (end < 0) this.fail('a string without its closing quote');
    const value = this.text.slice(this.at + 1, end);
    this.at = end + 1;
    return value;
  }

  word() {
    this.spaces();
    const start = this.at;
    while (this.at < this.text.length && /[A-Za-z]/.test(this.text[this.at])) this.at++;
    return this.text.slice(start, this.at);
  }

  /** A non-negative integer of at most 15 digits (a dimension); Python may add an 'L' suffix. */
  integer() {
    this.spaces();
    const start = this.at;
    while (this.at < this.text.length && this.text[this.at] >= '0' && this.text[this.at] <= '9') this.at++;
    if (this.at === start) this.fail('expected a dimension (a whole number)');
    if (this.at - start > 15) this.fail('a dimension too large');
    const value = Number(this.text.slice(start, this.at));
    if (this.text[this.at] === 'L') this.at++;
    return value;
  }

  /** A tuple of dimensions: (), (n,), (n, m), ... */
  shape() {
    this.expect('(');
    const dims = [];
    while (!this.take(')')) {
      if (dims.length === MAX_DIMS) this.fail(`more than ${MAX_DIMS} dimensions`);
      dims.push(this.integer());
      if (!this.take(',')) {
        this.expect(')');
        break;
      }
    }
    return dims;
  }
}

/** The header dictionary: exactly the keys descr, fortran_order and shape. */
function readHeader(text) {
  const r = new HeaderReader(text);
  const found = Object.create(null); // keys such as "__proto__" or "constructor" are only unknown keys
  r.expect('{');
  while (!r.take('}')) {
    const key = r.string();
    if (Object.hasOwn(found, key)) r.fail(`the key "${key}" twice`);
    r.expect(':');
    if (key === 'descr') found.descr = r.string();
    else if (key === 'fortran_order') {
      const word = r.word();
      if (word !== 'True' && word !== 'False') r.fail('fortran_order must be True or False');
      found.fortran_order = word === 'True';
    } else if (key === 'shape') found.shape = r.shape();
    else r.fail(`an unknown key "${key}"`);
    if (!r.take(',')) {
      r.expect('}');
      break;
    }
  }
  r.spaces();
  if (r.at !== text.length) r.fail('text after the dictionary');
  for (const key of ['descr', 'fortran_order', 'shape']) if (!Object.hasOwn(found, key)) throw new NpyError(`the header has no "${key}"`);
  return found;
}

function decodeHeader(bytes, start, length, utf8) {
  const slice = bytes.subarray(start, start + length);
  if (utf8) return new TextDecoder('utf-8', { fatal: false }).decode(slice);
  let text = '';
  for (let i = 0; i < slice.length; i += 4096) text += String.fromCharCode(...slice.subarray(i, i + 4096));
  return text;
}

/** Magic, version and the header's length, from the file's first bytes. */
function readPrelude(bytes) {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) throw new NpyError('not a NumPy .npy file (it does not start with \\x93NUMPY)');
  const major = bytes[6];
  if (major < 1 || major > 3) throw new NpyError(`format version ${major}.${bytes[7]} is unknown (1.0, 2.0 and 3.0 are read)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lengthBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lengthBytes) throw new NpyError('the file ends inside its header');
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  if (headerLength > MAX_HEADER_BYTES) throw new NpyError(`the header says it is ${headerLength} bytes long (NumPy writes under ${MAX_HEADER_BYTES})`);
  return { major, headerStart: 8 + lengthBytes, headerLength };
}

export function npyHeaderSize(start) {
  const { headerStart, headerLength } = readPrelude(start);
  return headerStart + headerLength;
}

export function readNpyHeader(start, { maxValues = 2 ** 24 } = {}) {
  const { major, headerStart, headerLength } = readPrelude(start);
  if (headerStart + headerLength > start.length) throw new NpyError(`the header says it is ${headerLength} bytes long, but the file ends before that`);
  const { descr, fortran_order: fortran, shape } = readHeader(decodeHeader(start, headerStart, headerLength, major === 3));
  const dtype = Object.hasOwn(DTYPES, descr) ? DTYPES[descr] : null;
  if (!dtype) throw new NpyError(`the values must be float32 ('<f4'; float64 '<f8' is rounded), got '${descr}'`);
  const [itemSize, little] = dtype;
  let count = 1;
  for (const n of shape) {
    count *= n;
    if (count > maxValues) throw new NpyError(`shape (${shape.join(', ')}) holds more than ${maxValues} values`);
  }
  if (fortran && shape.length > 2) throw new NpyError('Fortran order is read for 1-D and 2-D arrays only (save with np.ascontiguousarray)');
  const dataStart = headerStart + headerLength;
  return { shape, descr, fortran, itemSize, little, count, dataStart, fileBytes: dataStart + count * itemSize };
}

export function parseNpy(input, { maxValues = 2 ** 24 } = {}) {
  const bytes = input instanceof Uint8Array ? input : input instanceof ArrayBuffer ? new Uint8Array(input) : null;
  if (!bytes) throw new TypeError('.npy: expected the file as an ArrayBuffer or Uint8Array');
  const { shape, descr, fortran, itemSize, little, count, dataStart } = readNpyHeader(bytes, { maxValues });
  const dataBytes = bytes.length - dataStart;
  if (dataBytes !== count * itemSize) {
    throw new NpyError(`shape (${shape.join(', ')}) needs ${count * itemSize} bytes of values, the file has ${dataBytes}`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data = new Float32Array(count);
  const read = itemSize === 4 ? (i) => view.getFloat32(dataStart + 4 * i, little) : (i) => view.getFloat64(dataStart + 8 * i, little);
  if (fortran && shape.length === 2) {
    const [rows, cols] = shape; // Fortran order: column after column
    for (let j = 0, i = 0; j < cols; j++) for (let r = 0; r < rows; r++, i++) data[r * cols + j] = read(i);
  } else {
    for (let i = 0; i < count; i++) data[i] = read(i);
  }
  return { shape, data, descr };
}

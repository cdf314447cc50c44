// The one writer of values into generated Python: pytorchScript's model.py, the elements' NumPy and
// PyTorch snippets, <block-flow>'s block.py. Each value becomes a literal of its own type, so that no
// value can end a string or a comment and turn into code when a learner pastes the snippet (a file
// named "a'); __import__('os').system('…'); ('.npy" stays a string); what a value may be (its limits)
// is checked by the caller with validate.js and the limits of defaults.js.
//
// API:
//   pyStr(text)    a str literal in single quotes. Escaped: backslash, the quote, and every character
//                  that is not printable text — controls (NUL, newlines, tab), line and paragraph
//                  separators, format characters (bidi overrides), private-use and unassigned code
//                  points, lone surrogates. Everything else (Korean, non-BMP emoji) stays as it is.
//   pyFloat(x)     a float literal that reads back as exactly this double: 10000.0, 0.5, 0.00001,
//                  -0.0, float("nan"), float("inf")
//   pyInt(n)       an int literal; RangeError for anything that is not a safe integer
//   pyBool(b)      True or False
//   pyList(values, literal = pyInt)   [a, b, c], each item written by `literal`

const NAMED = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const UNPRINTABLE = /[\\'\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/gu;
const hex = (n, width) => n.toString(16).padStart(width, '0');

function escape(char) {
  if (NAMED[char]) return NAMED[char];
  const code = char.codePointAt(0);
  if (code < 0x100) return `\\x${hex(code, 2)}`;
  if (code < 0x10000) return `\\u${hex(code, 4)}`;
  return `\\U${hex(code, 8)}`;
}

export function pyStr(text) {
  if (typeof text !== 'string') throw new TypeError(`pyStr: expected a string, got ${typeof text}`);
  return `'${text.replace(UNPRINTABLE, escape)}'`;
}

export function pyFloat(x) {
  if (typeof x !== 'number') throw new TypeError(`pyFloat: expected a number, got ${typeof x}`);
  if (Number.isNaN(x)) return 'float("nan")';
  if (!Number.isFinite(x)) return x > 0 ? 'float("inf")' : '-float("inf")';
  if (Object.is(x, -0)) return '-0.0';
  const s = String(x); // the shortest decimal that reads back as x, as Python's repr() writes it
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

export function pyInt(n) {
  if (!Number.isSafeInteger(n)) throw new RangeError(`pyInt: expected a safe integer, got ${String(n)}`);
  return String(n);
}

export function pyBool(b) {
  if (typeof b !== 'boolean') throw new TypeError(`pyBool: expected a boolean, got ${typeof b}`);
  return b ? 'True' : 'False';
}

export function pyList(values, literal = pyInt) {
  return `[${Array.from(values, (v) => literal(v)).join(', ')}]`;
}

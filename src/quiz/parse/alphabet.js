// The answer's alphabet: the characters an answer to this question may be written with. ASCII,
// Hangul (syllables and jamo, so ㅇ and ㄴ), the signs of ANSWER_SIGNS, and every character of the
// question itself in every language (its prompt, choices, answers and units: θ, ω, a teacher's own
// script). Anything else, a combining accent above all ("3́"), is outside it: the answer is not
// graded, and the characters are named.
import { ANSWER_SIGNS } from './words.js';
import { normalizeInput } from './normalize.js';

const isHangul = (code) => (code >= 0xac00 && code <= 0xd7a3) || (code >= 0x1100 && code <= 0x11ff)
  || (code >= 0x3130 && code <= 0x318f) || (code >= 0xa960 && code <= 0xa97f) || (code >= 0xd7b0 && code <= 0xd7ff);
const isAsciiPrintable = (code) => code >= 0x20 && code <= 0x7e;
const MARK = /\p{M}/u;
const SIGNS = new Set(ANSWER_SIGNS.normalize('NFKC'));

const cache = new WeakMap();

/** Every character of the question's texts, in every language, as the readers see them. */
function questionCharacters(q) {
  if (cache.has(q)) return cache.get(q);
  const texts = [];
  const collect = (v) => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(collect);
  };
  const from = (obj) => ['prompt', 'choices', 'answer', 'accept', 'unit', 'units', 'labels'].forEach((key) => collect(obj[key]));
  from(q);
  for (const [key, value] of Object.entries(q)) if (/^[a-z]{2}$/.test(key) && value && typeof value === 'object') from(value);
  const chars = new Set(normalizeInput(texts.join(' ')));
  cache.set(q, chars);
  return chars;
}

/** The characters of `text` (normalised) outside the question's alphabet, each once, in order ('' if none). */
// Most answers are ASCII and Hangul syllables only: nothing to look up.
const PLAIN = /^[\x20-\x7e\uac00-\ud7a3]*$/;

export function foreignCharacters(text, q) {
  if (PLAIN.test(text)) return '';
  const own = questionCharacters(q);
  const seen = new Set();
  for (const ch of text) {
    const code = ch.codePointAt(0);
    const inside = !MARK.test(ch) && (isAsciiPrintable(code) || isHangul(code) || SIGNS.has(ch) || own.has(ch));
    if (!inside) seen.add(MARK.test(ch) ? `\u25cc${ch}` : ch); // a lone accent is shown on a dotted circle: ◌́
  }
  return [...seen].join('');
}

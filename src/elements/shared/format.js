// Number formatting for display (never for data files: CSV and .npy keep full precision).
//
// API:
//   fmt(x, digits = 4)   fixed digits with a true minus sign (U+2212); '-0.0000' shows as '0.0000';
//                        NaN/Infinity as text
//   fmtInt(n, lang)      grouped integer: 1,234,567
//   fmtCompact(n, lang)  short form for big counts: 2.4M (en) / 240만 (ko)
//   parseShown(text)     inverse of fmt for tests and copy/paste: '−0.5' -> -0.5
//   escapeHtml(text)     for text inside markup built as a string (shared/mathml.js, the pages)
//   shortText(text, max = 24)   the text, cut to max characters with '…' (a value quoted in a note)
//   fewWords(words)      { words: the first NOTE_WORDS words, each cut, ', …' when there are more;
//                        count } for a note about bad words: its size is bounded whatever the input

export const MINUS = '\u2212';
export const NOTE_WORDS = 3;

export const shortText = (text, max = 24) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function fewWords(words) {
  const shown = words.slice(0, NOTE_WORDS).map((w) => shortText(w)).join(', ');
  return { words: words.length > NOTE_WORDS ? `${shown}, …` : shown, count: words.length };
}

export function fmt(x, digits = 4) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : `${MINUS}∞`;
  let s = x.toFixed(digits);
  if (/^-0(\.0*)?$/.test(s)) s = s.slice(1);
  return s.replace('-', MINUS);
}

// One formatter per language: toLocaleString builds a new Intl.NumberFormat at every call (measured
// 4 ms a call on average in Chromium, 138 ms at worst, which <pe-lab>'s progress line paid 30 times a
// second).
const intFormats = new Map();

export function fmtInt(n, lang = 'ko') {
  const locale = lang === 'en' ? 'en-US' : 'ko-KR';
  if (!intFormats.has(locale)) intFormats.set(locale, new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
  return intFormats.get(locale).format(Math.round(n)).replace('-', MINUS);
}

export function fmtCompact(n, lang = 'ko') {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ko-KR', {
    notation: 'compact', maximumFractionDigits: 1,
  }).format(n);
}

export function parseShown(text) {
  return Number(String(text).trim().replace(MINUS, '-').replace(/,/g, ''));
}

const htmlEscapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => htmlEscapes[c]);
}

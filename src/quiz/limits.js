// The quiz's limits, one truth for the quiz element, the quiz page, the LMS packer and the
// command line, and how they read a number someone typed: decimal digits only, so that '0x10', '1e1',
// ' 12', true or [7] never pass for a count (Number() would take each of them).
//   QUIZ_COUNT         questions in one quiz: { min: 1, max: 50, default: 12 } (without an asked
//                      count a topic gives `default`; the document topic all its examples)
//   SEED_MAX           characters of a seed, and of a topic in a share link; longer text is cut
//   cutSeed(seed)      -> the seed as text, at most SEED_MAX characters ('' for anything but text or a number)
//   readCount(value)   -> the whole number a count holds (a number, or a string of decimal digits), else NaN
//   readDecimal(value) -> the number a share or percentage holds (a finite number, or a string like
//                         '0.8', '80' or '.5'), else NaN
// It imports nothing: the elements' attribute declarations read QUIZ_COUNT on the tutorial's first load.

export const QUIZ_COUNT = Object.freeze({ min: 1, max: 50, default: 12 });
export const SEED_MAX = 64;

export function cutSeed(seed) {
  if (typeof seed === 'string') return seed.slice(0, SEED_MAX);
  return typeof seed === 'number' && Number.isFinite(seed) ? String(seed).slice(0, SEED_MAX) : '';
}

export function readCount(value) {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : NaN;
  return typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : NaN;
}

export function readDecimal(value) {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  return typeof value === 'string' && /^(?:[0-9]{1,20}(?:\.[0-9]{0,20})?|\.[0-9]{1,20})$/.test(value) ? Number(value) : NaN;
}

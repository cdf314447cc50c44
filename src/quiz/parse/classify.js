// Why an answer was not read: the kind of "not graded" and what was not understood. Called only
// for an answer no reader took whole, so nothing here can make an answer correct; the kinds are
// tried in the order of NOT_GRADED (./rules.js) and the first that fits is named.
//
// classify(text, ctx) -> { problem, unread, values }
//   text: the normalised answer; ctx: { type, units, own (the question's units and labels, lower
//   case), choices: [{ key, k }] (mc), n (mc) }
//   problem: a kind of NOT_GRADED; unread: what was not understood, as typed (short);
//   values: extra values for the message (mixed: number and text; no-choice: the count; unit: units).
import { NOT_GRADED } from './rules.js';
import { tokenize, isNumberWord } from './tokens.js';
import { answerKeyWithIndex } from './normalize.js';
import { OX_DENIALS, FRACTION_WORD } from './words.js';
import { oxWord } from './read-ox.js';

const MAX_SHOWN = 40;
const EDGE = ' ,.:;';
/** A short piece of the answer to quote: without spaces and list marks at its ends, at most MAX_SHOWN characters. */
const shown = (text) => {
  let from = 0, to = text.length;
  while (from < to && EDGE.includes(text[from])) from++;
  while (to > from && EDGE.includes(text[to - 1])) to--;
  const t = text.slice(from, to);
  return t.length > MAX_SHOWN ? `${t.slice(0, MAX_SHOWN - 1)}…` : t;
};
const isLatinWord = (w) => /^[a-z' ]+$/i.test(w);
const KINDS = new Map(NOT_GRADED.map((k) => [k.kind, k]));
const escape = (w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** One pattern for a kind's words: Latin ones only as whole words ("not" is not in "notation"). */
function markerPattern(words) {
  const parts = words.map((w) => (isLatinWord(w) ? `(?<![a-z])${escape(w)}(?![a-z])` : escape(w)));
  return parts.length ? new RegExp(parts.join('|'), 'i') : null;
}
// Each kind's markers, compiled once: its words found anywhere, its tokens as whole words.
const MARKERS = new Map(NOT_GRADED.map((k) => [k.kind, { words: markerPattern(k.words || []), tokens: new Set(k.tokens || []) }]));
const MASK = '\u0000';

/** The first marker of `kind` in `text` (lower case): a word anywhere, or a whole token. */
function findMarker(kind, text, tokens) {
  const { words, tokens: whole } = MARKERS.get(kind);
  const m = words && words.exec(text);
  let best = m ? { at: m.index, text: m[0] } : null;
  for (const t of tokens) {
    if (t.type === 'word' && (!best || t.start < best.at) && whole.has(t.text.toLowerCase())) best = { at: t.start, text: t.text };
  }
  return best;
}

/** Replaces every choice's text in `text` by a mask, longest first; returns the masked text and the choices named. */
function maskChoices(text, choices) {
  const { key, from } = answerKeyWithIndex(text);
  const named = [];
  let masked = key;
  let chars = null;
  for (const { key: ck, k } of choices) {
    for (let at = masked.indexOf(ck); at >= 0; at = masked.indexOf(ck, at + ck.length)) {
      const a = from[at], b = from[at + ck.length - 1];
      named.push({ k, at: a, text: text.slice(a, b + 1) });
      chars ??= text.split(''); // code units, as answerKeyWithIndex counts them
      for (let i = a; i <= b; i++) chars[i] = MASK;
      masked = masked.slice(0, at) + MASK.repeat(ck.length) + masked.slice(at + ck.length);
    }
  }
  if (!chars) return { text, named };
  named.sort((x, y) => x.at - y.at);
  // Runs of the mask become one spaced mask, so that the words around a choice stay apart.
  return { text: chars.join('').replace(/\u0000+/g, ` ${MASK} `), named };
}

/**
 * Numbers among tokens: digit runs, and Korean number words that stand apart from a number and are
 * not one of the question's own words (열 is ten, but in "열 15" it names the column).
 */
function numberTokens(tokens, own = [], text = '') {
  // "8분의 5" is one number: the part after 분의 goes with the one before.
  const fractionPart = (i) => i > 0 && tokens[i - 1].type === 'word' && tokens[i - 1].text.startsWith(FRACTION_WORD) && i > 1;
  // "1의 개수는 3개": a number with the particle 의 names a thing (the 1s), it is no answer.
  const possessive = (t) => t.type === 'number' && text[t.end] === '의';
  return tokens.filter((t, i) => !fractionPart(i) && !possessive(t) && (t.type === 'number'
    || (t.type === 'word' && isNumberWord(t.text) && !own.includes(t.text.toLowerCase())
      && !(i > 0 && tokens[i - 1].type === 'number' && tokens[i - 1].end === t.start))));
}

const OX_TAILS = ['인지', '인데', '이고', '이나', '이면', '인', '일', '이요', '요', '가', '이', '는', '은', '도'];
/** The O/X values an answer names: words, letters ("OX" is two), jamo ("ㅇㄴ" is two); a denial after a value is none. */
function oxValues(tokens) {
  const values = [];
  for (const t of tokens) {
    const w = t.text.toLowerCase();
    if (OX_DENIALS.includes(w) && values.length) continue;
    const tail = OX_TAILS.find((e) => w.length > e.length && w.endsWith(e) && oxWord(w.slice(0, -e.length)) !== null);
    const v = oxWord(w) ?? (tail ? oxWord(w.slice(0, -tail.length)) : null);
    if (v !== null) { values.push({ v, text: t.text }); continue; }
    // "ox", "ㅇㄴ": letters that are each an O or an X.
    const letters = [...w];
    if (letters.length > 1 && letters.every((c) => oxWord(c) !== null && !/\d/.test(c))) letters.forEach((c) => values.push({ v: oxWord(c), text: c }));
  }
  return values;
}

const LIST_WORDS = markerPattern(KINDS.get('several').words);
const LIST_SPLIT = new RegExp(LIST_WORDS.source, 'gi');
/** The parts of a text answer between the words that list answers ("FFN, 어텐션", "A 아니면 B"). */
function listedParts(text) {
  if (!LIST_WORDS.test(text)) return [text];
  return text.split(LIST_SPLIT).map((p) => p.trim()).filter((p) => /[\p{L}\d]/u.test(p));
}

/** The [start, end) of each bracketed part that holds words ("3개 (1이 세 번 나오니까)"): a reason, not an answer. */
const reasons = (text) => [...text.matchAll(/\([^()]*[가-힣]{2,}[^()]*\)/g)].map((m) => [m.index, m.index + m[0].length]);

/** The several values, or null: numbers, choices, O/X or listed parts, by the question's type. */
function severalValues(ctx, text, tokens, named, allNumbers) {
  // Numbers inside a reason in brackets are not answers: such an answer is not read, but it does not hold two.
  const spans = reasons(text);
  const numbers = allNumbers.filter((t) => !spans.some(([a, b]) => t.start > a && t.end < b));
  if (ctx.type === 'text') {
    const parts = listedParts(text);
    return parts.length > 1 ? parts : null;
  }
  if (ctx.type === 'ox') {
    const values = oxValues(tokens);
    return new Set(values.map((x) => x.v)).size > 1 || values.length > 2 ? values.map((x) => x.text) : null;
  }
  if (text.includes('±')) return [text];
  if (ctx.type === 'number') {
    // Numbers joined by arithmetic ("1/7", "2+1+2") are one value.
    const apart = numbers.filter((t, i) => i === 0 || !/^ ?[-+*/×÷^·] ?$/.test(text.slice(numbers[i - 1].end, t.start)));
    if (apart.length < 2) return null;
    return text.includes(FRACTION_WORD) ? [text] : numbers.map((t) => t.text);
  }
  const choiceNumbers = tokens.filter((t) => t.type === 'number').map((t) => t.text);
  const all = [...choiceNumbers, ...named.map((x) => x.text)];
  const mixedPair = choiceNumbers.length === 1 && named.length === 1;
  return all.length > 1 && !mixedPair ? all : null;
}

/** The marker found at [from, to) with the rest of its word, as typed: "같아" in "3개 같아요" is "같아요". */
function toWordEnd(text, from, to) {
  let end = to;
  while (end < text.length && /[\p{L}]/u.test(text[end]) && /[\p{L}]/u.test(text[end - 1])) end++;
  return text.slice(from, end);
}

/**
 * Everything in `text` but the values, as typed: each part between them, apart ("총 개수는 3개" leaves
 * "총 개수는"; "1의 개수 … 3" leaves both parts joined by " … "). A unit the question declares, or a
 * choice's 번, right after a value goes with it.
 */
function leftover(text, values, units = []) {
  const parts = [];
  let from = 0;
  for (const t of values) {
    parts.push(text.slice(from, t.start));
    from = t.end;
    const rest = text.slice(from).toLowerCase();
    const unit = [...units, '번'].find((u) => rest.startsWith(u) || rest.startsWith(` ${u}`));
    if (unit) from += (rest.startsWith(unit) ? 0 : 1) + unit.length;
  }
  parts.push(text.slice(from));
  const shownParts = parts.map((p) => shown(p.replace(/\u0000/g, ' ').replace(/ +/g, ' ').trim())).filter(Boolean);
  return shownParts.join(' … ') || shown(text.replace(/\u0000/g, ''));
}

export function classify(original, ctx) {
  const { text, named } = ctx.type === 'mc' ? maskChoices(original, ctx.choices) : { text: original, named: [] };
  const lower = text.toLowerCase();
  const tokens = tokenize(text).filter((t) => t.text !== MASK);
  const numbers = ctx.type === 'number' ? numberTokens(tokens, ctx.own, text) : tokens.filter((t) => t.type === 'number');
  const result = (problem, unread, values = {}) => ({ problem, unread: shown(unread), values });

  if (!(ctx.type === 'number' && ctx.units.includes('%')) && ctx.type !== 'text') {
    const percent = findMarker('percent', lower, tokens);
    if (percent) return result('percent', text.slice(percent.at, percent.at + percent.text.length));
  }
  const several = severalValues(ctx, text, tokens, named, numbers);
  if (several) return result('several', several.map(shown).join(', '));
  for (const kind of ['negated', ctx.type === 'text' ? null : 'comparison', 'hedge']) {
    const m = kind && findMarker(kind, lower, tokens);
    if (m) return result(kind, toWordEnd(text, m.at, m.at + m.text.length) || m.text);
  }
  if (ctx.type === 'mc') {
    if (numbers.length === 1 && named.length === 1 && Number(numbers[0].text) !== named[0].k) {
      return result('mixed', `${numbers[0].text} ${named[0].text}`, { number: numbers[0].text, text: shown(named[0].text) });
    }
    const k = numbers.length === 1 && !named.length ? numbers[0].text : null;
    if (k !== null && !(/^\d+$/.test(k) && Number(k) >= 1 && Number(k) <= ctx.n)) return result('no-choice', k, { n: ctx.n });
  }
  if (ctx.type === 'number' && numbers.length === 1 && tokens.length === 2 && tokens[1].type === 'word' && tokens[0] === numbers[0]) {
    return result('unit', tokens[1].text, { units: ctx.units });
  }
  const spans = reasons(text);
  const values = numbers.filter((t) => !spans.some(([a, b]) => t.start > a && t.end < b));
  return result('unknown', leftover(text, values, ctx.units || []));
}

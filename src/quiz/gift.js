// Moodle's GIFT text format, so teachers can move questions into Moodle and back.
//   toGIFT(questions, { lang, category }) -> text     fromGIFT(text) -> questions
// One language per export (GIFT has no translations). What GIFT cannot hold (section, tags,
// difficulty, hints, unit, category, origin, misconception ids) travels in a comment line
//   // pe-ffn-quiz: {"section":"001-quiz",...}
// that Moodle ignores and fromGIFT reads back. Mapping:
//   mc     ::id::[plain]prompt{=right#fb ~wrong#fb ####explanation}
//   ox     ::id::[plain]prompt{T####explanation}   (answer 1 = T, 0 = F)
//   number ::id::[plain]prompt{#=100:0 =%0%20:0#fb ####explanation}   (answer:tolerance)
//   text   ::id::[plain]prompt{=FFN =feed-forward =%0%MLP#fb ####explanation}
import { localizeQuestion } from './localize.js';

const META_PREFIX = '// pe-ffn-quiz:';

/** Escapes GIFT's special characters ~ = # { } : and the backslash; newlines become \n. */
export function escapeGIFT(text) {
  return String(text).replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

function unescapeGIFT(text) {
  return text.replace(/\\(n|[\\~=#{}:])/g, (m, c) => (c === 'n' ? '\n' : c)).trim();
}

const num = (x) => String(Number(x.toPrecision(15)));

function answerBlock(q, L) {
  const general = `####${escapeGIFT(L.explanation)}`;
  const fb = (d) => (d.explanation ? `#${escapeGIFT(d.explanation)}` : '');
  switch (q.type) {
    case 'mc': {
      const parts = L.choices.map((choice, i) => {
        const d = L.distractors.find((x) => x.match === i + 1);
        return `${i + 1 === q.answer ? '=' : '~'}${escapeGIFT(choice)}${d ? fb(d) : ''}`;
      });
      return `{\n${parts.map((p) => `\t${p}`).join('\n')}\n\t${general}\n}`;
    }
    case 'ox': {
      const d = L.distractors[0];
      // GIFT true/false: {T#feedback when answered wrongly#feedback when answered rightly}.
      return `{${q.answer === 1 ? 'T' : 'F'}${d ? `#${escapeGIFT(d.explanation)}` : ''}${general}}`;
    }
    case 'number': {
      const tol = num(q.tolerance || 0);
      const wrong = L.distractors.map((d) => `\t=%0%${num(d.match)}:${tol}${fb(d)}`);
      return `{#\n\t=${num(q.answer)}:${tol}\n${wrong.map((w) => `${w}\n`).join('')}\t${general}\n}`;
    }
    default: {
      const accepted = [L.answerText, ...(q.accept || [])];
      if (L.answerText !== q.answer) accepted.push(q.answer);
      const unique = [...new Set(accepted)];
      const wrong = L.distractors.map((d) => `\t=%0%${escapeGIFT(d.match)}${fb(d)}`);
      return `{\n${unique.map((a) => `\t=${escapeGIFT(a)}\n`).join('')}${wrong.map((w) => `${w}\n`).join('')}\t${general}\n}`;
    }
  }
}

/** Exports questions (bank format) as GIFT text in `lang` ('ko' default). */
export function toGIFT(questions, { lang = 'ko', category = '' } = {}) {
  const blocks = [];
  if (category) blocks.push(`$CATEGORY: ${category}`);
  for (const q of questions) {
    const L = localizeQuestion(q, lang);
    const meta = { type: q.type };
    for (const key of ['origin', 'section', 'difficulty', 'tags']) if (q[key] !== undefined) meta[key] = q[key];
    if (L.category) meta.category = L.category;
    if (L.hints.length) meta.hints = L.hints;
    if (q.type === 'number' && L.unit) meta.unit = L.unit;
    const misconceptions = (q.distractors || []).map((d) => d.misconception || null);
    if (misconceptions.some(Boolean)) meta.misconceptions = misconceptions;
    blocks.push([
      `${META_PREFIX} ${JSON.stringify(meta)}`,
      `::${escapeGIFT(q.id)}::[plain]${escapeGIFT(L.prompt)}${answerBlock(q, L)}`,
    ].join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

// ---- import ----

/** Splits on an unescaped separator character set, keeping the separator at the start of each part. */
function splitAnswers(body) {
  const parts = [];
  let current = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') { current += c + (body[i + 1] ?? ''); i++; continue; }
    if ((c === '=' || c === '~') && current.trim() !== '' && /\s$/.test(current)) { parts.push(current.trim()); current = ''; }
    current += c;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** Index of the first unescaped `ch` in `s` from `from`, or -1. */
function findUnescaped(s, ch, from = 0) {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') { i++; continue; }
    if (s.startsWith(ch, i)) return i;
  }
  return -1;
}

/** Splits "text#feedback" on the first unescaped '#'. */
function textAndFeedback(s) {
  const k = findUnescaped(s, '#');
  return k < 0 ? [s, ''] : [s.slice(0, k), s.slice(k + 1)];
}

function parseWeight(s) {
  const m = s.match(/^%(-?\d+(?:\.\d+)?)%/);
  return m ? [Number(m[1]), s.slice(m[0].length)] : [100, s];
}

function parseBlock(block, meta, index) {
  let rest = block.trim();
  let id = `gift-${index + 1}`;
  const title = rest.match(/^::((?:\\.|[^:\\])*)::/);
  if (title) { id = unescapeGIFT(title[1]).replace(/[^A-Za-z0-9._:-]/g, '-') || id; rest = rest.slice(title[0].length); }
  rest = rest.replace(/^\s*\[(?:plain|html|moodle|markdown)\]/, '');
  const open = findUnescaped(rest, '{');
  if (open < 0) throw new Error(`GIFT question ${index + 1} (${id}): no answer block {...}`);
  const close = findUnescaped(rest, '}', open);
  if (close < 0) throw new Error(`GIFT question ${index + 1} (${id}): the answer block is not closed with }`);
  const prompt = unescapeGIFT(`${rest.slice(0, open)} ${rest.slice(close + 1)}`);
  let body = rest.slice(open + 1, close);
  let explanation = '';
  const general = findUnescaped(body, '####');
  if (general >= 0) { explanation = unescapeGIFT(body.slice(general + 4)); body = body.slice(0, general); }
  body = body.trim();

  const q = { id, type: 'mc', prompt };
  const distractors = [];
  if (body.startsWith('#')) {
    q.type = 'number';
    const items = splitAnswers(body.slice(1).trim());
    for (const item of items.length ? items : ['']) {
      const [weight, spec] = parseWeight(item.replace(/^=/, ''));
      const [value, fb] = textAndFeedback(spec);
      const range = value.match(/^\s*(-?[\d.eE+-]+)\s*\.\.\s*(-?[\d.eE+-]+)\s*$/);
      const [a, t] = range
        ? [(Number(range[1]) + Number(range[2])) / 2, Math.abs(Number(range[2]) - Number(range[1])) / 2]
        : value.split(':').map((x) => Number(x.trim() || 0));
      if (!Number.isFinite(a)) throw new Error(`GIFT question ${index + 1} (${id}): "${value.trim()}" is not a number`);
      if (weight === 100 && q.answer === undefined) { q.answer = a; q.tolerance = Number.isFinite(t) ? t : 0; } else distractors.push({ match: a, explanation: unescapeGIFT(fb) });
    }
  } else if (/^(T|F|TRUE|FALSE)\b/i.test(body)) {
    q.type = 'ox';
    const [value, ...fbs] = body.split(/(?<!\\)#/);
    q.answer = /^t/i.test(value.trim()) ? 1 : 0;
    if (fbs[0] && unescapeGIFT(fbs[0])) distractors.push({ match: 1 - q.answer, explanation: unescapeGIFT(fbs[0]) });
  } else {
    const items = splitAnswers(body);
    const isMC = items.some((x) => x.startsWith('~'));
    if (isMC) {
      q.choices = [];
      items.forEach((item) => {
        const explicit = /^.%/.test(item);
        const [weight, spec] = parseWeight(item.slice(1));
        const [choice, fb] = textAndFeedback(spec);
        q.choices.push(unescapeGIFT(choice));
        // "=x" is right; "~x" is wrong unless it carries a positive weight "~%50%x".
        const right = item.startsWith('=') ? weight > 0 : explicit && weight > 0;
        if (right && q.answer === undefined) q.answer = q.choices.length;
        else if (unescapeGIFT(fb)) distractors.push({ match: q.choices.length, explanation: unescapeGIFT(fb) });
      });
    } else {
      q.type = 'text';
      const accepted = [];
      for (const item of items) {
        const [weight, spec] = parseWeight(item.slice(1));
        const [value, fb] = textAndFeedback(spec);
        if (weight > 0) accepted.push(unescapeGIFT(value)); else distractors.push({ match: unescapeGIFT(value), explanation: unescapeGIFT(fb) });
      }
      if (!accepted.length) throw new Error(`GIFT question ${index + 1} (${id}): no right answer`);
      q.answer = accepted[0];
      if (accepted.length > 1) q.accept = accepted.slice(1);
    }
    if (q.answer === undefined) throw new Error(`GIFT question ${index + 1} (${id}): no right answer (=...)`);
  }
  q.explanation = explanation || prompt;
  if (meta) {
    if (meta.origin) q.origin = meta.origin;
    if (meta.section) q.section = meta.section;
    if (meta.category) q.category = meta.category;
    if (meta.difficulty) q.difficulty = meta.difficulty;
    if (meta.tags) q.tags = meta.tags;
    if (meta.hints) q.hints = meta.hints;
    if (meta.unit && q.type === 'number') q.unit = meta.unit;
    if (meta.misconceptions) distractors.forEach((d, i) => { if (meta.misconceptions[i]) d.misconception = meta.misconceptions[i]; });
  }
  const withText = distractors.filter((d) => d.explanation);
  if (withText.length) q.distractors = withText;
  return q;
}

/** Reads GIFT text (as written by toGIFT or by Moodle) into questions of the bank format. */
export function fromGIFT(text) {
  const questions = [];
  let block = [];
  let meta = null;
  let pendingMeta = null;
  const flush = () => {
    if (block.join('').trim()) questions.push(parseBlock(block.join('\n'), meta, questions.length));
    block = [];
    meta = null;
  };
  for (const line of String(text).split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.startsWith(META_PREFIX)) {
      try { pendingMeta = JSON.parse(trimmed.slice(META_PREFIX.length)); } catch { pendingMeta = null; }
      continue;
    }
    if (trimmed.startsWith('//') || trimmed.startsWith('$CATEGORY:')) continue;
    if (trimmed === '') { flush(); continue; }
    if (!block.length) { meta = pendingMeta; pendingMeta = null; }
    block.push(line);
  }
  flush();
  return questions;
}

// What a teacher chooses from: `quiz-package --list` and `pe-ffn-wasm quiz-bank`.
//   questionList(options, core?) -> { rows, picked, generated }
//     options: as for a package (package-options.js; `format` may be left out). rows: every question
//     of the bank, { id, section, type, origin, line } (line: the first line of the prompt in the
//     package's language); picked: null without a seed (each learner then gets their own set), else
//     the ids the seed's quiz holds, in its order, the very call the quiz makes (src/quiz/select.js);
//     generated: that quiz's generated practice, as rows (they need `core`, pe-ffn-wasm's init()).
//   formatQuestionList(list) -> the text the command prints
//   bankFile(options) -> the bank (built-in, or --bank, cut to --ids) as a bank file's JSON text; the
//     built-in one is titled as the quiz is, so a package of the file looks as one of the built-in bank
import { buildQuizSet } from '../../quiz/select.js';
import { localizeQuestion } from '../../quiz/localize.js';
import { packageOptions } from './package-options.js';

const LINE_MAX = 72;

function firstLine(q, lang) {
  const line = localizeQuestion(q, lang).prompt.split('\n').find((l) => l.trim()) || '';
  const chars = [...line.trim()];
  return chars.length > LINE_MAX ? `${chars.slice(0, LINE_MAX - 1).join('')}…` : chars.join('');
}

const row = (q, lang) => ({ id: q.id, section: q.section || '', type: q.type, origin: q.origin || '', line: firstLine(q, lang) });

export function questionList(raw, core = null) {
  const o = packageOptions({ format: 'scorm12', ...raw });
  const rows = o.bank.questions.map((q) => row(q, o.lang));
  if (!o.seed) return { options: o, rows, picked: null, generated: [] };
  const generatedOn = !o.customBank;
  if (generatedOn && !core) throw new TypeError('core: needed to list the generated practice a seed picks (pe-ffn-wasm init())');
  const set = buildQuizSet(o.bank, core, { topic: o.topic, count: o.count ?? undefined, seed: o.seed, generated: generatedOn });
  return {
    options: o,
    rows,
    picked: set.questions.map((q) => q.id),
    generated: set.questions.filter((q) => q.origin === 'generated').map((q) => row(q, o.lang)),
  };
}

export function formatQuestionList({ options: o, rows, picked, generated }) {
  const width = (key, all) => Math.max(key.length, ...all.map((r) => r[key].length));
  const all = [...rows, ...generated];
  const [wi, ws, wt] = [width('id', all), width('section', all), width('type', all)];
  const order = new Map((picked || []).map((id, i) => [id, i + 1]));
  const line = (mark, r) => `${mark} ${r.id.padEnd(wi)}  ${r.section.padEnd(ws)}  ${r.type.padEnd(wt)}  ${r.line}`.trimEnd();
  const mark = (r) => (order.has(r.id) ? String(order.get(r.id)).padStart(2) : '  ');
  // The section is the question's topic (--topic takes it); its type is the kind of answer it asks for.
  const out = [`${'#'.padStart(2)} ${'id'.padEnd(wi)}  ${'topic'.padEnd(ws)}  ${'kind'.padEnd(wt)}  question`];
  for (const r of rows) out.push(line(mark(r), r));
  if (generated.length) {
    out.push('', `generated practice of seed ${JSON.stringify(o.seed)} (made from the seed, not in the bank):`);
    for (const r of generated) out.push(line(mark(r), r));
  }
  out.push('');
  if (picked) out.push(`seed ${JSON.stringify(o.seed)}, topic ${o.topic}: ${picked.length} questions, numbered (#) in the order every learner gets them.`);
  else out.push(`${rows.length} questions in the bank. Without --seed each learner gets their own set of topic ${o.topic}; with --seed S this list numbers the questions S picks.`);
  return `${out.join('\n')}\n`;
}

export function bankFile(raw) {
  const o = packageOptions({ format: 'scorm12', ...raw });
  const bank = raw.bank === undefined ? { ...o.bank, title: o.title } : o.bank;
  return `${JSON.stringify(bank, null, 2)}\n`;
}

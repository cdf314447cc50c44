#!/usr/bin/env node
// The package's command. One subcommand today:
//   npx pe-ffn-wasm quiz-package --format FORMAT --out FILE.zip      (FORMAT: src/lms/formats/index.js)
//       [--topic T] [--count N] [--seed S] [--lang ko|en] [--bank FILE.json] [--title T] [--mastery 0.8|none]
// Every option is checked before anything is written; a problem is printed with the option's name and
// the command exits with status 2 (1 for a failure while writing).
import { readFile } from 'node:fs/promises';
import { writeQuizPackage, FORMATS, QUIZ_COUNT, SEED_MAX } from '../dist/quiz-package.js';

const USAGE = `usage: pe-ffn-wasm quiz-package --format ${FORMATS.join('|')} --out FILE.zip [options]
  --topic T      all (default), document, pe, ffn, practice, a generated topic (pe-value, ...) or a section id
  --count N      questions per learner, ${QUIZ_COUNT.min}..${QUIZ_COUNT.max} (default ${QUIZ_COUNT.default}; topic document: all its examples)
  --seed S       the same questions for every learner, at most ${SEED_MAX} characters (default: each learner gets their own set)
  --lang ko|en   the quiz's language (default ko)
  --bank FILE    a question bank (JSON, format "pe-ffn-quiz-bank" as the built-in one) instead of it
  --title T      the title in the LMS (default: the quiz's title)
  --mastery M    the pass mark as a share, 0..1 in decimal (default 0.8); 'none': completion only, no pass/fail`;
const OPTIONS = ['format', 'out', 'topic', 'count', 'seed', 'lang', 'bank', 'title', 'mastery'];

class UsageError extends Error {}

function parseArgs(args) {
  const out = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    const m = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
    if (!m || !OPTIONS.includes(m[1])) throw new UsageError(`unknown argument ${JSON.stringify(arg)}`);
    const value = m[2] ?? args[++i];
    if (value === undefined) throw new UsageError(`--${m[1]}: needs a value`);
    if (m[1] in out) throw new UsageError(`--${m[1]}: given twice`);
    out[m[1]] = value;
  }
  return out;
}

async function readBank(file) {
  let text;
  try { text = await readFile(file, 'utf8'); } catch (error) { throw new UsageError(`--bank: cannot read ${file} (${error.code || error.message})`); }
  try { return JSON.parse(text); } catch (error) { throw new UsageError(`--bank: ${file} is not JSON (${error.message})`); }
}

async function quizPackage(args) {
  const a = parseArgs(args);
  if (a.help) { console.log(USAGE); return 0; }
  if (!a.out) throw new UsageError('--out: required (the zip to write)');
  const options = { format: a.format, topic: a.topic, seed: a.seed, lang: a.lang, title: a.title, mastery: a.mastery };
  if (a.count !== undefined) options.count = a.count;
  if (a.bank !== undefined) options.bank = await readBank(a.bank);
  for (const k of Object.keys(options)) if (options[k] === undefined) delete options[k];
  let result;
  try {
    result = await writeQuizPackage(options, a.out);
  } catch (error) {
    if (error.option || /^--/.test(error.message)) throw new UsageError(error.message);
    throw error;
  }
  console.log(`pe-ffn-wasm: wrote ${result.file} (${result.bytes} bytes, ${result.files.length} files, ${a.format})`);
  return 0;
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command !== 'quiz-package') {
    console.error(command && command !== '--help' ? `pe-ffn-wasm: unknown command ${JSON.stringify(command)}\n${USAGE}` : USAGE);
    return command && command !== '--help' ? 2 : 0;
  }
  try {
    return await quizPackage(rest);
  } catch (error) {
    console.error(`pe-ffn-wasm quiz-package: ${error.message}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

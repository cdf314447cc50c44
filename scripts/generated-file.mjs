// The one convention of every script that makes a committed file from another (the generators listed in
// scripts/generate.mjs):
//
//   node scripts/<generator>.mjs           writes its files, each only when its content changes (so
//                                          that what is built from it is not rebuilt for nothing)
//   node scripts/<generator>.mjs --check   writes nothing; exits 1 naming each stale file and the
//                                          command that brings it up to date
//
// A generator exports `outputs()` -> [{ file, content, note? }] (paths relative to the repository,
// content a string or bytes, a note printed when the file is written); a table
// inside a hand-written page is the page with its part between <!-- name --> and <!-- /name -->
// replaced (`withSection`).
//
// API:
//   withSection(text, name, body) -> text with the body between the markers replaced
//   section(text, name)           -> the body between the markers (throws when they are missing)
//   staleOutputs(outputs)         -> the outputs whose file differs from their content
//   writeOutputs(outputs)         -> the files written (those that changed)
//   applyOutputs(outputs, { check, command }) -> how many were stale (written, or named when checking)
//   runGenerator(moduleUrl, outputs, argv)  the command line above, when moduleUrl is the script run
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

const markers = (name) => [`<!-- ${name} -->`, `<!-- /${name} -->`];

/** [start of the opening marker, end of the closing one] */
function sectionBounds(text, name, file = 'the page') {
  const [open, close] = markers(name);
  const start = text.indexOf(open);
  const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
  if (start < 0 || end < 0) throw new Error(`${file} has no ${open} … ${close} markers around its ${name}`);
  return [start, end + close.length];
}

export function section(text, name, file) {
  const [start, end] = sectionBounds(text, name, file);
  const [open, close] = markers(name);
  return text.slice(start + open.length, end - close.length).replace(/^\n/, '').replace(/\n$/, '');
}

export function withSection(text, name, body, file) {
  const [start, end] = sectionBounds(text, name, file);
  const [open, close] = markers(name);
  return `${text.slice(0, start)}${open}\n${body}\n${close}${text.slice(end)}`;
}

/** The repository file's text, or null when it does not exist. */
export function readRepoFile(file) {
  const path = join(root, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** The outputs whose file is missing or holds other bytes (content: a string or bytes). */
export function staleOutputs(outputs) {
  return outputs.filter(({ file, content }) => {
    const path = join(root, file);
    return !existsSync(path) || !readFileSync(path).equals(Buffer.from(content));
  });
}

export function writeOutputs(outputs) {
  const stale = staleOutputs(outputs);
  for (const { file, content } of stale) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  return stale.map(({ file }) => file);
}

/** Writes the outputs that changed or, with `check`, names each stale one; returns how many were stale. */
export function applyOutputs(outputs, { check, command }) {
  if (!check) {
    const written = new Set(writeOutputs(outputs));
    for (const { file, note } of outputs) if (written.has(file)) console.log(`${command}: wrote ${file}${note ? ` (${note})` : ''}`);
    return 0;
  }
  const stale = staleOutputs(outputs);
  for (const { file } of stale) console.error(`${file} is not what ${command} makes from its sources: run ${command}`);
  return stale.length;
}

export async function runGenerator(moduleUrl, outputs, argv = process.argv) {
  const script = fileURLToPath(moduleUrl);
  if (!argv[1] || script !== argv[1]) return;
  const stale = applyOutputs(await outputs(), { check: argv.includes('--check'), command: `node ${relative(root, script)}` });
  process.exitCode = stale ? 1 : 0;
}

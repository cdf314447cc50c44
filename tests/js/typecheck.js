// Compiles TypeScript files that use the package's declarations, once per module resolution (NodeNext
// and Bundler), under --strict: the types tests' one way to run tsc.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

/** Writes `files` ({ name: source }) into build/<folder> and compiles them: one spawnSync result per resolution. */
export function compile(folder, files) {
  const dir = join(root, 'build', folder);
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  const common = ['--strict', '--noEmit', '--target', 'es2022', '--lib', 'es2022,dom', '--skipLibCheck', ...Object.keys(files)];
  return ['nodenext', 'bundler'].map((resolution) => spawnSync(process.execPath,
    [tsc, '--module', resolution === 'bundler' ? 'esnext' : 'nodenext', '--moduleResolution', resolution, ...common],
    { cwd: dir, encoding: 'utf8' }));
}

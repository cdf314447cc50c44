// Runs the PyTorch float64 oracle (tests/python/torch_transformer.py) with Debian's /usr/bin/python3
// and python3-torch (scripts/setup.sh installs both): one process for a list of cases, since importing
// torch takes a second or more.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../python/torch_transformer.py', import.meta.url));
const PYTHON = '/usr/bin/python3';

/** Each case's result (see the script's docstring); arrays become plain Arrays of doubles. */
export function runTorch(cases) {
  const plain = (v) => (ArrayBuffer.isView(v) ? Array.from(v) : v);
  const input = JSON.stringify(cases, (key, value) => plain(value));
  const run = spawnSync(PYTHON, [SCRIPT], { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`${PYTHON} ${SCRIPT} failed (python3-torch installed? scripts/setup.sh installs it):\n${run.stderr || run.error}`);
  return JSON.parse(run.stdout);
}

// The PyTorch peer of the training bench as a child process (torch_train_peer.py): the module's model
// file and batch are handed over as files, then the child answers one JSON command at a time, so its
// rounds interleave with the module's in the same bench run. PyTorch runs on one thread (or `threads`), on whatever
// BLAS libblas.so.3 is; `env` may change OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE for this child only
// (the machine's settings stay as they are for everything else), and `info` says what ran.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./torch_train_peer.py', import.meta.url));

/** Whether Debian's PyTorch can be imported here (else the reason). */
export function torchAvailable() {
  const r = spawnSync(PYTHON, ['-c', 'import torch'], { encoding: 'utf8' });
  return r.status === 0 ? { ok: true } : { ok: false, note: `PyTorch not available for ${PYTHON} (${(r.stderr || String(r.error)).trim().split('\n').pop()}); scripts/setup.sh installs python3-torch` };
}

/**
 * The PyTorch setups the bench times, the fastest correct one being the peer (TOOLCHAIN.md: OpenBLAS
 * 0.3.21 does not recognise these virtual CPUs and falls back to its SSE3 kernel, Prescott):
 *   machine  the environment as it is;
 *   unset    OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE removed (OpenBLAS's own detection);
 *   forced   the CPU's best kernel: SkylakeX where /proc/cpuinfo lists avx512f, Haswell where avx2.
 * -> [{ name, env, what }]; no `forced` on a CPU with neither.
 */
export function torchSetups(cpuinfo = readCpuinfo()) {
  const flags = new Set((cpuinfo.match(/^flags\s*:(.*)$/m)?.[1] ?? '').trim().split(/\s+/));
  const best = flags.has('avx512f') ? 'SkylakeX' : flags.has('avx2') ? 'Haswell' : null;
  const setups = [
    { name: 'machine', env: {}, what: 'machine settings' },
    { name: 'unset', env: { OPENBLAS_CORETYPE: undefined, OPENBLAS_L2_SIZE: undefined }, what: 'OPENBLAS_CORETYPE, _L2_SIZE unset' },
  ];
  if (best) setups.push({ name: 'forced', env: { OPENBLAS_CORETYPE: best, OPENBLAS_L2_SIZE: undefined }, what: `OPENBLAS_CORETYPE=${best} forced (${best === 'SkylakeX' ? 'avx512f' : 'avx2'} in /proc/cpuinfo)` });
  return setups;
}

function readCpuinfo() {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return '';
  }
}

/**
 * A running peer: `await peer.ask({ cmd: 'time', n: 5 })` -> the child's JSON answer. modelBytes: what
 * model.save() wrote; tokens, targets: Int32Arrays of batch * T; env: changes to the environment
 * (a value undefined removes the variable).
 */
export function startTorchPeer({ modelBytes, tokens, targets, batch, env = {}, threads = 1 }) {
  const dir = mkdtempSync(join(tmpdir(), 'pe-ffn-torch-'));
  writeFileSync(join(dir, 'model.safetensors'), modelBytes);
  const ints = new Int32Array(tokens.length * 2);
  ints.set(tokens);
  ints.set(targets, tokens.length);
  writeFileSync(join(dir, 'batch.bin'), new Uint8Array(ints.buffer));
  // One thread everywhere (or `threads`): torch.set_num_threads in the script, and OpenBLAS's own pool too.
  const childEnv = { ...process.env, OPENBLAS_NUM_THREADS: String(threads), OMP_NUM_THREADS: String(threads) };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = v;
  }
  const child = spawn(PYTHON, [SCRIPT, join(dir, 'model.safetensors'), join(dir, 'batch.bin'), String(batch), String(threads)], { env: childEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let buffered = '', stderr = '';
  const waiting = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      waiting.shift()?.resolve(JSON.parse(line));
    }
  });
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  child.on('exit', (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`torch peer exited (${code}): ${stderr.trim().split('\n').slice(-3).join(' / ')}`));
  });
  return {
    ask(command) {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${JSON.stringify(command)}\n`);
      });
    },
    close() {
      child.stdin.end();
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

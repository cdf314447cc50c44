// The PyTorch script offered beside a saved model (src/js/pytorch-script.js), run as downloaded with
// Debian's /usr/bin/python3 and python3-torch on a safetensors file written by writeSafetensors with
// the reference's seeded parameters: its logits equal the double-precision reference (float64 mode to
// rounding, float32 mode within the contract's 1e-4 (1 + M)) for every position scheme, both norms,
// causal or not, each activation; on model.save()'s file after training it gives the module's logits;
// a file of another model is refused; bad options name the parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCore, pkg } from './target.js';
import { writeSafetensors } from '../../src/js/safetensors.js';
import { FILE_OPTIONS } from '../../src/js/model-options.js';
import { parameterShapesRef, resolveConfigRef, transformerForwardRef } from '../reference/transformer-reference.js';
import { perturbedParams, relativeMaxDiff } from '../reference/transformer-cases.js';
import { POSITIONS } from '../../src/js/abi.js';

const { pytorchScript } = pkg;
const PYTHON = '/usr/bin/python3';

/**
 * The model file of these parameters, as model.save() writes it: contract order, options as strings;
 * `edit(metadata)` may change them.
 */
function modelFile(config, params, edit = () => {}) {
  const c = resolveConfigRef(config);
  const metadata = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, String(v)]));
  edit(metadata);
  return writeSafetensors(parameterShapesRef(c).map(([name, shape]) => ({ name, shape, data: params[name] })), metadata);
}

/**
 * Runs each job's script on its file; returns [{ status, stdout, stderr, logits }]. One job runs as
 * downloaded (`python3 model.py model.safetensors ...`); several run in one Python process that
 * executes each script file as __main__ with its command line (runpy), since importing torch takes
 * seconds: the same code, the same arguments, one import.
 */
function runScripts(jobs) {
  const dir = mkdtempSync(join(tmpdir(), 'pytorch-script-'));
  try {
    const runs = jobs.map(({ config, file, tokens, flags = [] }, i) => {
      writeFileSync(join(dir, `model${i}.py`), pytorchScript(config));
      writeFileSync(join(dir, `model${i}.safetensors`), file);
      return { script: `model${i}.py`, argv: [`model${i}.safetensors`, ...tokens.map(String), ...flags, '--json', `out${i}.json`] };
    });
    const logitsOf = (i) => JSON.parse(readFileSync(join(dir, `out${i}.json`), 'utf8'));
    if (runs.length === 1) {
      const run = spawnSync(PYTHON, [runs[0].script, ...runs[0].argv], { cwd: dir, encoding: 'utf8' });
      return [{ ...run, logits: run.status === 0 ? logitsOf(0) : null }];
    }
    const driver = `
import contextlib, io, json, runpy, sys, traceback
results = []
for run in json.load(sys.stdin):
    sys.argv, out, err, status = [run["script"], *run["argv"]], io.StringIO(), io.StringIO(), 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_path(run["script"], run_name="__main__")
    except BaseException:
        status, _ = 1, err.write(traceback.format_exc())
    results.append({"status": status, "stdout": out.getvalue(), "stderr": err.getvalue()})
print(json.dumps(results))
`;
    const run = spawnSync(PYTHON, ['-c', driver], { cwd: dir, encoding: 'utf8', input: JSON.stringify(runs) });
    assert.equal(run.status, 0, run.stderr);
    return JSON.parse(run.stdout).map((r, i) => ({ ...r, logits: r.status === 0 ? logitsOf(i) : null }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// One configuration per position scheme of pf_abi.h (a new scheme takes the shape of the list's start).
const SHAPES = [
  { vocab: 10, dModel: 8, heads: 2, dFF: 16, layers: 2, seed: 1 },
  { vocab: 9, dModel: 8, heads: 4, dFF: 12, layers: 1, maxLength: 12, norm: 'pre', causal: true, activation: 'gelu', seed: 2 },
  { vocab: 12, dModel: 12, heads: 2, dFF: 20, layers: 2, activation: 'gelu_tanh', eps: 1e-6, seed: 3 },
  { vocab: 7, dModel: 8, heads: 4, dFF: 8, layers: 3, norm: 'pre', causal: true, activation: 'silu', seed: 4 },
  { vocab: 6, dModel: 5, heads: 1, dFF: 7, layers: 1, seed: 5 },
];
const configs = POSITIONS.map((position, i) => ({ ...SHAPES[i % SHAPES.length], position, seed: i + 1 }));

const lab = { vocab: 16, dModel: 64, heads: 4, dFF: 256, layers: 2, position: 'sinusoidal', seed: 7 };
const other = { ...configs[0], heads: 4 };
const jobs = [
  ...configs.map((config) => ({ config, tokens: Array.from({ length: 9 }, (_, i) => (i * 5 + config.seed) % config.vocab), flags: ['--double'] })),
  { config: lab, tokens: [5, 3, 9, 2, 0, 1, 1, 1, 1] }, // float32, the default
].map((job) => ({ ...job, params: perturbedParams(job.config) }));
/** For each option a model file must state, another valid value than configs[0]'s. */
const OTHER = {
  vocab: '11', dModel: '16', heads: '4', dFF: '17', layers: '3', maxLength: '64', position: 'rope', causal: 'true', norm: 'pre',
  activation: 'gelu', eps: '0.000001',
};
/** configs[0]'s file with one option missing, then with one option changed, for each option. */
const edited = Object.entries(OTHER).flatMap(([key, value]) => [
  { key, missing: true, edit: (m) => delete m[key] },
  { key, value, edit: (m) => { m[key] = value; } },
]);
const runs = runScripts([
  ...jobs.map(({ config, params, tokens, flags }) => ({ config, file: modelFile(config, params), tokens, flags })),
  { config: configs[0], file: modelFile(other, perturbedParams(other)), tokens: [1, 2] }, // a file of another model
  ...edited.map(({ edit }) => ({ config: configs[0], file: modelFile(configs[0], jobs[0].params, edit), tokens: [1, 2] })),
  { config: configs[0], file: modelFile(configs[0], jobs[0].params, (m) => { m.eps = '1e-05'; delete m.seed; }), tokens: [1, 2] },
]);
const editedRuns = runs.slice(configs.length + 2, configs.length + 2 + edited.length);

configs.forEach((config, i) => {
  test(`the script's logits equal the reference: ${config.position} ${config.norm ?? 'post'}${config.causal ? ' causal' : ''} ${config.activation ?? 'relu'}, ${config.layers} layer(s), ${config.heads} head(s)`, () => {
    const run = runs[i], { params, tokens } = jobs[i];
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /most likely next token/);
    const d = relativeMaxDiff(run.logits, transformerForwardRef(params, config, tokens).logits);
    assert.ok(d <= 1e-12, `float64: |diff| / (1 + M) ${d}`);
    console.log(`# PyTorch script (float64) vs reference, ${config.position}: |diff| / (1 + M) ${d.toExponential(1)}`);
  });
});

test('in float32 (the default) the script is within the contract\'s 1e-4 (1 + M) of the reference', () => {
  const run = runs[configs.length], { params, tokens } = jobs[configs.length];
  assert.equal(run.status, 0, run.stderr);
  const d = relativeMaxDiff(run.logits, transformerForwardRef(params, lab, tokens).logits);
  assert.ok(d <= 1e-4, `float32: ${d}`);
  console.log(`# PyTorch script (float32) vs reference, lab size: |diff| / (1 + M) ${d.toExponential(1)}`);
});

test('the script refuses a file saved by a model of other options', () => {
  const run = runs[configs.length + 1];
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /the file's heads is 4, this script's is 2/);
});

test('the script refuses a file that lacks any option, or states another value of it, one at a time', () => {
  assert.deepEqual(Object.keys(OTHER).sort(), [...FILE_OPTIONS].sort(), 'every option a file must state has a case');
  edited.forEach(({ key, missing, value }, i) => {
    const run = editedRuns[i];
    assert.notEqual(run.status, 0, `${key} ${missing ? 'missing' : value}: the script ran`);
    const expected = missing ? `the file's metadata has no ${key}` : `the file's ${key} is ${value}, this script's is ${String(resolveConfigRef(configs[0])[key])}`;
    assert.ok(run.stderr.includes(`ValueError: ${expected}`), `${key}: ${run.stderr.split('\n').slice(-2).join(' ')}`);
  });
  const same = runs[runs.length - 1];
  assert.equal(same.status, 0, `eps written as Python writes it (1e-05) and no seed: ${same.stderr}`);
});

test('on a file that model.save() wrote after training, the script gives the module\'s logits', async () => {
  const core = await loadCore();
  const model = core.createTransformer({ vocab: 12, dModel: 32, heads: 4, dFF: 48, layers: 2, position: 'learned', maxLength: 20, norm: 'pre', causal: true, activation: 'silu', seed: 9 });
  try {
    const trainer = model.createTrainer({ lr: 0.01 });
    const task = pkg.createTask('sort', { vocab: 12, length: 6, seed: 2 });
    for (let s = 0; s < 5; s++) {
      const b = task.batch(8);
      trainer.step(b.tokens, b.targets, { batch: 8 });
    }
    const tokens = Array.from(task.testSet(6, 1).tokens);
    const [run] = runScripts([{ config: model.config, file: model.save(), tokens, flags: ['--double'] }]); // as downloaded
    assert.equal(run.status, 0, run.stderr);
    const d = relativeMaxDiff(model.forward(tokens), run.logits);
    assert.ok(d <= 1e-4, `${d}`);
    console.log(`# PyTorch script (float64) on model.save() vs the module: |diff| / (1 + M) ${d.toExponential(1)}`);
  } finally {
    model.dispose();
  }
});

test('bad options name the parameter', () => {
  assert.throws(() => pytorchScript(), { name: 'TypeError', message: /vocab is required/ });
  assert.throws(() => pytorchScript({ vocab: 8 }), { name: 'TypeError', message: /dModel is required/ });
  assert.throws(() => pytorchScript({ vocab: 1, dModel: 8 }), { name: 'RangeError', message: /vocab/ });
  assert.throws(() => pytorchScript({ vocab: 8, dModel: 8, heads: 3 }), { name: 'RangeError', message: /heads must divide/ });
  assert.throws(() => pytorchScript({ vocab: 8, dModel: 6, heads: 2, position: 'rope' }), { name: 'RangeError', message: /heads/ });
  assert.throws(() => pytorchScript({ vocab: 8, dModel: 8, position: 'absolute' }), { name: 'RangeError', message: /position/ });
  assert.throws(() => pytorchScript({ vocab: 8, dModel: 8, causal: 'yes' }), { name: 'TypeError', message: /causal/ });
  assert.throws(() => pytorchScript({ vocab: 8, dModel: 8, eps: 0 }), { name: 'RangeError', message: /eps/ });
  assert.match(pytorchScript({ vocab: 8, dModel: 8, seed: 3 }), /VOCAB, D_MODEL, HEADS, D_FF, LAYERS, MAX_LENGTH = 8, 8, 1, 32, 1, 512/);
});

// The independent cross-check of issue 16: the NumPy script that <block-flow> offers for download
// (src/elements/block/numpy-script.js), written from the seed and the sentence's embedding + PE, runs
// as downloaded with Debian's /usr/bin/python3 (python3-numpy, installed by scripts/setup.sh) and
// every array it prints and saves matches the module's trace within the contract's 1e-4 (1 + M).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCore } from './target.js';
import { maxAbs, maxAbsDiff, uniformArray } from '../reference/reference.js';
import { blockNumpyScript } from '../../src/elements/block/numpy-script.js';

const core = await loadCore();
const PYTHON = '/usr/bin/python3';
const ARRAYS = ['q', 'k', 'v', 'scores', 'weights', 'attention', 'h1', 'hidden', 'ffn', 'output'];

const cases = [ // dModel, heads, dFF, the sentence, options
  [8, 2, 32, ['나는', '학교에', '간다', '.', '<eos>'], { seed: 42 }],
  [16, 4, 64, ['The', 'cat', 'sat', 'on', 'the', 'mat', 'and', 'then', 'slept', '.'], { seed: 7, norm: 'pre', causal: true, activation: 'gelu' }],
  [12, 3, 24, ['a', 'b', 'c', 'd', 'e', 'f', 'g'], { seed: 4294967295, causal: true, activation: 'silu', eps: 1e-6 }],
  [64, 8, 256, Array.from({ length: 16 }, (_, i) => `w${i}`), { seed: 0, activation: 'gelu_tanh' }],
];

for (const [dModel, heads, dFF, words, options] of cases) {
  test(`NumPy script as downloaded: d=${dModel} heads=${heads} dFF=${dFF} ${words.length} tokens ${JSON.stringify(options)}`, () => {
    const T = words.length;
    const x = uniformArray(T * dModel, dModel + T, 0.5); // an embedding of the sentence ...
    core.addPositionalEncoding(x, T, dModel); // ... plus PE
    const block = core.createEncoderBlock({ dModel, heads, dFF, ...options });
    const { output, trace } = block.forward(x, { trace: true });
    block.dispose();

    const dir = mkdtempSync(join(tmpdir(), 'block-numpy-'));
    try {
      writeFileSync(join(dir, 'block.py'), blockNumpyScript({ dModel, heads, dFF, ...options, x, tokens: words }));
      const run = spawnSync(PYTHON, ['block.py', '--json', 'out.json'], { cwd: dir, encoding: 'utf8' });
      assert.equal(run.status, 0, `${PYTHON} block.py failed:\n${run.stderr}`);
      assert.match(run.stdout, /weights \(\d+, \d+, \d+\):/);
      assert.ok(existsSync(join(dir, 'block_trace.npz')), 'saves block_trace.npz');
      const numpy = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8'));
      const diffs = [];
      for (const name of ARRAYS) {
        const ours = name === 'output' ? output : trace[name], theirs = numpy[name];
        assert.equal(theirs.length, ours.length, `${name} length`);
        const d = maxAbsDiff(ours, theirs), m = maxAbs(theirs);
        assert.ok(d <= 1e-4 * (1 + m), `${name}: max |diff| ${d}, M ${m}`);
        diffs.push(`${name} ${(d / (1 + m)).toExponential(1)}`);
      }
      console.log(`NumPy vs module, d=${dModel}: |diff| / (1 + M) ${diffs.join(', ')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('the script refuses what it cannot describe, naming the parameter', () => {
  const x = new Float32Array(8);
  assert.throws(() => blockNumpyScript({ dModel: 8, heads: 3, dFF: 8, x }), /heads/);
  assert.throws(() => blockNumpyScript({ dModel: 8, heads: 2, dFF: 8, x: [1, 2] }), TypeError);
  assert.throws(() => blockNumpyScript({ dModel: 8, heads: 2, dFF: 8, x: new Float32Array(7) }), /x must/);
  assert.throws(() => blockNumpyScript({ dModel: 8, heads: 2, dFF: 8, x, norm: 'middle' }), /norm/);
  assert.throws(() => blockNumpyScript({ dModel: 8, heads: 2, dFF: 8, x, seed: -1 }), /seed/);
  assert.throws(() => blockNumpyScript(null), TypeError);
});

// What loadTransformer accepts of a model file (issue 34 items 4 and 8): every option model.save()
// writes must be in __metadata__ (the seed excepted), each one missing alone is an Error naming it;
// each one changed alone to another valid value loads the model the file states or is refused for its
// shapes, never a silent default; weights that are NaN or infinite are refused, naming the parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { readSafetensors, tensorValues, writeSafetensors } from '../../src/js/safetensors.js';
import { FILE_OPTIONS, MODEL_OPTIONS } from '../../src/js/model-options.js';

const core = await loadCore();
const base = { vocab: 10, dModel: 8, heads: 2, dFF: 16, layers: 2, maxLength: 12, position: 'sinusoidal', causal: false, norm: 'post', activation: 'relu', eps: 1e-5, seed: 3 };
/** For each option, another valid value (and whether the parameters' shapes change with it). */
const OTHER = {
  vocab: ['11', true], dModel: ['16', true], heads: ['4', false], dFF: ['17', true], layers: ['3', true], maxLength: ['64', false],
  position: ['rope', false], causal: ['true', false], norm: ['pre', true], activation: ['gelu', false], eps: ['0.000001', false],
};

const model = core.createTransformer(base);
const saved = model.save();
const file = readSafetensors(saved);
const values = new Map(file.tensors.map((t) => [t.name, { name: t.name, shape: t.shape, data: tensorValues(saved, t) }]));

/** The saved file rewritten: metadata edited by `meta(metadata)`, tensors by `data(name, values)`. */
function rewrite(meta = () => {}, data = () => {}) {
  const metadata = { ...file.metadata };
  meta(metadata);
  const tensors = [...values.values()].map((t) => {
    const copy = t.data.slice();
    data(t.name, copy);
    return { ...t, data: copy };
  });
  return writeSafetensors(tensors, metadata);
}

const loadError = (bytes) => {
  try {
    core.loadTransformer(bytes).dispose();
  } catch (error) {
    return error;
  }
  return null;
};

test('the options list: save() writes every option, every one but the seed is required', () => {
  assert.deepEqual(Object.keys(file.metadata).sort(), [...MODEL_OPTIONS].sort());
  assert.deepEqual([...FILE_OPTIONS].sort(), Object.keys(OTHER).sort(), 'every required option has a case in this test');
  assert.deepEqual(FILE_OPTIONS, MODEL_OPTIONS.filter((k) => k !== 'seed'));
});

for (const key of MODEL_OPTIONS) {
  test(`a file without ${key} ${key === 'seed' ? 'loads (the seed does not shape the model)' : 'is refused with an Error naming it'}`, () => {
    const error = loadError(rewrite((m) => delete m[key]));
    if (key === 'seed') {
      assert.equal(error, null);
      return;
    }
    assert.ok(error, `a file without ${key} was loaded`);
    assert.equal(error.constructor, Error);
    assert.match(error.message, new RegExp(`^loadTransformer: the metadata has no ${key}:`));
  });
}

for (const [key, [value, reshapes]] of Object.entries(OTHER)) {
  test(`a file whose ${key} is ${value} ${reshapes ? 'is refused for its shapes' : 'loads as the model it states'}; "nonsense" as ${key} is refused`, () => {
    const bytes = rewrite((m) => { m[key] = value; });
    if (reshapes) {
      assert.match(loadError(bytes)?.message ?? 'loaded', /^loadTransformer: .*(shape|has no|not a parameter)/);
    } else {
      const loaded = core.loadTransformer(bytes);
      try {
        assert.equal(String(loaded.config[key]), value, `${key} as the file states it`);
        for (const other of FILE_OPTIONS) if (other !== key) assert.equal(loaded.config[other], model.config[other], other);
        assert.ok(loaded.getParameter('layers.0.wq').every((v, i) => Object.is(v, model.getParameter('layers.0.wq')[i])));
      } finally {
        loaded.dispose();
      }
    }
    const error = loadError(rewrite((m) => { m[key] = 'nonsense'; }));
    assert.ok(error && new RegExp(`\\b${key}\\b`).test(error.message), `${key} "nonsense": ${error?.message}`);
  });
}

test('weights that are NaN or infinite are refused, naming the parameter and the index', () => {
  for (const [name, index, bad] of [['embedding', 0, NaN], ['layers.1.w2', 37, Infinity], ['output.b', 9, -Infinity]]) {
    const error = loadError(rewrite(undefined, (n, data) => { if (n === name) data[index] = bad; }));
    assert.ok(error, `${name}[${index}] = ${bad} was loaded`);
    assert.equal(error.message, `loadTransformer: ${name} holds ${bad} at index ${index}, not a finite number (saved from a training that diverged?)`);
  }
  const largest = rewrite(undefined, (n, data) => { if (n === 'embedding') data[0] = 3.4028234663852886e38; });
  assert.equal(loadError(largest), null, 'the largest float32 is finite');
});

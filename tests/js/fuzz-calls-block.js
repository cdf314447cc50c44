// The layerNorm and encoder-block calls of the API fuzz (fuzz.test.js). An accepted call must give,
// bit for bit, what a fresh instance (ctx.oracle) gives for plain copies of the same arguments.
import assert from 'node:assert/strict';
import { uniformArray } from '../reference/reference.js';
import { effectsFor, named, optionsArg } from './fuzz-options.js';
import { booleanArg, choiceArg, floatsArg, integerArg, makeRandom } from './fuzz-values.js';

const ACTIVATIONS = ['relu', 'gelu', 'gelu_tanh', 'silu'];
const NORMS = ['post', 'pre'];
const MATRICES = ['wq', 'wk', 'wv', 'wo', 'w1', 'w2'];
const VECTORS = ['bq', 'bk', 'bv', 'bo', 'b1', 'b2', 'gamma1', 'beta1', 'gamma2', 'beta2'];

/** eps: a finite number > 0. */
function epsArg(r) {
  if (r.chance(0.8)) return { value: r.pick([1e-5, 1e-12, 0.5, 3]), expect: [] };
  if (r.chance(0.3)) return { value: r.pick(['1e-5', null, {}]), expect: [[TypeError, 'eps']] };
  return { value: r.pick([0, -1e-5, NaN, Infinity]), expect: [[RangeError, 'eps']] };
}

/** An array argument of a valid type must hold n values; a length that does not match is a RangeError naming it. */
function mustHold(arg, n) {
  if (arg?.read && arg.expect.length === 0 && arg.read().length !== n) arg.expect.push([RangeError, arg.name]);
}

/** Plain copies of the given options (what a careful caller would have passed). */
function plainOptions(options, entries, keys) {
  const plain = {};
  for (const key of keys) {
    const arg = entries[key];
    if (arg && options.entryArgs.includes(arg)) plain[key] = arg.read ? arg.read() : arg.value;
  }
  return plain;
}

function layerNormCall(r, ctx) {
  const { core, oracle } = ctx;
  const dModel = named(integerArg(r, 'dModel', 1, 65536, 6), 'dModel');
  const d = Number.isInteger(dModel.value) && dModel.value >= 1 && dModel.value <= 64 ? dModel.value : 3;
  const rows = r.int(4);
  const x = named(floatsArg(r, ctx, 'x', rows * d), 'x');
  if (x.wrongLength && dModel.expect.length === 0 && x.read().length % dModel.value === 0) x.expect = []; // whole rows after all
  const xLength = x.read && x.expect.length === 0 ? x.read().length : rows * d;
  if (x.read && x.expect.length === 0 && dModel.expect.length === 0 && xLength % dModel.value !== 0) x.expect.push([RangeError, 'x']);
  const gamma = r.chance(0.4) ? named(floatsArg(r, ctx, 'gamma', d), 'gamma') : undefined;
  const beta = r.chance(0.4) ? named(floatsArg(r, ctx, 'beta', d), 'beta') : undefined;
  const dm = dModel.expect.length === 0 ? dModel.value : d;
  mustHold(gamma, dm);
  mustHold(beta, dm);
  const sameAsX = r.chance(0.1) && x.tensor && xLength > 0;
  const out = r.chance(0.4) ? named(sameAsX ? { value: x.value, expect: [[RangeError, 'out']] } : floatsArg(r, ctx, 'out', xLength), 'out') : undefined;
  const entries = { gamma, beta, eps: r.chance(0.5) ? epsArg(r) : undefined, out };
  const effects = effectsFor(r, ctx, [x, gamma, beta, out].filter(Boolean), null);
  const options = r.chance(0.15) ? { value: undefined, expect: [], reads: {}, entryArgs: [] } : optionsArg(r, ctx, entries, effects);
  effects.planned.forEach((e) => e.apply());
  const xBefore = x.read?.();
  return {
    label: 'layerNorm',
    args: [dModel, x, options, ...options.entryArgs],
    options,
    run: () => core.layerNorm(x.value, dModel.value, options.value),
    check(result) {
      const plain = plainOptions(options, entries, ['gamma', 'beta', 'eps']);
      const expected = oracle.layerNorm(xBefore, dModel.value, plain);
      if (options.entryArgs.includes(out)) {
        assert.equal(result, out.value);
        assert.deepEqual(out.read(), expected, 'layerNorm into out');
      } else {
        assert.deepEqual(result, expected, 'layerNorm');
      }
    },
  };
}

/** A valid small block configuration: dModel, heads dividing it, dFF and the rest. */
function blockSpec(r) {
  const dModel = r.pick([1, 2, 4, 6, 8]);
  const divisors = [1, 2, 3, 4, 6, 8].filter((h) => dModel % h === 0 && h <= dModel);
  return {
    dModel, heads: r.pick(divisors), dFF: 1 + r.int(6), activation: r.pick(ACTIVATIONS), norm: r.pick(NORMS),
    causal: r.chance(0.5), eps: r.pick([1e-5, 1e-3]), seed: r.int(1000),
  };
}

function blockCreateCall(r, ctx) {
  const { core, oracle } = ctx;
  const spec = blockSpec(r);
  const dModel = named(r.chance(0.85) ? { value: spec.dModel, expect: [] } : integerArg(r, 'dModel', 1, 4096, 8), 'dModel');
  const d = dModel.expect.length === 0 && dModel.value <= 8 ? dModel.value : spec.dModel;
  const headsRefused = r.chance(0.1);
  const heads = named(headsRefused ? { value: r.pick([0, d + 1, 1.5, '2']), expect: [] } : { value: d % spec.heads === 0 ? spec.heads : 1, expect: [] }, 'heads');
  if (headsRefused) heads.expect.push([typeof heads.value === 'string' ? TypeError : RangeError, 'heads']);
  if (dModel.expect.length === 0 && !headsRefused && dModel.value % heads.value !== 0) heads.expect.push([RangeError, 'heads']);
  const dFF = named(r.chance(0.9) ? { value: spec.dFF, expect: [] } : integerArg(r, 'dFF', 1, 65536, 6), 'dFF');
  const f = dFF.expect.length === 0 && dFF.value <= 8 ? dFF.value : spec.dFF;
  if (dModel.expect.length === 0 && dFF.expect.length === 0 && (dModel.value > 8 || dFF.value > 8)) return null; // a real block that size is no fuzz step
  const entries = {
    dModel, heads, dFF,
    activation: r.chance(0.5) ? choiceArg(r, 'activation', ACTIVATIONS) : undefined,
    norm: r.chance(0.5) ? choiceArg(r, 'norm', NORMS) : undefined,
    causal: r.chance(0.5) ? booleanArg(r, 'causal') : undefined,
    eps: r.chance(0.4) ? epsArg(r) : undefined,
    seed: r.chance(0.5) ? integerArg(r, 'seed', 0, 4294967295, 1000) : undefined,
  };
  const sizes = { wq: d * d, wk: d * d, wv: d * d, wo: d * d, w1: d * f, w2: f * d, b1: f };
  const withMatrices = r.chance(0.4);
  for (const name of MATRICES) {
    if (withMatrices ? !r.chance(0.05) : r.chance(0.02)) entries[name] = named(floatsArg(r, ctx, name, sizes[name]), name);
  }
  for (const name of VECTORS) if (r.chance(0.15)) entries[name] = named(floatsArg(r, ctx, name, sizes[name] ?? d), name);
  const given = MATRICES.filter((name) => entries[name]);
  const togetherArgs = given.length > 0 && given.length < MATRICES.length
    ? [{ expect: MATRICES.filter((name) => !entries[name]).map((name) => [TypeError, name]) }] : [];
  const arrays = [...MATRICES, ...VECTORS].map((name) => entries[name]).filter(Boolean);
  const effects = effectsFor(r, ctx, arrays, null);
  const options = optionsArg(r, ctx, entries, effects);
  effects.planned.forEach((e) => e.apply());
  const plain = () => plainOptions(options, entries, Object.keys(entries));
  const values = plain(); // the arrays' values before the call (a getter may free their tensors)
  return {
    label: 'createEncoderBlock',
    args: [options, ...togetherArgs, ...options.entryArgs],
    options,
    run: () => core.createEncoderBlock(options.value),
    check(block) {
      ctx.layers.push(block);
      const twin = oracle.createEncoderBlock(values);
      try {
        const x = uniformArray(3 * block.dModel, 9);
        assert.deepEqual(block.forward(x, { trace: true }), twin.forward(x, { trace: true }), 'a created block');
      } finally {
        twin.dispose();
      }
    },
  };
}

function blockForwardCall(r, ctx) {
  const { core } = ctx;
  ctx.blocks ??= [0, 1].map((i) => ({ spec: blockSpec(makeRandom(100 + i)), block: null, twin: null })); // the same in every pass
  const entry = r.pick(ctx.blocks);
  if (entry.block === null) {
    entry.block = core.createEncoderBlock(entry.spec);
    entry.twin ??= ctx.oracle.createEncoderBlock(entry.spec);
  }
  const { block, twin, spec } = entry;
  const tokens = r.int(4);
  const x = named(floatsArg(r, ctx, 'x', tokens * spec.dModel), 'x');
  if (x.wrongLength && x.read().length % spec.dModel === 0) x.expect = []; // a whole number of tokens after all
  const xLength = x.read && x.expect.length === 0 ? x.read().length : tokens * spec.dModel;
  const sameAsX = r.chance(0.1) && x.tensor && xLength > 0;
  const out = r.chance(0.4) ? named(sameAsX ? { value: x.value, expect: [[RangeError, 'out']] } : floatsArg(r, ctx, 'out', xLength), 'out') : undefined;
  const trace = r.chance(0.4) ? named(booleanArg(r, 'trace'), 'trace') : undefined;
  const args = [x, ...(out ? [out] : [])]; // a disposing getter adds its expectation here
  const effects = effectsFor(r, ctx, args, { get layer() { return block; }, set layer(v) { entry.block = v; } });
  const options = r.chance(0.2) ? { value: undefined, expect: [], reads: {}, entryArgs: [] } : optionsArg(r, ctx, { out, trace }, effects);
  effects.planned.forEach((e) => e.apply());
  if (out) args.splice(args.indexOf(out), 1); // out counts where the options pass it (entryArgs)
  const xBefore = x.read?.();
  return {
    label: 'block.forward',
    args: [...args, options, ...options.entryArgs],
    options,
    run: () => block.forward(x.value, options.value),
    check(result) {
      const wantTrace = options.entryArgs.includes(trace) && trace.value;
      const expected = twin.forward(xBefore, wantTrace ? { trace: true } : undefined);
      const output = wantTrace ? result.output : result;
      if (options.entryArgs.includes(out)) {
        assert.equal(output, out.value);
        assert.deepEqual(out.read(), wantTrace ? expected.output : expected, 'block forward into out');
      } else {
        assert.deepEqual(output, wantTrace ? expected.output : expected, 'block forward');
      }
      if (wantTrace) assert.deepEqual(result.trace, expected.trace, 'block trace');
    },
  };
}

/** Call makers by kind (see fuzz-calls.js). */
export const blockCalls = { layerNorm: layerNormCall, createBlock: blockCreateCall, blockForward: blockForwardCall };

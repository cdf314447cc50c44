// The calls of the API fuzz for positional encoding, the FFN and tensors: each maker draws one call
// as { label, args, options, run, check(result) }: `args` carry what the call may answer (see
// fuzz-values.js), `check` tests an accepted call against the double-precision reference.
import assert from 'node:assert/strict';
import { ffnRef, maxAbs, maxAbsDiff, peRef, peTableRef, seededWeightsRef, uniformArray } from '../reference/reference.js';
import { effectsFor, named, optionsArg } from './fuzz-options.js';
import { baseArg, booleanArg, choiceArg, floatsArg, integerArg, offsetArg } from './fuzz-values.js';

const ACTIVATIONS = ['relu', 'gelu', 'gelu_tanh', 'silu'];
const LAYOUTS = ['interleaved', 'concat'];
// The contract's bounds hold for positions below 1,000,000. Beyond, an angle of p radians is only
// known to about p * 1e-16 in double precision (by the reference too): allow that much more.
const angleSlack = (position) => (position < 1e6 ? 0 : position * 1e-15);

/** positionalEncoding (kind 'pe') or addPositionalEncoding ('add'), with its table checked. */
function tableCall(kind, r, ctx) {
  const { core } = ctx;
  const length = named(integerArg(r, 'length', 0, 16777216, 6), 'length');
  const dModel = named(integerArg(r, 'dModel', 1, 65536, 9), 'dModel');
  const small = (v, fallback) => (Number.isInteger(v) && v >= 0 && v <= 64 ? v : fallback);
  const n = small(length.value, 3) * small(dModel.value, 4);
  const arr = named(floatsArg(r, ctx, kind === 'pe' ? 'out' : 'x', n), kind === 'pe' ? 'out' : 'x');
  const base = baseArg(r), offset = offsetArg(r, length.value), layout = choiceArg(r, 'layout', LAYOUTS);
  if (length.expect.length + dModel.expect.length === 0 && length.value * dModel.value > 256) {
    length.expect.push([RangeError, 'length'], [RangeError, 'dModel'], [RangeError, 'offset']); // too large to check: any of these
  }
  const entries = { base, offset, layout, out: kind === 'pe' && r.chance(0.6) ? arr : undefined };
  const args = [length, dModel, ...(kind === 'add' || entries.out ? [arr] : [])];
  const effects = effectsFor(r, ctx, args, null);
  const options = r.chance(0.15) ? { value: undefined, expect: [], reads: {}, entryArgs: [] } : optionsArg(r, ctx, entries, effects);
  if (options.value === undefined && entries.out) args.pop();
  effects.planned.forEach((e) => e.apply());
  const given = (key) => (options.value === undefined || entries[key] === undefined ? undefined : entries[key].value);
  const settings = () => ({ base: given('base') ?? 10000, offset: given('offset') ?? 0, layout: given('layout') ?? 'interleaved' });
  const before = kind === 'add' && arr.read ? arr.read() : null;
  return { label: kind,
    args: [...args, options, ...options.entryArgs],
    options,
    run: () => (kind === 'pe' ? core.positionalEncoding(length.value, dModel.value, options.value) : core.addPositionalEncoding(arr.value, length.value, dModel.value, options.value)),
    check(result) {
      const ref = peTableRef(length.value, dModel.value, settings());
      if (kind === 'add') {
        assert.equal(result, arr.value);
        const after = arr.read();
        assert.ok(maxAbsDiff(after, ref.map((v, i) => before[i] + v)) <= 2e-6 + angleSlack(settings().offset + length.value), 'x + PE');
      } else {
        const values = entries.out && options.value !== undefined ? (assert.equal(result, arr.value), arr.read()) : result;
        assert.ok(maxAbsDiff(values, ref) <= 1e-6 + angleSlack(settings().offset + length.value), 'PE table');
      }
    },
  };
}

/** peValue against the double formula. */
function valueCall(r, ctx) {
  const { core } = ctx;
  const dModel = named(integerArg(r, 'dModel', 1, 65536, 12), 'dModel');
  const position = named(integerArg(r, 'position', 0, 2147483647, 999999), 'position');
  const jHi = Number.isInteger(dModel.value) && dModel.value >= 1 ? dModel.value - 1 : 3;
  const j = named(integerArg(r, 'j', 0, jHi, Math.min(jHi, 11)), 'j');
  const base = baseArg(r), layout = choiceArg(r, 'layout', LAYOUTS);
  const options = optionsArg(r, ctx, { base, layout }, effectsFor(r, ctx, [], null));
  return { label: 'value',
    args: [dModel, position, j, options, ...options.entryArgs],
    options,
    run: () => core.peValue(position.value, j.value, dModel.value, options.value),
    check(result) {
      const ref = peRef(position.value, j.value, dModel.value, { base: base.value, layout: layout.value });
      assert.ok(Math.abs(result - ref) <= 1e-9 + angleSlack(position.value), `peValue ${result} vs ${ref}`);
    },
  };
}

/** createFFN, its layer checked by a forward against the reference with the weights it was given. */
function createCall(r, ctx) {
  const { core } = ctx;
  const dModel = named(integerArg(r, 'dModel', 1, 65536, 6), 'dModel');
  const dFF = named(integerArg(r, 'dFF', 1, 65536, 8), 'dFF');
  const d = Number.isInteger(dModel.value) && dModel.value >= 1 && dModel.value <= 64 ? dModel.value : 2;
  const f = Number.isInteger(dFF.value) && dFF.value >= 1 && dFF.value <= 64 ? dFF.value : 3;
  const tooLarge = dModel.expect.length === 0 && dFF.expect.length === 0 && dModel.value * dFF.value > 4096;
  if (tooLarge && !(dModel.value === 65536 && dFF.value === 65536)) return null; // a real layer that size is a memory test, not a fuzz step
  if (tooLarge) dFF.expect.push([RangeError, 'dFF']);
  const withWeights = r.chance(0.5);
  const w1 = withWeights || r.chance(0.05) ? named(floatsArg(r, ctx, 'w1', d * f), 'w1') : undefined;
  const w2 = withWeights || r.chance(0.05) ? named(floatsArg(r, ctx, 'w2', f * d), 'w2') : undefined;
  const b1 = r.chance(0.4) ? named(floatsArg(r, ctx, 'b1', f), 'b1') : undefined;
  const b2 = r.chance(0.4) ? named(floatsArg(r, ctx, 'b2', d), 'b2') : undefined;
  const seed = r.chance(0.5) ? named(integerArg(r, 'seed', 0, 4294967295, 1000), 'seed') : undefined;
  const activation = r.chance(0.7) ? choiceArg(r, 'activation', ACTIVATIONS) : undefined;
  const args = [dModel, dFF, w1, w2, b1, b2].filter(Boolean);
  if (!w1 !== !w2) args.push({ expect: [[TypeError, w1 ? 'w2' : 'w1']] });
  const effects = effectsFor(r, ctx, args, null);
  const options = optionsArg(r, ctx, { dModel, dFF, activation, w1, b1, w2, b2, seed }, effects);
  if (r.chance(0.02)) Object.assign(options, { value: undefined, expect: [[TypeError, 'options']], entryArgs: [] });
  effects.planned.forEach((e) => e.apply());
  const weights = { w1: w1?.read?.(), w2: w2?.read?.(), b1: b1?.read?.(), b2: b2?.read?.() };
  return { label: 'create',
    args: [...args.filter((a) => !a.name || options.entryArgs.includes(a)), options, ...options.entryArgs],
    options,
    run: () => core.createFFN(options.value),
    check(layer) {
      ctx.layers.push(layer);
      const act = activation?.value ?? 'relu';
      assert.deepEqual([layer.dModel, layer.dFF, layer.activation], [dModel.value, dFF.value, act]);
      const given = w1 ? { w1: weights.w1, w2: weights.w2, b1: weights.b1, b2: weights.b2 } : { ...seededWeightsRef(d, f, seed?.value ?? 0), ...(b1 && { b1: weights.b1 }), ...(b2 && { b2: weights.b2 }) };
      const x = uniformArray(2 * d, 5);
      const ref = ffnRef(x, { dModel: d, dFF: f, activation: act, ...given }).output;
      assert.ok(maxAbsDiff(layer.forward(x), ref) <= 1e-5 * (1 + maxAbs(ref)), 'created layer forward');
    },
  };
}

/** ffn.forward of one of the context's layers. */
function forwardCall(r, ctx) {
  const { core } = ctx;
  const entry = r.pick(ctx.pool);
  if (entry.layer === null) entry.layer = core.createFFN(entry.spec);
  const { layer, spec, weights } = entry;
  const tokens = r.int(5);
  const x = named(floatsArg(r, ctx, 'x', tokens * spec.dModel), 'x');
  if (x.wrongLength && x.read().length % spec.dModel === 0) x.expect = []; // a whole number of tokens after all
  const xLength = x.read && x.expect.length === 0 ? x.read().length : tokens * spec.dModel;
  const outArg = r.chance(0.4) ? named(r.chance(0.1) && x.tensor && tokens > 0 ? { value: x.value, expect: [[RangeError, 'out']] } : floatsArg(r, ctx, 'out', xLength), 'out') : undefined;
  const hidden = r.chance(0.4) ? named(booleanArg(r, 'hidden'), 'hidden') : undefined;
  const pre = r.chance(0.2) ? named(booleanArg(r, 'preActivation'), 'preActivation') : undefined;
  const args = [x, outArg].filter(Boolean);
  const effects = effectsFor(r, ctx, args, entry);
  const options = r.chance(0.2) ? { value: undefined, expect: [], reads: {}, entryArgs: [] } : optionsArg(r, ctx, { hidden, preActivation: pre, out: outArg }, effects);
  if (options.value === undefined || !options.entryArgs.includes(outArg)) args.length = 1;
  effects.planned.forEach((e) => e.apply());
  const xValues = x.read?.();
  return { label: 'forward',
    args: [...args, options, ...options.entryArgs.filter((a) => a !== outArg)],
    options,
    run: () => layer.forward(x.value, options.value),
    check(result) {
      const ref = ffnRef(xValues, { dModel: spec.dModel, dFF: spec.dFF, activation: spec.activation, ...weights });
      const given = (arg) => options.value !== undefined && arg !== undefined;
      const wantHidden = given(hidden) && hidden.value, wantPre = given(pre) && pre.value;
      const output = wantHidden || wantPre ? result.output : result;
      if (given(outArg)) assert.equal(output, outArg.value);
      const values = given(outArg) ? outArg.read() : output;
      assert.ok(maxAbsDiff(values, ref.output) <= 1e-5 * (1 + maxAbs(ref.output)), 'forward output');
      if (wantHidden) assert.ok(maxAbsDiff(result.hidden, ref.hidden) <= 1e-5 * (1 + maxAbs(ref.hidden)), 'forward hidden');
      if (wantPre) assert.ok(maxAbsDiff(result.preActivation, ref.preActivation) <= 1e-5 * (1 + maxAbs(ref.preActivation)), 'forward z');
    },
  };
}

/** alloc, then free twice. */
function allocCall(r, ctx) {
  const { core } = ctx;
  const n = named(integerArg(r, 'n', 0, 2 ** 29 - 1, 64), 'n');
  if (n.expect.length === 0 && n.value > 64) n.expect.push([RangeError, 'n']); // may not fit: a RangeError is fine
  return { label: 'alloc',
    args: [n],
    options: { reads: {} },
    run: () => core.alloc(n.value),
    check(t) {
      assert.equal(t.length, n.value);
      t.free();
      assert.throws(() => t.free(), { name: 'Error', message: /already been freed/ });
    },
  };
}

/** Call makers by kind, each (random, context) -> call, or null to skip. */
export const coreCalls = {
  pe: (r, ctx) => tableCall('pe', r, ctx),
  add: (r, ctx) => tableCall('add', r, ctx),
  value: valueCall,
  create: createCall,
  forward: forwardCall,
  alloc: allocCall,
};

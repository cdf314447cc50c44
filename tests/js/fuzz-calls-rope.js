// The applyRotary calls of the API fuzz (fuzz.test.js). An accepted call must give, bit for bit, what
// a fresh instance (ctx.oracle) gives for plain copies of the same arguments, in place or into out.
import assert from 'node:assert/strict';
import { effectsFor, named, optionsArg } from './fuzz-options.js';
import { baseArg, choiceArg, floatsArg, integerArg, offsetArg } from './fuzz-values.js';

const ROTARY_LAYOUTS = ['interleaved', 'half'];
const small = (v, fallback) => (Number.isInteger(v) && v >= 1 && v <= 64 ? v : fallback);

/** headDim: left out, an even divisor of dModel, or one that is refused. */
function headDimArg(r, dModel) {
  const d = small(dModel.value, 4);
  const defaultOk = dModel.expect.length > 0 || d % 2 === 0;
  if (r.chance(0.4)) return { value: undefined, expect: defaultOk ? [] : [[RangeError, 'headDim']] };
  const divisors = [];
  for (let h = 2; h <= d; h += 2) if (d % h === 0) divisors.push(h);
  if (divisors.length && r.chance(0.7)) return { value: r.pick(divisors), expect: [] };
  if (r.chance(0.2)) return { value: r.pick(['2', null, true]), expect: [[TypeError, 'headDim']] };
  const refused = [0, 1, 3, d + 2, 2.5, NaN, -2].filter((h) => !divisors.includes(h));
  return { value: r.pick(refused), expect: [[RangeError, 'headDim']] };
}

/** A resolved array must hold n values: a length that does not match is a RangeError naming it. */
function mustHold(arg, n) {
  if (arg.expect.length === 0 && arg.read().length !== n) arg.expect.push([RangeError, arg.name]);
}

export function rotaryCall(r, ctx) {
  const { core, oracle } = ctx;
  const length = named(integerArg(r, 'length', 0, 16777216, 4), 'length');
  const dModel = named(integerArg(r, 'dModel', 1, 65536, 8), 'dModel');
  const headDim = named(headDimArg(r, dModel), 'headDim');
  const n = (Number.isInteger(length.value) && length.value >= 0 && length.value <= 64 ? length.value : 2) * small(dModel.value, 4);
  const x = named(floatsArg(r, ctx, 'x', n), 'x');
  const valid = (a) => a.expect.length === 0;
  const total = valid(length) && valid(dModel) ? length.value * dModel.value : n;
  if (x.read) mustHold(x, total);
  if (total > 256) x.expect.push([RangeError, 'length'], [RangeError, 'dModel']); // too large a table: any of these
  const sameAsX = r.chance(0.1) && x.tensor && n > 0;
  const out = r.chance(0.4) ? named(sameAsX ? { value: x.value, expect: [[RangeError, 'out']] } : floatsArg(r, ctx, 'out', n), 'out') : undefined;
  if (out?.read) mustHold(out, total);
  const entries = { headDim: headDim.value === undefined ? undefined : headDim, base: baseArg(r), offset: offsetArg(r, length.value), layout: choiceArg(r, 'layout', ROTARY_LAYOUTS), out };
  const args = [length, dModel, x, ...(headDim.value === undefined ? [headDim] : [])];
  const effects = effectsFor(r, ctx, [x, ...(out ? [out] : [])], null);
  const options = optionsArg(r, ctx, entries, effects);
  effects.planned.forEach((e) => e.apply());
  const given = (key) => (options.entryArgs.includes(entries[key]) ? entries[key].value : undefined);
  const xBefore = x.read?.();
  return {
    label: 'rotary',
    args: [...args, options, ...options.entryArgs],
    options,
    run: () => core.applyRotary(x.value, length.value, dModel.value, options.value),
    check(result) {
      const plain = Object.fromEntries(['headDim', 'base', 'offset', 'layout'].map((k) => [k, given(k)]).filter(([, v]) => v !== undefined));
      const expected = oracle.applyRotary(xBefore.slice(), length.value, dModel.value, plain);
      if (given('out') !== undefined) {
        assert.equal(result, out.value);
        assert.deepEqual(out.read(), expected, 'applyRotary into out');
        assert.deepEqual(x.read(), xBefore, 'x unchanged when out is given');
      } else {
        assert.equal(result, x.value);
        assert.deepEqual(x.read(), expected, 'applyRotary in place');
      }
    },
  };
}

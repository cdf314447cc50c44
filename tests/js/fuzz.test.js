// Property-based fuzz of the whole JS API: random types, edge numbers, Proxies (counting, revoked),
// getters that change their value, free a tensor, grow the memory or dispose the layer, views of
// core.memory inside and outside tensors, detached and resizable buffers, lying typed arrays, and a
// phase with the memory full. Properties of every call: no WebAssembly.RuntimeError ever; a refused
// call throws the error class its arguments call for, naming the parameter; an accepted one is right
// (against the double-precision reference); no option is read twice. Afterwards the instance is
// bit-identical to a fresh one and its memory has not grown.
//
//   FUZZ_ITERATIONS=20000 FUZZ_SEED=7 node --test tests/js/fuzz.test.js   (default: 600, seed 14)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './target.js';
import { ffnRef, maxAbs, maxAbsDiff, peRef, peTableRef, seededWeightsRef, uniformArray } from '../reference/reference.js';
import { baseArg, booleanArg, choiceArg, floatsArg, integerArg, makeRandom, offsetArg } from './fuzz-values.js';

const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const ACTIVATIONS = ['relu', 'gelu', 'gelu_tanh', 'silu'];
const LAYOUTS = ['interleaved', 'concat'];
// The calls drawn, in proportion; FUZZ_KINDS=forward,create narrows a run down to some of them.
const KINDS = ['pe', 'pe', 'add', 'add', 'value', 'create', 'forward', 'forward', 'forward', 'alloc']
  .filter((kind) => !process.env.FUZZ_KINDS || process.env.FUZZ_KINDS.split(',').includes(kind));

/**
 * An options object holding `entries` ({ key: generated arg, or undefined to leave it out }), each
 * key as a plain property or a getter that changes its value, runs a side effect or throws; the
 * whole object sometimes a counting or revoked Proxy. Returns { value, expect, reads }.
 */
function optionsArg(r, ctx, entries, effects) {
  const refused = (value) => ({ value, expect: [[TypeError, 'options']], reads: {}, entryArgs: [] });
  if (r.chance(0.03)) return refused(r.pick([null, 5, 'o', [1]]));
  if (r.chance(0.02)) { const { proxy, revoke } = Proxy.revocable({}, {}); revoke(); return refused(proxy); }
  const target = {};
  const reads = {};
  const expect = [];
  const entryArgs = [];
  for (const [key, arg] of Object.entries(entries)) {
    if (arg === undefined) continue;
    arg.name ??= key;
    entryArgs.push(arg);
    const style = r.int(10);
    if (style < 5) { target[key] = arg.value; continue; }
    reads[key] = 0;
    if (style === 9) {
      Object.defineProperty(target, key, { enumerable: true, get() { reads[key]++; throw new RangeError('a getter that throws'); } });
      expect.push([TypeError, key]);
      continue;
    }
    const effect = style === 8 ? effects.pick() : null; // null when no effect applies
    Object.defineProperty(target, key, {
      enumerable: true,
      get() {
        reads[key]++;
        if (effect) effect.run();
        return reads[key] === 1 || style === 5 ? arg.value : r.pick([undefined, NaN, 'changed', -1]); // read once: the first value counts
      },
    });
    if (effect) effects.planned.push(effect);
  }
  if (r.chance(0.3)) {
    const counted = {};
    const value = new Proxy(target, { get(t, key, receiver) { if (typeof key === 'string') counted[key] = (counted[key] ?? 0) + 1; return Reflect.get(t, key, receiver); } });
    return { value, expect, reads, counted, entryArgs };
  }
  return { value: target, expect, reads, entryArgs };
}

/** Side effects a getter may run: free one of this call's tensors, grow the memory, dispose a layer. */
function effectsFor(r, ctx, args, entry) {
  const layer = entry?.layer;
  const planned = [];
  const tensorArgs = args.filter((a) => a?.tensor);
  const choices = ctx.noGrowth ? [] : [ // e.g. a memory filled once is at its maximum: it cannot grow
    () => ({ run() { ctx.core.memory.grow(1); ctx.grown++; }, apply() { for (const a of args) if (a?.view) a.expect.push([TypeError, a.name]); } }),
  ];
  if (tensorArgs.length) {
    choices.push(() => {
      const victim = r.pick(tensorArgs);
      return {
        run() { try { victim.tensor.free(); } catch { /* already freed by another getter */ } },
        // An empty view holds no memory: it stays acceptable wherever it points.
        apply() { for (const a of args) if (a?.tensor === victim.tensor && !(a.view && a.n === 0)) a.expect.push([a.view ? RangeError : Error, a.name]); },
      };
    });
  }
  if (layer) choices.push(() => ({ run() { layer.dispose(); entry.layer = null; }, apply() { args.push({ expect: [[Error, 'disposed']] }); } }));
  return { planned, pick: () => (choices.length ? r.pick(choices)() : null) };
}

const named = (arg, name) => (arg ? Object.assign(arg, { name }) : arg);

/** The calls of the API, each as { run, expect, check(result) }. */
function makeCall(r, ctx) {
  const { core } = ctx;
  const kind = r.pick(KINDS);
  if (kind === 'pe' || kind === 'add') {
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
          assert.ok(maxAbsDiff(after, ref.map((v, i) => before[i] + v)) <= 2e-6, 'x + PE');
        } else {
          const values = entries.out && options.value !== undefined ? (assert.equal(result, arr.value), arr.read()) : result;
          assert.ok(maxAbsDiff(values, ref) <= 1e-6, 'PE table');
        }
      },
    };
  }
  if (kind === 'value') {
    const dModel = named(integerArg(r, 'dModel', 1, 65536, 12), 'dModel');
    const position = named(integerArg(r, 'position', 0, 2147483647, 999999), 'position');
    const jHi = Number.isInteger(dModel.value) && dModel.value >= 1 ? dModel.value - 1 : 3;
    const j = named(integerArg(r, 'j', 0, jHi, Math.min(jHi, 11)), 'j');
    const base = baseArg(r), layout = choiceArg(r, 'layout', LAYOUTS);
    const options = optionsArg(r, ctx, { base, layout }, effectsFor(r, ctx, [], null));
    return { label: kind,
      args: [dModel, position, j, options, ...options.entryArgs],
      options,
      run: () => core.peValue(position.value, j.value, dModel.value, options.value),
      check(result) {
        const ref = peRef(position.value, j.value, dModel.value, { base: base.value, layout: layout.value });
        assert.ok(Math.abs(result - ref) <= 1e-9, `peValue ${result} vs ${ref}`);
      },
    };
  }
  if (kind === 'create') {
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
    return { label: kind,
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
  if (kind === 'forward') {
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
    return { label: kind,
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
  const n = named(integerArg(r, 'n', 0, 2 ** 29 - 1, 64), 'n');
  if (n.expect.length === 0 && n.value > 64) n.expect.push([RangeError, 'n']); // may not fit: a RangeError is fine
  return { label: kind,
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

/** Runs one call and asserts the properties; `fullMemory` also accepts a RangeError naming a parameter. */
function step(call, fullMemory) {
  const expected = call.args.flatMap((a) => a?.expect ?? []);
  const names = call.args.map((a) => a?.name).filter(Boolean);
  let result, error;
  try {
    result = call.run();
  } catch (e) {
    error = e;
  }
  for (const [key, count] of Object.entries({ ...call.options.reads, ...call.options.counted })) {
    assert.ok(count <= 1, `option ${key} read ${count} times`);
  }
  if (!error) {
    if (expected.length === 0) return call.check(result);
    // Accepted although something looked wrong: only "too large" guesses may be accepted.
    assert.ok(expected.every(([type]) => type === RangeError) && call.args.some((a) => a?.expect?.length && a.name && ['length', 'dModel', 'dFF', 'n', 'offset'].includes(a.name)), `accepted, expected ${expected.map(([t, n]) => `${t.name} ${n}`).join(' or ')}`);
    if (typeof result?.free === 'function') result.free();
    return;
  }
  assert.ok(!(error instanceof WebAssembly.RuntimeError), `a trap: ${error.stack}`);
  assert.ok([TypeError, RangeError, Error].includes(error.constructor), `${error.constructor.name}: ${error.message}`);
  const matches = ([type, name]) => error.constructor === type && new RegExp(`\\b${name}\\b`).test(error.message);
  if (expected.some(matches)) return;
  if (fullMemory && error.constructor === RangeError && names.some((name) => new RegExp(`^${name}\\b`).test(error.message))) return;
  assert.fail(`${error.constructor.name} "${error.message}", expected ${expected.length ? expected.map(([t, n]) => `${t.name} naming ${n}`).join(' or ') : 'success'}`);
}

function describe(value) {
  try {
    if (typeof value === 'object' && value !== null) return `${Object.prototype.toString.call(value).slice(8, -1)}(${value.length ?? ''})`;
    return String(value);
  } catch { return '(unprintable)'; }
}

/** Bit-identical PE tables and FFN outputs to those of a fresh instance. */
function assertExactLike(core, fresh) {
  for (const options of [{ offset: 3 }, { layout: 'concat', base: 77, offset: 999990 }]) {
    assert.deepEqual(core.positionalEncoding(7, 10, options), fresh.positionalEncoding(7, 10, options));
  }
  const spec = { dModel: 6, dFF: 10, activation: 'gelu', seed: 3 };
  const [a, b] = [core.createFFN(spec), fresh.createFFN(spec)];
  const x = uniformArray(3 * 6, 2);
  assert.deepEqual(a.forward(x, { hidden: true }), b.forward(x, { hidden: true }));
  a.dispose();
  b.dispose();
}

async function makeContext() {
  const core = await loadCore();
  const pool = [{ dModel: 3, dFF: 5, activation: 'silu', seed: 9 }, { dModel: 1, dFF: 2, activation: 'relu', seed: 1 }, { dModel: 8, dFF: 4, activation: 'gelu_tanh', seed: 4 }]
    .map((spec) => ({ spec, layer: null, weights: seededWeightsRef(spec.dModel, spec.dFF, spec.seed) }));
  return { core, other: await loadCore(), pool, tensors: [], otherTensors: [], layers: [], grown: 0 };
}

function endRound(ctx) {
  for (const t of ctx.tensors.splice(0)) try { t.free(); } catch { /* freed by a getter */ }
  for (const t of ctx.otherTensors.splice(0)) t.free();
  for (const layer of ctx.layers.splice(0)) layer.dispose();
}

function run(ctx, r, iterations, fullMemory) {
  let calls = 0;
  for (let i = 0; i < iterations; i++) {
    let call = null;
    try {
      call = makeCall(r, ctx);
    } catch (error) {
      if (!(fullMemory && error instanceof RangeError)) throw error; // no room for the arguments' tensors
    }
    if (call) {
      try {
        step(call, fullMemory);
      } catch (failure) {
        const shown = call.args.map((a) => (a?.name ? `${a.name}=${describe(a.value)}` : '')).filter(Boolean).join(', ');
        failure.message = `fuzz seed ${SEED}, call ${i}${fullMemory ? ' (memory full)' : ''} ${call.label} (${shown}): ${failure.message}`;
        throw failure;
      }
      calls++;
    }
    endRound(ctx);
  }
  return calls;
}

test(`${ITERATIONS} random calls (seed ${SEED}): no trap, the right errors, right results, still exact, no growth`, async () => {
  const ctx = await makeContext();
  const r = makeRandom(SEED);
  const warm = run(ctx, r, Math.ceil(ITERATIONS / 4), false); // the memory reaches its working size
  const size = ctx.core.memory.buffer.byteLength - ctx.grown * 65536;
  const calls = warm + run(ctx, r, ITERATIONS - Math.ceil(ITERATIONS / 4), false);
  assert.equal(ctx.core.memory.buffer.byteLength - ctx.grown * 65536, size, 'the memory grew (beyond the getters\' own memory.grow calls)');
  assertExactLike(ctx.core, await loadCore());
  console.log(`fuzz: ${calls} calls, seed ${SEED}, memory ${size} bytes throughout (+${ctx.grown} pages grown by getters)`);
});

/** Fills the memory with tensors, largest first, down to 4 bytes: { fillers, bytes }. */
function fill(core) {
  const fillers = [];
  let bytes = 0;
  for (let n = 2 ** 26; n >= 1; n >>= 1) {
    for (;;) {
      try { fillers.push(core.alloc(n)); bytes += n * 4; } catch { break; }
    }
  }
  return { fillers, bytes };
}

/** The bytes tensors can take at once (to the 4-byte float), leaving the memory as it was. */
function room(core) {
  const { fillers, bytes } = fill(core);
  fillers.forEach((t) => t.free());
  return bytes;
}

test('nothing leaks: replaying the same calls leaves the same room for tensors', async () => {
  const ctx = await makeContext();
  ctx.noGrowth = true; // the first room() takes the memory to its maximum
  // The first pass also brings whatever the core sets up once (scratch areas, tables) into place.
  const calls = run(ctx, makeRandom(SEED + 2), ITERATIONS, false);
  const before = room(ctx.core);
  run(ctx, makeRandom(SEED + 2), ITERATIONS, false);
  const after = room(ctx.core);
  assert.ok(after >= before, `room for ${before} bytes after ${calls} calls, ${after} after the same calls again`);
});

test('with the memory full: RangeErrors naming a parameter, nothing lost, exact afterwards', async () => {
  const ctx = await makeContext();
  ctx.noGrowth = true;
  const r = makeRandom(SEED + 1);
  run(ctx, r, 40, false);
  const first = fill(ctx.core);
  const calls = run(ctx, r, Math.max(50, Math.ceil(ITERATIONS / 6)), true);
  first.fillers.forEach((t) => t.free());
  const after = room(ctx.core);
  assert.ok(after >= first.bytes, `room for ${first.bytes} bytes before, ${after} after ${calls} calls with the memory full`);
  assertExactLike(ctx.core, await loadCore());
});

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
import { seededWeightsRef, uniformArray } from '../reference/reference.js';
import { coreCalls } from './fuzz-calls.js';
import { blockCalls } from './fuzz-calls-block.js';
import { rotaryCall } from './fuzz-calls-rope.js';
import { makeRandom } from './fuzz-values.js';

const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
// The calls drawn, in proportion; FUZZ_KINDS=forward,create narrows a run down to some of them.
const makers = { ...coreCalls, ...blockCalls, rotary: rotaryCall };
const KINDS = ['pe', 'pe', 'add', 'add', 'value', 'create', 'forward', 'forward', 'forward', 'alloc',
  'layerNorm', 'layerNorm', 'createBlock', 'blockForward', 'blockForward', 'rotary', 'rotary']
  .filter((kind) => !process.env.FUZZ_KINDS || process.env.FUZZ_KINDS.split(',').includes(kind));
/** The API function each kind needs (the kinds of a build that lacks it are not drawn). */
const NEEDS = { layerNorm: 'layerNorm', createBlock: 'createEncoderBlock', blockForward: 'createEncoderBlock', rotary: 'applyRotary' };

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
  const kinds = KINDS.filter((kind) => !NEEDS[kind] || typeof core[NEEDS[kind]] === 'function');
  // oracle: a fresh instance that answers the plain form of a call, for the APIs checked bit for bit
  return { core, other: await loadCore(), oracle: await loadCore(), kinds, pool, tensors: [], otherTensors: [], layers: [], grown: 0, counts: {} };
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
      const kind = r.pick(ctx.kinds);
      call = makers[kind](r, ctx);
      if (call) ctx.counts[kind] = (ctx.counts[kind] ?? 0) + 1;
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
  console.log(`fuzz: ${calls} calls (${Object.entries(ctx.counts).map(([k, n]) => `${k} ${n}`).join(', ')}), seed ${SEED}, memory ${size} bytes throughout (+${ctx.grown} pages grown by getters)`);
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

// The one lifecycle of the objects over C memory (src/js/native-object.js): the pointer is private,
// dispose() frees once, a method after dispose throws an Error naming it, owned objects go first
// with their owner, and an object collected without dispose() is freed. Then the same through the API:
// FFN and encoder block layers dropped without dispose() give their memory back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { NativeHandle } from '../../src/js/native-object.js';
import { loadCore } from './target.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

/** Collects garbage until `done()` holds (finalizers run in later turns of the event loop), or gives up. */
async function collectUntil(done, rounds = 50) {
  for (let i = 0; i < rounds && !done(); i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return done();
}

test('pointer() until dispose(), then an Error naming the method; a second dispose() frees nothing', () => {
  const freed = [];
  const owner = {};
  const handle = new NativeHandle(owner, 1234, (p) => freed.push(p), 'thing');
  assert.equal(handle.pointer('thing.use()'), 1234);
  assert.equal(handle.disposed, false);
  handle.dispose();
  handle.dispose();
  assert.deepEqual(freed, [1234]);
  assert.equal(handle.disposed, true);
  assert.throws(() => handle.pointer('thing.use()'), { name: 'Error', message: 'thing.use(): this thing has been disposed' });
  assert.ok(!Object.keys(handle).length && !('#pointer' in handle), 'nothing of the handle is a public property');
});

test('owned handles are freed first with their owner, once; one disposed alone is no longer owned', () => {
  const freed = [];
  const free = (p) => freed.push(p);
  const model = new NativeHandle({}, 1, free, 'model');
  const [a, b, c] = [2, 3, 4].map((p) => new NativeHandle({}, p, free, 'trainer'));
  model.own(a);
  model.own(b);
  model.own(c);
  b.dispose();
  model.dispose();
  assert.deepEqual(freed, [3, 2, 4, 1]);
  assert.throws(() => a.pointer('trainer.step()'), /trainer\.step\(\): this trainer has been disposed/);
  assert.throws(() => model.own(new NativeHandle({}, 5, free, 'trainer')), /own\(\): this model has been disposed/);
});

test('an owner collected without dispose() is freed, and so are the handles it owned', async () => {
  const freed = new Set();
  const free = (p) => freed.add(p);
  let child = null;
  (() => {
    const model = {}, trainer = {};
    const parent = new NativeHandle(model, 10, free, 'model');
    const own = new NativeHandle(trainer, 11, free, 'trainer');
    parent.own(own);
    child = own; // keep the trainer's handle: its owner is gone too, but the model's collection frees it
    new NativeHandle({}, 12, free, 'lone');
  })();
  assert.ok(await collectUntil(() => freed.size === 3), `freed ${[...freed]}`);
  assert.throws(() => child.pointer('trainer.step()'), /disposed/);
});

test('FFNs and encoder blocks dropped without dispose() give their memory back', async () => {
  const core = await loadCore();
  const grown = [];
  const make = [
    () => core.createFFN({ dModel: 128, dFF: 512, seed: 1 }), // ~1 MiB each with its packed copies
    () => core.createEncoderBlock({ dModel: 128, heads: 4, dFF: 512, seed: 1 }),
  ];
  for (const create of make) {
    create().dispose();
    const before = core.memory.buffer.byteLength;
    for (let i = 0; i < 120; i++) {
      create().forward(new Float32Array(128));
      if (i % 10 === 9) await collectUntil(() => false, 3);
    }
    grown.push((core.memory.buffer.byteLength - before) / 2 ** 20);
  }
  console.log(`memory grown over 120 dropped layers: FFN ${grown[0]} MiB, block ${grown[1]} MiB (each layer ~1-2 MiB)`);
  for (const mib of grown) assert.ok(mib < 40, `${mib} MiB`);
});

test('the API objects use it: Errors name the method, properties stay readable after dispose()', async () => {
  const core = await loadCore();
  const ffn = core.createFFN({ dModel: 4, dFF: 8 });
  const block = core.createEncoderBlock({ dModel: 4, heads: 2, dFF: 8 });
  for (const [layer, method] of [[ffn, 'ffn.forward()'], [block, 'block.forward()']]) {
    layer.dispose();
    layer.dispose();
    assert.throws(() => layer.forward(new Float32Array(4)), { name: 'Error', message: new RegExp(`^${method.replace(/[.()]/g, '\\$&')}: this .* has been disposed$`) });
    assert.equal(layer.dModel, 4);
    assert.ok(layer.paramCount > 0);
  }
});

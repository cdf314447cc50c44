// The C core's layers (src/c): a file includes only headers of its own module or of a module below it,
// so that the headers show where a new piece goes (issue 27 found attention.c and layernorm.c
// including block.h, the layer above them). Every file of src/c has its place here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';

const dir = new URL('../../src/c/', import.meta.url);

/** Modules by layer, lowest first; a module's files may include each other. */
const LAYERS = [
  { core: ['pf_abi.h', 'pf_core.h', 'status.c', 'rng.c', 'vec4.h', 'vec4_exp.h'] },
  {
    pe: ['pe.h', 'pe.c'], rope: ['rope.h', 'rope.c'], activation: ['activation.h', 'activation.c'],
    layernorm: ['layernorm.h', 'layernorm.c'],
  },
  { matmul: ['matmul.h', 'matmul.c'] },
  { ffn: ['ffn.h', 'ffn.c'], attention: ['attention.h', 'attention.c'] },
  { block: ['block.h', 'block.c'] },
  { model: ['model.h', 'model.c', 'model_pass.c', 'embedding.c', 'loss.c', 'optim.c', 'trainer.c'] },
  { umbrella: ['pe_ffn.h'] }, // what a C user includes
  { wasm: ['wasm_exports.c'] }, // the only file that knows it is wasm
];
const place = new Map();
LAYERS.forEach((modules, level) => {
  for (const [module, files] of Object.entries(modules)) for (const file of files) place.set(file, { level, module });
});

test('every file of src/c includes only its own module\'s headers and those of the layers below', async () => {
  const files = (await readdir(dir)).filter((f) => /\.[ch]$/.test(f));
  const wrong = [];
  for (const file of files) {
    const at = place.get(file);
    if (!at) {
      wrong.push(`${file} has no place: add it to LAYERS in tests/js/c-layout.test.js`);
      continue;
    }
    const source = await readFile(new URL(file, dir), 'utf8');
    for (const [, header] of source.matchAll(/^#include "([^"]+)"/gm)) {
      const to = place.get(header);
      if (!to) wrong.push(`${file} includes ${header}, which has no place`);
      else if (to.level >= at.level && to.module !== at.module) wrong.push(`${file} (${at.module}) includes ${header} (${to.module}), not below it`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('the layer check catches what issue 27 found: layernorm.c including block.h', () => {
  const at = place.get('layernorm.c'), to = place.get('block.h');
  assert.ok(to.level >= at.level && to.module !== at.module);
});

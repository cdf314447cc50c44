// The C core's layers (src/c): a header includes only headers of the layers below its own, and a source
// file its own module's header and those below, so that the headers show where a new piece goes (issue
// 27 found attention.c and layernorm.c including block.h, the layer above them; issue 32 found
// model_layout.h, model.c's private header, including model.h, its own module's public one). The
// #include graph of src/c then has no cycle, which is checked on its own. Every file has its place here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';

const dir = new URL('../../src/c/', import.meta.url);

/** Modules by layer, lowest first; a module's source files may include its headers. */
const LAYERS = [
  { abi: ['pf_abi.h'], vec4: ['vec4.h'] },
  { core: ['pf_core.h', 'status.c', 'rng.c'], vec4_exp: ['vec4_exp.h'] },
  {
    pe: ['pe.h', 'pe.c'], rope: ['rope.h', 'rope.c'], activation: ['activation.h', 'activation.c'],
    layernorm: ['layernorm.h', 'layernorm.c'], embedding: ['embedding.h', 'embedding.c'], loss: ['loss.h', 'loss.c'],
    optim: ['optim.h', 'optim.c'],
  },
  { matmul: ['matmul.h', 'matmul.c'] },
  { ffn: ['ffn.h', 'ffn.c'], attention: ['attention.h', 'attention.c'] },
  { block: ['block.h', 'block.c'] },
  { model: ['model.h', 'model.c', 'model_pass.c'] },
  { trainer: ['trainer.h', 'trainer.c'] },
  { umbrella: ['pe_ffn.h'] }, // what a C user includes
  { wasm: ['wasm_exports.c'] }, // the only file that knows it is wasm
];
const place = new Map();
LAYERS.forEach((modules, level) => {
  for (const [module, files] of Object.entries(modules)) for (const file of files) place.set(file, { level, module });
});

/** file -> the files it includes with #include "..." (system headers <...> are not the core's). */
async function includeGraph() {
  const files = (await readdir(dir)).filter((f) => /\.[ch]$/.test(f)).sort();
  const graph = new Map();
  for (const file of files) {
    const source = await readFile(new URL(file, dir), 'utf8');
    graph.set(file, [...source.matchAll(/^\s*#\s*include\s+"([^"]+)"/gm)].map((m) => m[1]));
  }
  return graph;
}

/** Each include that does not run down a layer (a header: strictly below; a source: its own module's too). */
function upwardIncludes(graph, places) {
  const wrong = [];
  for (const [file, headers] of graph) {
    const at = places.get(file);
    if (!at) {
      wrong.push(`${file} has no place: add it to LAYERS in tests/js/c-layout.test.js`);
      continue;
    }
    for (const header of headers) {
      const to = places.get(header);
      const own = to && to.module === at.module && file.endsWith('.c');
      if (!to) wrong.push(`${file} includes ${header}, which has no place`);
      else if (to.level >= at.level && !own) wrong.push(`${file} (${at.module}) includes ${header} (${to.module}), not below it`);
    }
  }
  return wrong;
}

/** Every cycle of the graph, each as the path that closes it (depth-first, files in order). */
function cycles(graph) {
  const found = [], state = new Map(); // undefined: unseen, 1: on the path, 2: done
  const visit = (file, path) => {
    state.set(file, 1);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 1) found.push([...path.slice(path.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(file, 2);
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
  return found;
}

test('every file of src/c includes only headers of the layers below (its own module\'s too, for a source file)', async () => {
  const graph = await includeGraph();
  assert.ok(graph.size >= 30 && graph.get('model_pass.c').includes('model.h'), 'the graph was read');
  assert.deepEqual(upwardIncludes(graph, place), []);
});

test('the #include graph of src/c has no cycle', async () => {
  assert.deepEqual(cycles(await includeGraph()), []);
});

test('the checks catch what issues 27 and 32 found, and a cycle', () => {
  const found = upwardIncludes(new Map([
    ['layernorm.c', ['layernorm.h', 'block.h']], // issue 27: a layer above
    ['model.c', ['model.h']], // fine: a source includes its own module's header
  ]), place);
  assert.deepEqual(found, ['layernorm.c (layernorm) includes block.h (block), not below it']);
  const places = new Map([...place, ['model_layout.h', { level: place.get('model.h').level, module: 'model' }]]);
  assert.deepEqual(upwardIncludes(new Map([['model_layout.h', ['model.h']]]), places),
    ['model_layout.h (model) includes model.h (model), not below it'], 'issue 32: a header includes its own module\'s header');
  assert.deepEqual(cycles(new Map([['a.h', ['b.h']], ['b.h', ['c.h']], ['c.h', ['a.h']], ['d.h', ['a.h']]])),
    ['a.h -> b.h -> c.h -> a.h']);
  assert.deepEqual(cycles(new Map([['a.h', ['a.h']]])), ['a.h -> a.h']);
  assert.deepEqual(cycles(new Map([['a.h', ['b.h', 'c.h']], ['b.h', ['c.h']], ['c.h', []]])), [], 'a diamond is no cycle');
});

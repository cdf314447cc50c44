// The attributes of every element of pe-ffn-wasm, declared once (spec format: shared/props.js). Each
// element reads its own table (`static props = attributes['pe-table']`); scripts/element-attributes.mjs
// writes docs/elements.md's attribute tables, the attribute types of index.d.ts and the manifest from
// them; a page imports this module (no DOM, no element code) to know what an element accepts before
// the element's code has loaded. Every element also reads `lang` (shared/base.js).
//
// API:
//   attributes          { tag: { attribute: spec } }
//   linkedTags(name)    the tags whose `name` attribute is marked linked: the PE settings a page sets on
//                       all its PE views at once (the tutorial page keeps them in its URL)
import { int, oneOf, text, flag, dModel, dFF, base, layout, seed, length, offset } from './shared/props.js';
import { QUIZ_COUNT } from '../quiz/limits.js';
import { TASK_NAMES } from '../js/tasks.js';
import { COMMON, SCHEMES } from './lab/presets.js';
import { EXPERIMENTS, PRESETS, experimentsDoc } from './lab/experiments/index.js';
import { ACTIVATION, ACTIVATIONS, NORMS } from '../js/defaults.js';

const linked = { linked: true };

export const attributes = {
  'pe-table': {
    length: length(1, 2048, 20, 'positions (rows)', linked),
    'd-model': dModel(1, 2048, 16, 'd_model (columns)', linked),
    base: base(undefined, linked),
    offset: offset(),
    layout: layout(linked),
  },
  'pe-heatmap': {
    length: length(1, 1024, 50, 'positions (rows)', linked),
    'd-model': dModel(1, 1024, 64, 'd_model (columns)', linked),
    base: base(undefined, linked),
    offset: offset(),
    layout: layout(linked),
    dims: text('', 'comma-separated columns for the wave chart', { defaultDoc: 'four sine columns, fast to slow' }),
  },
  'pe-clock': {
    position: int(0, 100000, 0, 'the position t the hands show'),
    'd-model': dModel(2, 64, 16, 'd_model; one hand per (sin, cos) pair'),
    base: base(undefined, linked),
    layout: layout(linked),
  },
  'pe-relative': {
    length: length(2, 256, 40, 'positions p, q of the similarity matrix', linked),
    'd-model': dModel(2, 512, 64, undefined, linked),
    base: base(undefined, linked),
    layout: layout(linked),
    p: int(0, 100000, 5, 'the position p of the rotation check'),
    k: int(0, 100000, 3, 'the shift k of the rotation check (p + k at most 200,000)'),
  },
  'pe-add': {
    'd-model': dModel(2, 32, 8),
    base: base(undefined, linked),
    layout: layout(linked),
    seed: seed(7, 'the token embedding'),
    'sentence-a': text('', 'the first sentence: tokens separated by spaces (at most 12)', { defaultDoc: '「철수 가 영희 를 이겼다」 (en: “the cat ate the fish”)' }),
    'sentence-b': text('', 'the second sentence, the same tokens in another order', { defaultDoc: '「영희 가 철수 를 이겼다」 (en: “the fish ate the cat”)' }),
    show: oneOf(['a', 'b'], 'a', 'which sentence the x + PE = h tables show'),
    compare: oneOf(['x', 'h'], 'h', 'compare the two sentences without PE (x) or with it (h)'),
  },
  'pe-compare': {
    'd-model': dModel(2, 1024, 64, 'd_model, even (an odd one is raised by 1); a loaded table sets it'),
    'head-dim': int(2, 1024, 16, 'RoPE\'s head dimension, an even divisor of d-model (else the nearest one)'),
    positions: int(4, 256, 64, 'positions shown'),
    'max-positions': int(1, 1024, 48, 'the learned table\'s rows, max_position_embeddings; a loaded table sets it'),
    position: int(0, 1000000, 60, 'the position asked about, past the context length'),
    base: base('the base b of the angles (rope_theta)'),
    pairing: oneOf(['interleaved', 'half'], 'interleaved', 'RoPE\'s pairs: (2i, 2i + 1), or i with i + head_dim / 2'),
    seed: seed(0, 'the untrained table, q and k'),
    src: text('', 'URL of a learned table: a .npy file of float32 [positions, d_model]', { defaultDoc: 'none: a freshly initialised, untrained table' }),
  },
  'ffn-explorer': {
    'd-model': dModel(1, 64, 8),
    'd-ff': dFF(1, 256, 32),
    activation: oneOf(ACTIVATIONS, ACTIVATIONS[0], 'the activation between the two layers'),
    tokens: int(1, 16, 4, 'token rows'),
    seed: seed(0, 'the FFN weights; the token embeddings use seed + 1'),
  },
  'ffn-tradeoff': {
    'd-model': dModel(16, 768, 256),
    layers: int(1, 24, 4, 'FFN layers in a row'),
    tokens: int(1, 128, 32, 'tokens passed through the layers'),
    repetitions: int(3, 15, 5, 'timed samples per d_ff (the median is shown)'),
  },
  'block-flow': {
    tokens: int(1, 10, 6, 'tokens of the sentence'),
    'd-model': dModel(2, 16, 8),
    heads: int(1, 8, 2, 'attention heads; one that does not divide d-model is lowered to the largest that does, with a note'),
    'd-ff': dFF(1, 64, 32),
    activation: oneOf([ACTIVATION.RELU, ACTIVATION.GELU], ACTIVATIONS[0], 'the FFN\'s activation'),
    norm: oneOf(NORMS, NORMS[0], 'where LayerNorm goes: after the residual sum (the paper\'s order) or before the sub-layer (GPT-2\'s)'),
    causal: flag('the causal mask (each token attends to itself and the tokens before it)'),
    blocks: int(1, 2, 1, 'blocks in a row; the second takes the first one\'s output'),
    seed: seed(0, 'the weights of block 1; block 2 uses seed + 2, the embedding seed + 1'),
    step: int(1, 5, 1, 'the step shown: 1 embedding + PE, 2 attention, 3 Add & Norm, 4 FFN, 5 Add & Norm'),
  },
  'pe-lab': {
    experiment: oneOf(EXPERIMENTS, EXPERIMENTS[0], experimentsDoc()),
    ...labPreset('task', oneOf(TASK_NAMES, PRESETS[EXPERIMENTS[0]].task, 'the training task (src/js/tasks.js)')),
    ...labPreset('schemes', text(PRESETS[EXPERIMENTS[0]].schemes, `comma list of ${SCHEMES.join(', ')}`)),
    ...labPreset('causal', oneOf(['both', 'on', 'off'], PRESETS[EXPERIMENTS[0]].causal, 'the causal mask: runs without and with it, or only one')),
    length: int(2, 16, COMMON.length, 'symbols of the input part in training (experiment longer: the longest)'),
    ...labPreset('steps', int(10, 5000, PRESETS[EXPERIMENTS[0]].steps, 'training steps of every run')),
    seed: seed(COMMON.seed, 'the weights and the batches (the same for every run)'),
    'd-model': dModel(8, 128, COMMON['d-model']),
    heads: int(1, 8, COMMON.heads, 'attention heads; lowered to a divisor of d-model (with an even head dimension for RoPE), with a note'),
    ...labPreset('d-ff', text(PRESETS[EXPERIMENTS[0]]['d-ff'], 'd_ff, the width of the FFN\'s hidden layer: a comma list of integers 1 … 1024, one run per value', { alias: 'dFF' })),
    layers: int(1, 4, COMMON.layers, 'encoder blocks'),
    'url-params': text('lab', 'prefix of the share link\'s parameters (lab-seed …); none: the lab neither reads nor writes the URL'),
  },
  'pe-ffn-quiz': {
    src: text('', 'URL of a bank JSON (fetched and validated)', { defaultDoc: 'the built-in bank' }),
    topic: text('all', 'the questions\' topic: all, document, pe, ffn, practice, a generated topic (pe-value …) or a section id'),
    count: int(QUIZ_COUNT.min, QUIZ_COUNT.max, QUIZ_COUNT.default, 'questions in a set', { defaultDoc: `${QUIZ_COUNT.default} (topic document: all its examples)` }),
    seed: text('', 'any text or number: the same seed gives the same set', { defaultDoc: 'a random seed kept with the progress' }),
    mode: oneOf(['one', 'all'], 'one', 'one question at a time, or all at once'),
    'url-params': text('quiz', 'prefix of the share link\'s parameters (quiz-seed …); none: the quiz neither reads nor writes the URL', { alias: 'urlParams' }),
    tutorial: text('', 'address of the tutorial page: each question\'s source label then links to the section that teaches it', { defaultDoc: 'none: a plain label' }),
    heading: text('', 'the quiz\'s heading', { defaultDoc: 'the title of the bank file (src), else the quiz\'s own title' }),
    'learner-view': { ...flag('for learners whose record an LMS keeps: no seed line and no reset'), alias: 'learnerView' },
  },
};

/** A <pe-lab> attribute whose default is its experiment's (PRESETS): documented as such. */
function labPreset(name, spec) {
  const values = EXPERIMENTS.map((e) => `${PRESETS[e][name]} (${e})`).join(', ');
  return { [name]: { ...spec, defaultDoc: `the experiment's: ${values}` } };
}

export const linkedTags = (name) => Object.keys(attributes).filter((tag) => attributes[tag][name]?.linked);

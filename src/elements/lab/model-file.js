// The lab's model files: model.save()'s safetensors file with what the lab trained it on added to its
// __metadata__ (loadTransformer ignores keys it does not know, and so does the PyTorch script), and a
// file loaded back: read by the core's loadTransformer (which refuses anything but such a file), then
// tested on the task it was trained on, or on the lab's current one when it does not say.
//
// API:
//   LAB_KEYS                          the metadata keys the lab adds: { task, length, seed, experiment, steps }
//   savedFile(model, plan, index)     -> Uint8Array: the run's model with the lab's metadata
//   labMetadata(bytes)                -> { task?, length?, seed?, experiment?, steps? }: the valid ones
//   loadedRun(core, bytes, plan, onProgress?) -> { config, final, snapshot, metadata, plan }: the model's final
//        test (session.js finalTest, onProgress(done, total) as it goes) and attention on the first probe
//        sequence; throws an Error saying why
//        a file cannot be tested (not a model file, another vocabulary, sequences its table cannot read)
import { TASK_NAMES } from '../../js/index.js';
import { readSafetensors, tensorValues, writeSafetensors } from '../../js/safetensors.js';
import { EXPERIMENTS } from './experiments/index.js';
import { labPlan } from './plan.js';
import { attentionSnapshot, finalTest, probeSet } from './session.js';

export const LAB_KEYS = Object.freeze({
  task: 'pe_lab.task', length: 'pe_lab.length', seed: 'pe_lab.seed', experiment: 'pe_lab.experiment', steps: 'pe_lab.steps',
});
const MAX_LENGTH = 16; // the length attribute's largest value

export function savedFile(model, plan, index) {
  const bytes = model.save();
  const { metadata, tensors } = readSafetensors(bytes);
  const values = tensors.map((t) => ({ name: t.name, shape: t.shape, data: tensorValues(bytes, t) }));
  return writeSafetensors(values, {
    ...metadata,
    [LAB_KEYS.task]: plan.task, [LAB_KEYS.length]: String(plan.length), [LAB_KEYS.seed]: String(plan.seed),
    [LAB_KEYS.experiment]: plan.experiment, [LAB_KEYS.steps]: String(plan.steps),
    'pe_lab.run': `${plan.runs[index].scheme}${plan.runs[index].causal ? ', causal' : ''}`,
  });
}

const wholeIn = (text, lo, hi) => (/^\d{1,10}$/.test(text ?? '') && Number(text) >= lo && Number(text) <= hi ? Number(text) : undefined);

export function labMetadata(bytes) {
  const { metadata } = readSafetensors(bytes);
  const out = {};
  if (TASK_NAMES.includes(metadata[LAB_KEYS.task])) out.task = metadata[LAB_KEYS.task];
  if (EXPERIMENTS.includes(metadata[LAB_KEYS.experiment])) out.experiment = metadata[LAB_KEYS.experiment];
  const length = wholeIn(metadata[LAB_KEYS.length], out.task === 'first' ? 2 : 1, MAX_LENGTH);
  if (length !== undefined) out.length = length;
  const seed = wholeIn(metadata[LAB_KEYS.seed], 0, 4294967295);
  if (seed !== undefined) out.seed = seed;
  const steps = wholeIn(metadata[LAB_KEYS.steps], 1, 1e9);
  if (steps !== undefined) out.steps = steps;
  return out;
}

export function loadedRun(core, bytes, plan, onProgress = null) {
  const model = core.loadTransformer(bytes);
  try {
    const metadata = labMetadata(bytes);
    const { vocab, maxLength } = model.config;
    if (vocab !== plan.vocab) throw new Error(`the model has a vocabulary of ${vocab} tokens; the lab's tasks use ${plan.vocab}`);
    const test = labPlan({
      experiment: metadata.experiment ?? plan.experiment, task: metadata.task ?? plan.task,
      length: metadata.length ?? plan.length, seed: metadata.seed ?? plan.seed, steps: metadata.steps ?? plan.steps,
      schemes: [], masks: [], dFFs: [], dModel: model.config.dModel, heads: model.config.heads, layers: model.config.layers,
    });
    if (test.sequenceLength > maxLength) throw new Error(`the model reads at most ${maxLength} tokens; the task's sequences have ${test.sequenceLength}`);
    return { config: model.config, final: finalTest(model, test, onProgress), snapshot: attentionSnapshot(model, probeSet(test), 0), metadata, plan: test };
  } finally {
    model.dispose();
  }
}

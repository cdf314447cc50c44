// <pe-lab>'s attributes made into the settings of a plan: an attribute the page did not set takes its
// experiment's value, bad words of the schemes and d-ff lists are left out (with a note), the heads are
// lowered to a divisor of d_model (an even head dimension for RoPE), and the plan notes the runs it
// cuts. No DOM: tested in Node.
//
// API:
//   GOVERNED                       the attributes an experiment sets when the page does not
//   headsFor(d, h, even)           the largest divisor of d that is at most h (even quotient when `even`)
//   labSettings(values, isSet, s)  -> { settings, plan, notes }: values are the attributes as read
//        (shared/base.js readValues), isSet(name) whether the page set one, s the lab's strings (notes)
import { fewWords } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { TRAINING } from './presets.js';
import { POSITION } from '../../js/defaults.js';
import { EXPERIMENTS, PRESETS, presetValue } from './experiments/index.js';
import { labPlan, masksOf, parseDFFs, parseSchemes } from './plan.js';

export const GOVERNED = Object.freeze(Object.keys(PRESETS[EXPERIMENTS[0]]));
const DFF_RANGE = [1, 1024];

export function headsFor(d, h, even) {
  for (let k = Math.min(h, d); k >= 1; k--) if (d % k === 0 && (!even || (d / k) % 2 === 0)) return k;
  return 1;
}

export function labSettings(values, isSet, s) {
  const v = { ...values };
  const notes = [];
  for (const name of GOVERNED) if (!isSet(name)) v[name] = presetValue(v.experiment, name);
  const { schemes, unknown } = parseSchemes(v.schemes);
  if (unknown.length) notes.push({ text: fill(s.unknownSchemes, fewWords(unknown)) });
  const { values: dFFs, bad } = parseDFFs(v['d-ff'], ...DFF_RANGE);
  if (bad.length) notes.push({ text: fill(s.badDFF, fewWords(bad)) });
  const settings = {
    experiment: v.experiment, task: v.task, length: v.length, steps: v.steps, seed: v.seed,
    schemes: schemes.length ? schemes : parseSchemes(presetValue(v.experiment, 'schemes')).schemes,
    masks: masksOf(v.causal),
    dFFs: dFFs.length ? dFFs : parseDFFs(presetValue(v.experiment, 'd-ff'), ...DFF_RANGE).values,
    dModel: v['d-model'], layers: v.layers,
  };
  settings.heads = headsFor(v['d-model'], v.heads, settings.schemes.includes(POSITION.ROPE));
  if (settings.heads !== v.heads) notes.push({ text: fill(s.headsNote, { d: v['d-model'], used: settings.heads }) });
  const plan = labPlan(settings);
  if (plan.cut) notes.push({ text: fill(s.cutRuns, { max: TRAINING.maxRuns, cut: plan.cut }) });
  return { values: v, settings, plan, notes };
}

// From the lab's settings (its attribute values) to a plan of training runs: plain data, the same in the
// page and in the worker that trains it, so that the settings and the seed fix every number of a run.
// The runs are the product schemes x masks x d_ff, in that order, at most TRAINING.maxRuns of them.
//
// API:
//   parseSchemes(text)    -> { schemes, unknown }: the known names of a comma list, in SCHEMES order,
//                            and the words that are not schemes
//   parseDFFs(text, min, max) -> { values, bad }: the distinct integers of a comma list within
//                            [min, max] in the order given, and the words that are not
//   masksOf(causal)       'both' | 'on' | 'off' -> [false, true] | [true] | [false]
//   labPlan(settings)     -> plan (below); settings: { experiment, task, schemes (array), masks
//                            (array of booleans), length, steps, seed, dModel, heads, dFFs (array),
//                            layers }, already within the attributes' ranges
//
// plan: { experiment, task, vocab, batch, lr, seed, steps, length, trainLengths: [lo, hi],
//   testLengths (null, or the lengths of the final test), evalEvery, evalSequences, finalSequences,
//   chance, positionBlindBound, sequenceLength, cut (runs left out beyond maxRuns),
//   runs: [{ scheme, causal, dFF, model (createTransformer's options) }] }
import { createTask } from '../../js/index.js';
import { SCHEMES, TRAINING } from './presets.js';
import { experimentOf } from './experiments/index.js';
import { POSITION } from '../../js/defaults.js';

export function parseSchemes(text) {
  const words = String(text ?? '').split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
  return { schemes: SCHEMES.filter((s) => words.includes(s)), unknown: words.filter((w) => !SCHEMES.includes(w)) };
}

export function parseDFFs(text, min, max) {
  const values = [], bad = [];
  for (const word of String(text ?? '').split(',').map((w) => w.trim()).filter(Boolean)) {
    const n = /^\d{1,7}$/.test(word) ? Number(word) : NaN;
    if (n >= min && n <= max) {
      if (!values.includes(n)) values.push(n);
    } else {
      bad.push(word);
    }
  }
  return { values, bad };
}

export function masksOf(causal) {
  return causal === 'both' ? [false, true] : [causal === 'on'];
}

export function labPlan(settings) {
  const { experiment, task: name, schemes, masks, length, steps, seed, dModel, heads, dFFs, layers } = settings;
  const { vocab, batch, lr, evalPoints, evalSequences, finalSequences, maxRuns } = TRAINING;
  const task = createTask(name, { vocab, length, seed });
  const longer = Boolean(experimentOf(experiment)?.testsLonger);
  // Training on every length from the task's shortest up to `length` (one length per batch), tested up
  // to twice that; the other experiments train and test at `length` alone.
  const lo = longer ? (name === 'first' ? 2 : 1) : length;
  const testLengths = longer ? Array.from({ length: 2 * length - lo + 1 }, (_, i) => lo + i) : null;
  const trainedT = task.stats(length).sequenceLength;
  const testedT = task.stats(longer ? 2 * length : length).sequenceLength;
  const all = [];
  for (const scheme of schemes) {
    for (const causal of masks) {
      for (const dFF of dFFs) {
        all.push({
          scheme, causal, dFF,
          model: {
            vocab, dModel, heads, dFF, layers, position: scheme, causal, seed,
            // A learned table has exactly the rows training reaches: past them there is no row at all.
            maxLength: scheme === POSITION.LEARNED ? trainedT : testedT,
          },
        });
      }
    }
  }
  return {
    experiment, task: name, vocab, batch, lr, seed, steps, length,
    trainLengths: [lo, length], testLengths,
    evalEvery: Math.max(1, Math.round(steps / evalPoints)),
    evalSequences, finalSequences,
    chance: task.chance, positionBlindBound: task.positionBlindBound, sequenceLength: trainedT,
    cut: Math.max(0, all.length - maxRuns),
    runs: all.slice(0, maxRuns),
  };
}

// What every experiment of <pe-lab> shares (the experiments themselves and the settings each one
// starts from: lab/experiments/). An attribute the page sets wins over its experiment's value; every run
// of an experiment shares the model's size, the task's stream of batches and the seed, so that the runs
// differ only in what the experiment compares.
//
// The sizes were chosen so that each experiment finishes on a 2-core laptop in about a minute of one
// Web Worker (docs/performance.md, 'The position lab', gives the measured times): d_model 32, 2 heads of 16 (RoPE's
// pairs need an even head dimension, and 8 frequencies per head learn reverse faster than 4), d_ff
// 128, 2 layers (reverse needs one layer to find the query's place and one to fetch), batches of 32,
// AdamW at lr 3e-3 (1e-3 needs about three times the steps at this size).
//
// API:
//   SCHEMES       the position schemes, in the order the lab shows them
//   COMMON        the defaults every experiment shares: { length, 'd-model', heads, layers, seed }
//   TRAINING      what no attribute changes: { vocab, batch, lr, evalPoints, evalSequences,
//                 finalSequences, maxRuns }

// No position first (the baseline), then pf_abi.h's schemes in their order.
import { POSITION, POSITIONS } from '../../js/defaults.js';

export const SCHEMES = Object.freeze([POSITION.NONE, ...POSITIONS.filter((p) => p !== POSITION.NONE)]);
export const COMMON = Object.freeze({ length: 8, 'd-model': 32, heads: 2, layers: 2, seed: 0 });

export const TRAINING = Object.freeze({
  vocab: 16,           // 14 symbols and the separator and query tokens of src/js/tasks.js
  batch: 32,
  lr: 3e-3,
  evalPoints: 50,      // held-out evaluations per run: the curves' points
  evalSequences: 64,   // held-out sequences at each point (512 answers at length 8)
  finalSequences: 256, // held-out sequences per length for the final table
  maxRuns: 12,         // 5 schemes x 2 masks, or a few d_ff: more would not finish in a minute
});

// ④ dff: the d_ff trade-off. sort (where the FFN has work to do; reverse is all attention), d_ff from
// d_model / 4 to 16 d_model; a third chart draws the loss against seconds, and the explanation gives
// each d_ff's time per step.
import { POSITION } from '../../../js/defaults.js';

export default {
  name: 'dff',
  doc: 'several d_ff',
  preset: { task: 'sort', schemes: POSITION.SINUSOIDAL, causal: 'off', steps: 300, 'd-ff': '8,32,128,512' },
  charts: [{ key: 'loss-seconds', title: 'lossSecondsTitle', measure: 'loss', xOf: 'seconds' }],
  measured({ plan, seconds }, { fmt }) {
    return { times: plan.runs.map((r, i) => `d_ff ${r.dFF}: ${fmt((1000 * seconds[i]) / plan.steps, 1)} ms`).join(', ') };
  },
};

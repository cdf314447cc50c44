// ③ inside: what was learned. The learned table and the attention maps beside the sinusoid's (the
// element's "inside" panel, lab/inside.js, draws them for every experiment).
import { POSITION } from '../../../js/defaults.js';

export default {
  name: 'inside',
  doc: 'the learned table and the attention maps',
  preset: { task: 'reverse', schemes: `${POSITION.SINUSOIDAL},${POSITION.LEARNED}`, causal: 'off', steps: 400, 'd-ff': '128' },
};

// ① position: does it learn word order? reverse with every position scheme, without and with the
// causal mask. 500 steps: sinusoidal and learned pass 95 % near step 100, RoPE without the mask and
// NoPE with it near 300-400. The explanation's numbers: NoPE's accuracy without and with the mask.
import { SCHEMES } from '../presets.js';
import { POSITION } from '../../../js/defaults.js';

export default {
  name: 'position',
  doc: 'every scheme with and without the causal mask',
  preset: { task: 'reverse', schemes: SCHEMES.join(','), causal: 'both', steps: 500, 'd-ff': '128' },
  measured({ plan, final }, { pct }) {
    const at = (scheme, causal) => final.find((_, i) => plan.runs[i].scheme === scheme && plan.runs[i].causal === causal);
    return { none: pct(at(POSITION.NONE, false)?.accuracy), noneCausal: pct(at(POSITION.NONE, true)?.accuracy) };
  },
};

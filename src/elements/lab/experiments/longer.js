// ② longer: longer than trained. Lengths 1 … L in training (L the length attribute), 1 … 2L in the
// test, all with the mask (without it NoPE learns nothing to extrapolate); mixed lengths are harder:
// 1,500 steps. The plan tests every length (testsLonger), the results add accuracy by length, and the
// explanation's numbers are the sinusoid's accuracy at L and at L + 1.
import { SCHEMES } from '../presets.js';
import { POSITION } from '../../../js/defaults.js';

export default {
  name: 'longer',
  doc: 'trained on lengths up to `length`, tested up to twice that',
  preset: { task: 'reverse', schemes: SCHEMES.join(','), causal: 'on', steps: 1500, 'd-ff': '128' },
  testsLonger: true,
  measured({ plan, final }, { pct }) {
    const sin = final.find((_, i) => plan.runs[i].scheme === POSITION.SINUSOIDAL);
    if (!sin) return null;
    const hi = plan.trainLengths[1];
    const by = (n) => sin.accuracyByLength.find((a) => a.length === n)?.accuracy;
    return { hi, next: hi + 1, sinAt: pct(by(hi)), sinNext: pct(by(hi + 1)) };
  },
};

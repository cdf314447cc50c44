// The PE sweep (tests/sweep/pe.js) through the JS API in Node; SWEEP=full makes it much denser.
// Prints one line per family with its largest error.
import { sweepTest } from './sweep-test.js';
import { sweepPe } from '../sweep/pe.js';

sweepTest('pe', 'PE sweep: widths 1 .. 65,536, both layouts, offsets near 0 / 1e6 / 2^31, six bases', sweepPe, 'widths');

// The FFN sweep (tests/sweep/ffn.js) through the JS API in Node; SWEEP=full makes it denser.
// Prints one line per family with its largest error.
import { sweepTest } from './sweep-test.js';
import { sweepFfn } from '../sweep/ffn.js';

sweepTest('ffn', 'FFN sweep: shapes around panels, tiles, blocks and passes, every activation', sweepFfn, 'shapes');

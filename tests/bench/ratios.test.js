// Ratios from paired samples: the median of per-round ratios, against best ÷ best.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fastestPeer, overBestPeer, pairedTimeRatio, timeOver } from './ratios.js';

const timed = (samples) => ({ status: 'ok', best: Math.min(...samples), samples });

test('the paired ratio follows the rounds; best ÷ best follows the luckiest sample of each', () => {
  // The machine was twice as fast in round 2 for b only (a ran before the spell began).
  const a = timed([2, 2, 2.2, 2]), b = timed([1, 0.5, 1.1, 1]);
  assert.equal(pairedTimeRatio(a, b), 2);
  assert.deepEqual(timeOver({ a, b }, 'a', 'b'), { paired: 2, best: 4 });
  assert.equal(pairedTimeRatio(timed([3, 1, 2]), timed([1, 1, 1])), 2, 'odd count: the middle ratio');
});

test('an untimed or unpaired result gives no ratio', () => {
  const a = timed([1, 2]);
  assert.equal(pairedTimeRatio(a, { status: 'wrong', maxErr: 1 }), null);
  assert.equal(pairedTimeRatio(a, timed([1, 2, 3])), null);
  assert.deepEqual(timeOver({ a }, 'a', 'missing'), { paired: null, best: null });
});

test('the best peer is the one this package beats by the least', () => {
  const results = {
    'plain-js': timed([10, 10, 10]), 'tfjs-wasm': timed([2, 2, 2]), 'ort-wasm': timed([3, 1.5, 3]),
    own: timed([1, 1, 1]), 'ort-wasm-unused': timed([0.1, 0.1, 0.1]),
  };
  assert.deepEqual(overBestPeer(results, 'own'), { paired: 2, best: 1.5, peer: 'tfjs-wasm' });
  assert.equal(fastestPeer(results), 'ort-wasm', 'best ÷ best is taken to the fastest best sample');
  assert.deepEqual(overBestPeer({ own: results.own }, 'own'), { paired: null, best: null, peer: null });
});

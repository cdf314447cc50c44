// How many workers <pe-lab> trains its runs on (src/elements/lab/client.js): one per logical core, at
// most one per run and at most 8, and at most what the reader chose; never fewer than 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_LAB_WORKERS, workerCount } from '../../src/elements/lab/client.js';

test('workers: min(cores, runs, 8), at most the reader\'s choice, at least 1', () => {
  assert.equal(MAX_LAB_WORKERS, 8);
  for (let cores = 1; cores <= 20; cores++) {
    for (let runs = 1; runs <= 12; runs++) {
      assert.equal(workerCount(runs, cores), Math.min(cores, runs, 8), `${runs} runs on ${cores} cores`);
      for (const chosen of [1, 2, 3]) assert.equal(workerCount(runs, cores, chosen), Math.min(cores, runs, 8, chosen));
    }
  }
  assert.equal(workerCount(5, 2), 2, 'this 2-core machine: both cores train');
  assert.equal(workerCount(5, undefined), Math.min(5, 8, globalThis.navigator?.hardwareConcurrency ?? 2));
  assert.equal(workerCount(3, 0), 1, 'an unknown core count: one worker');
});

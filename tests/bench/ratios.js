// Ratios between contestants, from paired samples. Every round of the bench times each contestant
// once, back to back, so the samples of one round ran under the same machine conditions. This VM's
// speed drifts by tens of percent from one minute to the next, so the best samples of two
// contestants can come from different spells (the best of Float32Array.fill at 4 MB was 11,148 M
// values/s in one run and 5,894 in the next); the median over rounds of (time of a ÷ time of b)
// compares like with like. Best ÷ best is kept beside it.
import { PEERS } from './contestants.js';

const timed = (r) => r?.status === 'ok' && r.best > 0;

/** Median over rounds of a's time ÷ b's time, or null when either was not timed. */
export function pairedTimeRatio(a, b) {
  if (!timed(a) || !timed(b) || !a.samples?.length || a.samples.length !== b.samples?.length) return null;
  const ratios = a.samples.map((t, i) => t / b.samples[i]).sort((x, y) => x - y);
  const mid = ratios.length >> 1;
  return ratios.length % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
}

/** a's best time ÷ b's best time, or null. */
export function bestTimeRatio(a, b) {
  return timed(a) && timed(b) ? a.best / b.best : null;
}

/** Time of a over time of b, both ways: { paired, best } (null members when not timed). */
export function timeOver(results, a, b) {
  return { paired: pairedTimeRatio(results[a], results[b]), best: bestTimeRatio(results[a], results[b]) };
}

/** The correct peer with the fastest best sample (the largest speed), or null. */
export function fastestPeer(results) {
  let fastest = null;
  for (const peer of PEERS) if (timed(results[peer]) && (!fastest || results[peer].best < results[fastest].best)) fastest = peer;
  return fastest;
}

/**
 * How many times faster `id` is than the best correct peer: { paired, best, peer }. paired: against
 * the peer it beats by the least in the paired figure (that is `peer`); best: against the fastest
 * peer, best ÷ best. Members are null when `id` or every peer is missing.
 */
export function overBestPeer(results, id) {
  const out = { paired: null, best: null, peer: null };
  for (const peer of PEERS) {
    const paired = pairedTimeRatio(results[peer], results[id]);
    if (paired !== null && (out.paired === null || paired < out.paired)) Object.assign(out, { paired, peer });
  }
  const fastest = fastestPeer(results);
  if (fastest) out.best = bestTimeRatio(results[fastest], results[id]);
  return out;
}

// The training of a plan's runs (plan.js) on one instance of the module, a slice at a time, so that the
// Web Worker that owns it can answer "pause" between slices. Every run has its own model, trainer and
// copy of the task's stream: all runs see the same batches, and a run's numbers depend on the plan
// alone, not on the slices, the other runs or which worker trains it. No DOM; tested in Node.
//
// API:
//   createSession(core, plan, indices = every run)  -> session for plan.runs[i], i in indices
//   session.step                      steps taken by every run
//   session.done                      step === plan.steps
//   session.advance(budgetMs)         trains all runs step by step until budgetMs have passed (at least
//        one step) or the plan is done; -> { step, evals: [{ step, runs: [{ index, loss, accuracy,
//        seconds (its training time so far), positions (a learned table's first T rows, else null) }] }]
//        (the held-out evaluations reached in this slice), seconds: [{ index, seconds }] (each run's
//        own training time so far), tokens (tokens trained in this slice, all runs), diverged: [{ index,
//        step }] (runs whose training loss first was not a finite number at that step, in this slice) }
//   session.losses(index)             Float64Array(plan.steps): the training loss of each step
//   session.finish()                  -> [{ index, params (the model's parameter count), ...finalTest }]
//   session.snapshot(index, example)  -> attentionSnapshot of the run's model (below)
//   session.model(index)              the run's model (save(), config)
//   session.dispose()
// and, for a model from elsewhere (a file loaded back into the lab):
//   probeSet(plan)                    the held-out sequences evaluated during training
//   finalTest(model, plan, onProgress?) -> { loss, accuracy, accuracyByLength: null | [{ length, accuracy }] };
//        onProgress(done, total) after each part (a loaded file's test: its status shows how far it is)
//   attentionSnapshot(model, probe, example) -> { tokens, targets, heads, layers: [Float32Array(heads *
//        T * T)], positions: Float32Array(T * dModel) of a learned table, else null }
import { createTask, tokenAccuracy } from '../../js/index.js';
import { mulberry32 } from '../../js/random.js';
import { POSITION } from '../../js/defaults.js';

/** Mean cross-entropy of logits [r][vocab] over the rows whose target is not -1, in double. */
export function heldOutLoss(logits, targets, vocab) {
  let sum = 0, counted = 0;
  for (let r = 0; r < targets.length; r++) {
    if (targets[r] === -1) continue;
    let max = -Infinity;
    for (let v = 0; v < vocab; v++) max = Math.max(max, logits[r * vocab + v]);
    let z = 0;
    for (let v = 0; v < vocab; v++) z += Math.exp(logits[r * vocab + v] - max);
    sum += Math.log(z) + max - logits[r * vocab + targets[r]];
    counted++;
  }
  return counted ? sum / counted : 0;
}

/**
 * The plan's stream of training batches (a fresh copy per call). With one training length, the task's
 * own stream; with several, a seeded draw of the length per batch and a stream per length.
 */
export function batchStream(plan) {
  const { task: name, vocab, seed, batch, trainLengths: [lo, hi] } = plan;
  if (lo === hi) {
    const task = createTask(name, { vocab, length: hi, seed });
    return () => task.batch(batch);
  }
  const pickLength = mulberry32((seed ^ 0x5bd1e995) >>> 0);
  const tasks = new Map();
  return () => {
    const n = lo + Math.floor(pickLength() * (hi - lo + 1));
    if (!tasks.has(n)) tasks.set(n, createTask(name, { vocab, length: n, seed: (seed + Math.imul(n, 0x9e3779b1)) >>> 0 }));
    return tasks.get(n).batch(batch);
  };
}

/** The held-out set of `count` sequences of length n (the same for every run and every call). */
function heldOut(plan, n, count) {
  return createTask(plan.task, { vocab: plan.vocab, length: plan.length, seed: plan.seed }).testSet(n, count);
}

/** The probe set: the held-out sequences evaluated during training and shown in the attention maps. */
export const probeSet = (plan) => heldOut(plan, plan.length, plan.evalSequences);

/** Sequences per forward pass while a test reports its progress (a run's own final test: all at once). */
const PROGRESS_BATCH = 32;

function evaluate(model, set, vocab, onPart) {
  let logits;
  if (!onPart) logits = model.forward(set.tokens, { batch: set.batch });
  else {
    // The same logits, a few sequences at a time: every sequence's rows are computed on their own.
    const T = set.tokens.length / set.batch;
    logits = new Float32Array(set.tokens.length * vocab);
    for (let b = 0; b < set.batch; b += PROGRESS_BATCH) {
      const n = Math.min(PROGRESS_BATCH, set.batch - b);
      logits.set(model.forward(set.tokens.slice(b * T, (b + n) * T), { batch: n }), b * T * vocab);
      onPart();
    }
  }
  return { loss: heldOutLoss(logits, set.targets, vocab), accuracy: tokenAccuracy(logits, set.targets, vocab).accuracy };
}

/**
 * A model's final test: loss and accuracy on plan.finalSequences held-out sequences at plan.length and,
 * when the plan tests other lengths, the accuracy at each (null where a sequence is longer than the
 * model's table, a learned one: there is no row to read).
 */
export function finalTest(model, plan, onProgress = null) {
  const parts = Math.ceil(plan.finalSequences / PROGRESS_BATCH);
  const total = parts * (1 + (plan.testLengths?.length ?? 0));
  let done = 0;
  const onPart = onProgress && (() => onProgress(++done, total));
  const result = evaluate(model, heldOut(plan, plan.length, plan.finalSequences), plan.vocab, onPart);
  const accuracyByLength = plan.testLengths?.map((n) => {
    const set = heldOut(plan, n, plan.finalSequences);
    if (set.length > model.config.maxLength) {
      if (onProgress) onProgress(done += parts, total);
      return { length: n, accuracy: null };
    }
    return { length: n, accuracy: evaluate(model, set, plan.vocab, onPart).accuracy };
  }) ?? null;
  return { ...result, accuracyByLength };
}

/** A learned position table's first T rows (Float32Array(T * dModel)), or null for the other schemes. */
function learnedRows(model, T) {
  return model.config.position === POSITION.LEARNED ? model.getParameter('position').slice(0, T * model.config.dModel) : null;
}

/** The attention weights of every layer for one sequence of `probe`, and a learned table's first T rows. */
export function attentionSnapshot(model, probe, example) {
  const T = probe.length;
  const at = (example % probe.batch) * T;
  const tokens = probe.tokens.slice(at, at + T);
  const { trace } = model.forward(tokens, { batch: 1, trace: true });
  return {
    tokens, targets: probe.targets.slice(at, at + T), heads: model.config.heads,
    layers: trace.layers.map((layer) => layer.weights),
    positions: learnedRows(model, T),
  };
}

export function createSession(core, plan, indices = plan.runs.map((_, i) => i)) {
  const now = () => performance.now();
  const probe = probeSet(plan);
  const runs = indices.map((index) => {
    const model = core.createTransformer(plan.runs[index].model);
    return {
      index, model, trainer: model.createTrainer({ lr: plan.lr }), next: batchStream(plan),
      losses: new Float64Array(plan.steps), seconds: 0,
    };
  });
  let step = 0;
  const find = (index) => {
    const run = runs.find((r) => r.index === index);
    if (!run) throw new RangeError(`index: run ${index} is not in this session`);
    return run;
  };

  return {
    get step() { return step; },
    get done() { return step >= plan.steps; },

    advance(budgetMs) {
      const start = now();
      const evals = [];
      const diverged = [];
      let tokens = 0;
      do {
        for (const run of runs) {
          const b = run.next();
          const t0 = now();
          run.losses[step] = run.trainer.step(b.tokens, b.targets, { batch: b.batch });
          if (!Number.isFinite(run.losses[step]) && !run.diverged) {
            run.diverged = true;
            diverged.push({ index: run.index, step: step + 1 });
          }
          run.seconds += (now() - t0) / 1000;
          tokens += b.tokens.length;
        }
        step++;
        if (step % plan.evalEvery === 0 || step === plan.steps) {
          evals.push({ step, runs: runs.map((run) => ({ index: run.index, seconds: run.seconds, ...evaluate(run.model, probe, plan.vocab), positions: learnedRows(run.model, probe.length) })) });
        }
      } while (step < plan.steps && now() - start < budgetMs);
      return { step, evals, seconds: runs.map((run) => ({ index: run.index, seconds: run.seconds })), tokens, diverged };
    },

    losses: (index) => find(index).losses,

    finish: () => runs.map((run) => ({ index: run.index, params: run.model.paramCount, ...finalTest(run.model, plan) })),

    snapshot: (index, example) => attentionSnapshot(find(index).model, probe, example),

    model: (index) => find(index).model,

    dispose() {
      for (const run of runs) run.model.dispose();
    },
  };
}

// The AdamW trainer of a trainable Transformer (API.md): a JavaScript object over a C trainer
// (src/c/trainer.h: AdamW's moments and the step count) that its model owns: disposing the model
// disposes its trainers. A step is the model's forward, backward, optional global-norm clipping and
// the AdamW update, all in the core; it returns the loss before the update.
import { checkStatus, rangeError, typeError } from './errors.js';
import { readOptions } from './args.js';
import { TRAINER_DEFAULTS } from './defaults.js';
import { NativeHandle } from './native-object.js';
import * as check from './validate.js';

const TRAINER_OPTIONS = ['lr', 'betas', 'eps', 'weightDecay', 'clipNorm'];
const DEFAULTS = TRAINER_DEFAULTS;

/** A finite number of at least 0. */
function finiteAtLeastZero(name, value) {
  if (typeof value !== 'number') throw typeError(name, 'a finite number of at least 0', value);
  if (!Number.isFinite(value) || !(value >= 0)) throw rangeError(name, 'a finite number of at least 0', value);
  return value;
}

/** betas: an Array of two numbers, each in [0, 1). */
function readBetas(value) {
  let isArray;
  try {
    isArray = Array.isArray(value);
  } catch {
    isArray = false;
  }
  if (!isArray) throw typeError('betas', 'an Array of two numbers in [0, 1)', value);
  const length = value.length;
  if (length !== 2) throw new RangeError(`betas must hold two numbers in [0, 1), got ${length}`);
  const betas = [value[0], value[1]];
  for (const [i, b] of betas.entries()) {
    if (typeof b !== 'number') throw typeError(`betas[${i}]`, 'a number in [0, 1) (betas)', b);
    if (!(b >= 0 && b < 1)) throw rangeError(`betas[${i}]`, 'a number in [0, 1) (betas)', b);
  }
  return betas;
}

/** A learning rate set between steps (trainer.lr, parallelTrainer.lr): a finite number > 0, else a RangeError naming lr. */
export function checkLearningRate(value) {
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) throw rangeError('lr', 'a finite number greater than 0', value);
  return value;
}

/** The trainer's resolved options: { lr, betas, eps, weightDecay, clipNorm (0: none) }. */
export function readTrainerOptions(options) {
  const o = readOptions('options', options, TRAINER_OPTIONS);
  return {
    lr: o.lr === undefined ? DEFAULTS.lr : check.finiteAbove('lr', o.lr, 0),
    betas: o.betas === undefined ? [...DEFAULTS.betas] : readBetas(o.betas),
    eps: o.eps === undefined ? DEFAULTS.eps : check.finiteAbove('eps', o.eps, 0),
    weightDecay: o.weightDecay === undefined ? DEFAULTS.weightDecay : finiteAtLeastZero('weightDecay', o.weightDecay),
    clipNorm: o.clipNorm === undefined ? DEFAULTS.clipNorm : check.finiteAbove('clipNorm', o.clipNorm, 0),
  };
}

export class Trainer {
  #core;
  #model;
  #native;
  #lr;
  #steps = 0;
  #lastStepFinite = true;
  #firstNonFiniteStep = null;

  /**
   * `modelHandle` owns the new trainer (disposing the model disposes it). `model` is the model's side
   * of a step: read(tokens, targets, options) reads and checks its arguments (running any getter
   * among them), layout(args) resolves the model's pointer and lays them out in its memory
   * (Transformer#read, #layout), finite() says whether every parameter is a finite number.
   */
  constructor(core, modelHandle, modelPointer, model, hyper) {
    const { heap, exports } = core;
    checkStatus(exports.pf_trainer_new(heap.slot, modelPointer, hyper.lr, hyper.betas[0], hyper.betas[1], hyper.eps,
      hyper.weightDecay, hyper.clipNorm), 'lr', 'the trainer keeps two values per parameter');
    this.#core = core;
    this.#model = model;
    this.#native = new NativeHandle(this, heap.slotU32(), exports.pf_trainer_delete, 'trainer');
    modelHandle.own(this.#native);
    this.#lr = hyper.lr;
  }

  /** Steps taken. */
  get steps() {
    return this.#steps;
  }

  /**
   * False when the last step's loss, or any parameter after its update, is NaN or infinite (the
   * training diverged: every later step computes from those values); true before the first step.
   */
  get lastStepFinite() {
    return this.#lastStepFinite;
  }

  /** The number (1, 2, ...) of the first step that was not finite (see lastStepFinite), or null. */
  get firstNonFiniteStep() {
    return this.#firstNonFiniteStep;
  }

  get lr() {
    return this.#lr;
  }

  /** A new learning rate from the next step: a finite number > 0, else a RangeError naming lr. */
  set lr(value) {
    checkLearningRate(value);
    checkStatus(this.#core.exports.pf_trainer_set_lr(this.#native.pointer('trainer.lr'), value), 'lr');
    this.#lr = value;
  }

  /** Forward, backward, clipping, AdamW on one batch; returns the loss before the update. */
  step(tokens, targets, options) {
    const args = this.#model.read(tokens, targets, options); // every getter runs here, before any pointer
    const trainer = this.#native.pointer('trainer.step()'); // then a disposed trainer (or model) throws
    const call = this.#model.layout(args);
    const { heap, exports } = this.#core;
    checkStatus(exports.pf_trainer_step(heap.slot, trainer, call.pointer, call.at.tokens, call.at.targets, call.batch,
      call.length, call.at.work, call.workFloats), 'tokens');
    const loss = heap.slotF64();
    this.#steps++;
    this.#lastStepFinite = Number.isFinite(loss) && this.#model.finite();
    if (!this.#lastStepFinite && this.#firstNonFiniteStep === null) this.#firstNonFiniteStep = this.#steps;
    return loss;
  }

  /** Frees the trainer's moments. Safe to call twice; step() afterwards throws. */
  dispose() {
    this.#native.dispose();
  }
}

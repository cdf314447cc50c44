// The trainable Transformer's options in one list: createTransformer reads and checks them
// (resolveOptions), model.save() writes every one into the file's __metadata__ (metadataOf) and
// loadTransformer reads them back (optionFromText),
// loadTransformer requires every one of FILE_OPTIONS there, and pytorchScript's model.py compares every
// one of FILE_OPTIONS with the file it loads. An option added to MODEL_OPTIONS is thereby saved,
// required and compared without another edit.
import { ACTIVATIONS, DEFAULTS, LIMITS, MAX_SEED, MODEL_DEFAULTS, NORMS, POSITION, POSITIONS } from './defaults.js';
import { required } from './args.js';
import * as check from './validate.js';

const { MAX_DIM, MODEL_MAX_VOCAB, MODEL_MAX_DIM, MODEL_MAX_LAYERS, MODEL_MAX_LENGTH } = LIMITS;

/** Each option and the kind of its value, in the order of model.config and of the file's metadata. */
const KINDS = Object.freeze({
  vocab: 'number', dModel: 'number', heads: 'number', dFF: 'number', layers: 'number', maxLength: 'number',
  position: 'name', causal: 'boolean', norm: 'name', activation: 'name', eps: 'number', seed: 'number',
});

/** The options, in the order of model.config and of the saved file's metadata. */
export const MODEL_OPTIONS = Object.freeze(Object.keys(KINDS));

/** The options a model file must state: all but the seed, which only drew the first parameters. */
export const FILE_OPTIONS = Object.freeze(MODEL_OPTIONS.filter((key) => key !== 'seed'));

/** The resolved options (model.config) from read options `o`; throws TypeError/RangeError naming one. */
export function resolveOptions(o) {
  const vocab = check.integer('vocab', required('vocab', o.vocab), 2, MODEL_MAX_VOCAB);
  const dModel = check.integer('dModel', required('dModel', o.dModel), 1, MODEL_MAX_DIM);
  const heads = o.heads === undefined ? MODEL_DEFAULTS.heads : check.integer('heads', o.heads, 1, dModel);
  if (dModel % heads !== 0) throw new RangeError(`heads must divide dModel = ${dModel}, got ${heads}`);
  const dFF = o.dFF === undefined ? MODEL_DEFAULTS.dFFPerDModel * dModel : check.integer('dFF', o.dFF, 1, MAX_DIM);
  const layers = o.layers === undefined ? MODEL_DEFAULTS.layers : check.integer('layers', o.layers, 1, MODEL_MAX_LAYERS);
  const maxLength = o.maxLength === undefined ? MODEL_DEFAULTS.maxLength : check.integer('maxLength', o.maxLength, 1, MODEL_MAX_LENGTH);
  const position = o.position === undefined ? POSITIONS[0] : POSITIONS[check.oneOf('position', o.position, POSITIONS)];
  if (position === POSITION.ROPE && (dModel / heads) % 2 !== 0) {
    throw new RangeError(`heads: with position '${position}' the head dimension dModel / heads must be even, got ${dModel} / ${heads} = ${dModel / heads}`);
  }
  const causal = o.causal === undefined ? DEFAULTS.causal : check.boolean('causal', o.causal);
  const norm = o.norm === undefined ? NORMS[DEFAULTS.norm] : NORMS[check.oneOf('norm', o.norm, NORMS)];
  const activation = o.activation === undefined ? ACTIVATIONS[DEFAULTS.activation] : ACTIVATIONS[check.oneOf('activation', o.activation, ACTIVATIONS)];
  const eps = o.eps === undefined ? DEFAULTS.eps : check.finiteAbove('eps', o.eps, 0);
  const seed = o.seed === undefined ? DEFAULTS.seed : check.integer('seed', o.seed, 0, MAX_SEED);
  return { vocab, dModel, heads, dFF, layers, maxLength, position, causal, norm, activation, eps, seed };
}

/** Every option of a resolved config as the file's metadata holds it: String(value). */
export function metadataOf(config) {
  return Object.fromEntries(MODEL_OPTIONS.map((key) => [key, String(config[key])]));
}

const DECIMAL = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * An option's value from its text in a file's metadata (metadataOf's inverse: a number in decimal
 * notation, "true" or "false", a name as it is), or undefined for undefined. A text that is not of
 * the option's kind is a RangeError naming the option; resolveOptions then checks the value.
 */
export function optionFromText(key, text) {
  if (text === undefined) return undefined;
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  if (KINDS[key] === 'number') {
    if (!DECIMAL.test(text)) throw new RangeError(`${key} must be a number, got ${shown}`);
    return Number(text);
  }
  if (KINDS[key] === 'boolean') {
    if (text !== 'true' && text !== 'false') throw new RangeError(`${key} must be "true" or "false", got ${shown}`);
    return text === 'true';
  }
  return text;
}

// The API's limits and defaults in one place. The C core's numbers and the kinds chosen by name come
// from src/c/pf_abi.h (abi.js is generated from it: LIMITS, NUMBERS, POSITIONS, ACTIVATIONS, NORMS);
// the option lists are the JavaScript names of the C enums, in their order (a name's index is its C value).
import { ACTIVATION, ACTIVATIONS, LIMITS, NORM, NORMS, NUMBERS, POSITION, POSITIONS } from './abi.js';

export { ACTIVATION, ACTIVATIONS, LIMITS, NORM, NORMS, POSITION, POSITIONS };

/** Bytes the wasm memory can ever hold (pf_abi.h); larger requests are refused before any call. */
export const MAX_MEMORY_BYTES = LIMITS.MAX_MEMORY_PAGES * 65536;

/** Seeds are uint32 (pf_abi.h). */
export const MAX_SEED = NUMBERS.MAX_SEED;

/** pe_layout and rope_layout by name. */
export const PE_LAYOUTS = Object.freeze(['interleaved', 'concat']);
export const ROTARY_LAYOUTS = Object.freeze(['interleaved', 'half']);

/** The trainable Transformer's options when they are not given (dFF: dFFPerDModel times dModel). */
export const MODEL_DEFAULTS = Object.freeze({ heads: 1, dFFPerDModel: 4, layers: 1, maxLength: 512 });

/** createTask's options when they are not given, and its limits (vocab and seed as the model's). */
export const TASK_DEFAULTS = Object.freeze({ vocab: 16, length: 8, seed: 0 });
export const TASK_LIMITS = Object.freeze({
  MAX_SYMBOLS: 255, // a sequence's input part; the longest sequence, 2 * 255 + 2 tokens, fits maxLength 512
  MAX_TOKENS: 1 << 24, // per call of batch() or testSet() (64 MB): a mistyped n is a RangeError, not an exhausted heap
});

/** The AdamW trainer's options when they are not given (as torch.optim.AdamW's, but weightDecay). */
export const TRAINER_DEFAULTS = Object.freeze({ lr: 1e-3, betas: Object.freeze([0.9, 0.999]), eps: 1e-8, weightDecay: 0.01, clipNorm: 0 });

/** Each option's value when it is not given (the enum options as their C value). */
export const DEFAULTS = Object.freeze({
  base: NUMBERS.DEFAULT_BASE, offset: 0, layout: 0, eps: NUMBERS.DEFAULT_EPS, seed: NUMBERS.DEFAULT_SEED,
  activation: 0, norm: 0, causal: false,
});

/**
 * What the safetensors reader accepts, checked before the header is decoded or parsed, so that a
 * hostile file is refused in a time that does not grow with it. The largest model createTransformer
 * makes (64 layers, dModel 1024, dFF and vocab 65536, learned positions, pre-norm) has a header of
 * 92,041 bytes with 4,133 keys (1,030 tensors of 4 keys, 12 metadata keys, the __metadata__ key).
 */
export const SAFETENSORS_LIMITS = Object.freeze({
  MAX_HEADER_BYTES: 1 << 20, // 11 times the largest model's header
  MAX_HEADER_KEYS: 16384, // keys of every object in the header, counted before JSON.parse
  MAX_METADATA_KEYS: 1024, // keys of __metadata__ (a model's file has 12)
});

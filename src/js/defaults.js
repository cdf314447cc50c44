// The API's limits and defaults in one place. The C core's numbers come from src/c/pf_abi.h (abi.js is
// generated from it: LIMITS, NUMBERS); the option lists are the JavaScript names of the C enums, in
// their order (a name's index is its C value).
import { LIMITS, NUMBERS } from './abi.js';

export { LIMITS };

/** Bytes the wasm memory can ever hold (pf_abi.h); larger requests are refused before any call. */
export const MAX_MEMORY_BYTES = LIMITS.MAX_MEMORY_PAGES * 65536;

/** Seeds are uint32 (pf_abi.h). */
export const MAX_SEED = NUMBERS.MAX_SEED;

/** pe_layout, rope_layout, ffn_activation, block_norm and model_position by name. */
export const PE_LAYOUTS = Object.freeze(['interleaved', 'concat']);
export const ROTARY_LAYOUTS = Object.freeze(['interleaved', 'half']);
export const ACTIVATIONS = Object.freeze(['relu', 'gelu', 'gelu_tanh', 'silu']);
export const NORMS = Object.freeze(['post', 'pre']);
/** model_position by name (the trainable Transformer's position option). */
export const POSITIONS = Object.freeze(['sinusoidal', 'learned', 'rope', 'alibi', 'none']);

/** Each option's value when it is not given (the enum options as their C value). */
export const DEFAULTS = Object.freeze({
  base: NUMBERS.DEFAULT_BASE, offset: 0, layout: 0, eps: NUMBERS.DEFAULT_EPS, seed: NUMBERS.DEFAULT_SEED,
  activation: 0, norm: 0, causal: false,
});

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

/** Each option's value when it is not given (the enum options as their C value). */
export const DEFAULTS = Object.freeze({
  base: NUMBERS.DEFAULT_BASE, offset: 0, layout: 0, eps: NUMBERS.DEFAULT_EPS, seed: NUMBERS.DEFAULT_SEED,
  activation: 0, norm: 0, causal: false,
});

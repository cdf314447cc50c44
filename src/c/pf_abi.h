/*
 * pf_abi.h — the one list of facts that C and JavaScript share: limits, numbers, status codes, the
 * kinds chosen by name (position schemes, activations, norm orders), exports.
 * C includes it (pf_core.h builds its enums and constants from it); scripts/gen-abi.mjs reads the same lines and
 * writes src/js/abi.js (committed, so the packed package imports it) and emcc's export list and
 * memory size (build/wasm/abi-link-flags.txt). build.sh runs it; tests/js/abi.test.js fails when
 * abi.js, the lists or the built module disagree, and init() refuses a module built from other lists.
 *
 * To add an export: define it in wasm_exports.c, add X(name) to PF_EXPORTS, run `bash build.sh`.
 *   If it can fail it returns int32_t pf_status and writes results through out-pointers. An entry
 *   point only benchmarks need goes to PF_BENCH_EXPORTS instead, defined under #ifdef PF_BENCH: only
 *   the bench build of the module (build.sh) has it, and the hash leaves it out.
 * To add a status code: add X(...) at the end of PF_STATUSES with the next code, and the text,
 *   the JavaScript error kind (RANGE: RangeError, TYPE: TypeError, STATE: Error) and the API
 *   parameter it is about ("" = the parameter the JS call site passes, e.g. the one whose size ran
 *   out of memory). One JS function (statusError in src/js/errors.js) turns every status into an error.
 * To add a limit: add X(PF_MAX_..., value) to PF_LIMITS; JavaScript sees LIMITS.MAX_... . A number
 *   that is not an int32 limit (a default, the seed range) goes to PF_NUMBERS: C sees a double
 *   constant, JavaScript NUMBERS.DEFAULT_... .
 * To add a position scheme, an activation or a norm order: add X(C_NAME, "name") at the end of
 *   PF_POSITIONS, PF_ACTIVATIONS or PF_NORMS. C gets the enum value (the list's order, with
 *   *_COUNT after the last, so every range check follows); JavaScript gets the names in the same order
 *   (POSITIONS, ACTIVATIONS, NORMS) and each as a constant (POSITION.ROPE === 'rope'), and every
 *   generated list, union type and table is made from them (docs/architecture.md has the recipe).
 * Keep one X(...) per line: the generator parses these lines and stops on any it cannot read.
 */
#ifndef PF_ABI_H
#define PF_ABI_H

/* X(name, value): int32 limits of the API, checked by C and by JavaScript with the same numbers. */
#define PF_LIMITS(X) \
    X(PF_MAX_LENGTH, 16777216) /* 2^24 positions or tokens */ \
    X(PF_MAX_DIM, 65536) /* d_model and d_ff */ \
    X(PF_MAX_POSITION, 2147483647) /* largest position t + offset */ \
    X(PF_MAX_MEMORY_PAGES, 32768) /* 64 KiB wasm pages: 2 GiB, every pointer a positive int32 */ \
    X(PF_BLOCK_MAX_DIM, 4096) /* d_model of the attention and the encoder block */ \
    X(PF_BLOCK_MAX_TOKENS, 4096) /* tokens of one attention or encoder block forward */ \
    X(PF_MODEL_MAX_VOCAB, 65536) /* vocab of the trainable Transformer */ \
    X(PF_MODEL_MAX_DIM, 1024) /* its d_model */ \
    X(PF_MODEL_MAX_LAYERS, 64) /* its layers */ \
    X(PF_MODEL_MAX_LENGTH, 4096) /* its max_length: the longest sequence */

/* X(name, value): numbers of the API that are not int32 limits, C's double constants (pf_core.h). */
#define PF_NUMBERS(X) \
    X(PF_DEFAULT_BASE, 10000) /* base of the PE and RoPE angles when none is given (the paper's) */ \
    X(PF_DEFAULT_EPS, 1e-5) /* eps of a layer norm when none is given (PyTorch's) */ \
    X(PF_DEFAULT_SEED, 0) /* seed of the seeded initialisation when none is given */ \
    X(PF_MAX_SEED, 4294967295) /* seeds are uint32 */

/* X(name, code, kind, "js parameter", "text"): pf_status codes, 0 .. PF_STATUS_COUNT - 1 in order. */
#define PF_STATUSES(X) \
    X(PF_OK, 0, STATE, "", "ok") \
    X(PF_ERR_NULL, 1, STATE, "", "a required pointer is NULL") \
    X(PF_ERR_LENGTH, 2, RANGE, "length", "length out of range") \
    X(PF_ERR_D_MODEL, 3, RANGE, "dModel", "d_model out of range") \
    X(PF_ERR_D_FF, 4, RANGE, "dFF", "d_ff out of range") \
    X(PF_ERR_BASE, 5, RANGE, "base", "base must be a finite number greater than 1") \
    X(PF_ERR_OFFSET, 6, RANGE, "offset", "offset out of range") \
    X(PF_ERR_POSITION, 7, RANGE, "position", "position out of range") \
    X(PF_ERR_COLUMN, 8, RANGE, "j", "column out of range") \
    X(PF_ERR_LAYOUT, 9, RANGE, "layout", "unknown layout") \
    X(PF_ERR_ACTIVATION, 10, RANGE, "activation", "unknown activation") \
    X(PF_ERR_NO_MEMORY, 11, RANGE, "", "out of memory") \
    X(PF_ERR_NOT_READY, 12, STATE, "", "layer not initialised or already freed") \
    X(PF_ERR_HEADS, 13, RANGE, "heads", "heads must be from 1 to d_model and divide d_model") \
    X(PF_ERR_EPS, 14, RANGE, "eps", "eps must be a finite number greater than 0") \
    X(PF_ERR_NORM, 15, RANGE, "norm", "unknown norm order") \
    X(PF_ERR_WORKSPACE, 16, STATE, "", "the workspace is smaller than the call needs") \
    X(PF_ERR_HEAD_DIM, 17, RANGE, "headDim", "head_dim must be an even number from 2 to d_model that divides d_model") \
    X(PF_ERR_OVERLAP, 18, RANGE, "out", "an output overlaps an input without being the same array") \
    X(PF_ERR_VOCAB, 19, RANGE, "vocab", "vocab out of range") \
    X(PF_ERR_LAYERS, 20, RANGE, "layers", "layers out of range") \
    X(PF_ERR_MAX_LENGTH, 21, RANGE, "maxLength", "max_length out of range") \
    X(PF_ERR_POSITION_KIND, 22, RANGE, "position", "unknown position scheme") \
    X(PF_ERR_TOKEN, 23, RANGE, "tokens", "a token is outside 0 .. vocab - 1") \
    X(PF_ERR_TARGET, 24, RANGE, "targets", "a target is neither -1 nor a token") \
    X(PF_ERR_BATCH, 25, RANGE, "batch", "batch out of range") \
    X(PF_ERR_LR, 26, RANGE, "lr", "lr must be a finite number greater than 0") \
    X(PF_ERR_BETAS, 27, RANGE, "betas", "each beta must be in [0, 1)") \
    X(PF_ERR_WEIGHT_DECAY, 28, RANGE, "weightDecay", "weight_decay must be a finite number of at least 0") \
    X(PF_ERR_CLIP, 29, RANGE, "clipNorm", "clip_norm must be a finite number greater than 0") \
    X(PF_ERR_PARAMETER, 30, RANGE, "name", "no such parameter")

/* X(C name, "JavaScript name"): the kinds the API chooses by name, each list in its C enum's order
 * (model_position in model.h, ffn_activation in activation.h, block_norm in block.h). */
#define PF_POSITIONS(X) \
    X(MODEL_SINUSOIDAL, "sinusoidal") /* x = E[token] sqrt(D) + PE(t) (interleaved, base 10000) */ \
    X(MODEL_LEARNED, "learned") /* x = E[token] sqrt(D) + position[t], a trained table */ \
    X(MODEL_ROPE, "rope") /* each head's Q and K rotated (interleaved, base 10000) after the bias */ \
    X(MODEL_ALIBI, "alibi") /* scores get -m_h |i - j| (attn_config.alibi) */ \
    X(MODEL_NONE, "none") /* no position information at all */

#define PF_ACTIVATIONS(X) \
    X(FFN_RELU, "relu") /* max(0, z) */ \
    X(FFN_GELU, "gelu") /* z Phi(z), exact (erf) */ \
    X(FFN_GELU_TANH, "gelu_tanh") /* GELU's tanh approximation */ \
    X(FFN_SILU, "silu") /* z sigmoid(z) */

#define PF_NORMS(X) \
    X(BLOCK_POST_NORM, "post") /* h1 = LN1(x + Attn(x)), y = LN2(h1 + FFN(h1)) (the paper) */ \
    X(BLOCK_PRE_NORM, "pre") /* h1 = x + Attn(LN1(x)), y = h1 + FFN(LN2(h1)) (GPT-2) */

/* X(name): the functions wasm_exports.c exports (besides the memory). */
#define PF_EXPORTS(X) \
    X(pf_abi_hash) \
    X(pf_out_slot) \
    X(pf_alloc) \
    X(pf_free) \
    X(pf_pe_fill) \
    X(pf_pe_add) \
    X(pf_pe_value) \
    X(pf_pe_chunk_rows) \
    X(pf_ffn_bytes) \
    X(pf_ffn_new) \
    X(pf_ffn_delete) \
    X(pf_ffn_set_weights) \
    X(pf_ffn_init_seeded) \
    X(pf_ffn_forward) \
    X(pf_layer_norm) \
    X(pf_block_bytes) \
    X(pf_block_new) \
    X(pf_block_delete) \
    X(pf_block_load) \
    X(pf_block_workspace_floats) \
    X(pf_block_forward) \
    X(pf_rope_apply) \
    X(pf_rope_angle) \
    X(pf_model_bytes) \
    X(pf_model_new) \
    X(pf_model_delete) \
    X(pf_model_tensor) \
    X(pf_model_params) \
    X(pf_model_grads) \
    X(pf_model_set_tensor) \
    X(pf_model_params_changed) \
    X(pf_model_workspace_floats) \
    X(pf_model_forward) \
    X(pf_model_loss) \
    X(pf_model_gradients) \
    X(pf_model_sum_gradients) \
    X(pf_trainer_new) \
    X(pf_trainer_delete) \
    X(pf_trainer_set_lr) \
    X(pf_trainer_step) \
    X(pf_trainer_apply)

/* X(name): the functions only the bench build exports besides PF_EXPORTS (compiled with -DPF_BENCH). */
#define PF_BENCH_EXPORTS(X) \
    X(pf_block_forward_phase) \
    X(pf_bench_kernel)

#endif /* PF_ABI_H */

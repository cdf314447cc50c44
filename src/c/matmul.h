/*
 * matmul.h — the core's dense kernels, shared by the FFN and the attention: y (T, N) = act(x (T, K)
 * W (K, N) + bias (N)) with W packed once into column panels (see matmul.c). Internal to the core;
 * not part of the public C API (pe_ffn.h does not include it).
 *
 *     mm_pack(packed, w, K, N);                                 // packed: K * mm_padded(N) floats
 *     mm_forward(y, N, x, K, packed, bias, rows, K, N, 1, FFN_RELU, scratch);
 *
 * Who allocates: the caller (the layers keep packed weights and scratch in their own memory).
 */
#ifndef PF_MATMUL_H
#define PF_MATMUL_H

#include "pf_core.h"
#include "activation.h"

/*
 * Tokens per micro-kernel tile. x86 gives wasm engines 15 usable vector registers (V8 keeps one).
 * A tile needs 2R accumulators + 2 weights + 1 splat, and a separate multiply and add need one more
 * register for the product: R = 5 (14 registers) with SIMD128, R = 6 (15) with a fused relaxed_madd.
 */
#if defined(PF_RELAXED_SIMD) && defined(__wasm_relaxed_simd__)
#define MM_ROWS 6
#else
#define MM_ROWS 5
#endif

enum {
    MM_PANEL = 8,    /* columns per packed panel: two f32x4 accumulators per token */
    MM_KC = 4096     /* most k values per pass: one pass for any K up to this, so a tile's sums stay
                        in registers from the bias to the activation (measured: parking partial sums
                        in `out` between passes costs 10-15%, more than re-reading panels from L2) */
};

/* Columns n rounded up to whole panels (the padded length of a packed row and of a bias). */
size_t mm_padded(int32_t n);

/* packed (K * mm_padded(N)) = W (K, N) row-major, in panels; padding columns are zero. */
void mm_pack(float *packed, const float *w, int32_t n_in, int32_t n_out);

/*
 * out (rows, N), row stride ld_out = act(x (rows, K), row stride ld_x, times packed W + bias).
 * bias has mm_padded(N) values (padding ignored). apply_act = 0 leaves the sums as they are.
 * scratch: mm_scratch_floats(rows, n_in) floats for the packed tiles of x. out must not overlap x.
 * Each output is bias + x[0] w[0] + x[1] w[1] + ... in this order, whatever `rows` is, so results
 * are bit-identical for any number of tokens and any split of them.
 */
void mm_forward(float *out, size_t ld_out, const float *x, size_t ld_x, const float *packed,
                const float *bias, int32_t rows, int32_t n_in, int32_t n_out, int apply_act,
                ffn_activation act, float *scratch);

/* Floats of scratch that mm_forward needs for `rows` tokens of up to n_in values each. */
size_t mm_scratch_floats(int32_t rows, int32_t n_in);

#endif /* PF_MATMUL_H */

/*
 * matmul.h — the core's dense kernels, shared by the FFN, the attention and the model's forward and
 * backward passes: y (T, N) = act(x (T, K) W (K, N) + bias (N)) with W packed once into column panels (see
 * matmul.c); the backward's transposed products use the same kernels: dY W^T with W^T packed
 * (mm_pack_transposed), X^T dY with x read transposed and dY packed (mm_pack_strided), sums that
 * start from zero or add to what `out` holds (mm_product). Internal to the core; not part of the
 * public C API (pe_ffn.h does not include it).
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
    MM_ROW_BLOCK = MM_ROWS * 22, /* rows packed at once (110 or 132, whole tiles): a block's tiles stay
                           in L2 while every panel streams past them; a product of any number of rows
                           has one partial tile at most (the backward's X^T dY has D or F rows) */
    MM_KC = 4096     /* most k values per pass: one pass for any K up to this, so a tile's sums stay
                        in registers from the bias to the activation (measured: parking partial sums
                        in `out` between passes costs 10-15%, more than re-reading panels from L2) */
};

/* Columns n rounded up to whole panels (the padded length of a packed row and of a bias). */
size_t mm_padded(int32_t n);

/* packed (K * mm_padded(N)) = W (K, N) row-major, in panels; padding columns are zero. */
void mm_pack(float *packed, const float *w, int32_t n_in, int32_t n_out);

/* mm_pack of W (K, N) whose rows are ld_w floats apart (a head's columns of a (T, D) array); with
   sums (N) not NULL, also the column sums of W, rows added in order in float: the bias
   gradients of a dY packed for X^T dY, in the same pass. */
void mm_pack_strided(float *packed, float *sums, const float *w, size_t ld_w, int32_t n_in, int32_t n_out);

/* packed (N * mm_padded(K)) = W^T in panels, for W (K, N) row-major: the weights of dY W^T. */
void mm_pack_transposed(float *packed, const float *w, int32_t n_in, int32_t n_out);

/* Where the sums of a product start. */
typedef enum {
    MM_START_BIAS = 0,   /* bias (mm_padded(N) values) */
    MM_START_ZERO = 1,   /* +0 */
    MM_START_OUT = 2     /* what out holds: out += x W */
} mm_start;

/*
 * One product: out (rows, N), row stride ld_out, = start + x (rows, K) times packed W (K, N), then
 * the activation when apply_act. x is row-major with row stride ld_x, or with x_transposed stored
 * (K, rows) with row stride ld_x (the X^T of X^T dY, read without a copy). scratch holds
 * mm_scratch_floats(rows, K) floats; out overlaps neither x nor scratch. rows, K or N of 0 do
 * nothing. Each output is start + x[0] w[0] + x[1] w[1] + ... in this order for any rows and tiling.
 */
typedef struct {
    float *out;
    size_t ld_out;
    const float *x;
    size_t ld_x;
    int x_transposed;
    const float *packed;
    const float *bias;
    mm_start start;
    int32_t rows, n_in, n_out;
    int apply_act;
    ffn_activation act;
    float *scratch;
} mm_args;
void mm_product(const mm_args *args);

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

/* Floats of scratch that mm_forward and mm_product need for `rows` rows of up to n_in values each. */
size_t mm_scratch_floats(int32_t rows, int32_t n_in);

#endif /* PF_MATMUL_H */

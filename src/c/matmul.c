/*
 * matmul.c — register-blocked kernels for the core's matrix products (the FFN's two, the attention's
 * projections and scores), y = act(x W + bias).
 *
 * Packing (once, at weight load): W (K, N) becomes ceil(N / 8) panels; panel p holds columns
 * p*8 .. p*8+7 for every k, contiguously: packed[p][k][c] = W[k][p*8 + c] (zero beyond N). Kernels
 * stream a panel front to back with 16-byte loads, whatever N is.
 *
 * Micro-kernel (mm_tile): R tokens x 8 columns in 2R f32x4 accumulators (R = MM_ROWS, see matmul.h).
 * Per k: two weight loads, one splat of x per token, 2R multiply-adds. x is packed per pass into
 * (k, R) order so the splats come from one pointer. Bias is the accumulators' start value; ReLU (a
 * compare and select, NaN stays NaN) runs on the registers before the store; the other activations
 * run in one vector pass over the finished rows (activation.c).
 *
 * One token (mm_row_wide): a matrix-vector product bound by reading the weights; four panels at once
 * give eight independent accumulators.
 *
 * Loop order (several tokens): k in passes of MM_KC (one pass unless K > MM_KC; partial sums are
 * parked in `out` between passes, exactly), then panels, then token tiles, so a panel is read from
 * memory once per pass and served from L1/L2 to every tile. Every output is bias + x[0] w[0] +
 * x[1] w[1] + ... in this order in every kernel, so the result does not depend on the number of
 * tokens or their tiling.
 *
 * Each kernel is its own function reached through a pointer: wasm-opt inlines functions that have a
 * single caller, and one merged function is too large for the engine to keep accumulators in
 * registers (measured: spills in the inner loop). The k loops stay rolled for the same reason.
 */
#include "matmul.h"
#include "vec4.h"

/* The k loops stay rolled: unrolled, their live vectors outnumber the registers and the engine spills. */
#if defined(__clang__)
#define MM_NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define MM_NO_UNROLL
#endif

#if defined(__GNUC__)
#define MM_INLINE static inline __attribute__((always_inline))
#define MM_NOINLINE static __attribute__((noinline))
#else
#define MM_INLINE static inline
#define MM_NOINLINE static
#endif

size_t mm_padded(int32_t n) { return ((size_t)n + MM_PANEL - 1) / MM_PANEL * MM_PANEL; }

void mm_pack_strided(float *packed, float *sums, const float *w, size_t ld_w, int32_t n_in, int32_t n_out) {
    const size_t panels = mm_padded(n_out) / MM_PANEL;
    for (size_t p = 0; p < panels; p++) {
        const size_t col0 = p * MM_PANEL, cols = (size_t)n_out - col0 < MM_PANEL ? (size_t)n_out - col0 : MM_PANEL;
        float *dst = packed + p * (size_t)n_in * MM_PANEL;
        const float *src = w + col0;
        if (cols == MM_PANEL) {                 /* whole panels: two vector copies per row */
            f32x4 lo = f4_splat(0.0f), hi = f4_splat(0.0f);
            for (int32_t k = 0; k < n_in; k++, dst += MM_PANEL, src += ld_w) {
                const f32x4 a = f4_load(src), b = f4_load(src + 4);
                f4_store(dst, a);
                f4_store(dst + 4, b);
                lo = f4_add(lo, a);
                hi = f4_add(hi, b);
            }
            if (sums) f4_store(sums + col0, lo), f4_store(sums + col0 + 4, hi);
            continue;
        }
        float part[MM_PANEL] = { 0 };           /* the last, partial panel */
        for (int32_t k = 0; k < n_in; k++, dst += MM_PANEL, src += ld_w) {
            size_t c = 0;
            for (; c < cols; c++) dst[c] = src[c], part[c] += src[c];
            for (; c < MM_PANEL; c++) dst[c] = 0.0f;
        }
        if (sums) for (size_t c = 0; c < cols; c++) sums[col0 + c] = part[c];
    }
}

void mm_pack(float *packed, const float *w, int32_t n_in, int32_t n_out) {
    mm_pack_strided(packed, NULL, w, (size_t)n_out, n_in, n_out);
}

void mm_pack_transposed(float *packed, const float *w, int32_t n_in, int32_t n_out) {
    /* packed holds W^T (n_out, n_in) in panels of 8 columns of W^T, i.e. 8 rows of W */
    const size_t panels = mm_padded(n_in) / MM_PANEL;
    for (size_t p = 0; p < panels; p++) {
        const size_t row0 = p * MM_PANEL;
        const size_t rows = (size_t)n_in - row0 < MM_PANEL ? (size_t)n_in - row0 : MM_PANEL;
        const float *src[MM_PANEL];
        for (size_t c = 0; c < MM_PANEL; c++) src[c] = c < rows ? w + (row0 + c) * (size_t)n_out : NULL;
        float *dst = packed + p * (size_t)n_out * MM_PANEL;
        for (int32_t k = 0; k < n_out; k++, dst += MM_PANEL)
            for (size_t c = 0; c < MM_PANEL; c++) dst[c] = src[c] ? src[c][k] : 0.0f;
    }
}

/* Loads 8 partial sums of one output row (cols of them real) into two accumulators. */
MM_INLINE void mm_load_row(f32x4 *lo, f32x4 *hi, const float *o, int32_t cols) {
    if (cols == MM_PANEL) {
        *lo = f4_load(o);
        *hi = f4_load(o + 4);
        return;
    }
    float row[MM_PANEL] = { 0 };
    for (int32_t c = 0; c < cols; c++) row[c] = o[c];
    *lo = f4_load(row);
    *hi = f4_load(row + 4);
}

/* Stores two accumulators as one output row of `cols` values. */
MM_INLINE void mm_store_row(float *o, f32x4 lo, f32x4 hi, int32_t cols) {
    if (cols == MM_PANEL) {
        f4_store(o, lo);
        f4_store(o + 4, hi);
        return;
    }
    float row[MM_PANEL];                          /* the last, partial panel */
    f4_store(row, lo);
    f4_store(row + 4, hi);
    for (int32_t c = 0; c < cols; c++) o[c] = row[c];
}

/*
 * The micro-kernel: out (R, cols) += xp (kc, MM_ROWS: a packed tile of x) panel (kc, 8).
 * first: start from the bias instead of out's partial sums; last: apply the activation.
 * R is a compile-time constant after inlining, so the 2R accumulators live in registers.
 */
MM_INLINE void mm_tile(float *out, size_t ld_out, const float *xp, const float *panel,
                       const float *bias, int32_t kc, int32_t cols, int first, int last,
                       int relu, const int R) {
    f32x4 acc[MM_ROWS][2];
    for (int m = 0; m < R; m++) {
        if (first) {
            acc[m][0] = f4_load(bias);
            acc[m][1] = f4_load(bias + 4);
        } else {
            mm_load_row(&acc[m][0], &acc[m][1], out + (size_t)m * ld_out, cols);
        }
    }
    const float *w = panel;
    MM_NO_UNROLL
    for (int32_t k = 0; k < kc; k++, w += MM_PANEL, xp += MM_ROWS) {
        const f32x4 w0 = f4_load(w), w1 = f4_load(w + 4);
        for (int m = 0; m < R; m++) {
            const f32x4 xv = f4_load_splat(xp + m);
            acc[m][0] = f4_madd(acc[m][0], xv, w0);
            acc[m][1] = f4_madd(acc[m][1], xv, w1);
        }
    }
    for (int m = 0; m < R; m++) {
        if (last && relu) {
            acc[m][0] = f4_relu(acc[m][0]);
            acc[m][1] = f4_relu(acc[m][1]);
        }
        mm_store_row(out + (size_t)m * ld_out, acc[m][0], acc[m][1], cols);
    }
}

/* One function per tile height, so that each stays small enough for the engine's register allocator. */
#define MM_TILE_FN(R)                                                                                \
    MM_NOINLINE void mm_tile_##R(float *out, size_t ld_out, const float *xp, const float *panel,    \
                                 const float *bias, int32_t kc, int32_t cols, int first, int last, \
                                 int relu) {                                                       \
        mm_tile(out, ld_out, xp, panel, bias, kc, cols, first, last, relu, R);                    \
    }
MM_TILE_FN(1)
MM_TILE_FN(2)
MM_TILE_FN(3)
MM_TILE_FN(4)
MM_TILE_FN(5)
#if MM_ROWS > 5
MM_TILE_FN(6)
#endif

/* Called through a table: wasm-opt inlines any function with a single caller, which would merge all
   kernels back into one function too large for the engine to keep its accumulators in registers. */
typedef void (*mm_tile_fn)(float *, size_t, const float *, const float *, const float *, int32_t,
                           int32_t, int, int, int);
static mm_tile_fn const mm_tiles[MM_ROWS + 1] = {
    NULL, mm_tile_1, mm_tile_2, mm_tile_3, mm_tile_4, mm_tile_5,
#if MM_ROWS > 5
    mm_tile_6,
#endif
};

/*
 * One token, MM_WIDE panels at once (a matrix-vector product, bound by reading the weights): the
 * 2 * MM_WIDE independent accumulators hide the latency of the additions. Same order per output.
 */
enum { MM_WIDE = 4 };

/* out (4 * 8) = act(x (kc) panels[0..3] (kc, 8 each, panel_stride floats apart) + bias) */
MM_NOINLINE void mm_row_wide(float *out, const float *x, const float *panels, size_t panel_stride,
                             const float *bias, int32_t kc, int first, int last, int relu) {
    f32x4 acc[MM_WIDE][2];
    for (int g = 0; g < MM_WIDE; g++) {
        const float *src = first ? bias + g * MM_PANEL : out + g * MM_PANEL;
        acc[g][0] = f4_load(src);
        acc[g][1] = f4_load(src + 4);
    }
    MM_NO_UNROLL
    for (int32_t k = 0; k < kc; k++) {
        const f32x4 xv = f4_load_splat(x + k);
        for (int g = 0; g < MM_WIDE; g++) {
            const float *w = panels + (size_t)g * panel_stride + (size_t)k * MM_PANEL;
            acc[g][0] = f4_madd(acc[g][0], xv, f4_load(w));
            acc[g][1] = f4_madd(acc[g][1], xv, f4_load(w + 4));
        }
    }
    for (int g = 0; g < MM_WIDE; g++) {
        if (last && relu) {
            acc[g][0] = f4_relu(acc[g][0]);
            acc[g][1] = f4_relu(acc[g][1]);
        }
        f4_store(out + g * MM_PANEL, acc[g][0]);
        f4_store(out + g * MM_PANEL + 4, acc[g][1]);
    }
}

_Static_assert(MM_ROWS <= 6, "mm_tiles lists one kernel per tile height 1 .. 6");

/* A row of zeros: the rows of a partial tile past the last row of x. */
static const float mm_zero_row[MM_KC];

/* xpack (tiles, kc, MM_ROWS) = x (rows, k0 .. k0 + kc - 1), tile by tile; missing rows are zero.
   Transposed, x is stored (n_in, rows): each k gives a tile's R values from one contiguous row. */
static void mm_pack_rows(float *xpack, const float *x, size_t ld_x, int transposed, int32_t rows,
                         int32_t k0, int32_t kc) {
    for (int32_t t0 = 0; t0 < rows; t0 += MM_ROWS) {
        float *dst = xpack + (size_t)(t0 / MM_ROWS) * (size_t)kc * MM_ROWS;
        const int32_t r = rows - t0 < MM_ROWS ? rows - t0 : MM_ROWS;
        if (transposed && r == MM_ROWS) {       /* a whole tile: R values of each row of x^T */
            for (int32_t k = 0; k < kc; k++) {
                const float *src = x + (size_t)(k0 + k) * ld_x + (size_t)t0;
                float *d = dst + (size_t)k * MM_ROWS;
                for (int32_t m = 0; m < MM_ROWS; m++) d[m] = src[m];
            }
            continue;
        }
        if (transposed) {
            for (int32_t k = 0; k < kc; k++) {
                const float *src = x + (size_t)(k0 + k) * ld_x + (size_t)t0;
                float *d = dst + (size_t)k * MM_ROWS;
                int32_t m = 0;
                for (; m < r; m++) d[m] = src[m];
                for (; m < MM_ROWS; m++) d[m] = 0.0f;
            }
            continue;
        }
        /* k outer, the tile's rows inner: the writes are one contiguous stream (rows past the end
           read a row of zeros) */
        const float *src[MM_ROWS];
        for (int32_t m = 0; m < MM_ROWS; m++) src[m] = m < r ? x + (size_t)(t0 + m) * ld_x + k0 : mm_zero_row;
        for (int32_t k = 0; k < kc; k++, dst += MM_ROWS)
            for (int32_t m = 0; m < MM_ROWS; m++) dst[m] = src[m][k];
    }
}

/* Through a pointer for the same reason as mm_tiles. */
static void (*volatile mm_row_kernel)(float *, const float *, const float *, size_t, const float *,
                                      int32_t, int, int, int) = mm_row_wide;

size_t mm_scratch_floats(int32_t rows, int32_t n_in) {
    const int32_t r = rows < MM_ROW_BLOCK ? rows : MM_ROW_BLOCK;
    return ((size_t)r + MM_ROWS - 1) / MM_ROWS * MM_ROWS * (size_t)(n_in < MM_KC ? n_in : MM_KC);
}

/* The start of sums that begin from zero: one token's MM_WIDE panels, or one tile's panel. */
static const float mm_zeros[MM_WIDE * MM_PANEL];

void mm_product(const mm_args *a) {
    const int32_t rows = a->rows, n_in = a->n_in, n_out = a->n_out;
    if (rows <= 0 || n_in <= 0 || n_out <= 0) return;
    const size_t panels = mm_padded(n_out) / MM_PANEL;
    const size_t panel_stride = (size_t)n_in * MM_PANEL;
    const int relu = a->apply_act && a->act == FFN_RELU;   /* fused: on the registers before the store */
    const int from_out = a->start == MM_START_OUT, from_zero = a->start == MM_START_ZERO;
    size_t p_done = 0;
    if (rows == 1 && !a->x_transposed && !from_out) {   /* one token: whole panels, no packing, one pass */
        while ((p_done + MM_WIDE) * MM_PANEL <= (size_t)n_out) {
            mm_row_kernel(a->out + p_done * MM_PANEL, a->x, a->packed + p_done * panel_stride, panel_stride,
                          from_zero ? mm_zeros : a->bias + p_done * MM_PANEL, n_in, 1, 1, relu);
            p_done += MM_WIDE;
        }
    }
    /* Rows in blocks whose packed tiles stay in L2; then k in passes, panels, tiles. */
    for (int32_t r0 = 0; r0 < rows && p_done < panels; r0 += MM_ROW_BLOCK) {
        const int32_t block = rows - r0 < MM_ROW_BLOCK ? rows - r0 : MM_ROW_BLOCK;
        float *out = a->out + (size_t)r0 * a->ld_out;
        const float *x = a->x_transposed ? a->x + r0 : a->x + (size_t)r0 * a->ld_x;
        for (int32_t k0 = 0; k0 < n_in; k0 += MM_KC) {
            const int32_t kc = n_in - k0 < MM_KC ? n_in - k0 : MM_KC;
            const int first = k0 == 0 && !from_out, last = k0 + kc == n_in;
            const float *w0 = a->packed + (size_t)k0 * MM_PANEL;
            mm_pack_rows(a->scratch, x, a->ld_x, a->x_transposed, block, k0, kc);
            for (size_t p = p_done; p < panels; p++) {
                const size_t col0 = p * MM_PANEL;
                const int32_t cols = n_out - (int32_t)col0 < MM_PANEL ? n_out - (int32_t)col0 : MM_PANEL;
                const float *panel = w0 + p * panel_stride;
                const float *b = a->start == MM_START_BIAS ? a->bias + col0 : mm_zeros;
                for (int32_t m = 0; m < block; m += MM_ROWS) {
                    const int32_t r = block - m < MM_ROWS ? block - m : MM_ROWS;
                    mm_tiles[r](out + (size_t)m * a->ld_out + col0, a->ld_out, a->scratch + (size_t)m * (size_t)kc,
                                panel, b, kc, cols, first, last, relu);
                }
            }
        }
    }
    /* The other activations in one pass over the finished rows, still in cache (measured a few per
       cent faster than a call per row of each tile). */
    if (a->apply_act && !relu)
        for (int32_t m = 0; m < rows; m++)
            activation_forward(a->out + (size_t)m * a->ld_out, a->out + (size_t)m * a->ld_out, (size_t)n_out, a->act);
}

void mm_forward(float *out, size_t ld_out, const float *x, size_t ld_x, const float *packed,
                const float *bias, int32_t rows, int32_t n_in, int32_t n_out, int apply_act,
                ffn_activation act, float *scratch) {
    const mm_args a = { out, ld_out, x, ld_x, 0, packed, bias, MM_START_BIAS, rows, n_in, n_out,
                        apply_act, act, scratch };
    mm_product(&a);
}

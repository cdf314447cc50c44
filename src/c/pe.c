/*
 * pe.c — sinusoidal positional encoding (Vaswani et al. 2017, section 3.5).
 *
 * PE(p, 2k) = sin(p / base^(2k/D)),  PE(p, 2k+1) = cos(p / base^(2k/D)).
 *
 * Each value is computed directly from an anchor, never by a float recurrence. Anchors sit at
 * positions p0 that are multiples of PE_ANCHOR_ROWS: there (s0, c0) = (sin, cos)(p0 w_k) is known in
 * double precision (sincos every PE_EXACT_ROWS rows, angle addition in double in between, see
 * pe_anchor_at). Row p0 + r of frequency k, for r in -32 .. 31 (the anchor sits mid-block), is then,
 * by angle addition,
 *     sin((p0 + r) w) = s0 C[r] + c0 S[r],   cos((p0 + r) w) = c0 C[r] - s0 S[r],
 * with C[r] = cos(r w), S[r] = sin(r w) from a float table built once per (d_model, base) and kept
 * in the caller's workspace (pf_workspace, pe.h: the core has no state of its own). In float32
 * that is two multiplies and an add per value, four frequencies per f32x4, with no dependency from
 * one row to the next; rows p0 + r and p0 - r share their four products (see pe_pairs). Error,
 * with u = 2^-24 (float's relative rounding): s0, c0, C, S rounded to float, the two products and
 * the sum rounded: 3u(|s0 C| + |c0 S|) + u <= (3 sqrt 2 + 1) u; the anchors' scaling by 1 - 2^-23
 * (see PE_ANCHOR_SHRINK) adds 2u; in all at most ~4.3e-7 (measured 2.6e-7), inside the 1e-6
 * contract. The double anchors and table add ~1e-14. Every value is in [-1, 1], as sin and cos
 * are, without a clamp. A value depends on its anchor and its distance r from it only, so any split
 * of a table into calls (as the JS wrapper's chunking does) is bit-identical; a workspace keeps the
 * anchor where a call ended, which is the very value pe_anchor_at would compute for the next call
 * (same operations, same order). pe_add adds the values to x in the same pass.
 */
#define _GNU_SOURCE 1   /* sincos(): one range reduction for both values (musl and glibc have it) */
#include "pe.h"
#include "vec4.h"
#include <math.h>
#include <stdint.h>

enum {
    PE_ANCHOR_ROWS = 64,   /* rows per anchor = rows of the rotation table (32 measured 8-13 %
                              slower at 4 MB: anchors cost; 16 slower still) */
    PE_HALF = PE_ANCHOR_ROWS / 2,   /* an anchor's block: rows p0 - PE_HALF .. p0 + PE_HALF - 1 */
    PE_EXACT_ROWS = 4096,  /* rows between anchors computed by libm (a multiple of PE_ANCHOR_ROWS;
                              1024 measured ~10 % slower at 4 MB, the sincos calls) */
    PE_FREQ_CHUNK = 64,    /* frequencies per pass for tables too wide for the kept table */
    PE_GROUP = 4,          /* frequencies per f32x4 */
    PE_ROT_FLOATS = PE_ANCHOR_ROWS * 2   /* floats of rotation table per frequency */
};

static pf_status pe_check(int32_t length, int32_t d_model, double base, int32_t offset,
                          pe_layout layout) {
    if (length < 0 || length > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (!pf_finite_above(base, 1.0)) return PF_ERR_BASE;
    if (offset < 0) return PF_ERR_OFFSET;
    if (length > 0 && (int64_t)offset + length - 1 > PF_MAX_POSITION) return PF_ERR_OFFSET;
    if (layout != PE_INTERLEAVED && layout != PE_CONCAT) return PF_ERR_LAYOUT;
    return PF_OK;
}

/* The denominator base^(2k/D) of frequency k, exactly as the formula writes it. */
static double pe_denominator(int32_t k, int32_t d_model, double base) {
    return pow(base, (double)(2 * (int64_t)k) / (double)d_model);
}

/* Advances one frequency's (sin, cos) by an angle given by its sine and cosine, in double. */
static inline void pe_step(double *s, double *c, double step_sin, double step_cos) {
    const double s_next = *s * step_cos + *c * step_sin;
    *c = *c * step_cos - *s * step_sin;
    *s = s_next;
}

/*
 * Anchors sit at positions that are multiples of PE_ANCHOR_ROWS. Those that are multiples of
 * PE_EXACT_ROWS come from libm (sincos of the formula's angle); each other one is the anchor before
 * it rotated by PE_ANCHOR_ROWS steps' angle (one angle addition in double instead of a sincos).
 * Either way an anchor's value is a function of its position only.
 */
static void pe_anchor_at(double *as, double *ac, const double *den, const double *jump_sin,
                         const double *jump_cos, int32_t n, int64_t anchor) {
    const int64_t exact = anchor - anchor % PE_EXACT_ROWS;
    for (int32_t i = 0; i < n; i++) {     /* sincos(0) is (0, 1) exactly: tables at offset 0 skip libm */
        if (exact == 0) as[i] = 0.0, ac[i] = 1.0;
        else sincos((double)exact / den[i], &as[i], &ac[i]);
    }
    for (int64_t a = exact; a < anchor; a += PE_ANCHOR_ROWS)
        for (int32_t i = 0; i < n; i++) pe_step(&as[i], &ac[i], jump_sin[i], jump_cos[i]);
}

/* The anchor after the one in (as, ac), at `anchor`. */
static void pe_anchor_next(double *as, double *ac, const double *den, const double *jump_sin,
                           const double *jump_cos, int32_t n, int64_t anchor) {
    if (anchor % PE_EXACT_ROWS == 0) {
        for (int32_t i = 0; i < n; i++) sincos((double)anchor / den[i], &as[i], &ac[i]);
    } else {
        for (int32_t i = 0; i < n; i++) pe_step(&as[i], &ac[i], jump_sin[i], jump_cos[i]);
    }
}

/* Writes (add = 0) or adds the sines s and cosines c of PE_GROUP frequencies of one row: to d0 and
   d0 + second as they are (concat) or zipped (interleaved: sin k, cos k, sin k+1, cos k+1, ...). */
static inline __attribute__((always_inline)) void pe_put(float *d0, int32_t second, int add,
                                                         const pe_layout layout, f32x4 s, f32x4 c) {
    f32x4 v0 = s, v1 = c;
    if (layout == PE_INTERLEAVED) {
        v0 = f4_zip_lo(s, c);
        v1 = f4_zip_hi(s, c);
    }
    if (add) {
        v0 = f4_add(f4_load(d0), v0);
        v1 = f4_add(f4_load(d0 + second), v1);
    }
    f4_store(d0, v0);
    f4_store(d0 + second, v1);
}

/* One group of PE_GROUP frequencies of one row, from its anchors and its table row. */
static inline __attribute__((always_inline)) void pe_group(
        float *d0, int32_t second, int add, const pe_layout layout, const float *anchor_sin,
        const float *anchor_cos, const float *rot) {
    const f32x4 s0 = f4_load(anchor_sin), c0 = f4_load(anchor_cos);
    const f32x4 rc = f4_load(rot), rs = f4_load(rot + PE_GROUP);
    pe_put(d0, second, add, layout, f4_add(f4_mul(s0, rc), f4_mul(c0, rs)),
           f4_sub(f4_mul(c0, rc), f4_mul(s0, rs)));
}

/*
 * Rows 0 .. rows - 1 of frequencies k0 .. k0 + n_vector - 1 (whole groups of PE_GROUP, all with a
 * cosine column), a row at a time so that the stores form one sequential stream (two for concat;
 * a group at a time down the rows, 16 or 32 streams, measured slower). Per group, the anchors
 * (s0, c0) and the row's rotation entries (cos and sin of r w) are loaded. PE_UNROLL groups per
 * step address their data at constant offsets from four pointers, which the engine folds into the
 * loads and stores. `rot` is the table row of the first row, `stride` the floats to the next.
 */
enum { PE_UNROLL = 2 };
static inline __attribute__((always_inline)) void pe_groups(
        float *out, int add, const pe_layout layout, int32_t d_model, int32_t h, int32_t k0,
        int32_t n_vector, const float *anchor_sin, const float *anchor_cos, const float *rot,
        int32_t stride, int32_t rows) {
    const int32_t out_step = layout == PE_INTERLEAVED ? 2 * PE_GROUP : PE_GROUP;
    /* d1 - d0: a frequency's cosine is h columns after its sine (concat), whatever the chunk k0 */
    const int32_t second = layout == PE_INTERLEAVED ? PE_GROUP : h;
    float *row = out + (layout == PE_INTERLEAVED ? 2 * k0 : k0);
    /* Adding (rarer, and bound by its loads) takes one group at a time: a smaller .wasm. */
    const int32_t unrolled = add ? 0 : n_vector - n_vector % (PE_UNROLL * PE_GROUP);
    for (int32_t r = 0; r < rows; r++, row += d_model, rot += stride) {
        const float *as = anchor_sin, *ac = anchor_cos, *rt = rot;
        float *o = row;
        int32_t i = 0;
        for (; i < unrolled; i += PE_UNROLL * PE_GROUP) {
            for (int32_t g = 0; g < PE_UNROLL; g++) {
                pe_group(o + g * out_step, second, 0, layout, as + g * PE_GROUP, ac + g * PE_GROUP,
                         rt + g * 2 * PE_GROUP);
            }
            as += PE_UNROLL * PE_GROUP;
            ac += PE_UNROLL * PE_GROUP;
            rt += PE_UNROLL * 2 * PE_GROUP;
            o += PE_UNROLL * out_step;
        }
        for (; i < n_vector; i += PE_GROUP, as += PE_GROUP, ac += PE_GROUP, rt += 2 * PE_GROUP,
                             o += out_step)
            pe_group(o, second, add, layout, as, ac, rt);
    }
}

/* One specialisation per layout, so the layout is not tested inside the row loop (`add` is: it
   costs a predictable branch, and two more copies of the kernel would cost .wasm bytes). */
typedef void (*pe_groups_fn)(float *, int, int32_t, int32_t, int32_t, int32_t, const float *,
                             const float *, const float *, int32_t, int32_t);
#define PE_GROUPS_FN(name, layout)                                                                  \
    static void name(float *out, int add, int32_t d_model, int32_t h, int32_t k0, int32_t n_vector, \
                     const float *as, const float *ac, const float *rot, int32_t stride,           \
                     int32_t rows) {                                                               \
        pe_groups(out, add, layout, d_model, h, k0, n_vector, as, ac, rot, stride, rows);          \
    }
PE_GROUPS_FN(pe_groups_interleaved, PE_INTERLEAVED)
PE_GROUPS_FN(pe_groups_concat, PE_CONCAT)

/*
 * A whole block (rows p0 - 32 .. p0 + 31; `block` is row p0 - 32, `rot` table row r = -32) when
 * filling. Rows p0 + r and p0 - r (r = 1 .. 31) share their four products P = s0 C, c0 S, c0 C,
 * s0 S: sines P1 + P2 and P1 - P2, cosines P3 - P4 and P3 + P4, two multiplies and two adds for
 * two values instead of four and two. Bit-identical to pe_groups on table row -r = (C, -S):
 * c0 (-S) is exactly -(c0 S), and x + (-y) is x - y. Rows p0 - 32 and p0 have no partner.
 */
static inline __attribute__((always_inline)) void pe_pair_group(
        float *up, float *down, int32_t second, const pe_layout layout, const float *anchor_sin,
        const float *anchor_cos, const float *rot) {
    const f32x4 s0 = f4_load(anchor_sin), c0 = f4_load(anchor_cos);
    const f32x4 rc = f4_load(rot), rs = f4_load(rot + PE_GROUP);
    const f32x4 p1 = f4_mul(s0, rc), p2 = f4_mul(c0, rs), p3 = f4_mul(c0, rc), p4 = f4_mul(s0, rs);
    pe_put(up, second, 0, layout, f4_add(p1, p2), f4_sub(p3, p4));
    pe_put(down, second, 0, layout, f4_sub(p1, p2), f4_add(p3, p4));
}

static inline __attribute__((always_inline)) void pe_pairs(
        float *block, const pe_layout layout, int32_t d_model, int32_t h, int32_t k0,
        int32_t n_vector, const float *anchor_sin, const float *anchor_cos, const float *rot,
        int32_t stride) {
    const int32_t out_step = layout == PE_INTERLEAVED ? 2 * PE_GROUP : PE_GROUP;
    const int32_t second = layout == PE_INTERLEAVED ? PE_GROUP : h;
    float *centre = block + (size_t)PE_HALF * (size_t)d_model + (layout == PE_INTERLEAVED ? 2 * k0 : k0);
    for (int32_t r = 1; r < PE_HALF; r++) {
        float *up = centre + (size_t)r * (size_t)d_model, *down = centre - (size_t)r * (size_t)d_model;
        const float *as = anchor_sin, *ac = anchor_cos, *rt = rot + (size_t)(PE_HALF + r) * stride;
        for (int32_t i = 0; i < n_vector; i += PE_GROUP, as += PE_GROUP, ac += PE_GROUP,
                                            rt += 2 * PE_GROUP, up += out_step, down += out_step)
            pe_pair_group(up, down, second, layout, as, ac, rt);
    }
}

typedef void (*pe_pairs_fn)(float *, int32_t, int32_t, int32_t, int32_t, const float *,
                            const float *, const float *, int32_t);
#define PE_PAIRS_FN(name, layout)                                                                  \
    static void name(float *block, int32_t d_model, int32_t h, int32_t k0, int32_t n_vector,       \
                     const float *as, const float *ac, const float *rot, int32_t stride) {          \
        pe_pairs(block, layout, d_model, h, k0, n_vector, as, ac, rot, stride);                    \
    }
PE_PAIRS_FN(pe_pairs_interleaved, PE_INTERLEAVED)
PE_PAIRS_FN(pe_pairs_concat, PE_CONCAT)

/* One frequency's column(s), scalar (frequencies after the last full group): the same arithmetic
   as one lane of pe_groups. cos_col < 0: an odd d_model's last sine has no cosine. */
static void pe_column_rows(float *out, int add, int32_t d_model, int32_t sin_col, int32_t cos_col,
                           float s0, float c0, const float *rot, int32_t stride, int32_t rows) {
    for (int32_t r = 0; r < rows; r++, rot += stride) {
        float *row = out + (size_t)r * (size_t)d_model;
        const float sc = s0 * rot[0], cs = c0 * rot[4], cc = c0 * rot[0], ss = s0 * rot[4];
        const float s = sc + cs, c = cc - ss;
        row[sin_col] = add ? row[sin_col] + s : s;
        if (cos_col >= 0) row[cos_col] = add ? row[cos_col] + c : c;
    }
}

/* The arrays of frequencies k0 .. k0 + n - 1 (k0 a multiple of PE_GROUP), carved from the caller's
   workspace by pe_carve. */
typedef struct {
    double *den, *jump_sin, *jump_cos;
    float *rot;                        /* rotation table, see pe_rot_stride */
    double *anchor_sin, *anchor_cos;   /* in/out: the state at anchor `anchor` (see pe_span) */
    float *anchor_sinf, *anchor_cosf;  /* the same rounded to float (scratch) */
} pe_freqs;

/* A workspace holds the arrays of every frequency of a table, whose constants it keeps between
   calls of the same (d_model, base). Up to d_model 4096 they are one set of arrays, and a call
   goes an anchor interval of rows at a time across all frequencies; wider tables are kept as
   chunks of PE_FREQ_CHUNK frequencies, each with its own arrays and table (PE_CHUNK_BYTES apart),
   and a call goes a chunk at a time down all its rows, so that a chunk's constants stay in cache.
   Keeping the wide constants costs memory (~18 MiB at d_model 65,536), but a table written a row
   per call (the JS wrapper's plain arrays of that width) no longer recomputes them at every call:
   100 rows of d_model 65,536 into a plain array measured 836 ms before, 12.5 ms after. */
enum { PE_TABLE_FREQS = 2048 };
static size_t pe_whole_groups(int32_t n) { return (size_t)(n + PE_GROUP - 1) / PE_GROUP * PE_GROUP; }
static size_t pe_freqs_bytes(int32_t n) {
    return pe_whole_groups(n) * (5 * sizeof(double) + 2 * sizeof(float) + 2 * PE_ANCHOR_ROWS * sizeof(float));
}
#define PE_CHUNK_BYTES pe_freqs_bytes(PE_FREQ_CHUNK)   /* a multiple of 16 */

size_t pe_workspace_bytes(int32_t d_model) {
    if (d_model < 1 || d_model > PF_MAX_DIM) return 0;
    const int32_t h = (d_model + 1) / 2;
    if (h <= PE_TABLE_FREQS) return pe_freqs_bytes(h) + 15;
    return (size_t)((h + PE_FREQ_CHUNK - 1) / PE_FREQ_CHUNK) * PE_CHUNK_BYTES + 15;
}

/* Five double arrays, two float arrays and the rotation table of n frequencies, in that order from
   the first 16-byte boundary of `memory` (each array a whole number of groups: all stay aligned). */
static pe_freqs pe_carve(void *memory, int32_t n) {
    const size_t g = pe_whole_groups(n);
    double *d = (double *)pf_align16(memory);
    float *f = (float *)(d + 5 * g);
    const pe_freqs freqs = { d, d + g, d + 2 * g, f + 2 * g, d + 3 * g, d + 4 * g, f, f + g };
    return freqs;
}

/* The first row of the block that holds `position`: blocks of PE_ANCHOR_ROWS rows start PE_HALF
   rows before their anchor, at positions PE_HALF mod PE_ANCHOR_ROWS (the first one at -PE_HALF). */
static int64_t pe_block_start(int64_t position) {
    return position - (position + PE_HALF) % PE_ANCHOR_ROWS;
}

/* The rotation table of n frequencies is row-major: table row PE_HALF + r (r = -32 .. 31) holds, per
   group of PE_GROUP frequencies, the four cos(r w) then the four sin(r w), so the row of table for a
   row of output is contiguous. */
static int32_t pe_rot_stride(int32_t n) { return 2 * ((n + PE_GROUP - 1) / PE_GROUP * PE_GROUP); }

/* den, jump and rotation-table values of frequencies k0 .. k0 + n - 1 (k0 a multiple of 4). The
   table's rows come from angle addition in double from (0, 1) (drift ~1e-15, then one rounding). */
static void pe_constants(const pe_freqs *f, int32_t k0, int32_t n, int32_t d_model, double base) {
    for (int32_t i = 0; i < n; i++) {
        const double den = f->den[i] = pe_denominator(k0 + i, d_model, base);
        double step_sin, step_cos, s = 0.0, c = 1.0;
        sincos(1.0 / den, &step_sin, &step_cos);
        sincos((double)PE_ANCHOR_ROWS / den, &f->jump_sin[i], &f->jump_cos[i]);
        float *entry = f->rot + (size_t)(i / PE_GROUP) * 2 * PE_GROUP + i % PE_GROUP;
        const size_t row = (size_t)pe_rot_stride(n);
        for (int32_t r = 0; r <= PE_HALF; r++) {          /* r and -r: cos is even, sin odd */
            const size_t up = (size_t)(PE_HALF + r) * row, down = (size_t)(PE_HALF - r) * row;
            if (r < PE_HALF) entry[up] = (float)c, entry[up + PE_GROUP] = (float)s;
            if (r > 0) entry[down] = (float)c, entry[down + PE_GROUP] = -(float)s;
            pe_step(&s, &c, step_sin, step_cos);
        }
    }
}

/*
 * Why no value leaves [-1, 1] without a clamp. The double pairs (sin, cos) of table and anchors stay
 * within 2^-34 of the unit circle (angle addition drifts by ~1e-16 a step), and rounding to float
 * grows a value by at most a factor 1 + 2^-24. So a table row has C^2 + S^2 <= (1 + 2^-24)^2
 * (1 + 2^-34), and an anchor scaled by PE_ANCHOR_SHRINK before rounding has s0^2 + c0^2 small
 * enough that the product of the two is below 1; then |s0 C + c0 S| < 1 (Cauchy-Schwarz). The two
 * rounded products are off by at most 2^-25 each, their sum by at most 2^-24, and anything up to
 * 1 + 2^-24 rounds to 1 (to even). The anchor at position 0, (0, 1), is exact and not scaled: its
 * rows (positions 0 .. 31) are the table's entries themselves, correctly rounded.
 */
#define PE_ANCHOR_SHRINK (1.0 - 0x1p-23 - 0x1p-32)

/*
 * out (T, D): writes (add = 0) or adds (add = 1) the encoding of frequencies k0 .. k0 + n - 1 for
 * rows t = 0 .. T - 1 at positions offset + t, one anchor interval of rows at a time. On entry
 * f->anchor_sin/cos hold the state at position `known` (-1: nothing known); on return, at the
 * position returned.
 */
static int64_t pe_span(float *out, int add, int32_t length, int32_t d_model, int32_t offset,
                       pe_layout layout, int32_t k0, int32_t n, const pe_freqs *f, int64_t known) {
    double *as = f->anchor_sin, *ac = f->anchor_cos;
    const int32_t h = (d_model + 1) / 2;
    /* Frequencies k < d_model / 2 have a cosine column (both layouts); whole groups of them are
       vectorised, the rest (at most PE_GROUP, with an odd d_model's last sine) is scalar. */
    int32_t n_vector = d_model / 2 - k0;
    if (n_vector > n) n_vector = n;
    if (n_vector < 0) n_vector = 0;
    n_vector -= n_vector % PE_GROUP;
    const int32_t stride = pe_rot_stride(n);
    const pe_groups_fn groups = layout == PE_INTERLEAVED ? pe_groups_interleaved : pe_groups_concat;
    const pe_pairs_fn pairs = layout == PE_INTERLEAVED ? pe_pairs_interleaved : pe_pairs_concat;

    int64_t anchor = known;
    for (int32_t t0 = 0, rows; t0 < length; t0 += rows) {
        const int64_t position = (int64_t)offset + t0;
        const int64_t at = pe_block_start(position) + PE_HALF;  /* this block's anchor */
        const int32_t r0 = (int32_t)(position - at) + PE_HALF;  /* table row; a call may start mid-block */
        rows = length - t0 < PE_ANCHOR_ROWS - r0 ? length - t0 : PE_ANCHOR_ROWS - r0;
        if (at != anchor) {
            if (at == anchor + PE_ANCHOR_ROWS && anchor >= 0)
                pe_anchor_next(as, ac, f->den, f->jump_sin, f->jump_cos, n, at);
            else
                pe_anchor_at(as, ac, f->den, f->jump_sin, f->jump_cos, n, at);
            const double shrink = at == 0 ? 1.0 : PE_ANCHOR_SHRINK;
            for (int32_t i = 0; i < n; i++) {
                f->anchor_sinf[i] = (float)(as[i] * shrink);
                f->anchor_cosf[i] = (float)(ac[i] * shrink);
            }
            anchor = at;
        }
        float *block = out + (size_t)t0 * (size_t)d_model;
        if (!add && rows == PE_ANCHOR_ROWS) {             /* a whole block: pairs, then rows -32, 0 */
            pairs(block, d_model, h, k0, n_vector, f->anchor_sinf, f->anchor_cosf, f->rot, stride);
            groups(block, 0, d_model, h, k0, n_vector, f->anchor_sinf, f->anchor_cosf, f->rot,
                   stride, 1);
            groups(block + (size_t)PE_HALF * (size_t)d_model, 0, d_model, h, k0, n_vector,
                   f->anchor_sinf, f->anchor_cosf, f->rot + (size_t)PE_HALF * stride, stride, 1);
        } else {
            groups(block, add, d_model, h, k0, n_vector, f->anchor_sinf, f->anchor_cosf,
                   f->rot + (size_t)r0 * stride, stride, rows);
        }
        for (int32_t i = n_vector; i < n; i++) {
            const int32_t k = k0 + i, has_cos = k < d_model / 2;
            const int32_t sin_col = layout == PE_INTERLEAVED ? 2 * k : k;
            const int32_t cos_col = !has_cos ? -1 : layout == PE_INTERLEAVED ? 2 * k + 1 : h + k;
            const float *rot = f->rot + (size_t)r0 * stride + (size_t)(i / PE_GROUP) * 2 * PE_GROUP
                               + i % PE_GROUP;
            pe_column_rows(block, add, d_model, sin_col, cos_col, f->anchor_sinf[i],
                           f->anchor_cosf[i], rot, stride, rows);
        }
    }
    return anchor;
}

static pf_status pe_apply(pf_workspace *workspace, float *out, int add, int32_t length,
                          int32_t d_model, double base, int32_t offset, pe_layout layout) {
    const pf_status status = pe_check(length, d_model, base, offset, layout);
    if (status != PF_OK) return status;
    if (!workspace) return PF_ERR_NULL;
    if (length == 0) return PF_OK;
    if (!out) return PF_ERR_NULL;
    if (!workspace->memory || workspace->bytes < pe_workspace_bytes(d_model)) return PF_ERR_WORKSPACE;
    const int32_t h = (d_model + 1) / 2;

    if (h <= PE_TABLE_FREQS) {            /* constants and anchors kept in the workspace */
        const pe_freqs f = pe_carve(workspace->memory, h);
        if (!pf_workspace_holds(workspace, PF_WORKSPACE_PE, d_model, base)) {
            pe_constants(&f, 0, h, d_model, base);
            *workspace = (pf_workspace){ workspace->memory, workspace->bytes, PF_WORKSPACE_PE, d_model, base, -1 };
        }
        /* One anchor interval of rows at a time across all frequencies: the rows being written
           stay in cache until they are complete. */
        workspace->position = pe_span(out, add, length, d_model, offset, layout, 0, h, &f,
                                      workspace->position);
        return PF_OK;
    }

    /* Very wide tables: a chunk of frequencies at a time, each with its constants and anchors kept
       in its own part of the workspace; every chunk ends at the same anchor (the same rows). */
    const int fresh = !pf_workspace_holds(workspace, PF_WORKSPACE_PE, d_model, base);
    const int64_t known = fresh ? -1 : workspace->position;
    int64_t anchor = known;
    char *chunks = pf_align16(workspace->memory);
    for (int32_t k0 = 0; k0 < h; k0 += PE_FREQ_CHUNK) {
        const int32_t n = h - k0 < PE_FREQ_CHUNK ? h - k0 : PE_FREQ_CHUNK;
        const pe_freqs f = pe_carve(chunks + (size_t)(k0 / PE_FREQ_CHUNK) * PE_CHUNK_BYTES, n);
        if (fresh) pe_constants(&f, k0, n, d_model, base);
        anchor = pe_span(out, add, length, d_model, offset, layout, k0, n, &f, known);
    }
    *workspace = (pf_workspace){ workspace->memory, workspace->bytes, PF_WORKSPACE_PE, d_model, base, anchor };
    return PF_OK;
}
pf_status pe_fill(pf_workspace *workspace, float *out, int32_t length, int32_t d_model, double base,
                  int32_t offset, pe_layout layout) {
    return pe_apply(workspace, out, 0, length, d_model, base, offset, layout);
}

pf_status pe_add(pf_workspace *workspace, float *x, int32_t length, int32_t d_model, double base,
                 int32_t offset, pe_layout layout) {
    return pe_apply(workspace, x, 1, length, d_model, base, offset, layout);
}

int32_t pe_chunk_rows(int32_t position, int32_t rows) {
    if (position < 0 || rows < 1) return rows;
    const int64_t block_end = pe_block_start((int64_t)position + rows);   /* the last one in reach */
    return block_end > position ? (int32_t)(block_end - position) : rows;
}

pf_status pe_entry(double *value, int32_t position, int32_t j, int32_t d_model, double base,
                   pe_layout layout) {
    if (!value) return PF_ERR_NULL;
    if (position < 0) return PF_ERR_POSITION;
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (j < 0 || j >= d_model) return PF_ERR_COLUMN;
    if (!pf_finite_above(base, 1.0)) return PF_ERR_BASE;
    if (layout != PE_INTERLEAVED && layout != PE_CONCAT) return PF_ERR_LAYOUT;
    const int32_t h = (d_model + 1) / 2;
    int32_t k;
    int is_sin;
    if (layout == PE_INTERLEAVED) {
        k = j / 2;
        is_sin = j % 2 == 0;
    } else {
        is_sin = j < h;
        k = is_sin ? j : j - h;
    }
    double sin_value, cos_value;        /* sincos, as the tables use: sin and cos need not be linked */
    sincos((double)position / pe_denominator(k, d_model, base), &sin_value, &cos_value);
    *value = is_sin ? sin_value : cos_value;
    return PF_OK;
}

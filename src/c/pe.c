/*
 * pe.c — sinusoidal positional encoding (Vaswani et al. 2017, section 3.5).
 *
 * PE(p, 2k) = sin(p / base^(2k/D)),  PE(p, 2k+1) = cos(p / base^(2k/D)).
 *
 * Tables are filled a block of rows at a time: at the first row of a block each (sin, cos) pair is
 * computed exactly in double precision (sincos), and the following rows rotate it by the pair's step
 * angle (angle addition), two frequencies per f64x2 register, rounded to float with one demote and
 * stored 16 bytes at a time; addPositionalEncoding adds in the same pass (no temporary table).
 * Re-anchoring every PE_ANCHOR_ROWS rows (libm every PE_EXACT_ROWS, see pe_anchor_at) keeps the
 * recurrence's drift near 1e-14, far inside the 1e-6 contract, while libm runs for a tiny fraction
 * of the values. Anchors sit at positions that are multiples of PE_ANCHOR_ROWS and a call that starts
 * between anchors steps forward from the one before, so a row's values depend on its position only:
 * any split of a table into calls (as the JS wrapper's chunking does) is bit-identical.
 */
#define _GNU_SOURCE 1   /* sincos(): one range reduction for both values (musl and glibc have it) */
#include "pe_ffn.h"
#include "vec4.h"
#include <math.h>

enum {
    PE_ANCHOR_ROWS = 64,   /* rows between anchors (positions that are multiples of it); the JS
                              wrapper's chunks of 2^16 floats start on anchors for dModel <= 1024 */
    PE_EXACT_ROWS = 1024,  /* rows between anchors computed by libm (a multiple of PE_ANCHOR_ROWS) */
    PE_FREQ_CHUNK = 64,    /* frequencies handled per pass (state kept on the stack) */
    PE_TILE_ROWS = 32,     /* rows written per sweep over a chunk's columns: a 32-row x 512-byte tile
                              stays in L1, so every cache line is completed before it is evicted */
    PE_GROUP = 4           /* frequencies per vector group: 2 f64x2 of sines, 2 of cosines and their
                              steps all stay in registers (8 frequencies measured slower: spills) */
};

static pf_status pe_check(int32_t length, int32_t d_model, double base, int32_t offset,
                          pe_layout layout) {
    if (length < 0 || length > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (!(base > 1.0) || !isfinite(base)) return PF_ERR_BASE;
    if (offset < 0) return PF_ERR_OFFSET;
    if (length > 0 && (int64_t)offset + length - 1 > PF_MAX_POSITION) return PF_ERR_OFFSET;
    if (layout != PE_INTERLEAVED && layout != PE_CONCAT) return PF_ERR_LAYOUT;
    return PF_OK;
}

/* The denominator base^(2k/D) of frequency k, exactly as the formula writes it. */
static double pe_denominator(int32_t k, int32_t d_model, double base) {
    return pow(base, (double)(2 * (int64_t)k) / (double)d_model);
}

/* Column indices of frequency k's sine and cosine (cos_col = -1 when the cosine does not exist). */
static void pe_columns(int32_t k, int32_t d_model, pe_layout layout, int32_t *sin_col,
                       int32_t *cos_col) {
    const int32_t h = (d_model + 1) / 2;
    if (layout == PE_INTERLEAVED) {
        *sin_col = 2 * k;
        *cos_col = 2 * k + 1 < d_model ? 2 * k + 1 : -1;
    } else {
        *sin_col = k;
        *cos_col = h + k < d_model ? h + k : -1;
    }
}

/* Advances one frequency's (sin, cos) by its step angle: the angle-addition formulas, in double. */
static inline void pe_step(double *s, double *c, double step_sin, double step_cos) {
    const double s_next = *s * step_cos + *c * step_sin;
    *c = *c * step_cos - *s * step_sin;
    *s = s_next;
}

/*
 * Anchors, the exact starting points of the recurrence, sit at positions that are multiples of
 * PE_ANCHOR_ROWS. Those that are multiples of PE_EXACT_ROWS come from libm (sincos of the formula's
 * angle); each other one is the anchor before it rotated by PE_ANCHOR_ROWS steps' angle (one angle
 * addition instead of a sincos). Either way an anchor's value is a function of its position only.
 */
static void pe_anchor_at(double *as, double *ac, const double *den, const double *jump_sin,
                         const double *jump_cos, int32_t n, int64_t anchor) {
    const int64_t exact = anchor - anchor % PE_EXACT_ROWS;
    for (int32_t i = 0; i < n; i++) sincos((double)exact / den[i], &as[i], &ac[i]);
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

/*
 * Rows 0 .. rows-1 of PE_GROUP frequencies starting at k (all with a cosine column), in vector
 * registers: four f64x2 pairs of sines and of cosines; each row is rounded to float and stored (or
 * added) with 16-byte stores, then advanced by angle addition, lane by lane the same arithmetic as
 * pe_step.
 */
static inline __attribute__((always_inline)) void pe_group_rows(
        float *out, int add, const pe_layout layout, int32_t d_model, int32_t h, int32_t k,
        double *s, double *c, const double *step_sin, const double *step_cos, int32_t rows) {
    f64x2 sv[PE_GROUP / 2], cv[PE_GROUP / 2], ss[PE_GROUP / 2], cs[PE_GROUP / 2];
    for (int g = 0; g < PE_GROUP / 2; g++) {
        sv[g] = d2_load(s + 2 * g);
        cv[g] = d2_load(c + 2 * g);
        /* Steps in registers: a v128 store may alias anything, so loads inside the loop would repeat. */
        ss[g] = d2_load(step_sin + 2 * g);
        cs[g] = d2_load(step_cos + 2 * g);
    }
    float *row = out;
    for (int32_t r = 0; r < rows; r++, row += d_model) {
        f32x4 v[PE_GROUP / 2];
        float *dst[PE_GROUP / 2];
        if (layout == PE_INTERLEAVED) {
            for (int g = 0; g < PE_GROUP / 2; g++) {
                v[g] = f4_zip_d2(sv[g], cv[g]);             /* sin k, cos k, sin k+1, cos k+1 */
                dst[g] = row + 2 * k + 4 * g;
            }
        } else {
            for (int g = 0; g < PE_GROUP / 4; g++) {
                v[g] = f4_cat_d2(sv[2 * g], sv[2 * g + 1]);  /* four sines, then four cosines */
                dst[g] = row + k + 4 * g;
                v[PE_GROUP / 4 + g] = f4_cat_d2(cv[2 * g], cv[2 * g + 1]);
                dst[PE_GROUP / 4 + g] = row + h + k + 4 * g;
            }
        }
        for (int g = 0; g < PE_GROUP / 2; g++) f4_store(dst[g], add ? f4_add(f4_load(dst[g]), v[g]) : v[g]);
        for (int g = 0; g < PE_GROUP / 2; g++) {
            const f64x2 s_next = d2_add(d2_mul(sv[g], cs[g]), d2_mul(cv[g], ss[g]));
            cv[g] = d2_sub(d2_mul(cv[g], cs[g]), d2_mul(sv[g], ss[g]));
            sv[g] = s_next;
        }
    }
    for (int g = 0; g < PE_GROUP / 2; g++) {
        d2_store(s + 2 * g, sv[g]);
        d2_store(c + 2 * g, cv[g]);
    }
}

/* One frequency's column(s) for rows 0 .. rows-1, scalar (the remainder of a chunk). */
static void pe_column_rows(float *out, int add, int32_t d_model, int32_t sin_col, int32_t cos_col,
                           double *s, double *c, double step_sin, double step_cos, int32_t rows) {
    for (int32_t r = 0; r < rows; r++) {
        float *row = out + (size_t)r * (size_t)d_model;
        if (add) {
            row[sin_col] += (float)*s;
            if (cos_col >= 0) row[cos_col] += (float)*c;
        } else {
            row[sin_col] = (float)*s;
            if (cos_col >= 0) row[cos_col] = (float)*c;
        }
        pe_step(s, c, step_sin, step_cos);
    }
}

/* One specialisation per layout, so the layout is not tested inside the row loop (`add` is: it
   costs a predictable branch, and two more copies of the kernel would cost 1 KB of .wasm). */
typedef void (*pe_group_fn)(float *, int, int32_t, int32_t, int32_t, double *, double *,
                            const double *, const double *, int32_t);
#define PE_GROUP_FN(name, layout)                                                                   \
    static void name(float *out, int add, int32_t d_model, int32_t h, int32_t k, double *s,        \
                     double *c, const double *ss, const double *cs, int32_t rows) {                \
        pe_group_rows(out, add, layout, d_model, h, k, s, c, ss, cs, rows);                        \
    }
PE_GROUP_FN(pe_group_interleaved, PE_INTERLEAVED)
PE_GROUP_FN(pe_group_concat, PE_CONCAT)

/* Constants of frequencies k0 .. k0 + n - 1 (pointers into a pe_table or a chunk on the stack). */
typedef struct {
    const double *den, *step_sin, *step_cos, *jump_sin, *jump_cos;
    double *anchor_sin, *anchor_cos;   /* in/out: the state at anchor `anchor` (see pe_chunk) */
} pe_freqs;

/*
 * The frequencies of the last (d_model, base) used, computed once and kept, with the anchor state
 * where the last call ended: the JS wrapper fills large arrays in consecutive chunks, and each chunk
 * then starts where the previous one stopped instead of recomputing anchors. The stored state is the
 * very value pe_anchor_at would compute (same operations, same order), so results do not change.
 */
enum { PE_TABLE_FREQS = 2048 };        /* d_model <= 4096; larger tables compute per chunk */
static struct {
    int32_t d_model;                   /* 0: empty */
    double base;
    int64_t anchor;                    /* position of anchor_sin/cos, -1: none */
    double den[PE_TABLE_FREQS], step_sin[PE_TABLE_FREQS], step_cos[PE_TABLE_FREQS];
    double jump_sin[PE_TABLE_FREQS], jump_cos[PE_TABLE_FREQS];
    double anchor_sin[PE_TABLE_FREQS], anchor_cos[PE_TABLE_FREQS];
} pe_table;

/* den, step and jump values of frequencies k0 .. k0 + n - 1. */
static void pe_constants(double *den, double *step_sin, double *step_cos, double *jump_sin,
                         double *jump_cos, int32_t k0, int32_t n, int32_t d_model, double base) {
    for (int32_t i = 0; i < n; i++) {
        den[i] = pe_denominator(k0 + i, d_model, base);
        sincos(1.0 / den[i], &step_sin[i], &step_cos[i]);
        sincos((double)PE_ANCHOR_ROWS / den[i], &jump_sin[i], &jump_cos[i]);
    }
}

/*
 * out (T, D): writes (add = 0) or adds (add = 1) the encoding of frequencies k0 .. k0 + n - 1 for
 * rows t = 0 .. T - 1 at positions offset + t, one anchor interval of rows at a time. On entry
 * f->anchor_sin/cos hold the state at position `known` (-1: nothing known); on return, at the
 * position returned.
 */
static int64_t pe_chunk(float *out, int add, int32_t length, int32_t d_model, int32_t offset,
                        pe_layout layout, int32_t k0, int32_t n, const pe_freqs *f, int64_t known) {
    double s[PE_FREQ_CHUNK], c[PE_FREQ_CHUNK];                 /* the current row */
    int32_t sin_col[PE_FREQ_CHUNK], cos_col[PE_FREQ_CHUNK];
    double *as = f->anchor_sin, *ac = f->anchor_cos;
    const int32_t h = (d_model + 1) / 2;
    int32_t n_vector = 0;                 /* leading frequencies done in groups (all have cosines) */

    for (int32_t i = 0; i < n; i++) pe_columns(k0 + i, d_model, layout, &sin_col[i], &cos_col[i]);
    while (n_vector + PE_GROUP <= n && cos_col[n_vector + PE_GROUP - 1] >= 0) n_vector += PE_GROUP;
    const pe_group_fn group = layout == PE_INTERLEAVED ? pe_group_interleaved : pe_group_concat;

    int64_t anchor = known;
    for (int32_t t0 = 0, rows; t0 < length; t0 += rows) {
        const int64_t position = (int64_t)offset + t0;
        const int64_t at = position - position % PE_ANCHOR_ROWS;
        const int32_t to_anchor = PE_ANCHOR_ROWS - (int32_t)(position - at);
        rows = length - t0 < to_anchor ? length - t0 : to_anchor;
        if (at == anchor + PE_ANCHOR_ROWS && anchor >= 0)
            pe_anchor_next(as, ac, f->den, f->jump_sin, f->jump_cos, n, at);
        else if (at != anchor)
            pe_anchor_at(as, ac, f->den, f->jump_sin, f->jump_cos, n, at);
        anchor = at;
        for (int32_t i = 0; i < n; i++) {
            s[i] = as[i];
            c[i] = ac[i];
        }
        for (int64_t p = at; p < position; p++)       /* a call that starts between anchors */
            for (int32_t i = 0; i < n; i++) pe_step(&s[i], &c[i], f->step_sin[i], f->step_cos[i]);
        for (int32_t r0 = 0; r0 < rows; r0 += PE_TILE_ROWS) {
            const int32_t tile = rows - r0 < PE_TILE_ROWS ? rows - r0 : PE_TILE_ROWS;
            float *block = out + (size_t)(t0 + r0) * (size_t)d_model;
            for (int32_t i = 0; i < n_vector; i += PE_GROUP)
                group(block, add, d_model, h, k0 + i, s + i, c + i, f->step_sin + i, f->step_cos + i, tile);
            for (int32_t i = n_vector; i < n; i++)
                pe_column_rows(block, add, d_model, sin_col[i], cos_col[i], &s[i], &c[i],
                               f->step_sin[i], f->step_cos[i], tile);
        }
    }
    return anchor;
}

static pf_status pe_apply(float *out, int add, int32_t length, int32_t d_model, double base,
                          int32_t offset, pe_layout layout) {
    const pf_status status = pe_check(length, d_model, base, offset, layout);
    if (status != PF_OK) return status;
    if (length == 0) return PF_OK;
    if (!out) return PF_ERR_NULL;
    const int32_t h = (d_model + 1) / 2;

    if (h <= PE_TABLE_FREQS) {            /* constants and anchors from the kept table */
        if (pe_table.d_model != d_model || pe_table.base != base) {
            pe_constants(pe_table.den, pe_table.step_sin, pe_table.step_cos, pe_table.jump_sin,
                         pe_table.jump_cos, 0, h, d_model, base);
            pe_table.d_model = d_model;
            pe_table.base = base;
            pe_table.anchor = -1;
        }
        /* One anchor interval of rows at a time across all frequencies: the rows being written stay
           in cache until they are complete (frequency chunks outermost would sweep the whole table
           once per chunk). */
        int64_t known = pe_table.anchor;
        for (int32_t t0 = 0, rows; t0 < length; t0 += rows) {
            const int32_t to_anchor = PE_ANCHOR_ROWS - (int32_t)(((int64_t)offset + t0) % PE_ANCHOR_ROWS);
            rows = length - t0 < to_anchor ? length - t0 : to_anchor;
            int64_t last = -1;
            for (int32_t k0 = 0; k0 < h; k0 += PE_FREQ_CHUNK) {
                const int32_t n = h - k0 < PE_FREQ_CHUNK ? h - k0 : PE_FREQ_CHUNK;
                const pe_freqs f = { pe_table.den + k0, pe_table.step_sin + k0, pe_table.step_cos + k0,
                                     pe_table.jump_sin + k0, pe_table.jump_cos + k0,
                                     pe_table.anchor_sin + k0, pe_table.anchor_cos + k0 };
                last = pe_chunk(out + (size_t)t0 * (size_t)d_model, add, rows, d_model, offset + t0,
                                layout, k0, n, &f, known);
            }
            known = last;
        }
        pe_table.anchor = known;
        return PF_OK;
    }

    for (int32_t k0 = 0; k0 < h; k0 += PE_FREQ_CHUNK) {   /* very wide tables: per chunk, on the stack */
        const int32_t n = h - k0 < PE_FREQ_CHUNK ? h - k0 : PE_FREQ_CHUNK;
        double den[PE_FREQ_CHUNK], step_sin[PE_FREQ_CHUNK], step_cos[PE_FREQ_CHUNK];
        double jump_sin[PE_FREQ_CHUNK], jump_cos[PE_FREQ_CHUNK], as[PE_FREQ_CHUNK], ac[PE_FREQ_CHUNK];
        pe_constants(den, step_sin, step_cos, jump_sin, jump_cos, k0, n, d_model, base);
        const pe_freqs f = { den, step_sin, step_cos, jump_sin, jump_cos, as, ac };
        pe_chunk(out, add, length, d_model, offset, layout, k0, n, &f, -1);
    }
    return PF_OK;
}

pf_status pe_fill(float *out, int32_t length, int32_t d_model, double base, int32_t offset,
                  pe_layout layout) {
    return pe_apply(out, 0, length, d_model, base, offset, layout);
}

pf_status pe_add(float *x, int32_t length, int32_t d_model, double base, int32_t offset,
                 pe_layout layout) {
    return pe_apply(x, 1, length, d_model, base, offset, layout);
}

pf_status pe_entry(double *value, int32_t position, int32_t j, int32_t d_model, double base,
                   pe_layout layout) {
    if (!value) return PF_ERR_NULL;
    if (position < 0) return PF_ERR_POSITION;
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (j < 0 || j >= d_model) return PF_ERR_COLUMN;
    if (!(base > 1.0) || !isfinite(base)) return PF_ERR_BASE;
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

/*
 * rope.c — rotary position embedding (see rope.h for the formula and the two pairings).
 *
 * Every row needs cos and sin of its position times each of the head's n = head_dim / 2 frequencies
 * w_i = 1 / base^(2i / head_dim); all heads of a row share them. They are kept in double precision
 * and rounded to float once per row:
 *   - at anchors (positions that are multiples of ROPE_ANCHOR_ROWS) they come from libm, sincos of
 *     the formula's angle p / base^(2i / head_dim) in double: exact anchors (position 0 is (0, 1));
 *   - between anchors each row is the row before rotated by w_i, angle addition in double
 *     (s, c) <- (s cos w + c sin w, c cos w - s sin w): after at most 255 steps the drift is ~1e-13.
 * A row's values are a function of its position only (its anchor, then the same steps), so a table
 * split into calls anyhow, and in place or not, gives the same bits.
 *
 * The rotation itself is float32, four values per f32x4: y = a c - b s, the products and the sum
 * each rounded. With c, s within 2^-25 of cos, sin (one rounding of a value below 1) and u = 2^-24
 * (float's relative rounding): |error| <= 2^-25 (|a| + |b|) [c, s] + u (|a c| + |b s|) [products]
 * + u |y| [sum] <= u (1 + sqrt 2 + sqrt 2) M = 2.3e-7 M, M the largest |x| (measured 1.6e-7 M):
 * inside the contract's 1e-6 (1 + M).
 *
 * Layouts, per head:
 *   interleaved: (y0, y1) = (a c - b s, b c + a s) for a pair (a, b) at columns (2i, 2i + 1). The row's
 *     tables hold c_i twice and (-s_i, s_i), so four values are v * C + swap_pairs(v) * S: one shuffle,
 *     two multiplies, an add (a c + b (-s) is a c - b s exactly). Heads of head_dim = 2 mod 4 go two at
 *     a time (the tables repeat the head), so every f32x4 is whole pairs.
 *   half: (y_i, y_{i+n}) = (a c - b s, a s + b c) for a = x_i, b = x_{i+n}: four pairs per step, no shuffle.
 */
#define _GNU_SOURCE 1   /* sincos(): one range reduction for both values (musl and glibc have it) */
#include "rope.h"
#include "vec4.h"
#include <math.h>
#include <stdint.h>

/* Loops that run once per call or per anchor stay plain scalar code (a smaller .wasm). */
#define ROPE_COLD_LOOP _Pragma("clang loop vectorize(disable) unroll(disable)")

enum {
    ROPE_ANCHOR_ROWS = 256   /* rows per exact anchor: a call that starts between anchors steps from
                                the one before, at most 255 steps per frequency */
};

/* The workspace's memory, from its first 16-byte boundary (n4 = n rounded up to 4, w4 = the row
   tables' width): double den[n4], step_sin[n4], step_cos[n4], s[n4], c[n4]; float row_cos[w4],
   row_sin[w4]. Which frequencies and position they hold is the pf_workspace struct's to say. */
typedef struct {
    double *den, *step_sin, *step_cos, *s, *c;
    float *row_cos, *row_sin;
} rope_tables;

/* Width of the row tables: head_dim values, or two heads when head_dim is 2 mod 4 (see above). */
static int32_t rope_table_width(int32_t head_dim) {
    return head_dim % 4 ? 2 * head_dim : head_dim;
}

size_t rope_workspace_bytes(int32_t head_dim) {
    if (head_dim < 2 || head_dim > PF_MAX_DIM || head_dim % 2) return 0;
    const size_t n4 = (size_t)pf_round4((uint64_t)head_dim / 2), w4 = (size_t)pf_round4((uint64_t)rope_table_width(head_dim));
    return 5 * n4 * sizeof(double) + 2 * w4 * sizeof(float) + 15;
}

static rope_tables rope_tables_of(void *memory, int32_t head_dim) {
    const size_t n4 = (size_t)pf_round4((uint64_t)head_dim / 2), w4 = (size_t)pf_round4((uint64_t)rope_table_width(head_dim));
    double *d = (double *)pf_align16(memory);
    float *f = (float *)(d + 5 * n4);
    return (rope_tables){ d, d + n4, d + 2 * n4, d + 3 * n4, d + 4 * n4, f, f + w4 };
}

/* The denominator base^(2i / head_dim) of pair i, exactly as the formula writes it. */
static double rope_denominator(int32_t pair, int32_t head_dim, double base) {
    return pow(base, (double)(2 * (int64_t)pair) / (double)head_dim);
}

pf_status rope_angle(double *theta, int32_t position, int32_t pair, int32_t head_dim, double base) {
    if (!theta) return PF_ERR_NULL;
    if (position < 0) return PF_ERR_POSITION;
    if (head_dim < 2 || head_dim > PF_MAX_DIM || head_dim % 2) return PF_ERR_HEAD_DIM;
    if (pair < 0 || pair >= head_dim / 2) return PF_ERR_COLUMN;
    if (!pf_finite_above(base, 1.0)) return PF_ERR_BASE;
    *theta = (double)position / rope_denominator(pair, head_dim, base);
    return PF_OK;
}

/* Fills the frequencies for (head_dim, base) unless the workspace already holds them. */
static void rope_prepare(pf_workspace *w, const rope_tables *t, int32_t head_dim, double base) {
    if (pf_workspace_holds(w, PF_WORKSPACE_ROPE, head_dim, base)) return;
    const int32_t n = head_dim / 2;
    ROPE_COLD_LOOP
    for (int32_t i = 0; i < n; i++) {
        t->den[i] = rope_denominator(i, head_dim, base);
        sincos(1.0 / t->den[i], &t->step_sin[i], &t->step_cos[i]);
    }
    *w = (pf_workspace){ w->memory, w->bytes, PF_WORKSPACE_ROPE, head_dim, base, -1 };
}

/* s, c = sin, cos of the anchor at `anchor` (a multiple of ROPE_ANCHOR_ROWS). */
static void rope_anchor(const rope_tables *t, int32_t n, int64_t anchor) {
    ROPE_COLD_LOOP
    for (int32_t i = 0; i < n; i++) {
        if (anchor == 0) t->s[i] = 0.0, t->c[i] = 1.0;       /* sincos(0) exactly, without libm */
        else sincos((double)anchor / t->den[i], &t->s[i], &t->c[i]);
    }
}

/* One position further: angle addition in double, each product rounded on its own. */
static void rope_step(const rope_tables *t, int32_t n) {
    for (int32_t i = 0; i < n; i++) {
        const double sc = t->s[i] * t->step_cos[i], cs = t->c[i] * t->step_sin[i];
        const double cc = t->c[i] * t->step_cos[i], ss = t->s[i] * t->step_sin[i];
        t->s[i] = sc + cs;
        t->c[i] = cc - ss;
    }
}

/* Brings s, c to `position`: the next row steps once, anything else starts from its anchor. */
static void rope_seek(pf_workspace *w, const rope_tables *t, int32_t n, int64_t position) {
    if (w->position == position) return;
    const int64_t anchor = position - position % ROPE_ANCHOR_ROWS;
    if (w->position < anchor || w->position > position) {
        rope_anchor(t, n, anchor);
        w->position = anchor;
    }
    while (w->position < position) {
        rope_step(t, n);
        w->position++;
    }
}

/* The row tables for the current s, c in the layout's form (see the comment at the top); inverse
   negates the sines: the rotation by -theta, the transpose that the backward pass applies. */
static void rope_row_tables(const rope_tables *t, int32_t head_dim, rope_layout layout, int inverse) {
    const int32_t n = head_dim / 2;
    if (layout == ROPE_HALF) {
        for (int32_t i = 0; i < n; i++) {
            t->row_cos[i] = (float)t->c[i];
            t->row_sin[i] = inverse ? -(float)t->s[i] : (float)t->s[i];
        }
        return;
    }
    const int32_t width = rope_table_width(head_dim);
    for (int32_t j = 0; j < width; j += 2) {
        const int32_t i = (j % head_dim) / 2;
        const float c = (float)t->c[i], s = inverse ? -(float)t->s[i] : (float)t->s[i];
        t->row_cos[j] = c, t->row_cos[j + 1] = c;
        t->row_sin[j] = -s, t->row_sin[j + 1] = s;
    }
}

/* Interleaved: `count` values (a multiple of 2) of one row, against tables that start at the same
   column of the pattern. Four at a time while whole f32x4 fit, the last pair scalar with the same
   arithmetic as a lane. */
static void rope_interleaved_span(
        float *y, const float *x, const float *rc, const float *rs, int32_t count) {
    int32_t j = 0;
    for (; j + 4 <= count; j += 4) {
        const f32x4 v = f4_load(x + j);
        const f32x4 a = f4_mul(v, f4_load(rc + j)), b = f4_mul(f4_swap_pairs(v), f4_load(rs + j));
        f4_store(y + j, f4_add(a, b));
    }
    ROPE_COLD_LOOP
    for (; j < count; j += 2) {
        const float a = x[j], b = x[j + 1];
        const float ac = a * rc[j], bs = b * rs[j], bc = b * rc[j + 1], as = a * rs[j + 1];
        y[j] = ac + bs;
        y[j + 1] = bc + as;
    }
}

/* Half: one head, pairs (i, i + n). */
static void rope_half_head(
        float *y, const float *x, const float *rc, const float *rs, int32_t n) {
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const f32x4 a = f4_load(x + i), b = f4_load(x + n + i);
        const f32x4 c = f4_load(rc + i), s = f4_load(rs + i);
        const f32x4 ac = f4_mul(a, c), bs = f4_mul(b, s), as = f4_mul(a, s), bc = f4_mul(b, c);
        f4_store(y + i, f4_sub(ac, bs));
        f4_store(y + n + i, f4_add(as, bc));
    }
    ROPE_COLD_LOOP
    for (; i < n; i++) {
        const float a = x[i], b = x[n + i];
        const float ac = a * rc[i], bs = b * rs[i], as = a * rs[i], bc = b * rc[i];
        y[i] = ac - bs;
        y[n + i] = as + bc;
    }
}

/* One row of d_model values: every head against the row tables. */
static void rope_row(float *y, const float *x, int32_t d_model, int32_t head_dim, rope_layout layout,
                     const rope_tables *t) {
    if (layout == ROPE_HALF) {
        for (int32_t h = 0; h < d_model; h += head_dim)
            rope_half_head(y + h, x + h, t->row_cos, t->row_sin, head_dim / 2);
        return;
    }
    const int32_t width = rope_table_width(head_dim);   /* one or two heads per pass */
    int32_t h = 0;
    for (; h + width <= d_model; h += width) rope_interleaved_span(y + h, x + h, t->row_cos, t->row_sin, width);
    if (h < d_model) rope_interleaved_span(y + h, x + h, t->row_cos, t->row_sin, d_model - h);
}

static pf_status rope_check(int32_t length, int32_t d_model, int32_t head_dim, double base,
                            int32_t offset, rope_layout layout) {
    if (length < 0 || length > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (head_dim < 2 || head_dim > d_model || head_dim % 2 || d_model % head_dim) return PF_ERR_HEAD_DIM;
    if (!pf_finite_above(base, 1.0)) return PF_ERR_BASE;
    if (offset < 0) return PF_ERR_OFFSET;
    if (length > 0 && (int64_t)offset + length - 1 > PF_MAX_POSITION) return PF_ERR_OFFSET;
    if (layout != ROPE_INTERLEAVED && layout != ROPE_HALF) return PF_ERR_LAYOUT;
    return PF_OK;
}

static pf_status rope_run(pf_workspace *workspace, float *out, const float *x, int32_t length, int32_t d_model,
                          int32_t head_dim, double base, int32_t offset, rope_layout layout, int inverse) {
    const pf_status status = rope_check(length, d_model, head_dim, base, offset, layout);
    if (status != PF_OK) return status;
    if (!workspace) return PF_ERR_NULL;
    if (length == 0) return PF_OK;
    if (!out || !x) return PF_ERR_NULL;
    if (!workspace->memory || workspace->bytes < rope_workspace_bytes(head_dim)) return PF_ERR_WORKSPACE;
    const size_t n_values = (size_t)length * (size_t)d_model;
    if (pf_overlaps(out, n_values, x, n_values)) return PF_ERR_OVERLAP;

    const rope_tables t = rope_tables_of(workspace->memory, head_dim);
    rope_prepare(workspace, &t, head_dim, base);
    for (int32_t r = 0; r < length; r++) {
        rope_seek(workspace, &t, head_dim / 2, (int64_t)offset + r);
        rope_row_tables(&t, head_dim, layout, inverse);
        const size_t at = (size_t)r * (size_t)d_model;
        rope_row(out + at, x + at, d_model, head_dim, layout, &t);
    }
    return PF_OK;
}

pf_status rope_forward(pf_workspace *workspace, float *out, const float *x, int32_t length,
                       int32_t d_model, int32_t head_dim, double base, int32_t offset, rope_layout layout) {
    return rope_run(workspace, out, x, length, d_model, head_dim, base, offset, layout, 0);
}

pf_status rope_backward(pf_workspace *workspace, float *dx, const float *dy, int32_t length,
                        int32_t d_model, int32_t head_dim, double base, int32_t offset, rope_layout layout) {
    return rope_run(workspace, dx, dy, length, d_model, head_dim, base, offset, layout, 1);
}

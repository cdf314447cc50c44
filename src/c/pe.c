/*
 * pe.c — sinusoidal positional encoding (Vaswani et al. 2017, section 3.5).
 *
 * PE(p, 2k) = sin(p / base^(2k/D)),  PE(p, 2k+1) = cos(p / base^(2k/D)).
 *
 * Tables are filled a block of rows at a time: at the first row of a block each (sin, cos) pair is
 * computed exactly in double precision, and the following rows rotate it by the pair's step angle
 * (angle addition). Re-anchoring every PE_ANCHOR_ROWS rows keeps the recurrence's drift near 1e-14,
 * far inside the 1e-6 contract, while libm is called for only a small fraction of the values.
 * Anchors sit at positions that are multiples of PE_ANCHOR_ROWS, so a row's values depend on its
 * position only: any split of a table into calls (as the JS wrapper's chunking does) is bit-identical.
 */
#include "pe_ffn.h"
#include <math.h>

enum {
    PE_ANCHOR_ROWS = 32,   /* rows between exact anchors */
    PE_FREQ_CHUNK = 64     /* frequencies handled per pass (state kept on the stack) */
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

/*
 * out (T, D): writes (add = 0) or adds (add = 1) the encoding of frequencies k0 .. k0 + n - 1 for
 * rows t = 0 .. T - 1 at positions offset + t. Inlined twice so the add test leaves the inner loop.
 */
static inline void pe_chunk(float *out, int add, int32_t length, int32_t d_model, double base,
                            int32_t offset, pe_layout layout, int32_t k0, int32_t n) {
    double inv_den[PE_FREQ_CHUNK], step_sin[PE_FREQ_CHUNK], step_cos[PE_FREQ_CHUNK];
    double s[PE_FREQ_CHUNK], c[PE_FREQ_CHUNK];
    int32_t sin_col[PE_FREQ_CHUNK], cos_col[PE_FREQ_CHUNK];
    double den[PE_FREQ_CHUNK];

    for (int32_t i = 0; i < n; i++) {
        den[i] = pe_denominator(k0 + i, d_model, base);
        inv_den[i] = 1.0 / den[i];
        step_sin[i] = sin(inv_den[i]);
        step_cos[i] = cos(inv_den[i]);
        pe_columns(k0 + i, d_model, layout, &sin_col[i], &cos_col[i]);
    }
    for (int32_t t0 = 0, rows; t0 < length; t0 += rows) {
        const int32_t to_anchor = PE_ANCHOR_ROWS - (int32_t)(((int64_t)offset + t0) % PE_ANCHOR_ROWS);
        rows = length - t0 < to_anchor ? length - t0 : to_anchor;
        const double p0 = (double)offset + (double)t0;
        for (int32_t i = 0; i < n; i++) {
            const double angle = p0 / den[i];
            s[i] = sin(angle);
            c[i] = cos(angle);
        }
        for (int32_t r = 0; r < rows; r++) {
            float *row = out + (size_t)(t0 + r) * (size_t)d_model;
            for (int32_t i = 0; i < n; i++) {
                if (add) {
                    row[sin_col[i]] += (float)s[i];
                    if (cos_col[i] >= 0) row[cos_col[i]] += (float)c[i];
                } else {
                    row[sin_col[i]] = (float)s[i];
                    if (cos_col[i] >= 0) row[cos_col[i]] = (float)c[i];
                }
                const double s_next = s[i] * step_cos[i] + c[i] * step_sin[i];
                c[i] = c[i] * step_cos[i] - s[i] * step_sin[i];
                s[i] = s_next;
            }
        }
    }
}

static pf_status pe_apply(float *out, int add, int32_t length, int32_t d_model, double base,
                          int32_t offset, pe_layout layout) {
    const pf_status status = pe_check(length, d_model, base, offset, layout);
    if (status != PF_OK) return status;
    if (length == 0) return PF_OK;
    if (!out) return PF_ERR_NULL;
    const int32_t h = (d_model + 1) / 2;
    for (int32_t k0 = 0; k0 < h; k0 += PE_FREQ_CHUNK) {
        const int32_t n = h - k0 < PE_FREQ_CHUNK ? h - k0 : PE_FREQ_CHUNK;
        if (add) pe_chunk(out, 1, length, d_model, base, offset, layout, k0, n);
        else pe_chunk(out, 0, length, d_model, base, offset, layout, k0, n);
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
    const double angle = (double)position / pe_denominator(k, d_model, base);
    *value = is_sin ? sin(angle) : cos(angle);
    return PF_OK;
}

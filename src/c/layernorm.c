/*
 * layernorm.c — layer normalisation (Ba et al. 2016) with PyTorch's nn.LayerNorm semantics: each row
 * z of D values becomes (z - mean) / sqrt(var + eps) * gamma + beta, var the biased variance.
 *
 * Accuracy first: the mean and then the variance of the deviations are summed in double (two
 * passes: the one-pass E[z^2] - E[z]^2 loses everything to cancellation when |mean| >> std), with
 * four partial sums so the additions do not wait on each other. A row's result depends on that row
 * alone, in a fixed order, so it is the same whatever the number of rows.
 */
#include "layernorm.h"
#include <math.h>

/* z[j] = x[j] (+ residual[j], rounded to float as a separate addition would be) */
static inline float ln_input(const float *x, const float *residual, int32_t j) {
    return residual ? x[j] + residual[j] : x[j];
}

static double ln_mean(const float *x, const float *residual, int32_t d) {
    double s[4] = { 0, 0, 0, 0 };
    int32_t j = 0;
    for (; j + 4 <= d; j += 4)
        for (int l = 0; l < 4; l++) s[l] += ln_input(x, residual, j + l);
    for (; j < d; j++) s[0] += ln_input(x, residual, j);
    return ((s[0] + s[1]) + (s[2] + s[3])) / d;
}

static double ln_variance(const float *x, const float *residual, int32_t d, double mean) {
    double s[4] = { 0, 0, 0, 0 };
    int32_t j = 0;
    for (; j + 4 <= d; j += 4) {
        for (int l = 0; l < 4; l++) {
            const double dev = ln_input(x, residual, j + l) - mean;
            s[l] += dev * dev;
        }
    }
    for (; j < d; j++) {
        const double dev = ln_input(x, residual, j) - mean;
        s[0] += dev * dev;
    }
    return ((s[0] + s[1]) + (s[2] + s[3])) / d;
}

/* Whether out (n) shares memory with x or residual (n) without being them, or with gamma or beta (d):
   later rows would read what earlier rows wrote. */
static int ln_overlaps(const float *out, const float *x, const float *residual, const float *gamma,
                       const float *beta, size_t n, size_t d) {
    return pf_overlaps(out, n, x, n) || pf_overlaps(out, n, residual, n) || pf_overlaps(out, n, gamma, d)
           || pf_overlaps(out, n, beta, d) || (gamma && out == gamma) || (beta && out == beta);
}
/* Called through a pointer, so that wasm-opt does not inline it (it inlines any function with one
   caller): inside layer_norm, its code made the engine compile the row loop ~10 % slower (measured). */
static int (*volatile ln_overlap_check)(const float *, const float *, const float *, const float *,
                                        const float *, size_t, size_t) = ln_overlaps;

pf_status layer_norm(float *out, const float *x, const float *residual, const float *gamma,
                     const float *beta, int32_t rows, int32_t d_model, double eps) {
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (rows < 0 || rows > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (!pf_finite_above(eps, 0.0)) return PF_ERR_EPS;
    if (rows == 0) return PF_OK;
    if (!out || !x) return PF_ERR_NULL;
    const size_t d = (size_t)d_model;
    if (ln_overlap_check(out, x, residual, gamma, beta, (size_t)rows * d, d)) return PF_ERR_OVERLAP;
    for (size_t r = 0; r < (size_t)rows; r++) {
        const float *xr = x + r * d, *rr = residual ? residual + r * d : NULL;
        float *o = out + r * d;
        const double mean = ln_mean(xr, rr, d_model);
        const double inv_std = 1.0 / sqrt(ln_variance(xr, rr, d_model, mean) + eps);
        for (int32_t j = 0; j < d_model; j++) {
            const double y = (ln_input(xr, rr, j) - mean) * inv_std;
            o[j] = (float)(y * (gamma ? gamma[j] : 1.0f) + (beta ? beta[j] : 0.0f));
        }
    }
    return PF_OK;
}

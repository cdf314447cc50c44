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
#include "vec4.h"
#include <math.h>
#include <string.h>

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
    return layer_norm_forward(out, NULL, x, residual, gamma, beta, rows, d_model, eps);
}

pf_status layer_norm_forward(float *out, double *stats, const float *x, const float *residual,
                             const float *gamma, const float *beta, int32_t rows, int32_t d_model,
                             double eps) {
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
        if (stats) stats[2 * r] = mean, stats[2 * r + 1] = inv_std;
        for (int32_t j = 0; j < d_model; j++) {
            const double y = (ln_input(xr, rr, j) - mean) * inv_std;
            o[j] = (float)(y * (gamma ? gamma[j] : 1.0f) + (beta ? beta[j] : 0.0f));
        }
    }
    return PF_OK;
}

/*
 * The backward pass, per row, with xhat = (z - mean) inv_std and g = dy gamma:
 *   dz = inv_std (g - mean(g) - xhat mean(g xhat)),   dgamma = sum over rows of dy xhat,
 *   dbeta = sum over rows of dy (rows in order, so the sums do not depend on anything else).
 * f32x4 arithmetic with lane sums in a fixed order: the backward's bound (1e-4 of the gradient's
 * norm) leaves room for float, where the forward keeps double. z - mean is (z - m_hi) - m_lo with the
 * double mean split into two floats: exact where it matters, z close to the mean (Sterbenz).
 */
static inline f32x4 ln_part(const float *p, size_t n, float fill) {   /* lanes 0 .. n - 1 of p, others fill */
    float lanes[4] = { fill, fill, fill, fill };
    for (size_t l = 0; l < n; l++) lanes[l] = p[l];
    return f4_load(lanes);
}
static inline float ln_lanes(f32x4 v) {
    float l[4];
    f4_store(l, v);
    return (l[0] + l[1]) + (l[2] + l[3]);
}

pf_status layer_norm_backward(float *dx, float *dgamma, float *dbeta, const float *dy, const float *input,
                              const double *stats, const float *gamma, int32_t rows, int32_t d_model,
                              int accumulate) {
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (rows < 0 || rows > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (rows == 0) return PF_OK;
    if (!dx || !dy || !input || !stats) return PF_ERR_NULL;
    const size_t d = (size_t)d_model;
    if (dgamma) memset(dgamma, 0, d * sizeof(float));
    if (dbeta) memset(dbeta, 0, d * sizeof(float));
    for (size_t r = 0; r < (size_t)rows; r++) {
        const float *z = input + r * d, *dy_row = dy + r * d;
        const float m_hi = (float)stats[2 * r], m_lo = (float)(stats[2 * r] - m_hi), rstd = (float)stats[2 * r + 1];
        const f32x4 vhi = f4_splat(m_hi), vlo = f4_splat(m_lo), vr = f4_splat(rstd), one = f4_splat(1.0f);
        f32x4 sg = f4_splat(0.0f), sgx = f4_splat(0.0f);
        for (size_t j = 0; j < d; j += 4) {
            const size_t n = d - j < 4 ? d - j : 4;
            const f32x4 xhat = f4_mul(f4_sub(f4_sub(n == 4 ? f4_load(z + j) : ln_part(z + j, n, m_hi), vhi), vlo), vr);
            const f32x4 dyv = n == 4 ? f4_load(dy_row + j) : ln_part(dy_row + j, n, 0.0f);
            const f32x4 g = f4_mul(dyv, gamma ? (n == 4 ? f4_load(gamma + j) : ln_part(gamma + j, n, 0.0f)) : one);
            sg = f4_add(sg, g);
            sgx = f4_add(sgx, f4_mul(g, xhat));
            if (dgamma) {
                const f32x4 v = f4_add(n == 4 ? f4_load(dgamma + j) : ln_part(dgamma + j, n, 0.0f), f4_mul(dyv, xhat));
                if (n == 4) f4_store(dgamma + j, v);
                else { float l[4]; f4_store(l, v); for (size_t k = 0; k < n; k++) dgamma[j + k] = l[k]; }
            }
            if (dbeta) {
                const f32x4 v = f4_add(n == 4 ? f4_load(dbeta + j) : ln_part(dbeta + j, n, 0.0f), dyv);
                if (n == 4) f4_store(dbeta + j, v);
                else { float l[4]; f4_store(l, v); for (size_t k = 0; k < n; k++) dbeta[j + k] = l[k]; }
            }
        }
        const f32x4 mean_g = f4_splat(ln_lanes(sg) / (float)d), mean_gx = f4_splat(ln_lanes(sgx) / (float)d);
        float *o = dx + r * d;
        for (size_t j = 0; j < d; j += 4) {
            const size_t n = d - j < 4 ? d - j : 4;
            const f32x4 xhat = f4_mul(f4_sub(f4_sub(n == 4 ? f4_load(z + j) : ln_part(z + j, n, m_hi), vhi), vlo), vr);
            const f32x4 dyv = n == 4 ? f4_load(dy_row + j) : ln_part(dy_row + j, n, 0.0f);
            const f32x4 g = f4_mul(dyv, gamma ? (n == 4 ? f4_load(gamma + j) : ln_part(gamma + j, n, 0.0f)) : one);
            f32x4 v = f4_mul(vr, f4_sub(f4_sub(g, mean_g), f4_mul(xhat, mean_gx)));
            if (accumulate) v = f4_add(n == 4 ? f4_load(o + j) : ln_part(o + j, n, 0.0f), v);
            if (n == 4) f4_store(o + j, v);
            else { float l[4]; f4_store(l, v); for (size_t k = 0; k < n; k++) o[j + k] = l[k]; }
        }
    }
    return PF_OK;
}

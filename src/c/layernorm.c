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
 * The backward pass, per row in double, with xhat = (z - mean) inv_std and g = dout gamma:
 *   dz = inv_std (g - mean(g) - xhat mean(g xhat)),   dgamma = sum over rows of dout xhat,
 *   dbeta = sum over rows of dout (rows in order, so the sums do not depend on anything else).
 */
pf_status layer_norm_backward(float *dx, float *dgamma, float *dbeta, const float *dout, const float *input,
                              const double *stats, const float *gamma, int32_t rows, int32_t d_model,
                              int accumulate) {
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (rows < 0 || rows > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (rows == 0) return PF_OK;
    if (!dx || !dout || !input || !stats) return PF_ERR_NULL;
    const size_t d = (size_t)d_model;
    if (dgamma) memset(dgamma, 0, d * sizeof(float));
    if (dbeta) memset(dbeta, 0, d * sizeof(float));
    for (size_t r = 0; r < (size_t)rows; r++) {
        const float *z = input + r * d, *dy = dout + r * d;
        const double mean = stats[2 * r], inv_std = stats[2 * r + 1];
        double sum_g = 0, sum_gx = 0;
        for (size_t j = 0; j < d; j++) {
            const double xhat = (z[j] - mean) * inv_std, g = (double)dy[j] * (gamma ? gamma[j] : 1.0f);
            sum_g += g;
            sum_gx += g * xhat;
            if (dgamma) dgamma[j] += (float)(dy[j] * xhat);
            if (dbeta) dbeta[j] += dy[j];
        }
        const double mean_g = sum_g / (double)d, mean_gx = sum_gx / (double)d;
        float *o = dx + r * d;
        for (size_t j = 0; j < d; j++) {
            const double xhat = (z[j] - mean) * inv_std, g = (double)dy[j] * (gamma ? gamma[j] : 1.0f);
            const float v = (float)(inv_std * (g - mean_g - xhat * mean_gx));
            o[j] = accumulate ? o[j] + v : v;
        }
    }
    return PF_OK;
}

/*
 * layernorm.h — layer normalisation (Ba et al. 2016) as PyTorch's nn.LayerNorm(D), part of the
 * pe-ffn-wasm core: for each row z of (x + residual),
 *     out = (z - mean(z)) / sqrt(var(z) + eps) * gamma + beta,   var biased (divided by D).
 *
 *     layer_norm(y, x, NULL, gamma, beta, rows, 512, 1e-5);   // y, x: (rows, 512); gamma, beta: (512)
 *
 * Mean and variance in double, two passes (layernorm.c says why); the sum x + residual is rounded to
 * float first, as a separate addition would be. A row's result depends on that row alone. Nothing
 * here allocates.
 * Dimension legend: D = d_model.
 */
#ifndef PF_LAYERNORM_H
#define PF_LAYERNORM_H

#include "pf_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * out (rows, D) = the layer norm of x (rows, D) + residual (rows, D). residual, gamma (D: ones) and
 * beta (D: zeros) may be NULL. out may be x or residual (each row is read before it is written); any
 * other overlap of out with x, residual, gamma or beta is PF_ERR_OVERLAP. rows = 0 does nothing.
 */
pf_status layer_norm(float *out, const float *x, const float *residual, const float *gamma,
                     const float *beta, int32_t rows, int32_t d_model, double eps);

/* layer_norm that also keeps what the backward needs: stats (rows, 2) = mean, 1 / sqrt(var + eps)
   of each row, in double (stats may be NULL). The same bits as layer_norm. */
pf_status layer_norm_forward(float *out, double *stats, const float *x, const float *residual,
                             const float *gamma, const float *beta, int32_t rows, int32_t d_model,
                             double eps);

/*
 * The backward pass of layer_norm_forward for dy (rows, D) = dloss/dout: dx (rows, D) = dloss/dz
 * (written, or added to dx's values with accumulate), dgamma, dbeta (D) = their sums over the rows
 * (written; either may be NULL). input (rows, D): the normalised z (x + residual as the forward
 * rounded it); stats: the forward's; gamma NULL means ones. dx may be dy.
 */
pf_status layer_norm_backward(float *dx, float *dgamma, float *dbeta, const float *dy, const float *input,
                              const double *stats, const float *gamma, int32_t rows, int32_t d_model,
                              int accumulate);

#ifdef __cplusplus
}
#endif

#endif /* PF_LAYERNORM_H */

/*
 * optim.h — the optimiser's kernels (optim.c), part of the pe-ffn-wasm core: global-norm clipping and
 * AdamW, as PyTorch 1.13's torch.nn.utils.clip_grad_norm_ and torch.optim.AdamW compute them.
 *
 *     clip_grad_norm(grads, &norm, n, 1.0);                       // grads (n), in place
 *     adamw_update(params, m, v, grads, n, &options, step);       // each (n)
 *
 * Who allocates: the caller, every array (trainer.h keeps the moments m and v of a model).
 */
#ifndef PF_OPTIM_H
#define PF_OPTIM_H

#include "pf_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *total_norm = the 2-norm of grads (n), in double; when it exceeds max_norm, grads *= max_norm /
   (total_norm + 1e-6). max_norm 0 only measures. */
pf_status clip_grad_norm(float *grads, double *total_norm, size_t n, double max_norm);

typedef struct {
    double lr, beta1, beta2, eps, weight_decay;
    double clip_norm;           /* 0: no clipping */
} adamw_options;

/* PF_OK when lr, eps > 0, weight_decay >= 0, clip_norm >= 0 (0: none), each beta in [0, 1), all finite. */
pf_status adamw_check(const adamw_options *options);

/* One AdamW step over n values (step: the 1-based step number after this one is counted):
   p -= lr wd p; m = b1 m + (1 - b1) g; v = b2 v + (1 - b2) g^2;
   p -= lr / (1 - b1^step) m / (sqrt(v) / sqrt(1 - b2^step) + eps). */
pf_status adamw_update(float *params, float *m, float *v, const float *grads, size_t n,
                       const adamw_options *options, int64_t step);

#ifdef __cplusplus
}
#endif

#endif /* PF_OPTIM_H */

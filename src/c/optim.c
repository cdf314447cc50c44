/*
 * optim.c — the optimiser's kernels, as PyTorch 1.13 computes them (torch/nn/utils/clip_grad.py and
 * torch/optim/adamw.py, _single_tensor_adamw, amsgrad off):
 *
 *   clip_grad_norm_:  total = ||g||_2 over every gradient; coef = max_norm / (total + 1e-6);
 *                     g *= min(coef, 1)
 *   AdamW, step s:    p *= 1 - lr wd                                  (decoupled weight decay first)
 *                     m = b1 m + (1 - b1) g;  v = b2 v + (1 - b2) g^2
 *                     p -= (lr / (1 - b1^s)) m / (sqrt(v) / sqrt(1 - b2^s) + eps)
 *
 * The scalars are computed in double as Python does, and rounded to float once; every array operation
 * is float32, four values at a time, one rounding per operation as PyTorch's element-wise kernels.
 */
#include "optim.h"
#include "vec4.h"
#include <math.h>

pf_status clip_grad_norm(float *grads, double *total_norm, size_t n, double max_norm) {
    if (!total_norm || (n > 0 && !grads)) return PF_ERR_NULL;
    if (!(max_norm >= 0) || !isfinite(max_norm)) return PF_ERR_CLIP;
    double sums[4] = { 0, 0, 0, 0 };       /* four partial sums: the additions do not wait on each other */
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (int l = 0; l < 4; l++) sums[l] += (double)grads[i + l] * grads[i + l];
    for (; i < n; i++) sums[0] += (double)grads[i] * grads[i];
    const double total = sqrt((sums[0] + sums[1]) + (sums[2] + sums[3]));
    *total_norm = total;
    if (max_norm == 0) return PF_OK;
    const double coef = max_norm / (total + 1e-6);
    if (!(coef < 1.0)) return PF_OK;       /* scaled by min(coef, 1): 1 changes nothing */
    const f32x4 c = f4_splat((float)coef);
    for (i = 0; i + 4 <= n; i += 4) f4_store(grads + i, f4_mul(f4_load(grads + i), c));
    for (; i < n; i++) grads[i] *= (float)coef;
    return PF_OK;
}

pf_status adamw_check(const adamw_options *o) {
    if (!o) return PF_ERR_NULL;
    if (!pf_finite_above(o->lr, 0)) return PF_ERR_LR;
    if (!(o->beta1 >= 0 && o->beta1 < 1) || !(o->beta2 >= 0 && o->beta2 < 1)) return PF_ERR_BETAS;
    if (!pf_finite_above(o->eps, 0)) return PF_ERR_EPS;
    if (!(o->weight_decay >= 0) || !isfinite(o->weight_decay)) return PF_ERR_WEIGHT_DECAY;
    if (!(o->clip_norm >= 0) || !isfinite(o->clip_norm)) return PF_ERR_CLIP;
    return PF_OK;
}

/* One value of the update, in the same operations as the vector loop (the tail of the array). */
static void adamw_one(float *p, float *m, float *v, float g, float decay, float b1, float one_b1, float b2,
                      float one_b2, float neg_step, float bc2_sqrt, float eps) {
    *p = *p * decay;
    *m = *m * b1 + g * one_b1;
    *v = *v * b2 + (g * g) * one_b2;
    const float denom = sqrtf(*v) / bc2_sqrt + eps;
    *p = *p + neg_step * (*m / denom);
}

pf_status adamw_update(float *params, float *m, float *v, const float *grads, size_t n,
                       const adamw_options *o, int64_t step) {
    const pf_status status = adamw_check(o);
    if (status != PF_OK) return status;
    if (step < 1) return PF_ERR_LENGTH;
    if (n > 0 && (!params || !m || !v || !grads)) return PF_ERR_NULL;
    const double bc1 = 1 - pow(o->beta1, (double)step), bc2 = 1 - pow(o->beta2, (double)step);
    const float decay = (float)(1 - o->lr * o->weight_decay);
    const float b1 = (float)o->beta1, one_b1 = (float)(1 - o->beta1);
    const float b2 = (float)o->beta2, one_b2 = (float)(1 - o->beta2);
    const float neg_step = (float)(-(o->lr / bc1)), bc2_sqrt = (float)sqrt(bc2), eps = (float)o->eps;
    const f32x4 vdecay = f4_splat(decay), vb1 = f4_splat(b1), v1b1 = f4_splat(one_b1);
    const f32x4 vb2 = f4_splat(b2), v1b2 = f4_splat(one_b2), vstep = f4_splat(neg_step);
    const f32x4 vbc2 = f4_splat(bc2_sqrt), veps = f4_splat(eps);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const f32x4 g = f4_load(grads + i);
        const f32x4 p = f4_mul(f4_load(params + i), vdecay);
        const f32x4 mi = f4_add(f4_mul(f4_load(m + i), vb1), f4_mul(g, v1b1));
        const f32x4 vi = f4_add(f4_mul(f4_load(v + i), vb2), f4_mul(f4_mul(g, g), v1b2));
        const f32x4 denom = f4_add(f4_div(f4_sqrt(vi), vbc2), veps);
        f4_store(params + i, f4_add(p, f4_mul(vstep, f4_div(mi, denom))));
        f4_store(m + i, mi);
        f4_store(v + i, vi);
    }
    for (; i < n; i++) adamw_one(params + i, m + i, v + i, grads[i], decay, b1, one_b1, b2, one_b2, neg_step, bc2_sqrt, eps);
    return PF_OK;
}

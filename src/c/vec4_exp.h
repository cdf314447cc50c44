/*
 * vec4_exp.h — exp of four floats, shared by the activations (activation.c), the attention's softmax
 * (attention.c) and the loss's (loss.c): x = n ln 2 + r, |r| <= ln 2 / 2, a degree-7 Taylor
 * polynomial of r, times 2^n. Separate multiplies and adds, so every build (SIMD128 and relaxed)
 * gives the same bits.
 */
#ifndef PF_VEC4_EXP_H
#define PF_VEC4_EXP_H

#include "vec4.h"

/* a b + c (two roundings: the same in every build) */
static inline f32x4 f4_mul_add(f32x4 a, f32x4 b, f32x4 c) { return f4_add(f4_mul(a, b), c); }

/* exp(x); 0 below -86.5 (where the result would leave float's normal range), capped above 88. */
static inline f32x4 f4_exp(f32x4 x) {
    const f32x4 low = f4_splat(-86.5f);
    const f32x4 xc = f4_max_keep_nan(f4_min_keep_nan(x, f4_splat(88.0f)), low);
    const f32x4 n = f4_nearest(f4_mul(xc, f4_splat(1.44269504f)));                     /* x / ln 2 */
    /* r = x - n ln 2 in two steps: n * 0.693359375 is exact (n has at most 8 bits) */
    const f32x4 r = f4_sub(f4_sub(xc, f4_mul(n, f4_splat(0.693359375f))), f4_mul(n, f4_splat(-2.12194440e-4f)));
    /* 1 + r + r^2/2! + ... + r^7/7! in pairs (Estrin): a short dependency chain. The activations
       are bound by latency; with Horner's rule they took 10-30 % longer (measured). */
    const f32x4 r2 = f4_mul(r, r), r4 = f4_mul(r2, r2);
    const f32x4 p01 = f4_add(f4_splat(1.0f), r), p23 = f4_mul_add(r, f4_splat(1.0f / 6), f4_splat(0.5f));
    const f32x4 p45 = f4_mul_add(r, f4_splat(1.0f / 120), f4_splat(1.0f / 24)), p67 = f4_mul_add(r, f4_splat(1.0f / 5040), f4_splat(1.0f / 720));
    const f32x4 p = f4_add(f4_mul_add(r2, p23, p01), f4_mul(r4, f4_mul_add(r2, p67, p45)));
    return f4_select_lt(x, low, f4_splat(0.0f), f4_scale2n(p, n));
}

#endif /* PF_VEC4_EXP_H */

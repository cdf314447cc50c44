/*
 * activation.c — the nonlinearities of the FFN, the encoder block and the model, four values at a time.
 *
 * The kernels apply them to whole rows of sums (ReLU in registers, see matmul.c). With libm's erff,
 * tanhf and expf, one value at a time, a forward at T=64, d=512, d_ff=2048 took 14-25 % (GELU),
 * 28-39 % (SiLU) and 36-51 % (tanh-GELU) longer than with ReLU; now 4-12 % (measured,
 * docs/performance.md, "What makes it fast"). Everything here is f32x4 arithmetic:
 *
 *   exp      x = n ln 2 + r, |r| <= ln 2 / 2: degree-7 Taylor polynomial of r, times 2^n.
 *   SiLU     z sigmoid(z), sigmoid from e = exp(-|z|) (never overflows, accurate in both tails).
 *   tanh-GELU  0.5 z (1 + tanh(u)) = z sigmoid(2u), u = sqrt(2/pi) (z + 0.044715 z^3).
 *   GELU     z Phi(z), Phi(z) = erfc(-z / sqrt 2) / 2, with erfc(x) = t exp(-x^2 + P(t)),
 *            t = 1 / (1 + x/2), P a degree-9 Chebyshev interpolant of ln(erfc(x) / t) + x^2 on
 *            x in [0, 9.5] (fitted for this file; beyond, erfc is below float's range).
 *
 * Errors against the formulas in double (tests/c/test_core.c sweeps them): SiLU and tanh-GELU
 * within a few float roundings; GELU's relative error grows with x^2's rounding in the negative tail
 * (about 2e-6 at z = -5), while the old 1 + erff(z) lost more there to cancellation. Every
 * activation keeps NaN as NaN (as PyTorch does). A scalar value goes through the same code (lane 0),
 * so a value never depends on where it sits in a row.
 *
 * The backward pass (activation_backward, at the end) multiplies by each activation's exact
 * derivative, from the same pieces: Phi from the erfc fit and phi from exp for GELU, sigmoid and
 * 1 - sigmoid from one exp(-|u|) for SiLU and tanh-GELU.
 */
#include "activation.h"
#include "vec4.h"
#include "vec4_exp.h"
#include <stddef.h>

static inline f32x4 k(float x) { return f4_splat(x); }

/* 1 / (1 + exp(-u)), as e / (1 + e) with e = exp(u) for u < 0 so that neither tail overflows. */
static inline f32x4 sigmoid4(f32x4 u) {
    const f32x4 e = f4_exp(f4_sub(k(0.0f), f4_abs(u)));
    const f32x4 d = f4_add(k(1.0f), e);
    return f4_select_lt(u, k(0.0f), f4_div(e, d), f4_div(k(1.0f), d));
}

static inline f32x4 silu4(f32x4 z) { return f4_mul(z, sigmoid4(z)); }

static inline f32x4 gelu_tanh4(f32x4 z) {
    const f32x4 z3 = f4_mul(f4_mul(z, z), z);
    const f32x4 u2 = f4_mul(k(1.59576912f), f4_mul_add(k(0.044715f), z3, z));       /* 2u */
    return f4_mul(z, sigmoid4(u2));
}

/* erfc's fit: P(v) = c0 + c1 v + ... + c9 v^9, v = t mapped from [1 / 5.75, 1] to [-1, 1] */
static const float erfc_fit[10] = { -0.553635061f, 0.565612793f, 0.0147186564f, -0.0287414454f,
                                    -0.000871166121f, 0.00353645673f, -0.000245840667f,
                                    -0.000496717577f, 7.22534096e-05f, 5.01163886e-05f };

/* Phi(z), the standard normal CDF: erfc(-z / sqrt 2) / 2 from the fit below. */
static inline f32x4 normal_cdf4(f32x4 z) {
    const f32x4 x = f4_mul(f4_abs(z), k(0.707106781f));                         /* |z| / sqrt 2 */
    const f32x4 t = f4_div(k(1.0f), f4_mul_add(k(0.5f), x, k(1.0f)));
    const f32x4 v = f4_mul(f4_sub(t, k(0.586956501f)), k(2.42105269f));
    const f32x4 v2 = f4_mul(v, v), v4 = f4_mul(v2, v2), v8 = f4_mul(v4, v4);   /* Estrin, as in f4_exp */
    f32x4 c[5];
    for (int i = 0; i < 5; i++) c[i] = f4_mul_add(v, k(erfc_fit[2 * i + 1]), k(erfc_fit[2 * i]));
    const f32x4 p = f4_add(f4_add(f4_mul_add(v2, c[1], c[0]), f4_mul(v4, f4_mul_add(v2, c[3], c[2]))), f4_mul(v8, c[4]));
    const f32x4 half_erfc = f4_mul(k(0.5f), f4_mul(t, f4_exp(f4_sub(p, f4_mul(x, x)))));
    return f4_select_lt(z, k(0.0f), half_erfc, f4_sub(k(1.0f), half_erfc));
}

static inline f32x4 gelu4(f32x4 z) { return f4_mul(z, normal_cdf4(z)); }

/* max(z, 0) with NaN kept: the same compare and select as the kernels' fused ReLU. */
static inline f32x4 relu4(f32x4 z) { return f4_relu(z); }

/* The last 1-3 values of an array, through a padded vector (kept out of line: the loop stays free of
   stack arrays). */
static __attribute__((noinline)) f32x4 load_tail(const float *src, size_t k) {
    float lanes[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
    for (size_t j = 0; j < k; j++) lanes[j] = src[j];
    return f4_load(lanes);
}
static __attribute__((noinline)) void store_tail(float *dst, f32x4 v, size_t k) {
    float lanes[4];
    f4_store(lanes, v);
    for (size_t j = 0; j < k; j++) dst[j] = lanes[j];
}

/* One loop per activation, so the choice is made once per array; one call of fn per loop, so one
   copy of each function in the .wasm. */
#define FFN_ACTIVATE_LOOP(fn)                                                   \
    for (size_t i = 0; i < n; i += 4) {                                         \
        const int whole = n - i >= 4;                                           \
        const f32x4 v = fn(whole ? f4_load(src + i) : load_tail(src + i, n - i)); \
        if (whole) f4_store(dst + i, v);                                        \
        else store_tail(dst + i, v, n - i);                                     \
    }

void activation_forward(float *dst, const float *src, size_t n, ffn_activation activation) {
    switch (activation) {
    case FFN_RELU: FFN_ACTIVATE_LOOP(relu4) return;
    case FFN_GELU: FFN_ACTIVATE_LOOP(gelu4) return;
    case FFN_GELU_TANH: FFN_ACTIVATE_LOOP(gelu_tanh4) return;
    case FFN_SILU: FFN_ACTIVATE_LOOP(silu4) return;
    }
    for (size_t i = 0; i < n; i++) dst[i] = src[i];   /* not an activation: unreachable from a layer */
}

float activation_value(ffn_activation activation, float z) {
    float out;
    activation_forward(&out, &z, 1, activation);
    return out;
}

/* ---- derivatives (the backward pass): dz = dy act'(z), each exact for its activation ---------- */

/* ReLU: dy where z > 0, else 0 (0 at z = 0, as PyTorch). */
static inline f32x4 relu_grad4(f32x4 z, f32x4 dy) { return f4_select_lt(k(0.0f), z, dy, k(0.0f)); }

/* GELU: Phi(z) + z phi(z), phi(z) = exp(-z^2 / 2) / sqrt(2 pi). */
static inline f32x4 gelu_grad4(f32x4 z, f32x4 dy) {
    const f32x4 pdf = f4_mul(k(0.398942280f), f4_exp(f4_mul(k(-0.5f), f4_mul(z, z))));
    return f4_mul(dy, f4_mul_add(z, pdf, normal_cdf4(z)));
}

/* s = sigmoid(u) and 1 - s = sigmoid(-u) from one exp(-|u|), each accurate in both tails. */
static inline void sigmoid_pair4(f32x4 u, f32x4 *s, f32x4 *one_minus_s) {
    const f32x4 e = f4_exp(f4_sub(k(0.0f), f4_abs(u)));
    const f32x4 d = f4_add(k(1.0f), e);
    const f32x4 small = f4_div(e, d), large = f4_div(k(1.0f), d);
    *s = f4_select_lt(u, k(0.0f), small, large);
    *one_minus_s = f4_select_lt(u, k(0.0f), large, small);
}

/* tanh-GELU: z sigmoid(2u) has derivative s + z s (1 - s) 2u', 2u' = 2 sqrt(2/pi) (1 + 3 0.044715 z^2). */
static inline f32x4 gelu_tanh_grad4(f32x4 z, f32x4 dy) {
    const f32x4 z2 = f4_mul(z, z);
    const f32x4 u2 = f4_mul(k(1.59576912f), f4_mul_add(k(0.044715f), f4_mul(z2, z), z));
    const f32x4 du2 = f4_mul(k(1.59576912f), f4_mul_add(k(3 * 0.044715f), z2, k(1.0f)));
    f32x4 s, r;
    sigmoid_pair4(u2, &s, &r);
    return f4_mul(dy, f4_mul_add(f4_mul(z, s), f4_mul(r, du2), s));
}

/* SiLU: z sigmoid(z) has derivative s (1 + z (1 - s)). */
static inline f32x4 silu_grad4(f32x4 z, f32x4 dy) {
    f32x4 s, r;
    sigmoid_pair4(z, &s, &r);
    return f4_mul(dy, f4_mul(s, f4_mul_add(z, r, k(1.0f))));
}

#define FFN_GRAD_LOOP(fn)                                                                \
    for (size_t i = 0; i < n; i += 4) {                                                  \
        const int whole = n - i >= 4;                                                    \
        const f32x4 zi = whole ? f4_load(z + i) : load_tail(z + i, n - i);               \
        const f32x4 v = fn(zi, whole ? f4_load(dy + i) : load_tail(dy + i, n - i));      \
        if (whole) f4_store(dz + i, v);                                                  \
        else store_tail(dz + i, v, n - i);                                               \
    }

void activation_backward(float *dz, const float *dy, const float *z, size_t n, ffn_activation activation) {
    switch (activation) {
    case FFN_RELU: FFN_GRAD_LOOP(relu_grad4) return;
    case FFN_GELU: FFN_GRAD_LOOP(gelu_grad4) return;
    case FFN_GELU_TANH: FFN_GRAD_LOOP(gelu_tanh_grad4) return;
    case FFN_SILU: FFN_GRAD_LOOP(silu_grad4) return;
    }
    for (size_t i = 0; i < n; i++) dz[i] = dy[i];   /* not an activation: unreachable from a layer */
}

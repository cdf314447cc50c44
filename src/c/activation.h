/*
 * activation.h — the nonlinearities of the FFN, the encoder block and the model (and of every dense
 * product that applies one), part of the pe-ffn-wasm core: ReLU, GELU (exact, with erf), GELU's tanh
 * approximation, SiLU, and their backward pass.
 *
 *     activation_forward(h, z, n, FFN_GELU);       // h (n) = GELU(z (n)); h may be z
 *     activation_backward(dz, dy, z, n, FFN_GELU); // dz (n) = dy (n) GELU'(z (n))
 *
 * Four values at a time in f32x4 arithmetic (activation.c documents each approximation and its error
 * against the formula in double). NaN in gives NaN out for every activation, as in PyTorch. A value
 * never depends on where it sits in an array. Nothing here allocates; only activation_check fails.
 */
#ifndef PF_ACTIVATION_H
#define PF_ACTIVATION_H

#include "pf_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* FFN_RELU, FFN_GELU, FFN_GELU_TANH, FFN_SILU: pf_abi.h's PF_ACTIVATIONS. */
typedef enum { PF_ACTIVATIONS(PF_KIND_ENUM) } ffn_activation;
enum { FFN_ACTIVATION_COUNT = 0 PF_ACTIVATIONS(PF_KIND_COUNT) };

/* PF_OK for one of the activations above, else PF_ERR_ACTIVATION (the one check every layer makes). */
static inline pf_status activation_check(ffn_activation activation) {
    return activation >= 0 && activation < FFN_ACTIVATION_COUNT ? PF_OK : PF_ERR_ACTIVATION;
}

/* The float the activation gives for one pre-activation value z. */
float activation_value(ffn_activation activation, float z);

/* dst (n) = activation_value(activation, src (n)) value by value, four at a time; dst may be src. */
void activation_forward(float *dst, const float *src, size_t n, ffn_activation activation);

/* The backward pass of activation_forward: dz (n) = dy (n) act'(z (n)), dy = dloss/d(its output), each
   activation's exact derivative at the pre-activations z (ReLU's is 0 at 0, as PyTorch's); dz may be dy. */
void activation_backward(float *dz, const float *dy, const float *z, size_t n, ffn_activation activation);

#ifdef __cplusplus
}
#endif

#endif /* PF_ACTIVATION_H */

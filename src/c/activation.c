/*
 * activation.c — the FFN's nonlinearities. Each keeps NaN as NaN (as PyTorch does): comparisons are
 * written so that a NaN input falls through to an arithmetic path that propagates it.
 */
#include "pe_ffn.h"
#include <math.h>

float ffn_activate(ffn_activation activation, float z) {
    switch (activation) {
    case FFN_RELU:
        return z < 0.0f ? 0.0f : z;                           /* NaN < 0 is false: NaN stays */
    case FFN_GELU:                                            /* exact: z * Phi(z) */
        return 0.5f * z * (1.0f + erff(z * 0.70710678118654752f));
    case FFN_GELU_TANH: {                                     /* Hendrycks & Gimpel's tanh form */
        const float inner = 0.79788456080286536f * (z + 0.044715f * z * z * z);
        return 0.5f * z * (1.0f + tanhf(inner));
    }
    case FFN_SILU:                                            /* z * sigmoid(z) */
        return z / (1.0f + expf(-z));
    }
    return z;
}

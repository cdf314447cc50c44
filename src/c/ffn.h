/*
 * ffn.h — the position-wise feed-forward network (Vaswani et al. 2017, section 3.3), part of the
 * pe-ffn-wasm core: y = act(x W1 + b1) W2 + b2 for every row (token) of x, with the same weights.
 *
 *     ffn_layer layer;
 *     ffn_init(&layer, 64, 256, FFN_RELU);                     // allocates weights and scratch, once
 *     ffn_init_seeded(&layer, 42, NULL, NULL);                 // or ffn_set_weights(...)
 *     ffn_forward(&layer, y, NULL, x, tokens);                 // y, x: (tokens, d_model)
 *     ffn_free(&layer);                                        // safe to call twice
 *
 * Who allocates: ffn_init (one block, with calloc: weights, their packed copies, the scratch of a
 * forward), freed by ffn_free; ffn_init_within binds a layer to memory the caller owns instead (the
 * encoder block's). Forward passes never allocate.
 * Dimension legend: T = tokens, D = d_model, F = d_ff.
 */
#ifndef PF_FFN_H
#define PF_FFN_H

#include "pf_core.h"
#include "activation.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int32_t d_model;            /* D */
    int32_t d_ff;               /* F */
    ffn_activation activation;
} ffn_config;

typedef struct {
    float *w1;                  /* (D, F) row-major, so that x W1 is a row-vector product */
    float *b1;                  /* (F) */
    float *w2;                  /* (F, D) */
    float *b2;                  /* (D) */
} ffn_weights;

typedef struct {
    float *hidden;              /* (block of tokens, F) hidden rows, then the kernels' packing space */
} ffn_scratch;

/*
 * Besides the row-major weights above (kept readable for callers and tests), `memory` holds packed
 * copies of w1 and w2 in the panel layout the kernels stream (see ffn.c and matmul.c): a layer takes
 * about 4 * D * F floats.
 */
typedef struct {
    ffn_config config;
    ffn_weights weights;        /* all four point into `memory` */
    ffn_scratch scratch;        /* also inside `memory` */
    float *memory;              /* the one allocation; NULL when not initialised or freed */
    int owns_memory;            /* 0 when memory belongs to an enclosing layer (ffn_init_within) */
} ffn_layer;

/* *bytes = the size of the one allocation ffn_init makes for this shape (callers check it fits). */
pf_status ffn_memory_bytes(uint64_t *bytes, int32_t d_model, int32_t d_ff);

/* Allocates the layer's weights (zeros) and scratch. On failure the layer is left freed. */
pf_status ffn_init(ffn_layer *layer, int32_t d_model, int32_t d_ff, ffn_activation activation);

/*
 * ffn_init inside memory the caller owns (ffn_memory_bytes of it, zeroed, 16-byte aligned): for
 * layers that keep an FFN inside their own single allocation (the encoder block). ffn_free then
 * only forgets the memory.
 */
pf_status ffn_init_within(ffn_layer *layer, float *memory, int32_t d_model, int32_t d_ff,
                          ffn_activation activation);

/* Frees what ffn_init allocated; safe on a freed layer and on a zeroed struct. */
void ffn_free(ffn_layer *layer);

/* Copies weights in: w1 (D, F), b1 (F) or NULL for zeros, w2 (F, D), b2 (D) or NULL for zeros. */
pf_status ffn_set_weights(ffn_layer *layer, const float *w1, const float *b1, const float *w2,
                          const float *b2);

/*
 * Draws the weights from one Mulberry32 stream seeded with `seed`, in the order w1, b1, w2, b2,
 * each value (2u - 1) / sqrt(fan_in) in double rounded to float (fan_in = D for w1 and b1, F for w2
 * and b2). A bias given (non-NULL) replaces its drawn values, which are still drawn.
 */
pf_status ffn_init_seeded(ffn_layer *layer, uint32_t seed, const float *b1, const float *b2);

/* ffn_init_seeded continuing a stream that has already drawn other layers' weights (the block's). */
pf_status ffn_init_from_stream(ffn_layer *layer, uint32_t *state, const float *b1, const float *b2);

/*
 * out (T, D) = act(x W1 + b1) W2 + b2 for x (T, D). hidden (T, F) receives act(x W1 + b1) when not
 * NULL. out must not overlap x or hidden. T = 0 does nothing.
 */
pf_status ffn_forward(ffn_layer *layer, float *out, float *hidden, const float *x, int32_t tokens);

/*
 * ffn_forward that also writes z (T, F) = x W1 + b1, the pre-activations (hidden, when given, is
 * act(z) bit for bit), in the same pass over the tokens. z may be NULL; it must not overlap out, x
 * or hidden.
 */
pf_status ffn_forward_with_pre(ffn_layer *layer, float *out, float *hidden, float *z, const float *x,
                               int32_t tokens);

#ifdef __cplusplus
}
#endif

#endif /* PF_FFN_H */

/*
 * ffn.c — the position-wise feed-forward network (Vaswani et al. 2017, section 3.3):
 *
 *     FFN(x) = act(x W1 + b1) W2 + b2,   the same W1, b1, W2, b2 for every token (row) of x.
 *
 * A layer is one allocation that holds its weights, packed once into the panels the kernels stream
 * (matmul.c), and a scratch block of hidden rows; forward passes never allocate. Tokens go through
 * in equal blocks of at most FFN_BLOCK_TOKENS: the first product fills the block's hidden rows (bias
 * and activation applied in the kernel's registers), the second turns them into output rows while
 * they are still in cache. Every output element is accumulated in the same order whatever the block or
 * tile, so results are bit-identical for any number of tokens.
 *
 * Memory of a layer, in order: w1 (D, F) and w2 (F, D) row-major as ffn.h documents them, b1 and b2
 * zero-padded to whole panels, the hidden block (BLOCK, F), the kernels' packed tiles of a block's
 * rows (ffn_pack_floats), then the packed copies of w1 and w2 that the kernels read (ffn_packed_w1,
 * ffn_packed_w2; the row-major ones stay readable for callers and tests).
 */
#include "ffn.h"
#include "matmul.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Most tokens per block. Each block streams all the weights once, so fewer, larger blocks win
   (measured: 128 beats 60 by 5-10%) even though the hidden rows (BLOCK x F) then live in L3. */
#ifndef FFN_BLOCK_TOKENS
#define FFN_BLOCK_TOKENS 128
#endif

/* Floats of the kernels' scratch: packed tiles of a block's x (D wide) or hidden rows (F wide). */
static size_t ffn_pack_floats(int32_t d_model, int32_t d_ff) {
    return (size_t)pf_round4(mm_scratch_floats(FFN_BLOCK_TOKENS, d_model > d_ff ? d_model : d_ff));
}

/* The kernels' scratch for packed tiles of x, after the hidden block. */
static float *ffn_pack_scratch(const ffn_layer *layer) {
    return layer->scratch.hidden + pf_round4((uint64_t)FFN_BLOCK_TOKENS * (uint64_t)layer->config.d_ff);
}

/* Where the packed w1 (D x mm_padded(F)) and w2 (F x mm_padded(D)) start inside layer->memory. */
static float *ffn_packed_w1(const ffn_layer *layer) {
    return ffn_pack_scratch(layer) + ffn_pack_floats(layer->config.d_model, layer->config.d_ff);
}
static float *ffn_packed_w2(const ffn_layer *layer) {
    return ffn_packed_w1(layer) + (size_t)layer->config.d_model * mm_padded(layer->config.d_ff);
}

void ffn_free(ffn_layer *layer) {
    if (!layer) return;
    if (layer->owns_memory) free(layer->memory);
    memset(layer, 0, sizeof *layer);
}

/* Floats of each part of a layer's one allocation, in the order they lie in memory. */
typedef struct { uint64_t w1, w2, b1, b2, hidden, packed; } ffn_parts;

static ffn_parts ffn_part_floats(int32_t d_model, int32_t d_ff) {
    const uint64_t d = (uint64_t)d_model, f = (uint64_t)d_ff;
    const uint64_t f_pad = mm_padded(d_ff), d_pad = mm_padded(d_model);
    return (ffn_parts){
        .w1 = pf_round4(d * f), .w2 = pf_round4(f * d), .b1 = f_pad, .b2 = d_pad,
        .hidden = pf_round4((uint64_t)FFN_BLOCK_TOKENS * f) + ffn_pack_floats(d_model, d_ff),
        .packed = d * f_pad + f * d_pad,
    };
}

pf_status ffn_memory_bytes(uint64_t *bytes, int32_t d_model, int32_t d_ff) {
    if (!bytes) return PF_ERR_NULL;
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (d_ff < 1 || d_ff > PF_MAX_DIM) return PF_ERR_D_FF;
    const ffn_parts n = ffn_part_floats(d_model, d_ff);
    *bytes = (n.w1 + n.w2 + n.b1 + n.b2 + n.hidden + n.packed) * sizeof(float);
    return PF_OK;
}

/* Points the layer's arrays into `memory` (ffn_memory_bytes of zeroed memory). */
static void ffn_bind(ffn_layer *layer, float *memory, int32_t d_model, int32_t d_ff,
                     ffn_activation activation, int owns_memory) {
    const ffn_parts n = ffn_part_floats(d_model, d_ff);
    layer->config = (ffn_config){ d_model, d_ff, activation };
    layer->memory = memory;
    layer->owns_memory = owns_memory;
    layer->weights.w1 = memory;
    layer->weights.w2 = layer->weights.w1 + n.w1;
    layer->weights.b1 = layer->weights.w2 + n.w2;
    layer->weights.b2 = layer->weights.b1 + n.b1;
    layer->scratch.hidden = layer->weights.b2 + n.b2;
}

pf_status ffn_init(ffn_layer *layer, int32_t d_model, int32_t d_ff, ffn_activation activation) {
    if (!layer) return PF_ERR_NULL;
    memset(layer, 0, sizeof *layer);
    uint64_t bytes;
    const pf_status status = ffn_memory_bytes(&bytes, d_model, d_ff);
    if (status != PF_OK) return status;
    if (activation_check(activation) != PF_OK) return PF_ERR_ACTIVATION;
    const uint64_t floats = bytes / sizeof(float);
    if (floats > SIZE_MAX / sizeof(float)) return PF_ERR_NO_MEMORY;
    float *memory = calloc((size_t)floats, sizeof(float));
    if (!memory) return PF_ERR_NO_MEMORY;
    ffn_bind(layer, memory, d_model, d_ff, activation, 1);
    return PF_OK;
}

pf_status ffn_init_within(ffn_layer *layer, float *memory, int32_t d_model, int32_t d_ff,
                          ffn_activation activation) {
    if (!layer) return PF_ERR_NULL;
    memset(layer, 0, sizeof *layer);
    if (!memory) return PF_ERR_NULL;
    uint64_t bytes;
    const pf_status status = ffn_memory_bytes(&bytes, d_model, d_ff);
    if (status != PF_OK) return status;
    if (activation_check(activation) != PF_OK) return PF_ERR_ACTIVATION;
    ffn_bind(layer, memory, d_model, d_ff, activation, 0);
    return PF_OK;
}

pf_status ffn_set_weights(ffn_layer *layer, const float *w1, const float *b1, const float *w2,
                          const float *b2) {
    if (!layer || !w1 || !w2) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    const size_t d = (size_t)layer->config.d_model, f = (size_t)layer->config.d_ff;
    memcpy(layer->weights.w1, w1, d * f * sizeof(float));
    memcpy(layer->weights.w2, w2, f * d * sizeof(float));
    mm_pack(ffn_packed_w1(layer), w1, (int32_t)d, (int32_t)f);
    mm_pack(ffn_packed_w2(layer), w2, (int32_t)f, (int32_t)d);
    if (b1) memcpy(layer->weights.b1, b1, f * sizeof(float));
    else memset(layer->weights.b1, 0, f * sizeof(float));
    if (b2) memcpy(layer->weights.b2, b2, d * sizeof(float));
    else memset(layer->weights.b2, 0, d * sizeof(float));
    return PF_OK;
}

pf_status ffn_init_from_stream(ffn_layer *layer, uint32_t *state, const float *b1, const float *b2) {
    if (!layer || !state) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    const int32_t d = layer->config.d_model, f = layer->config.d_ff;
    mulberry32_fill_uniform(layer->weights.w1, (size_t)d * (size_t)f, d, state, NULL);
    mulberry32_fill_uniform(layer->weights.b1, (size_t)f, d, state, b1);
    mulberry32_fill_uniform(layer->weights.w2, (size_t)f * (size_t)d, f, state, NULL);
    mulberry32_fill_uniform(layer->weights.b2, (size_t)d, f, state, b2);
    mm_pack(ffn_packed_w1(layer), layer->weights.w1, d, f);
    mm_pack(ffn_packed_w2(layer), layer->weights.w2, f, d);
    return PF_OK;
}

pf_status ffn_init_seeded(ffn_layer *layer, uint32_t seed, const float *b1, const float *b2) {
    uint32_t state = seed;
    return ffn_init_from_stream(layer, &state, b1, b2);
}

/*
 * Tokens in equal blocks of at most FFN_BLOCK_TOKENS (no short last block that streams all the
 * weights for a few tokens). With z the first product is stored unactivated and activated from there
 * (the same sums and the same activation, so bit-identical to the fused path).
 */
pf_status ffn_forward_with_pre(ffn_layer *layer, float *out, float *hidden, float *z, const float *x,
                               int32_t tokens) {
    if (!layer) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    if (tokens < 0 || tokens > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (tokens == 0) return PF_OK;
    if (!out || !x) return PF_ERR_NULL;
    const int32_t d = layer->config.d_model, f = layer->config.d_ff;
    const ffn_activation act = layer->config.activation;
    const ffn_weights *w = &layer->weights;
    const float *w1p = ffn_packed_w1(layer), *w2p = ffn_packed_w2(layer);
    float *xpack = ffn_pack_scratch(layer);

    const int32_t blocks = (tokens + FFN_BLOCK_TOKENS - 1) / FFN_BLOCK_TOKENS;
    const int32_t block = (tokens + blocks - 1) / blocks;
    for (int32_t t0 = 0; t0 < tokens; t0 += block) {
        const int32_t rows = tokens - t0 < block ? tokens - t0 : block;
        const float *xb = x + (size_t)t0 * d;
        float *h = hidden ? hidden + (size_t)t0 * f : layer->scratch.hidden;   /* (rows, F) */
        if (z) {
            float *zb = z + (size_t)t0 * f;
            mm_forward(zb, (size_t)f, xb, (size_t)d, w1p, w->b1, rows, d, f, 0, act, xpack);
            activation_forward(h, zb, (size_t)rows * (size_t)f, act);
        } else {
            mm_forward(h, (size_t)f, xb, (size_t)d, w1p, w->b1, rows, d, f, 1, act, xpack);
        }
        mm_forward(out + (size_t)t0 * d, (size_t)d, h, (size_t)f, w2p, w->b2, rows, f, d, 0, act, xpack);
    }
    return PF_OK;
}

pf_status ffn_forward(ffn_layer *layer, float *out, float *hidden, const float *x, int32_t tokens) {
    return ffn_forward_with_pre(layer, out, hidden, NULL, x, tokens);
}

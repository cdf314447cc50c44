/*
 * ffn.c — the position-wise feed-forward network (Vaswani et al. 2017, section 3.3):
 *
 *     FFN(x) = act(x W1 + b1) W2 + b2,   the same W1, b1, W2, b2 for every token (row) of x.
 *
 * A layer is one allocation that holds its weights and a small scratch tile; forward passes never
 * allocate. Tokens are processed FFN_TILE_TOKENS at a time so that each weight row, once loaded,
 * serves several tokens. Every output element is accumulated in the same order whatever the tile,
 * so results are bit-identical for any number of tokens.
 */
#include "pe_ffn.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Counts rounded up to a multiple of 4 floats keep every array 16-byte aligned (SIMD friendly). */
static uint64_t round4(uint64_t n) { return (n + 3u) & ~(uint64_t)3u; }

void ffn_free(ffn_layer *layer) {
    if (!layer) return;
    free(layer->memory);
    memset(layer, 0, sizeof *layer);
}

pf_status ffn_init(ffn_layer *layer, int32_t d_model, int32_t d_ff, ffn_activation activation) {
    if (!layer) return PF_ERR_NULL;
    memset(layer, 0, sizeof *layer);
    if (d_model < 1 || d_model > PF_MAX_DIM) return PF_ERR_D_MODEL;
    if (d_ff < 1 || d_ff > PF_MAX_DIM) return PF_ERR_D_FF;
    if (activation < FFN_RELU || activation > FFN_SILU) return PF_ERR_ACTIVATION;

    const uint64_t d = (uint64_t)d_model, f = (uint64_t)d_ff;
    const uint64_t n_w1 = round4(d * f), n_w2 = round4(f * d), n_b1 = round4(f), n_b2 = round4(d);
    const uint64_t n_hidden = round4((uint64_t)FFN_TILE_TOKENS * f);
    const uint64_t total = n_w1 + n_w2 + n_b1 + n_b2 + n_hidden;
    if (total > SIZE_MAX / sizeof(float)) return PF_ERR_NO_MEMORY;
    float *memory = calloc((size_t)total, sizeof(float));
    if (!memory) return PF_ERR_NO_MEMORY;

    layer->config = (ffn_config){ d_model, d_ff, activation };
    layer->memory = memory;
    layer->weights.w1 = memory;
    layer->weights.w2 = layer->weights.w1 + n_w1;
    layer->weights.b1 = layer->weights.w2 + n_w2;
    layer->weights.b2 = layer->weights.b1 + n_b1;
    layer->scratch.hidden = layer->weights.b2 + n_b2;
    return PF_OK;
}

pf_status ffn_set_weights(ffn_layer *layer, const float *w1, const float *b1, const float *w2,
                          const float *b2) {
    if (!layer || !w1 || !w2) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    const size_t d = (size_t)layer->config.d_model, f = (size_t)layer->config.d_ff;
    memcpy(layer->weights.w1, w1, d * f * sizeof(float));
    memcpy(layer->weights.w2, w2, f * d * sizeof(float));
    if (b1) memcpy(layer->weights.b1, b1, f * sizeof(float));
    else memset(layer->weights.b1, 0, f * sizeof(float));
    if (b2) memcpy(layer->weights.b2, b2, d * sizeof(float));
    else memset(layer->weights.b2, 0, d * sizeof(float));
    return PF_OK;
}

/* dst (n) = (2u - 1) / sqrt(fan_in) for the next n draws; a given `keep` replaces the values. */
static void draw_uniform(float *dst, size_t n, int32_t fan_in, uint32_t *state, const float *keep) {
    const double scale = 1.0 / sqrt((double)fan_in);
    for (size_t i = 0; i < n; i++) {
        const double u = (double)mulberry32_next(state) / 4294967296.0;
        const float drawn = (float)((2.0 * u - 1.0) * scale);
        dst[i] = keep ? keep[i] : drawn;
    }
}

pf_status ffn_init_seeded(ffn_layer *layer, uint32_t seed, const float *b1, const float *b2) {
    if (!layer) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    const int32_t d = layer->config.d_model, f = layer->config.d_ff;
    uint32_t state = seed;
    draw_uniform(layer->weights.w1, (size_t)d * (size_t)f, d, &state, NULL);
    draw_uniform(layer->weights.b1, (size_t)f, d, &state, b1);
    draw_uniform(layer->weights.w2, (size_t)f * (size_t)d, f, &state, NULL);
    draw_uniform(layer->weights.b2, (size_t)d, f, &state, b2);
    return PF_OK;
}

/*
 * out (rows, n_out) = x (rows, n_in) W (n_in, n_out) + bias (n_out), rows <= FFN_TILE_TOKENS.
 * The k loop is outermost so each row of W is read once per tile; the inner loop vectorises.
 */
static void linear_tile(float *out, const float *x, const float *w, const float *bias,
                        int32_t rows, int32_t n_in, int32_t n_out) {
    for (int32_t t = 0; t < rows; t++) memcpy(out + (size_t)t * n_out, bias, (size_t)n_out * sizeof(float));
    for (int32_t k = 0; k < n_in; k++) {
        const float *w_row = w + (size_t)k * n_out;
        for (int32_t t = 0; t < rows; t++) {
            const float xv = x[(size_t)t * n_in + k];
            float *o = out + (size_t)t * n_out;
            for (int32_t n = 0; n < n_out; n++) o[n] += xv * w_row[n];
        }
    }
}

pf_status ffn_forward(ffn_layer *layer, float *out, float *hidden, const float *x, int32_t tokens) {
    if (!layer) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    if (tokens < 0 || tokens > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (tokens == 0) return PF_OK;
    if (!out || !x) return PF_ERR_NULL;
    const int32_t d = layer->config.d_model, f = layer->config.d_ff;
    const ffn_activation act = layer->config.activation;
    const ffn_weights *w = &layer->weights;

    for (int32_t t0 = 0; t0 < tokens; t0 += FFN_TILE_TOKENS) {
        const int32_t rows = tokens - t0 < FFN_TILE_TOKENS ? tokens - t0 : FFN_TILE_TOKENS;
        float *h = hidden ? hidden + (size_t)t0 * f : layer->scratch.hidden;   /* (rows, F) */
        linear_tile(h, x + (size_t)t0 * d, w->w1, w->b1, rows, d, f);
        for (size_t i = 0; i < (size_t)rows * f; i++) h[i] = ffn_activate(act, h[i]);
        linear_tile(out + (size_t)t0 * d, h, w->w2, w->b2, rows, f, d);
    }
    return PF_OK;
}

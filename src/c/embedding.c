/*
 * embedding.c — the model's input: x[b][t] = E[tokens[b][t]] sqrt(D) + P[t] (Vaswani et al. 2017,
 * section 3.4: the embedding is multiplied by sqrt(d_model)), and its backward pass. sqrt(D) is
 * rounded to float once; the product and the sum are rounded as two float operations.
 *
 * Deterministic accumulation: a token that occurs several times gets its rows of dy added in the
 * order of the tokens (b, then t), and each position's row sums the batch in order b = 0, 1, ...,
 * so the gradients never depend on anything but the inputs.
 */
#include "embedding.h"
#include <math.h>
#include <string.h>

/* The shapes of a pass (its tokens were checked once by the caller: embed_check_tokens). */
static pf_status embed_check(const int32_t *tokens, int32_t batch, int32_t length, int32_t vocab, int32_t d_model) {
    if (vocab < 2 || vocab > PF_MODEL_MAX_VOCAB) return PF_ERR_VOCAB;
    if (d_model < 1 || d_model > PF_MODEL_MAX_DIM) return PF_ERR_D_MODEL;
    if (length < 1 || length > PF_MODEL_MAX_LENGTH) return PF_ERR_LENGTH;
    if (batch < 1 || (int64_t)batch * length > PF_MAX_LENGTH) return PF_ERR_BATCH;
    return tokens ? PF_OK : PF_ERR_NULL;
}

pf_status embed_check_tokens(const int32_t *tokens, int64_t n, int32_t vocab) {
    if (n > 0 && !tokens) return PF_ERR_NULL;
    for (int64_t i = 0; i < n; i++)
        if (tokens[i] < 0 || tokens[i] >= vocab) return PF_ERR_TOKEN;
    return PF_OK;
}

pf_status embed_forward(float *x, const float *embedding, const float *positions, const int32_t *tokens,
                        int32_t batch, int32_t length, int32_t vocab, int32_t d_model) {
    const pf_status status = embed_check(tokens, batch, length, vocab, d_model);
    if (status != PF_OK) return status;
    if (!x || !embedding) return PF_ERR_NULL;
    const size_t d = (size_t)d_model;
    const float scale = (float)sqrt((double)d_model);
    for (int32_t b = 0; b < batch; b++)
        for (int32_t t = 0; t < length; t++) {
            const size_t i = (size_t)b * (size_t)length + (size_t)t;
            const float *e = embedding + (size_t)tokens[i] * d, *p = positions ? positions + (size_t)t * d : NULL;
            float *o = x + i * d;
            if (p) for (size_t j = 0; j < d; j++) o[j] = e[j] * scale + p[j];
            else for (size_t j = 0; j < d; j++) o[j] = e[j] * scale;
        }
    return PF_OK;
}

pf_status embed_backward(float *dembedding, float *dpositions, const float *dy, const int32_t *tokens,
                         int32_t batch, int32_t length, int32_t vocab, int32_t d_model) {
    const pf_status status = embed_check(tokens, batch, length, vocab, d_model);
    if (status != PF_OK) return status;
    if (!dembedding || !dy) return PF_ERR_NULL;
    const size_t d = (size_t)d_model;
    const float scale = (float)sqrt((double)d_model);
    memset(dembedding, 0, (size_t)vocab * d * sizeof(float));
    if (dpositions) memset(dpositions, 0, (size_t)length * d * sizeof(float));
    for (int32_t b = 0; b < batch; b++)
        for (int32_t t = 0; t < length; t++) {
            const size_t i = (size_t)b * (size_t)length + (size_t)t;
            const float *g = dy + i * d;
            float *e = dembedding + (size_t)tokens[i] * d;
            for (size_t j = 0; j < d; j++) e[j] += g[j] * scale;
            if (dpositions) {
                float *p = dpositions + (size_t)t * d;
                for (size_t j = 0; j < d; j++) p[j] += g[j];
            }
        }
    return PF_OK;
}

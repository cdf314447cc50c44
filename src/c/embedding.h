/*
 * embedding.h — the trainable Transformer's input (embedding.c), part of the pe-ffn-wasm core:
 * x = E[token] sqrt(D) + position, and its backward pass.
 *
 *     embed_check_tokens(tokens, B * T, V);                     // once, before either pass
 *     embed_forward(x, embedding, NULL, tokens, B, T, V, D);    // x (B T, D)
 *
 * The passes read E[token] without checking the token again: a caller checks its tokens once with
 * embed_check_tokens (model_pass.c does, once per call and per training step). Who allocates: the
 * caller, every array. Dimension legend: B = batch, T = tokens per sequence, V = vocab, D = d_model.
 */
#ifndef PF_EMBEDDING_H
#define PF_EMBEDDING_H

#include "pf_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* PF_OK when each of the n tokens is 0 .. vocab - 1, else PF_ERR_TOKEN (PF_ERR_NULL: tokens NULL, n > 0). */
pf_status embed_check_tokens(const int32_t *tokens, int64_t n, int32_t vocab);

/* x (B T, D) = embedding[tokens] * sqrt(D) + positions[t] (positions (T, D) or NULL); tokens (B, T)
   checked by embed_check_tokens. */
pf_status embed_forward(float *x, const float *embedding, const float *positions, const int32_t *tokens,
                        int32_t batch, int32_t length, int32_t vocab, int32_t d_model);

/* The backward pass for dy (B T, D) = dloss/dx: dembedding (V, D) = sum over tokens (in order) of
   dy sqrt(D) at their rows; dpositions (T, D) or NULL = sum over the batch (in order) of dy at each
   position. Both written; tokens as embed_forward's. */
pf_status embed_backward(float *dembedding, float *dpositions, const float *dy, const int32_t *tokens,
                         int32_t batch, int32_t length, int32_t vocab, int32_t d_model);

#ifdef __cplusplus
}
#endif

#endif /* PF_EMBEDDING_H */

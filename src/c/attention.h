/*
 * attention.h — multi-head scaled dot-product self-attention (Vaswani et al. 2017, section 3.2) with
 * Q, K, V and output projections (biases too), part of the pe-ffn-wasm core:
 *   Q = a Wq + bq, K = a Wk + bk, V = a Wv + bv  (T, D); head h owns columns h E .. h E + E - 1;
 *   s[h][i][j] = Q_i . K_j / sqrt(E); with causal, j > i gets weight 0; w = softmax_j(s) over the
 *   allowed j; O_i = sum_j w[h][i][j] V_j per head; out = concat_h(O) Wo + bo.
 *
 *     uint64_t n, w;
 *     attn_memory_floats(&n, 64);                              // the layer's memory: the caller's
 *     attn_layer attn;
 *     attn_init_within(&attn, memory, 64, 4, 0);               // memory: n floats, zeroed, aligned
 *     attn_init_from_stream(&attn, &state, NULL);              // or attn_set_weights(...)
 *     attn_workspace_floats(&w, &attn, tokens);
 *     attn_forward(&attn, y, NULL, a, tokens, work, w);        // y, a: (T, D); work: w floats
 *
 * Who allocates: the caller, always (the encoder block of block.h keeps a layer inside its own
 * allocation); a forward needs a workspace that grows with T (H T^2 scores would not fit in a layer
 * made for every T), 16-byte aligned; a smaller one is refused (PF_ERR_WORKSPACE).
 *
 * Every value is summed in the same order whatever T is (and, with causal, row i reads nothing of
 * the tokens after i), so with causal the first n rows of everything are bit-identical to a forward
 * of the first n tokens.
 * Dimension legend: T = tokens, D = d_model, H = heads, E = D / H (head_dim).
 */
#ifndef PF_ATTENTION_H
#define PF_ATTENTION_H

#include "pf_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits (pf_abi.h): PF_BLOCK_MAX_DIM for d_model, PF_BLOCK_MAX_TOKENS for the tokens of a forward. */

typedef struct {
    int32_t d_model;            /* D */
    int32_t heads;              /* H, divides D */
    int32_t head_dim;           /* E = D / H */
    int causal;                 /* 1: token i attends to tokens 0 .. i only */
    int alibi;                  /* 1: ALiBi: s[h][i][j] - m_h |i - j|, m_h = 2^(-8 (h + 1) / H), added
                                   before the mask and the softmax (the model's position 'alibi') */
} attn_config;

typedef struct {
    float *wq, *wk, *wv, *wo;   /* (D, D) row-major, so that a Wq is a row-vector product */
    float *bq, *bk, *bv, *bo;   /* (D), zero-padded to whole panels */
} attn_weights;

typedef struct {
    attn_config config;
    attn_weights weights;       /* inside `memory` */
    float *packed[4];           /* Wq, Wk, Wv, Wo packed into the kernels' panels (matmul.c) */
    float *memory;              /* attn_memory_floats(D) floats owned by the enclosing layer */
} attn_layer;

/* Optional outputs of a forward (any may be NULL): q, k, v (T, D); scores (the scaled s, all of
   them, before the mask) and weights (masked ones 0): (H, T, T) laid out [h][i][j]. */
typedef struct {
    float *q, *k, *v, *scores, *weights;
} attn_trace;

/* *floats = the memory an attention layer of width D takes. */
pf_status attn_memory_floats(uint64_t *floats, int32_t d_model);

/* Binds a layer to `memory` (attn_memory_floats floats, zeroed, 16-byte aligned). */
pf_status attn_init_within(attn_layer *layer, float *memory, int32_t d_model, int32_t heads,
                           int causal);

/* Copies the four matrices (D, D) in; a NULL bias is zeros. Packs them for the kernels. */
pf_status attn_set_weights(attn_layer *layer, const float *const w[4], const float *const b[4]);

/* Draws wq, bq, wk, bk, wv, bv, wo, bo from the stream (fan_in D); a given bias replaces its draws. */
pf_status attn_init_from_stream(attn_layer *layer, uint32_t *state, const float *const b[4]);

/* *floats = the workspace one forward of `tokens` tokens needs (0 for tokens = 0). */
pf_status attn_workspace_floats(uint64_t *floats, const attn_layer *layer, int32_t tokens);

/* out (T, D) = attention of a (T, D); out must not overlap a, the trace or the workspace. */
pf_status attn_forward(const attn_layer *layer, float *out, const attn_trace *trace, const float *a,
                       int32_t tokens, float *work, uint64_t work_floats);

#ifdef PF_BENCH
/*
 * Benchmark builds only (-DPF_BENCH; see build.sh): one phase of attn_forward alone, for measuring
 * where the time goes (the bench's time split): the phases run in this order give attn_forward's
 * results bit for bit. Each reads what the earlier phases left in the trace (scores and weights are
 * required) and in the workspace (the same one, kept between the calls).
 */
typedef enum {
    ATTN_PHASE_PROJECT_QKV = 0,  /* q, k, v = a W + b */
    ATTN_PHASE_SCORES = 1,       /* scores and softmax */
    ATTN_PHASE_WEIGHTED_SUM = 2, /* O = weights V, per head */
    ATTN_PHASE_PROJECT_OUT = 3   /* out = concat(O) Wo + bo */
} attn_phase;
pf_status attn_forward_phase(const attn_layer *layer, attn_phase phase, float *out, const attn_trace *trace,
                             const float *a, int32_t tokens, float *work, uint64_t work_floats);
#endif

/*
 * The heads of one sequence alone, for callers that project Q, K, V themselves (the model of
 * model.h, whose batches hold several sequences that never attend to each other):
 *   attn_heads_forward: o (T, D) = concat_h(softmax(Q_h K_h^T / sqrt(E)) V_h) from q, k, v (T, D);
 *     scores, weights (H, T, T) as attn_trace's, or NULL (then only the workspace holds them).
 *   attn_heads_backward: dq, dk, dv (T, D) (written) from d_o (T, D) = dloss/do and what the
 *     forward saw and saved: q, k, v and the weights (H, T, T). Per head, with the softmax's Jacobian
 *     dS = P (dP - rowsum(P dP)) / sqrt(E), dP = dO V^T: dQ = dS K, dK = dS^T Q, dV = P^T dO.
 * The workspace: attn_heads_workspace_floats(T, backward) floats, 16-byte aligned.
 */
pf_status attn_heads_workspace_floats(uint64_t *floats, const attn_config *config, int32_t tokens, int backward);
pf_status attn_heads_forward(const attn_config *config, float *o, float *scores, float *weights,
                             const float *q, const float *k, const float *v, int32_t tokens, float *work,
                             uint64_t work_floats);
pf_status attn_heads_backward(const attn_config *config, float *dq, float *dk, float *dv, const float *d_o,
                              const float *q, const float *k, const float *v, const float *weights,
                              int32_t tokens, float *work, uint64_t work_floats);

#ifdef __cplusplus
}
#endif

#endif /* PF_ATTENTION_H */

/*
 * block.h — the Transformer encoder block of the core: layer normalisation, multi-head scaled
 * dot-product self-attention, and the block that joins them with the FFN of pe_ffn.h (attention,
 * Add & Norm, FFN, Add & Norm), in post-norm and pre-norm order. The same rules as pe_ffn.h: every
 * function returns a pf_status and never aborts, kernels never allocate, callers own every buffer.
 *
 * How to use it:
 *
 *     block_layer block;
 *     const block_config config = { .d_model = 64, .heads = 4, .d_ff = 256, .activation = FFN_RELU,
 *                                   .norm = BLOCK_POST_NORM, .causal = 0, .eps = 1e-5 };
 *     block_init(&block, &config);                         // one allocation: weights, packed copies
 *     block_init_seeded(&block, 42, NULL);                 // or block_set_weights(&block, &params)
 *     uint64_t n;
 *     block_workspace_floats(&n, &block, tokens);          // the scratch of one forward
 *     block_forward(&block, y, NULL, x, tokens, work, n);  // y, x: (T, D); work: n floats
 *     block_free(&block);                                  // safe to call twice
 *
 * Scratch: a forward needs space that grows with the tokens (heads * T * T scores for T up to
 * 4096 would not fit in a layer made for every T), so the caller passes a workspace of
 * block_workspace_floats(T) floats, 16-byte aligned; a smaller one is refused (PF_ERR_WORKSPACE).
 *
 * Dimension legend: T = tokens, D = d_model, H = heads, E = D / H (head_dim), F = d_ff.
 */
#ifndef PF_BLOCK_H
#define PF_BLOCK_H

#include "pe_ffn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits (pf_abi.h): PF_BLOCK_MAX_DIM for d_model, PF_BLOCK_MAX_TOKENS for the tokens of a forward. */

/* ----------------------------------------------------------------------------------------------
 * Layer normalisation, as PyTorch's nn.LayerNorm(D): for each row z of (x + residual),
 *   out = (z - mean(z)) / sqrt(var(z) + eps) * gamma + beta,   var biased (divided by D).
 * Mean and variance in double, two passes (the sum x + residual is rounded to float first, as a
 * separate addition would be). residual, gamma (ones), beta (zeros) may be NULL. out may be x or
 * residual (each row is read before it is written); rows = 0 does nothing.
 */
pf_status layer_norm(float *out, const float *x, const float *residual, const float *gamma,
                     const float *beta, int32_t rows, int32_t d_model, double eps);

/* layer_norm that also keeps what the backward needs: stats (rows, 2) = mean, 1 / sqrt(var + eps)
   of each row, in double (stats may be NULL). */
pf_status layer_norm_forward(float *out, double *stats, const float *x, const float *residual,
                             const float *gamma, const float *beta, int32_t rows, int32_t d_model,
                             double eps);

/*
 * The backward pass of layer_norm_forward for dout (rows, D) = dloss/dout: dx (rows, D) = dloss/dz
 * (written, or added to dx's values with accumulate), dgamma, dbeta (D) = their sums over the rows
 * (written; either may be NULL). input (rows, D): the normalised z (x + residual as the forward
 * rounded it); stats: the forward's; gamma NULL means ones. dx may be dout (not with accumulate).
 */
pf_status layer_norm_backward(float *dx, float *dgamma, float *dbeta, const float *dout, const float *input,
                              const double *stats, const float *gamma, int32_t rows, int32_t d_model,
                              int accumulate);

/* ----------------------------------------------------------------------------------------------
 * Multi-head scaled dot-product self-attention with Q, K, V and output projections (biases too):
 *   Q = a Wq + bq, K = a Wk + bk, V = a Wv + bv  (T, D); head h owns columns h E .. h E + E - 1;
 *   s[h][i][j] = Q_i . K_j / sqrt(E); with causal, j > i gets weight 0; w = softmax_j(s) over the
 *   allowed j; O_i = sum_j w[h][i][j] V_j per head; out = concat_h(O) Wo + bo.
 * Every value is summed in the same order whatever T is (and, with causal, row i reads nothing of
 * the tokens after i), so with causal the first n rows of everything are bit-identical to a forward
 * of the first n tokens.
 */
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

/*
 * One phase of attn_forward alone, for measuring where the time goes (the bench's time split):
 * the phases run in this order give attn_forward's results bit for bit. Each reads what the earlier
 * phases left in the trace (scores and weights are required) and in the workspace (the same one,
 * kept between the calls).
 */
typedef enum {
    ATTN_PHASE_PROJECT_QKV = 0,  /* q, k, v = a W + b */
    ATTN_PHASE_SCORES = 1,       /* scores and softmax */
    ATTN_PHASE_WEIGHTED_SUM = 2, /* O = weights V, per head */
    ATTN_PHASE_PROJECT_OUT = 3   /* out = concat(O) Wo + bo */
} attn_phase;
pf_status attn_forward_phase(const attn_layer *layer, attn_phase phase, float *out, const attn_trace *trace,
                             const float *a, int32_t tokens, float *work, uint64_t work_floats);

/*
 * The heads of one sequence alone, for callers that project Q, K, V themselves (the model, whose
 * batches hold several sequences that never attend to each other):
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

/* ----------------------------------------------------------------------------------------------
 * The encoder block.
 *   BLOCK_POST_NORM: h1 = LN1(x + Attn(x)),    y = LN2(h1 + FFN(h1))   (the paper, the documents)
 *   BLOCK_PRE_NORM:  h1 = x + Attn(LN1(x)),    y = h1 + FFN(LN2(h1))   (GPT-2 and most current models)
 */
typedef enum { BLOCK_POST_NORM = 0, BLOCK_PRE_NORM = 1 } block_norm;

typedef struct {
    int32_t d_model;            /* D: 1 .. PF_BLOCK_MAX_DIM */
    int32_t heads;              /* H: divides D */
    int32_t d_ff;               /* F: 1 .. PF_MAX_DIM */
    ffn_activation activation;
    block_norm norm;
    int causal;
    double eps;                 /* finite, > 0 */
} block_config;

/* Weights to copy in (block_set_weights) or to keep instead of drawn ones (block_init_seeded). */
typedef struct {
    const float *wq, *bq, *wk, *bk, *wv, *bv, *wo, *bo;   /* (D, D) and (D) */
    const float *w1, *b1, *w2, *b2;                       /* (D, F), (F), (F, D), (D) */
    const float *gamma1, *beta1, *gamma2, *beta2;          /* (D) each */
} block_params;

typedef struct {
    block_config config;
    attn_layer attn;            /* inside `memory` */
    ffn_layer ffn;              /* inside `memory` (ffn_init_within) */
    float *gamma1, *beta1, *gamma2, *beta2;   /* (D) each, inside `memory` */
    float *memory;              /* the one allocation; NULL when not initialised or freed */
} block_layer;

/* Optional outputs of a block forward (any may be NULL): the attention's (see attn_trace), and
   attention = Attn(a), h1, ffn = FFN(z) (T, D) each, hidden = act(z W1 + b1) (T, F). */
typedef struct {
    float *q, *k, *v, *scores, *weights, *attention, *h1, *hidden, *ffn;
} block_trace;

/* *bytes = the size of the one allocation block_init makes for this configuration. */
pf_status block_memory_bytes(uint64_t *bytes, const block_config *config);

/* Allocates the block (weights zero, gammas one). On failure the layer is left freed. */
pf_status block_init(block_layer *layer, const block_config *config);

/* Frees what block_init allocated; safe on a freed layer and on a zeroed struct. */
void block_free(block_layer *layer);

/* Copies weights in. The six matrices are required; NULL biases and betas are zeros, gammas ones. */
pf_status block_set_weights(block_layer *layer, const block_params *params);

/*
 * Draws wq, bq, wk, bk, wv, bv, wo, bo, w1, b1, w2, b2 from one Mulberry32 stream seeded with `seed`
 * (fan_in D, but F for w2 and b2). Gammas are ones and betas zeros, not drawn. Biases, gammas and
 * betas given in `keep` (may be NULL; its matrices are ignored) replace those values.
 */
pf_status block_init_seeded(block_layer *layer, uint32_t seed, const block_params *keep);

/* *floats = the workspace one forward of `tokens` tokens needs (0 for tokens = 0). */
pf_status block_workspace_floats(uint64_t *floats, const block_layer *layer, int32_t tokens);

/* out (T, D) = the block of x (T, D). out must not overlap x, the trace or the workspace. */
pf_status block_forward(block_layer *layer, float *out, const block_trace *trace, const float *x,
                        int32_t tokens, float *work, uint64_t work_floats);

/*
 * One part of block_forward alone, for measuring where the time goes (the bench's time split). Each
 * reads what the other parts left in the trace (every array of it required: a traced forward fills
 * them) and in the workspace (the same one, kept between calls), and writes its own arrays, so that
 * post-norm PROJECTIONS, SCORES, WEIGHTED_SUM, PROJECTIONS, NORMS, FFN, NORMS (pre-norm: NORMS first)
 * reproduce block_forward bit for bit from nothing.
 */
typedef enum {
    BLOCK_PHASE_NORMS = 0,        /* both Add & Norm steps (and LN1(x), LN2(h1) of pre-norm) */
    BLOCK_PHASE_PROJECTIONS = 1,  /* q, k, v and the output projection */
    BLOCK_PHASE_SCORES = 2,       /* scores and softmax */
    BLOCK_PHASE_WEIGHTED_SUM = 3, /* the weights times V */
    BLOCK_PHASE_FFN = 4           /* the FFN */
} block_phase;
pf_status block_forward_phase(block_layer *layer, block_phase phase, float *out, const block_trace *trace,
                              const float *x, int32_t tokens, float *work, uint64_t work_floats);

#ifdef __cplusplus
}
#endif

#endif /* PF_BLOCK_H */

/*
 * block.h — one Transformer encoder block, part of the pe-ffn-wasm core: the self-attention of
 * attention.h, Add & Norm (layernorm.h), the FFN of ffn.h, Add & Norm, in post-norm and pre-norm order.
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
 * Who allocates: block_init (one block, with aligned_alloc: the attention, the FFN and the norms'
 * weights), freed by block_free. A forward needs space that grows with the tokens (heads * T * T
 * scores for T up to 4096 would not fit in a layer made for every T), so the caller passes a
 * workspace of block_workspace_floats(T) floats, 16-byte aligned; a smaller one is refused
 * (PF_ERR_WORKSPACE).
 *
 * Dimension legend: T = tokens, D = d_model, H = heads, E = D / H (head_dim), F = d_ff.
 */
#ifndef PF_BLOCK_H
#define PF_BLOCK_H

#include "pf_core.h"
#include "attention.h"
#include "ffn.h"
#include "layernorm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------------
 * The encoder block.
 *   BLOCK_POST_NORM: h1 = LN1(x + Attn(x)),    y = LN2(h1 + FFN(h1))   (the paper, the documents)
 *   BLOCK_PRE_NORM:  h1 = x + Attn(LN1(x)),    y = h1 + FFN(LN2(h1))   (GPT-2 and most current models)
 */
/* BLOCK_POST_NORM, BLOCK_PRE_NORM: pf_abi.h's PF_NORMS. */
typedef enum { PF_NORMS(PF_KIND_ENUM) } block_norm;
enum { BLOCK_NORM_COUNT = 0 PF_NORMS(PF_KIND_COUNT) };

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

#ifdef PF_BENCH
/*
 * Benchmark builds only (-DPF_BENCH; see build.sh): one part of block_forward alone, for measuring
 * where the time goes (the bench's time split). Each reads what the other parts left in the trace
 * (every array of it required: a traced forward fills them) and in the workspace (the same one, kept
 * between calls), and writes its own arrays, so that post-norm PROJECTIONS, SCORES, WEIGHTED_SUM,
 * PROJECTIONS, NORMS, FFN, NORMS (pre-norm: NORMS first) reproduce block_forward bit for bit from
 * nothing.
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
#endif

#ifdef __cplusplus
}
#endif

#endif /* PF_BLOCK_H */

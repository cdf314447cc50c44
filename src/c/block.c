/*
 * block.c — one Transformer encoder block: self-attention, Add & Norm, the position-wise FFN,
 * Add & Norm, in the paper's post-norm order or the pre-norm order of GPT-2:
 *
 *     post:  h1 = LN1(x + Attn(x)),     y = LN2(h1 + FFN(h1))
 *     pre:   h1 = x + Attn(LN1(x)),     y = h1 + FFN(LN2(h1))
 *
 * One allocation holds everything the block owns, in order: the attention layer (attention.c), the
 * FFN (ffn.c, bound with ffn_init_within), gamma1, beta1, gamma2, beta2. A forward takes a caller's
 * workspace: the attention's, then attention, h1, ffn (T, D) each (the trace's arrays when given),
 * a = LN1(x) and z = LN2(h1) (T, D) each (pre-norm only).
 */
#include "block.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static pf_status block_check_config(const block_config *c) {
    if (!c) return PF_ERR_NULL;
    if (c->d_model < 1 || c->d_model > PF_BLOCK_MAX_DIM) return PF_ERR_D_MODEL;
    if (c->heads < 1 || c->heads > c->d_model || c->d_model % c->heads != 0) return PF_ERR_HEADS;
    if (c->d_ff < 1 || c->d_ff > PF_MAX_DIM) return PF_ERR_D_FF;
    if (activation_check(c->activation) != PF_OK) return PF_ERR_ACTIVATION;
    if (c->norm < 0 || c->norm >= BLOCK_NORM_COUNT) return PF_ERR_NORM;
    if (!pf_finite_above(c->eps, 0.0)) return PF_ERR_EPS;
    return PF_OK;
}

pf_status block_memory_bytes(uint64_t *bytes, const block_config *config) {
    if (!bytes) return PF_ERR_NULL;
    const pf_status status = block_check_config(config);
    if (status != PF_OK) return status;
    uint64_t attn_floats, ffn_bytes;
    attn_memory_floats(&attn_floats, config->d_model);
    ffn_memory_bytes(&ffn_bytes, config->d_model, config->d_ff);
    *bytes = (attn_floats + 4 * pf_round4((uint64_t)config->d_model)) * sizeof(float) + ffn_bytes;
    return PF_OK;
}

void block_free(block_layer *layer) {
    if (!layer) return;
    free(layer->memory);
    memset(layer, 0, sizeof *layer);
}

/* Gammas ones, betas zeros; a given array replaces its default. */
static void block_set_norms(block_layer *layer, const block_params *p) {
    const size_t d = (size_t)layer->config.d_model;
    float *gammas[2] = { layer->gamma1, layer->gamma2 }, *betas[2] = { layer->beta1, layer->beta2 };
    const float *given_g[2] = { p ? p->gamma1 : NULL, p ? p->gamma2 : NULL };
    const float *given_b[2] = { p ? p->beta1 : NULL, p ? p->beta2 : NULL };
    for (int n = 0; n < 2; n++) {
        for (size_t j = 0; j < d; j++) gammas[n][j] = given_g[n] ? given_g[n][j] : 1.0f;
        if (given_b[n]) memcpy(betas[n], given_b[n], d * sizeof(float));
        else memset(betas[n], 0, d * sizeof(float));
    }
}

pf_status block_init(block_layer *layer, const block_config *config) {
    if (!layer) return PF_ERR_NULL;
    memset(layer, 0, sizeof *layer);
    uint64_t bytes, attn_floats, ffn_bytes;
    const pf_status status = block_memory_bytes(&bytes, config);
    if (status != PF_OK) return status;
    if (bytes > SIZE_MAX) return PF_ERR_NO_MEMORY;
    float *memory = aligned_alloc(16, (size_t)bytes);
    if (!memory) return PF_ERR_NO_MEMORY;
    memset(memory, 0, (size_t)bytes);

    const int32_t d = config->d_model;
    float *at = memory;
    attn_memory_floats(&attn_floats, d);
    ffn_memory_bytes(&ffn_bytes, d, config->d_ff);
    attn_init_within(&layer->attn, at, d, config->heads, config->causal);
    at += attn_floats;
    ffn_init_within(&layer->ffn, at, d, config->d_ff, config->activation);
    at += ffn_bytes / sizeof(float);
    float **norms[4] = { &layer->gamma1, &layer->beta1, &layer->gamma2, &layer->beta2 };
    for (int n = 0; n < 4; n++, at += pf_round4((uint64_t)d)) *norms[n] = at;
    layer->config = *config;
    layer->config.causal = config->causal != 0;
    layer->memory = memory;
    block_set_norms(layer, NULL);
    return PF_OK;
}

pf_status block_set_weights(block_layer *layer, const block_params *p) {
    if (!layer || !p) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    if (!p->wq || !p->wk || !p->wv || !p->wo || !p->w1 || !p->w2) return PF_ERR_NULL;
    const float *const w[4] = { p->wq, p->wk, p->wv, p->wo }, *const b[4] = { p->bq, p->bk, p->bv, p->bo };
    pf_status status = attn_set_weights(&layer->attn, w, b);
    if (status == PF_OK) status = ffn_set_weights(&layer->ffn, p->w1, p->b1, p->w2, p->b2);
    if (status == PF_OK) block_set_norms(layer, p);
    return status;
}

pf_status block_init_seeded(block_layer *layer, uint32_t seed, const block_params *keep) {
    if (!layer) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    const float *const b[4] = { keep ? keep->bq : NULL, keep ? keep->bk : NULL, keep ? keep->bv : NULL,
                                keep ? keep->bo : NULL };
    uint32_t state = seed;                      /* one stream: the attention's draws, then the FFN's */
    pf_status status = attn_init_from_stream(&layer->attn, &state, b);
    if (status == PF_OK) status = ffn_init_from_stream(&layer->ffn, &state, keep ? keep->b1 : NULL, keep ? keep->b2 : NULL);
    if (status == PF_OK) block_set_norms(layer, keep);
    return status;
}

pf_status block_workspace_floats(uint64_t *floats, const block_layer *layer, int32_t tokens) {
    if (!floats || !layer) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    uint64_t attn_floats;
    const pf_status status = attn_workspace_floats(&attn_floats, &layer->attn, tokens);
    if (status != PF_OK) return status;
    *floats = attn_floats + (tokens > 0 ? 5 * pf_round4((uint64_t)tokens * (uint64_t)layer->config.d_model) : 0);
    return PF_OK;
}

/* out (n) = a + b */
static void block_add(float *out, const float *a, const float *b, size_t n) {
    for (size_t i = 0; i < n; i++) out[i] = a[i] + b[i];
}

/* The arrays of one forward: the trace's where given, else the workspace's. */
typedef struct {
    float *attention, *h1, *ffn, *a, *z, *hidden;
    attn_trace attn;
    uint64_t attn_floats;
} block_arrays;

static pf_status block_begin(block_arrays *b, const block_layer *layer, const block_trace *trace,
                             const float *x, int32_t tokens, float *work, uint64_t work_floats) {
    if (!layer) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    if (tokens < 0 || tokens > PF_BLOCK_MAX_TOKENS) return PF_ERR_LENGTH;
    if (tokens == 0) return PF_OK;
    if (!x || !work) return PF_ERR_NULL;
    uint64_t need;
    attn_workspace_floats(&b->attn_floats, &layer->attn, tokens);
    block_workspace_floats(&need, layer, tokens);
    if (work_floats < need) return PF_ERR_WORKSPACE;
    const size_t n4 = (size_t)pf_round4((uint64_t)tokens * (uint64_t)layer->config.d_model);
    float *own = work + b->attn_floats;
    b->attention = trace && trace->attention ? trace->attention : own;
    b->h1 = trace && trace->h1 ? trace->h1 : own + n4;
    b->ffn = trace && trace->ffn ? trace->ffn : own + 2 * n4;
    b->a = own + 3 * n4;
    b->z = own + 4 * n4;
    b->hidden = trace ? trace->hidden : NULL;
    b->attn = (attn_trace){ trace ? trace->q : NULL, trace ? trace->k : NULL, trace ? trace->v : NULL,
                            trace ? trace->scores : NULL, trace ? trace->weights : NULL };
    return PF_OK;
}

/* The input of the attention and of the FFN: x and h1 (post-norm), LN1(x) and LN2(h1) (pre-norm). */
static const float *block_attn_input(const block_layer *l, const block_arrays *b, const float *x) {
    return l->config.norm == BLOCK_PRE_NORM ? b->a : x;
}
static const float *block_ffn_input(const block_layer *l, const block_arrays *b) {
    return l->config.norm == BLOCK_PRE_NORM ? b->z : b->h1;
}

/* Add & Norm after the attention (post: h1 = LN1(x + attention); pre: h1 = x + attention, z = LN2(h1)). */
static void block_first_residual(const block_layer *l, const block_arrays *b, const float *x, int32_t tokens) {
    const block_config *c = &l->config;
    if (c->norm == BLOCK_POST_NORM) {
        layer_norm(b->h1, x, b->attention, l->gamma1, l->beta1, tokens, c->d_model, c->eps);
        return;
    }
    block_add(b->h1, x, b->attention, (size_t)tokens * (size_t)c->d_model);
    layer_norm(b->z, b->h1, NULL, l->gamma2, l->beta2, tokens, c->d_model, c->eps);
}

/* Add (& Norm) after the FFN: out = LN2(h1 + ffn) (post) or h1 + ffn (pre). */
static void block_second_residual(const block_layer *l, const block_arrays *b, float *out, int32_t tokens) {
    const block_config *c = &l->config;
    if (c->norm == BLOCK_POST_NORM) layer_norm(out, b->h1, b->ffn, l->gamma2, l->beta2, tokens, c->d_model, c->eps);
    else block_add(out, b->h1, b->ffn, (size_t)tokens * (size_t)c->d_model);
}

pf_status block_forward(block_layer *layer, float *out, const block_trace *trace, const float *x,
                        int32_t tokens, float *work, uint64_t work_floats) {
    block_arrays b;
    pf_status status = block_begin(&b, layer, trace, x, tokens, work, work_floats);
    if (status != PF_OK || tokens == 0) return status;
    if (!out) return PF_ERR_NULL;
    const block_config *c = &layer->config;
    if (c->norm == BLOCK_PRE_NORM) layer_norm(b.a, x, NULL, layer->gamma1, layer->beta1, tokens, c->d_model, c->eps);
    status = attn_forward(&layer->attn, b.attention, &b.attn, block_attn_input(layer, &b, x), tokens, work, b.attn_floats);
    if (status != PF_OK) return status;
    block_first_residual(layer, &b, x, tokens);
    status = ffn_forward(&layer->ffn, b.ffn, b.hidden, block_ffn_input(layer, &b), tokens);
    if (status != PF_OK) return status;
    block_second_residual(layer, &b, out, tokens);
    return PF_OK;
}

#ifdef PF_BENCH   /* the bench's time split (block.h) */
pf_status block_forward_phase(block_layer *layer, block_phase phase, float *out, const block_trace *trace,
                              const float *x, int32_t tokens, float *work, uint64_t work_floats) {
    block_arrays b;
    const pf_status status = block_begin(&b, layer, trace, x, tokens, work, work_floats);
    if (status != PF_OK || tokens == 0) return status;
    if (!out || !trace || !trace->scores || !trace->weights) return PF_ERR_NULL;
    const block_config *c = &layer->config;
    const float *a = block_attn_input(layer, &b, x);
    switch (phase) {
    case BLOCK_PHASE_NORMS:
        if (c->norm == BLOCK_PRE_NORM) layer_norm(b.a, x, NULL, layer->gamma1, layer->beta1, tokens, c->d_model, c->eps);
        block_first_residual(layer, &b, x, tokens);
        block_second_residual(layer, &b, out, tokens);
        return PF_OK;
    case BLOCK_PHASE_PROJECTIONS: {
        const pf_status s = attn_forward_phase(&layer->attn, ATTN_PHASE_PROJECT_QKV, b.attention, &b.attn, a, tokens, work, b.attn_floats);
        return s != PF_OK ? s : attn_forward_phase(&layer->attn, ATTN_PHASE_PROJECT_OUT, b.attention, &b.attn, a, tokens, work, b.attn_floats);
    }
    case BLOCK_PHASE_SCORES:
        return attn_forward_phase(&layer->attn, ATTN_PHASE_SCORES, b.attention, &b.attn, a, tokens, work, b.attn_floats);
    case BLOCK_PHASE_WEIGHTED_SUM:
        return attn_forward_phase(&layer->attn, ATTN_PHASE_WEIGHTED_SUM, b.attention, &b.attn, a, tokens, work, b.attn_floats);
    case BLOCK_PHASE_FFN:
        return ffn_forward(&layer->ffn, b.ffn, b.hidden, block_ffn_input(layer, &b), tokens);
    }
    return PF_ERR_NULL;
}
#endif

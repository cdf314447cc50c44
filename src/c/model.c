/*
 * model.c — the trainable Transformer as an object (model.h): its configuration, its one allocation,
 * where each parameter lies (named once, at init: m->param, m->grad, m->pack, m->pack_t), packed
 * copies of the matrices for the kernels, the seeded initialisation. The passes over a batch are in
 * model_pass.c; the trainer in trainer.c.
 *
 * The allocation, in order (each part a multiple of 4 floats, so 16-byte aligned):
 *   params (P + one panel: the kernels read a bias's last panel whole), grads (the same),
 *   packed: per layer Wq, Wk, Wv, Wo, W1, W2, then Wout, each as W (K, padded N) for the forward and
 *   W^T (N, padded K) for the backward's dY W^T (matmul.c's panels), re-packed whenever a parameter
 *   changes; sinusoid (max_length, D), the PE table of MODEL_SINUSOIDAL, computed once.
 */
#include "model.h"
#include "matmul.h"
#include "pe.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The parameters of one layer, in the contract's order, and their fields in model_layer_tensors. */
enum { L_WQ, L_BQ, L_WK, L_BK, L_WV, L_BV, L_WO, L_BO, L_GAMMA1, L_BETA1, L_W1, L_B1, L_W2, L_B2, L_GAMMA2,
       L_BETA2, L_COUNT };
#define LAYER_FIELD(name) offsetof(model_layer_tensors, name)
static const size_t layer_fields[L_COUNT] = {
    LAYER_FIELD(wq), LAYER_FIELD(bq), LAYER_FIELD(wk), LAYER_FIELD(bk), LAYER_FIELD(wv), LAYER_FIELD(bv),
    LAYER_FIELD(wo), LAYER_FIELD(bo), LAYER_FIELD(gamma1), LAYER_FIELD(beta1), LAYER_FIELD(w1), LAYER_FIELD(b1),
    LAYER_FIELD(w2), LAYER_FIELD(b2), LAYER_FIELD(gamma2), LAYER_FIELD(beta2),
};
#undef LAYER_FIELD
static float **layer_field(model_layer_tensors *t, int i) { return (float **)(void *)((char *)t + layer_fields[i]); }

/* The packed matrices of a layer, in this order (MODEL_MATRICES also names the output layer's), their
   parameters and their fields in model_layer_matrices. */
enum { M_WQ, M_WK, M_WV, M_WO, M_W1, M_W2, MODEL_MATRICES };
static const int packed_params[MODEL_MATRICES] = { L_WQ, L_WK, L_WV, L_WO, L_W1, L_W2 };
#define MATRIX_FIELD(name) offsetof(model_layer_matrices, name)
static const size_t matrix_fields[MODEL_MATRICES] = {
    MATRIX_FIELD(wq), MATRIX_FIELD(wk), MATRIX_FIELD(wv), MATRIX_FIELD(wo), MATRIX_FIELD(w1), MATRIX_FIELD(w2),
};
#undef MATRIX_FIELD
static float **matrix_field(model_layer_matrices *t, int w) { return (float **)(void *)((char *)t + matrix_fields[w]); }

static pf_status model_check_config(const model_config *c) {
    if (!c) return PF_ERR_NULL;
    if (c->vocab < 2 || c->vocab > PF_MODEL_MAX_VOCAB) return PF_ERR_VOCAB;
    if (c->d_model < 1 || c->d_model > PF_MODEL_MAX_DIM) return PF_ERR_D_MODEL;
    if (c->heads < 1 || c->heads > c->d_model || c->d_model % c->heads != 0) return PF_ERR_HEADS;
    if (c->position == MODEL_ROPE && (c->d_model / c->heads) % 2 != 0) return PF_ERR_HEADS;
    if (c->d_ff < 1 || c->d_ff > PF_MAX_DIM) return PF_ERR_D_FF;
    if (c->layers < 1 || c->layers > PF_MODEL_MAX_LAYERS) return PF_ERR_LAYERS;
    if (c->max_length < 1 || c->max_length > PF_MODEL_MAX_LENGTH) return PF_ERR_MAX_LENGTH;
    if (c->position < 0 || c->position >= MODEL_POSITION_COUNT) return PF_ERR_POSITION_KIND;
    if (activation_check(c->activation) != PF_OK) return PF_ERR_ACTIVATION;
    if (c->norm < 0 || c->norm >= BLOCK_NORM_COUNT) return PF_ERR_NORM;
    if (!pf_finite_above(c->eps, 0)) return PF_ERR_EPS;
    return PF_OK;
}

/* ---- where the parameters lie ---------------------------------------------------------------- */

/* The shape of a layer's parameter i. */
static void layer_shape(const model_config *c, int i, int32_t *rows, int32_t *cols) {
    const int32_t d = c->d_model, f = c->d_ff;
    switch (i) {
    case L_WQ: case L_WK: case L_WV: case L_WO: *rows = d, *cols = d; return;
    case L_W1: *rows = d, *cols = f; return;
    case L_W2: *rows = f, *cols = d; return;
    case L_B1: *rows = f, *cols = 0; return;
    default: *rows = d, *cols = 0; return;
    }
}

static uint64_t tensor_floats(int32_t rows, int32_t cols) { return (uint64_t)rows * (uint64_t)(cols ? cols : 1); }

/* Where parameter i starts within a layer's parameters (i = L_COUNT: the floats of a layer). */
static uint64_t layer_offset(const model_config *c, int i) {
    uint64_t n = 0;
    for (int j = 0; j < i; j++) {
        int32_t r, k;
        layer_shape(c, j, &r, &k);
        n += tensor_floats(r, k);
    }
    return n;
}
static uint64_t layer_floats(const model_config *c) { return layer_offset(c, L_COUNT); }

/* The arrays before the layers: embedding, and the learned position table. */
static uint64_t head_floats(const model_config *c) {
    const uint64_t d = (uint64_t)c->d_model;
    return (uint64_t)c->vocab * d + (c->position == MODEL_LEARNED ? (uint64_t)c->max_length * d : 0);
}

static int32_t model_tensor_total(const model_config *c) {
    return 1 + (c->position == MODEL_LEARNED) + L_COUNT * c->layers + (c->norm == BLOCK_PRE_NORM ? 2 : 0) + 2;
}

static uint64_t model_param_total(const model_config *c) {
    const uint64_t d = (uint64_t)c->d_model, v = (uint64_t)c->vocab;
    return head_floats(c) + (uint64_t)c->layers * layer_floats(c) + (c->norm == BLOCK_PRE_NORM ? 2 * d : 0) + d * v + v;
}

static model_tensor tensor_of(const model_config *c, int32_t index) {
    const int32_t d = c->d_model, v = c->vocab;
    const int learned = c->position == MODEL_LEARNED;
    if (index == 0) return (model_tensor){ 0, v, d };
    if (learned && index == 1) return (model_tensor){ (uint64_t)v * (uint64_t)d, c->max_length, d };
    int32_t i = index - 1 - learned;
    uint64_t at = head_floats(c);
    if (i < L_COUNT * c->layers) {
        model_tensor t = { at + (uint64_t)(i / L_COUNT) * layer_floats(c) + layer_offset(c, i % L_COUNT), 0, 0 };
        layer_shape(c, i % L_COUNT, &t.rows, &t.cols);
        return t;
    }
    i -= L_COUNT * c->layers;
    at += (uint64_t)c->layers * layer_floats(c);
    if (c->norm == BLOCK_PRE_NORM) {
        if (i < 2) return (model_tensor){ at + (uint64_t)i * (uint64_t)d, d, 0 };
        i -= 2;
        at += 2 * (uint64_t)d;
    }
    return i == 0 ? (model_tensor){ at, d, v } : (model_tensor){ at + (uint64_t)d * (uint64_t)v, v, 0 };
}

pf_status model_tensor_at(model_tensor *tensor, const model *m, int32_t index) {
    if (!tensor || !m) return PF_ERR_NULL;
    if (!m->memory) return PF_ERR_NOT_READY;
    if (index < 0 || index >= m->tensor_count) return PF_ERR_PARAMETER;
    *tensor = tensor_of(&m->config, index);
    return PF_OK;
}

/* Points `named` at every array inside base (params or grads: the same layout). */
static void name_tensors(model_tensors *named, const model *m, float *base) {
    const model_config *c = &m->config;
    named->embedding = base;
    named->position = c->position == MODEL_LEARNED ? base + tensor_of(c, 1).offset : NULL;
    for (int32_t l = 0; l < c->layers; l++) {
        float *at = base + head_floats(c) + (uint64_t)l * layer_floats(c);
        for (int i = 0; i < L_COUNT; i++) *layer_field(&named->layer[l], i) = at + layer_offset(c, i);
    }
    named->gamma = c->norm == BLOCK_PRE_NORM ? base + tensor_of(c, m->tensor_count - 4).offset : NULL;
    named->beta = named->gamma ? named->gamma + c->d_model : NULL;
    named->w_out = base + tensor_of(c, m->tensor_count - 2).offset;
    named->b_out = base + tensor_of(c, m->tensor_count - 1).offset;
}

/* The tensor index of a layer's parameter. */
static int32_t layer_tensor_index(const model_config *c, int32_t l, int i) {
    return 1 + (c->position == MODEL_LEARNED) + l * L_COUNT + i;
}

/* ---- packed copies ----------------------------------------------------------------------------- */

/* The shape (K, N) of packed matrix `which` of a layer (MODEL_MATRICES: the output layer's). */
static void matrix_shape(const model_config *c, int which, int32_t *k, int32_t *n) {
    if (which == MODEL_MATRICES) {
        *k = c->d_model, *n = c->vocab;
        return;
    }
    layer_shape(c, packed_params[which], k, n);
}
static uint64_t packed_floats(const model_config *c, int which, int transposed) {
    int32_t k, n;
    matrix_shape(c, which, &k, &n);
    return pf_round4(transposed ? (uint64_t)n * mm_padded(k) : (uint64_t)k * mm_padded(n));
}
static uint64_t packed_layer_floats(const model_config *c) {
    uint64_t total = 0;
    for (int w = 0; w < MODEL_MATRICES; w++) total += packed_floats(c, w, 0) + packed_floats(c, w, 1);
    return total;
}

/* Points m->pack and m->pack_t at each matrix's W and W^T inside m->packed. */
static void name_matrices(model *m) {
    const model_config *c = &m->config;
    float *at = m->packed;
    for (int32_t l = 0; l < c->layers; l++)
        for (int w = 0; w < MODEL_MATRICES; w++) {
            *matrix_field(&m->pack.layer[l], w) = at;
            at += packed_floats(c, w, 0);
            *matrix_field(&m->pack_t.layer[l], w) = at;
            at += packed_floats(c, w, 1);
        }
    m->pack.w_out = at;
    m->pack_t.w_out = at + packed_floats(c, MODEL_MATRICES, 0);
}

/* Packs matrix `which` of layer l (l = layers: the output layer) from the parameters. */
static void model_pack_matrix(model *m, int32_t l, int which) {
    const model_config *c = &m->config;
    int32_t k, n;
    matrix_shape(c, which, &k, &n);
    const int out = l == c->layers;
    const float *w = out ? m->param.w_out : *layer_field(&m->param.layer[l], packed_params[which]);
    mm_pack(out ? m->pack.w_out : *matrix_field(&m->pack.layer[l], which), w, k, n);
    mm_pack_transposed(out ? m->pack_t.w_out : *matrix_field(&m->pack_t.layer[l], which), w, k, n);
}

pf_status model_pack_all(model *m) {
    if (!m) return PF_ERR_NULL;
    if (!m->memory) return PF_ERR_NOT_READY;
    for (int32_t l = 0; l < m->config.layers; l++)
        for (int w = 0; w < MODEL_MATRICES; w++) model_pack_matrix(m, l, w);
    model_pack_matrix(m, m->config.layers, MODEL_MATRICES);
    return PF_OK;
}

/* ---- the object -------------------------------------------------------------------------------- */

typedef struct { uint64_t params, packed, sinusoid; } model_parts;

static model_parts model_part_floats(const model_config *c) {
    return (model_parts){
        .params = pf_round4(model_param_total(c) + MM_PANEL),
        .packed = (uint64_t)c->layers * packed_layer_floats(c) + packed_floats(c, MODEL_MATRICES, 0) + packed_floats(c, MODEL_MATRICES, 1),
        .sinusoid = c->position == MODEL_SINUSOIDAL ? pf_round4((uint64_t)c->max_length * (uint64_t)c->d_model) : 0,
    };
}

pf_status model_memory_bytes(uint64_t *bytes, const model_config *config) {
    if (!bytes) return PF_ERR_NULL;
    const pf_status status = model_check_config(config);
    if (status != PF_OK) return status;
    const model_parts n = model_part_floats(config);
    *bytes = (2 * n.params + n.packed + n.sinusoid) * sizeof(float);
    return PF_OK;
}

void model_free(model *m) {
    if (!m) return;
    free(m->memory);
    memset(m, 0, sizeof *m);
}

/* Every layer norm's gamma ones and beta zeros. */
static void model_reset_norms(model *m) {
    const model_config *c = &m->config;
    for (int32_t l = 0; l < c->layers; l++) {
        const model_layer_tensors *p = &m->param.layer[l];
        for (int32_t j = 0; j < c->d_model; j++) p->gamma1[j] = p->gamma2[j] = 1.0f, p->beta1[j] = p->beta2[j] = 0.0f;
    }
    if (m->param.gamma)
        for (int32_t j = 0; j < c->d_model; j++) m->param.gamma[j] = 1.0f, m->param.beta[j] = 0.0f;
}

pf_status model_init(model *m, const model_config *config) {
    if (!m) return PF_ERR_NULL;
    memset(m, 0, sizeof *m);
    uint64_t bytes;
    pf_status status = model_memory_bytes(&bytes, config);
    if (status != PF_OK) return status;
    if (bytes > SIZE_MAX) return PF_ERR_NO_MEMORY;
    float *memory = aligned_alloc(16, (size_t)bytes);
    if (!memory) return PF_ERR_NO_MEMORY;
    memset(memory, 0, (size_t)bytes);
    const model_parts n = model_part_floats(config);
    m->config = *config;
    m->config.causal = config->causal != 0;
    m->tensor_count = model_tensor_total(config);
    m->param_count = model_param_total(config);
    m->memory = memory;
    m->params = memory;
    m->grads = memory + n.params;
    m->packed = m->grads + n.params;
    m->sinusoid = n.sinusoid ? m->packed + n.packed : NULL;
    name_tensors(&m->param, m, m->params);
    name_tensors(&m->grad, m, m->grads);
    name_matrices(m);
    if (m->sinusoid) {
        const size_t ws_bytes = pe_workspace_bytes(config->d_model);
        void *ws_memory = malloc(ws_bytes);
        pf_workspace ws;
        status = ws_memory ? pf_workspace_init(&ws, ws_memory, ws_bytes) : PF_ERR_NO_MEMORY;
        if (status == PF_OK)
            status = pe_fill(&ws, m->sinusoid, config->max_length, config->d_model, PF_DEFAULT_BASE, 0, PE_INTERLEAVED);
        free(ws_memory);
        if (status != PF_OK) {
            model_free(m);
            return status;
        }
    }
    model_reset_norms(m);
    model_pack_all(m);
    return PF_OK;
}

pf_status model_init_seeded(model *m, uint32_t seed) {
    if (!m) return PF_ERR_NULL;
    if (!m->memory) return PF_ERR_NOT_READY;
    const model_config *c = &m->config;
    uint32_t state = seed;
    for (int32_t index = 0; index < m->tensor_count; index++) {
        const model_tensor t = tensor_of(c, index);
        float *p = m->params + t.offset;
        const int learned_table = c->position == MODEL_LEARNED && index == 1;
        const int32_t li = index - 1 - (c->position == MODEL_LEARNED);
        const int in_layer = li >= 0 && li < L_COUNT * c->layers, which = li % L_COUNT;
        if (in_layer && (which == L_GAMMA1 || which == L_GAMMA2 || which == L_BETA1 || which == L_BETA2)) continue;
        if (!in_layer && index > 0 && !learned_table && index < m->tensor_count - 2) continue;   /* final norm */
        const int32_t fan_in = learned_table ? 1 : in_layer && (which == L_W2 || which == L_B2) ? c->d_ff : c->d_model;
        mulberry32_fill_uniform(p, tensor_floats(t.rows, t.cols), fan_in, &state, NULL);
    }
    model_reset_norms(m);
    model_pack_all(m);
    return PF_OK;
}

pf_status model_set_tensor(model *m, int32_t index, const float *values) {
    if (!m || !values) return PF_ERR_NULL;
    if (!m->memory) return PF_ERR_NOT_READY;
    if (index < 0 || index >= m->tensor_count) return PF_ERR_PARAMETER;
    const model_config *c = &m->config;
    const model_tensor t = tensor_of(c, index);
    memcpy(m->params + t.offset, values, tensor_floats(t.rows, t.cols) * sizeof(float));
    if (index == m->tensor_count - 2) model_pack_matrix(m, c->layers, MODEL_MATRICES);
    for (int32_t l = 0; l < c->layers; l++)
        for (int w = 0; w < MODEL_MATRICES; w++)
            if (layer_tensor_index(c, l, packed_params[w]) == index) model_pack_matrix(m, l, w);
    return PF_OK;
}

pf_status model_set_params(model *m, const float *params) {
    if (!m || !params) return PF_ERR_NULL;
    if (!m->memory) return PF_ERR_NOT_READY;
    memcpy(m->params, params, m->param_count * sizeof(float));
    model_pack_all(m);
    return PF_OK;
}

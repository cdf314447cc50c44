/*
 * model_pass.c — the model's passes over a batch of B sequences of T tokens (N = B T rows):
 *
 *   x = E[tokens] sqrt(D) + P;  for each layer, the encoder block of block.c's formulas (post-norm:
 *   h1 = LN1(x + Attn(x)), y = LN2(h1 + FFN(h1)); pre-norm: h1 = x + Attn(LN1(x)), y = h1 + FFN(LN2(h1)));
 *   pre-norm ends with LNf; logits = y Wout + bout; loss = softmax cross-entropy (loss.c).
 *
 * Every row-wise step (products, layer norms, activations, embedding) runs on all N rows at once and
 * gives each row the same bits however many rows there are; attention runs per sequence
 * (attn_heads_forward), so sequences never attend to each other and a sequence's logits are those
 * of its forward alone. The backward pass runs the same steps in reverse, each with the backward of
 * its kernel (dY W^T and X^T dY as matmul.c products, layernorm.c, activation.c, attention.c,
 * rope.c, embedding.c, loss.c), accumulating the residual paths in place.
 *
 * The workspace (model_workspace_floats), in order: per layer what the backward reads (the layer's
 * input x, a = LN1(x) (pre), q, k, v (rotated with RoPE), o = concat of the heads, attention, u1 =
 * x + attention (post), h1, z = LN2(h1) (pre), ffn, u2 = h1 + ffn (post), zf = the FFN's pre-
 * activations, hidden, the softmax weights, the norms' statistics), the last output, LNf's output
 * and statistics (pre), logits; the scratch of the attention heads, of RoPE and of the products;
 * then, for a backward, the gradients flowing back (dx, a temporary, dq, dk, dv (N, D), dh (N, F),
 * dlogits (N, V)) and the packed dY of the weight products. A forward alone keeps one layer's arrays
 * and reuses them for every layer.
 */
#include "model.h"
#include "embedding.h"
#include "loss.h"
#include "matmul.h"
#include "rope.h"
#include <math.h>
#include <string.h>

static int32_t max3(int32_t a, int32_t b, int32_t c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }

typedef struct {
    int32_t batch, length, n;         /* B, T, N = B T */
    int32_t slots;                    /* layers whose arrays are kept: L (backward) or 1 */
    float *x;                         /* (slots + 1, N, D): each layer's input, then the output */
    float *a, *q, *k, *v, *o, *attn, *u1, *h1, *z, *ffn, *u2;   /* (slots, N, D) each */
    float *zf, *hid;                  /* (slots, N, F) */
    float *weights;                   /* (slots, B, H, T, T) */
    double *stats1, *stats2;          /* (slots, N, 2) */
    float *yf;                        /* (N, D) LNf(y), pre-norm */
    double *statsf;                   /* (N, 2) */
    float *logits;                    /* (N, V) */
    float *heads;                     /* the attention heads' scratch */
    uint64_t heads_floats;
    pf_workspace rope;                /* RoPE's workspace (its memory: rope_workspace_bytes(E)) */
    float *pack;                      /* the products' packed tiles */
    float *dx, *dtmp, *dq, *dk, *dv;  /* (N, D) each */
    float *dh;                        /* (N, F) */
    float *dlogits;                   /* (N, V) */
    float *dpack;                     /* (N, padded max(D, F, V)): dY in panels */
} model_work;

/* Lays out the workspace from `base` (NULL: only counts); returns its floats. */
static uint64_t model_work_layout(model_work *w, const model *m, int32_t batch, int32_t length, int backward,
                                  float *base) {
    const model_config *c = &m->config;
    const uint64_t n = (uint64_t)batch * (uint64_t)length, d = (uint64_t)c->d_model, f = (uint64_t)c->d_ff;
    const uint64_t v = (uint64_t)c->vocab, nd = pf_round4(n * d), nf = pf_round4(n * f);
    const uint64_t slots = backward ? (uint64_t)c->layers : 1;
    const int pre = c->norm == BLOCK_PRE_NORM;
    uint64_t at = 0;
#define TAKE(type, floats) ((type *)(void *)(base ? base + (at += (floats)) - (floats) : (at += (floats), (float *)NULL)))
    memset(w, 0, sizeof *w);
    w->batch = batch, w->length = length, w->n = (int32_t)n, w->slots = (int32_t)slots;
    w->x = TAKE(float, (slots + 1) * nd);
    w->a = TAKE(float, pre ? slots * nd : 0);
    w->q = TAKE(float, slots * nd);
    w->k = TAKE(float, slots * nd);
    w->v = TAKE(float, slots * nd);
    w->o = TAKE(float, slots * nd);
    w->attn = TAKE(float, slots * nd);
    w->u1 = TAKE(float, pre ? 0 : slots * nd);
    w->h1 = TAKE(float, slots * nd);
    w->z = TAKE(float, pre ? slots * nd : 0);
    w->ffn = TAKE(float, slots * nd);
    w->u2 = TAKE(float, pre ? 0 : slots * nd);
    w->zf = TAKE(float, slots * nf);
    w->hid = TAKE(float, slots * nf);
    w->weights = TAKE(float, slots * pf_round4((uint64_t)batch * (uint64_t)c->heads * (uint64_t)length * (uint64_t)length));
    w->stats1 = TAKE(double, slots * pf_round4(2 * n) * 2);
    w->stats2 = TAKE(double, slots * pf_round4(2 * n) * 2);
    w->yf = TAKE(float, pre ? nd : 0);
    w->statsf = TAKE(double, pre ? pf_round4(2 * n) * 2 : 0);
    w->logits = TAKE(float, pf_round4(n * v));
    const attn_config ac = { c->d_model, c->heads, c->d_model / c->heads, c->causal, 0 };
    uint64_t heads_fwd, heads_bwd = 0;
    attn_heads_workspace_floats(&heads_fwd, &ac, length, 0);
    if (backward) attn_heads_workspace_floats(&heads_bwd, &ac, length, 1);
    w->heads_floats = heads_fwd > heads_bwd ? heads_fwd : heads_bwd;
    w->heads = TAKE(float, w->heads_floats);
    const size_t rope_bytes = c->position == MODEL_ROPE ? rope_workspace_bytes(c->d_model / c->heads) : 0;
    float *rope_memory = TAKE(float, pf_round4((rope_bytes + 3) / 4));
    pf_workspace_init(&w->rope, rope_memory, rope_memory ? rope_bytes : 0);   /* fresh: no other call's state */
    /* The products: rows N with n_in D, F or V; the backward's X^T dY: rows D or F with n_in N. */
    const int32_t widest_out = max3(c->d_model, c->d_ff, c->vocab), tokens = (int32_t)n;
    w->pack = TAKE(float, pf_round4(backward ? mm_scratch_floats(max3(tokens, c->d_model, c->d_ff), max3(tokens, widest_out, 1))
                                          : mm_scratch_floats(tokens, widest_out)));
    if (backward) {
        w->dx = TAKE(float, nd);
        w->dtmp = TAKE(float, nd);
        w->dq = TAKE(float, nd);
        w->dk = TAKE(float, nd);
        w->dv = TAKE(float, nd);
        w->dh = TAKE(float, nf);
        w->dlogits = TAKE(float, pf_round4(n * v));
        w->dpack = TAKE(float, pf_round4(n * mm_padded(widest_out)));
    }
#undef TAKE
    return at;
}

static pf_status model_check_call(const model *m, int32_t batch, int32_t length) {
    if (!m) return PF_ERR_NULL;
    if (!m->memory) return PF_ERR_NOT_READY;
    if (length < 1 || length > m->config.max_length) return PF_ERR_LENGTH;
    if (batch < 1 || (int64_t)batch * length > PF_MAX_LENGTH) return PF_ERR_BATCH;
    return PF_OK;
}

pf_status model_workspace_floats(uint64_t *floats, const model *m, int32_t batch, int32_t length, int backward) {
    if (!floats) return PF_ERR_NULL;
    const pf_status status = model_check_call(m, batch, length);
    if (status != PF_OK) return status;
    model_work w;
    *floats = model_work_layout(&w, m, batch, length, backward != 0, NULL);
    return PF_OK;
}

/* ---- helpers ----------------------------------------------------------------------------------- */

/* Slot of layer l in an array of `slots` layers of `each` floats. */
static float *slot(float *array, const model_work *w, int32_t l, uint64_t each) {
    return array ? array + (uint64_t)(l % w->slots) * each : NULL;
}
static double *slot_stats(double *array, const model_work *w, int32_t l) {
    return array + (uint64_t)(l % w->slots) * pf_round4(2 * (uint64_t)w->n);
}
/* The input of layer l (l = layers: the last output); a forward alone keeps two, in turn. */
static float *layer_input(const model *m, const model_work *w, int32_t l) {
    const uint64_t nd = pf_round4((uint64_t)w->n * (uint64_t)m->config.d_model);
    return w->x + (uint64_t)(w->slots == 1 ? l % 2 : l) * nd;
}

/* out (rows, n) = x (rows, k) W + bias, W packed. */
static void linear(float *out, const float *x, const float *packed, const float *bias, int32_t rows, int32_t k,
                   int32_t n, float *pack) {
    const mm_args a = { out, (size_t)n, x, (size_t)k, 0, packed, bias, MM_START_BIAS, rows, k, n, 0, FFN_RELU, pack };
    mm_product(&a);
}

/* dx (rows, k) = dy (rows, n) W^T (or += with accumulate), W^T packed. */
static void input_grad(float *dx, const float *dy, const float *packed_t, int32_t rows, int32_t k, int32_t n,
                       int accumulate, float *pack) {
    const mm_args a = { dx, (size_t)k, dy, (size_t)n, 0, packed_t, NULL, accumulate ? MM_START_OUT : MM_START_ZERO,
                        rows, n, k, 0, FFN_RELU, pack };
    mm_product(&a);
}

/* dw (k, n) = x^T dy for x (rows, k), dy (rows, n): dy packed into panels, x read transposed; db (n) =
   the column sums of dy. */
static void weight_grad(float *dw, float *db, const float *x, const float *dy, int32_t rows, int32_t k, int32_t n,
                        const model_work *w) {
    mm_pack_strided(w->dpack, db, dy, (size_t)n, rows, n);
    const mm_args a = { dw, (size_t)n, x, (size_t)k, 1, w->dpack, NULL, MM_START_ZERO, k, rows, n, 0, FFN_RELU, w->pack };
    mm_product(&a);
}

static void add_rows(float *out, const float *a, const float *b, uint64_t n) {
    for (uint64_t i = 0; i < n; i++) out[i] = a[i] + b[i];
}

/* ---- forward ------------------------------------------------------------------------------------ */

/* The arrays of layer l: the trace's where given, else the workspace's. */
typedef struct {
    float *in, *out, *a, *q, *k, *v, *o, *attn, *u1, *h1, *z, *ffn, *u2, *zf, *hid, *weights, *scores;
    double *stats1, *stats2;
} layer_arrays;

static layer_arrays arrays_of(const model *m, const model_work *w, const model_trace *tr, int32_t l) {
    const model_config *c = &m->config;
    const uint64_t nd = pf_round4((uint64_t)w->n * (uint64_t)c->d_model), nf = pf_round4((uint64_t)w->n * (uint64_t)c->d_ff);
    const uint64_t nw = pf_round4((uint64_t)w->batch * (uint64_t)c->heads * (uint64_t)w->length * (uint64_t)w->length);
    layer_arrays a = {
        layer_input(m, w, l), layer_input(m, w, l + 1), slot(w->a, w, l, nd), slot(w->q, w, l, nd),
        slot(w->k, w, l, nd), slot(w->v, w, l, nd), slot(w->o, w, l, nd), slot(w->attn, w, l, nd),
        slot(w->u1, w, l, nd), slot(w->h1, w, l, nd), slot(w->z, w, l, nd), slot(w->ffn, w, l, nd),
        slot(w->u2, w, l, nd), slot(w->zf, w, l, nf), slot(w->hid, w, l, nf), slot(w->weights, w, l, nw), NULL,
        slot_stats(w->stats1, w, l), slot_stats(w->stats2, w, l),
    };
    if (tr) {
        if (tr->q) a.q = tr->q;
        if (tr->k) a.k = tr->k;
        if (tr->v) a.v = tr->v;
        if (tr->attention) a.attn = tr->attention;
        if (tr->h1) a.h1 = tr->h1;
        if (tr->hidden) a.hid = tr->hidden;
        if (tr->ffn) a.ffn = tr->ffn;
        if (tr->weights) a.weights = tr->weights;
        a.scores = tr->scores;
    }
    return a;
}

static attn_config attn_config_of(const model_config *c) {
    return (attn_config){ c->d_model, c->heads, c->d_model / c->heads, c->causal, c->position == MODEL_ALIBI };
}

/* Rotates q and k of every sequence (positions 0 .. T - 1), or their gradients back. */
static void model_rotate(const model *m, model_work *w, float *q, float *k, int backward) {
    const model_config *c = &m->config;
    const uint64_t seq = (uint64_t)w->length * (uint64_t)c->d_model;
    for (int32_t b = 0; b < w->batch; b++)
        for (int i = 0; i < 2; i++) {
            float *x = (i ? k : q) + (uint64_t)b * seq;
            if (backward) rope_backward(&w->rope, x, x, w->length, c->d_model, c->d_model / c->heads, PF_DEFAULT_BASE, 0, ROPE_INTERLEAVED);
            else rope_forward(&w->rope, x, x, w->length, c->d_model, c->d_model / c->heads, PF_DEFAULT_BASE, 0, ROPE_INTERLEAVED);
        }
}

static void layer_forward(model *m, model_work *w, const model_trace *tr, int32_t l) {
    const model_config *c = &m->config;
    const int32_t n = w->n, d = c->d_model, f = c->d_ff, t = w->length;
    const int pre = c->norm == BLOCK_PRE_NORM;
    const layer_arrays a = arrays_of(m, w, tr, l);
    const model_layer_tensors *layer = &m->param.layer[l];
    const model_layer_matrices *packed = &m->pack.layer[l];
    if (pre) layer_norm_forward(a.a, a.stats1, a.in, NULL, layer->gamma1, layer->beta1, n, d, c->eps);
    const float *ain = pre ? a.a : a.in;
    linear(a.q, ain, packed->wq, layer->bq, n, d, d, w->pack);
    linear(a.k, ain, packed->wk, layer->bk, n, d, d, w->pack);
    linear(a.v, ain, packed->wv, layer->bv, n, d, d, w->pack);
    if (c->position == MODEL_ROPE) model_rotate(m, w, a.q, a.k, 0);
    const attn_config ac = attn_config_of(c);
    const uint64_t seq = (uint64_t)t * (uint64_t)d, seq_w = (uint64_t)c->heads * (uint64_t)t * (uint64_t)t;
    for (int32_t b = 0; b < w->batch; b++)
        attn_heads_forward(&ac, a.o + b * seq, a.scores ? a.scores + b * seq_w : NULL, a.weights + b * seq_w,
                           a.q + b * seq, a.k + b * seq, a.v + b * seq, t, w->heads, w->heads_floats);
    linear(a.attn, a.o, packed->wo, layer->bo, n, d, d, w->pack);
    const uint64_t nd = (uint64_t)n * (uint64_t)d;
    if (pre) {
        add_rows(a.h1, a.in, a.attn, nd);
        layer_norm_forward(a.z, a.stats2, a.h1, NULL, layer->gamma2, layer->beta2, n, d, c->eps);
    } else {
        add_rows(a.u1, a.in, a.attn, nd);
        layer_norm_forward(a.h1, a.stats1, a.u1, NULL, layer->gamma1, layer->beta1, n, d, c->eps);
    }
    linear(a.zf, pre ? a.z : a.h1, packed->w1, layer->b1, n, d, f, w->pack);
    activation_forward(a.hid, a.zf, (size_t)n * (size_t)f, c->activation);
    linear(a.ffn, a.hid, packed->w2, layer->b2, n, f, d, w->pack);
    if (pre) {
        add_rows(a.out, a.h1, a.ffn, nd);
    } else {
        add_rows(a.u2, a.h1, a.ffn, nd);
        layer_norm_forward(a.out, a.stats2, a.u2, NULL, layer->gamma2, layer->beta2, n, d, c->eps);
    }
}

/* The whole forward into w (logits into `logits` or the workspace's); tokens already checked. */
static void model_run_forward(model *m, model_work *w, float *logits, const model_trace *traces,
                              const int32_t *tokens) {
    const model_config *c = &m->config;
    const int32_t n = w->n, d = c->d_model;
    const model_tensors *param = &m->param;
    /* A scheme's fixed table (model.c fills it at init), else the learned one, else none. */
    const float *positions = m->sinusoid ? m->sinusoid : param->position;
    embed_forward(layer_input(m, w, 0), param->embedding, positions, tokens, w->batch, w->length, c->vocab, d);
    for (int32_t l = 0; l < c->layers; l++) layer_forward(m, w, traces ? traces + l : NULL, l);
    const float *top = layer_input(m, w, c->layers);
    if (param->gamma) {
        layer_norm_forward(w->yf, w->statsf, top, NULL, param->gamma, param->beta, n, d, c->eps);
        top = w->yf;
    }
    linear(logits ? logits : w->logits, top, m->pack.w_out, param->b_out, n, d, c->vocab, w->pack);
}

/* Checks a call's tokens (and targets) and lays out its workspace, before anything is written. */
static pf_status model_begin(model_work *w, const model *m, const int32_t *tokens, const int32_t *targets,
                             int check_targets, int32_t batch, int32_t length, int backward, float *work,
                             uint64_t work_floats) {
    pf_status status = model_check_call(m, batch, length);
    if (status != PF_OK) return status;
    if (!tokens || !work || (check_targets && !targets)) return PF_ERR_NULL;
    const int64_t n = (int64_t)batch * length;
    status = embed_check_tokens(tokens, n, m->config.vocab);   /* the one check of a call's tokens */
    if (status != PF_OK) return status;
    if (check_targets) {
        status = xent_check_targets(targets, (int32_t)n, m->config.vocab, NULL);
        if (status != PF_OK) return status;
    }
    if (model_work_layout(w, m, batch, length, backward, NULL) > work_floats) return PF_ERR_WORKSPACE;
    model_work_layout(w, m, batch, length, backward, work);
    return PF_OK;
}

pf_status model_forward(model *m, float *logits, const model_trace *traces, const int32_t *tokens,
                        int32_t batch, int32_t length, float *work, uint64_t work_floats) {
    model_work w;
    const pf_status status = model_begin(&w, m, tokens, NULL, 0, batch, length, 0, work, work_floats);
    if (status != PF_OK) return status;
    if (!logits) return PF_ERR_NULL;
    model_run_forward(m, &w, logits, traces, tokens);
    return PF_OK;
}

pf_status model_loss(model *m, double *loss, const int32_t *tokens, const int32_t *targets, int32_t batch,
                     int32_t length, float *work, uint64_t work_floats) {
    if (!loss) return PF_ERR_NULL;
    model_work w;
    const pf_status status = model_begin(&w, m, tokens, targets, 1, batch, length, 0, work, work_floats);
    if (status != PF_OK) return status;
    model_run_forward(m, &w, NULL, NULL, tokens);
    return xent_forward(loss, w.logits, targets, w.n, m->config.vocab);
}

/* ---- backward ----------------------------------------------------------------------------------- */

/* w->dx holds dloss/d(the output of layer l); leaves dloss/d(its input) there, the layer's gradients in m->grads. */
static void layer_backward(model *m, model_work *w, int32_t l) {
    const model_config *c = &m->config;
    const int32_t n = w->n, d = c->d_model, f = c->d_ff, t = w->length;
    const int pre = c->norm == BLOCK_PRE_NORM;
    const layer_arrays a = arrays_of(m, w, NULL, l);
    const model_layer_tensors *layer = &m->param.layer[l], *grads = &m->grad.layer[l];
    const model_layer_matrices *packed_t = &m->pack_t.layer[l];
    float *dx = w->dx;
    /* the second residual: dx is dloss/dffn and (through the residual) part of dloss/dh1 */
    if (!pre) layer_norm_backward(dx, grads->gamma2, grads->beta2, dx, a.u2, a.stats2, layer->gamma2, n, d, 0);
    weight_grad(grads->w2, grads->b2, a.hid, dx, n, f, d, w);
    input_grad(w->dh, dx, packed_t->w2, n, f, d, 0, w->pack);
    activation_backward(w->dh, w->dh, a.zf, (size_t)n * (size_t)f, c->activation);
    weight_grad(grads->w1, grads->b1, pre ? a.z : a.h1, w->dh, n, d, f, w);
    if (pre) {
        input_grad(w->dtmp, w->dh, packed_t->w1, n, d, f, 0, w->pack);
        layer_norm_backward(dx, grads->gamma2, grads->beta2, w->dtmp, a.h1, a.stats2, layer->gamma2, n, d, 1);
    } else {
        input_grad(dx, w->dh, packed_t->w1, n, d, f, 1, w->pack);
        layer_norm_backward(dx, grads->gamma1, grads->beta1, dx, a.u1, a.stats1, layer->gamma1, n, d, 0);
    }
    /* the first residual: dx is dloss/dattention and part of dloss/dx_in */
    weight_grad(grads->wo, grads->bo, a.o, dx, n, d, d, w);
    input_grad(w->dtmp, dx, packed_t->wo, n, d, d, 0, w->pack);
    const attn_config ac = attn_config_of(c);
    const uint64_t seq = (uint64_t)t * (uint64_t)d, seq_w = (uint64_t)c->heads * (uint64_t)t * (uint64_t)t;
    for (int32_t b = 0; b < w->batch; b++)
        attn_heads_backward(&ac, w->dq + b * seq, w->dk + b * seq, w->dv + b * seq, w->dtmp + b * seq,
                            a.q + b * seq, a.k + b * seq, a.v + b * seq, a.weights + b * seq_w, t, w->heads,
                            w->heads_floats);
    if (c->position == MODEL_ROPE) model_rotate(m, w, w->dq, w->dk, 1);
    const float *ain = pre ? a.a : a.in;
    weight_grad(grads->wq, grads->bq, ain, w->dq, n, d, d, w);
    weight_grad(grads->wk, grads->bk, ain, w->dk, n, d, d, w);
    weight_grad(grads->wv, grads->bv, ain, w->dv, n, d, d, w);
    float *da = pre ? w->dtmp : dx;
    input_grad(da, w->dq, packed_t->wq, n, d, d, !pre, w->pack);
    input_grad(da, w->dk, packed_t->wk, n, d, d, 1, w->pack);
    input_grad(da, w->dv, packed_t->wv, n, d, d, 1, w->pack);
    if (pre) layer_norm_backward(dx, grads->gamma1, grads->beta1, da, a.in, a.stats1, layer->gamma1, n, d, 1);
}

static void model_run_backward(model *m, model_work *w, const int32_t *tokens, const int32_t *targets, int summed) {
    const model_config *c = &m->config;
    const int32_t n = w->n, d = c->d_model, v = c->vocab;
    (summed ? xent_sum_backward : xent_backward)(w->dlogits, w->logits, targets, n, v);
    const model_tensors *param = &m->param, *grad = &m->grad;
    const float *top = param->gamma ? w->yf : layer_input(m, w, c->layers);
    weight_grad(grad->w_out, grad->b_out, top, w->dlogits, n, d, v, w);
    if (param->gamma) {
        input_grad(w->dtmp, w->dlogits, m->pack_t.w_out, n, d, v, 0, w->pack);
        layer_norm_backward(w->dx, grad->gamma, grad->beta, w->dtmp, layer_input(m, w, c->layers), w->statsf,
                            param->gamma, n, d, 0);
    } else {
        input_grad(w->dx, w->dlogits, m->pack_t.w_out, n, d, v, 0, w->pack);
    }
    for (int32_t l = c->layers - 1; l >= 0; l--) layer_backward(m, w, l);
    embed_backward(grad->embedding, grad->position, w->dx, tokens, w->batch, w->length, v, d);
    if (grad->position) {                             /* rows past T get no gradient */
        const uint64_t rows = (uint64_t)(c->max_length - w->length);
        memset(grad->position + (uint64_t)w->length * (uint64_t)d, 0, rows * (uint64_t)d * sizeof(float));
    }
}

/* The loss (the mean, or with summed = 1 the sum) and m->grads = its gradient. */
static pf_status gradients_of(model *m, double *loss, const int32_t *tokens, const int32_t *targets,
                              int32_t batch, int32_t length, float *work, uint64_t work_floats, int summed) {
    if (!loss) return PF_ERR_NULL;
    model_work w;
    const pf_status status = model_begin(&w, m, tokens, targets, 1, batch, length, 1, work, work_floats);
    if (status != PF_OK) return status;
    model_run_forward(m, &w, NULL, NULL, tokens);
    (summed ? xent_sum_forward : xent_forward)(loss, w.logits, targets, w.n, m->config.vocab);
    model_run_backward(m, &w, tokens, targets, summed);
    return PF_OK;
}

pf_status model_gradients(model *m, double *loss, const int32_t *tokens, const int32_t *targets,
                          int32_t batch, int32_t length, float *work, uint64_t work_floats) {
    return gradients_of(m, loss, tokens, targets, batch, length, work, work_floats, 0);
}

pf_status model_sum_gradients(model *m, double *loss_sum, const int32_t *tokens, const int32_t *targets,
                              int32_t batch, int32_t length, float *work, uint64_t work_floats) {
    return gradients_of(m, loss_sum, tokens, targets, batch, length, work, work_floats, 1);
}

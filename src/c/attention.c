/*
 * attention.c — multi-head scaled dot-product self-attention (Vaswani et al. 2017, section 3.2):
 *
 *     Q, K, V = a Wq + bq, a Wk + bk, a Wv + bv;   head h: columns h E .. h E + E - 1
 *     s[h][i][j] = Q_i . K_j / sqrt(E),   w[h][i] = softmax over the allowed j (j <= i when causal)
 *     out = concat_h(sum_j w[h][i][j] V_j) Wo + bo
 *
 * The four projections are the core's packed, register-blocked products (matmul.c), tokens in blocks
 * of ATTN_PROJ_BLOCK. Per head, K is packed transposed into the same panels so that the scores of a
 * block of query rows are one more such product (Q_h K_h^T); softmax and the weighted sum of V are
 * this file's own f32x4 loops.
 *
 * Bit-identical prefixes: every score, every softmax sum and every output element is accumulated in
 * a fixed order that depends on its own row only (dot products over E in order; softmax lanes by j
 * mod 4 over j < allowed; the weighted sum over j = 0, 1, ... allowed - 1), never on T or on how
 * rows are tiled. With causal, row i reads no score, weight or value of a token after i.
 *
 * Workspace of a forward (attn_workspace_floats), in order: q, k, v, o (T, D) each (q, k, v are
 * the trace's arrays when given), the packed K^T of one head (E, padded T), V of one head with rows
 * padded to whole 8-column chunks (T, E8), the scores of a block of ATTN_ROW_BLOCK query rows (when
 * not traced), zeros (the products' bias, padded T), the kernels' packed tiles.
 */
#include "attention.h"
#include "matmul.h"
#include "vec4.h"
#include "vec4_exp.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
    ATTN_PROJ_BLOCK = 128,  /* tokens per projection call, as the FFN's blocks */
    ATTN_ROW_BLOCK = 64,    /* query rows whose scores are computed at once (bounds the workspace) */
    ATTN_CHUNK = 8,         /* output columns of the weighted sum per pass: two f32x4 per row */
    ATTN_TILE = 4           /* query rows of the weighted sum that share each V load */
};

#if defined(__GNUC__)
#define ATTN_INLINE static inline __attribute__((always_inline))
#define ATTN_NOINLINE static __attribute__((noinline))
#else
#define ATTN_INLINE static inline
#define ATTN_NOINLINE static
#endif

static uint64_t chunked(int32_t n) { return ((uint64_t)n + ATTN_CHUNK - 1) / ATTN_CHUNK * ATTN_CHUNK; }

/* ---- the layer ------------------------------------------------------------------------------- */

pf_status attn_memory_floats(uint64_t *floats, int32_t d_model) {
    if (!floats) return PF_ERR_NULL;
    if (d_model < 1 || d_model > PF_BLOCK_MAX_DIM) return PF_ERR_D_MODEL;
    const uint64_t d = (uint64_t)d_model;
    *floats = 4 * (pf_round4(d * d) + mm_padded(d_model) + d * mm_padded(d_model));
    return PF_OK;
}

pf_status attn_init_within(attn_layer *layer, float *memory, int32_t d_model, int32_t heads,
                           int causal) {
    if (!layer) return PF_ERR_NULL;
    memset(layer, 0, sizeof *layer);
    if (!memory) return PF_ERR_NULL;
    if (d_model < 1 || d_model > PF_BLOCK_MAX_DIM) return PF_ERR_D_MODEL;
    if (heads < 1 || heads > d_model || d_model % heads != 0) return PF_ERR_HEADS;
    const size_t d = (size_t)d_model, n_w = (size_t)pf_round4(d * d), n_b = mm_padded(d_model);
    const size_t n_packed = d * mm_padded(d_model);
    layer->config = (attn_config){ d_model, heads, d_model / heads, causal != 0, 0 };
    float **w[4] = { &layer->weights.wq, &layer->weights.wk, &layer->weights.wv, &layer->weights.wo };
    float **b[4] = { &layer->weights.bq, &layer->weights.bk, &layer->weights.bv, &layer->weights.bo };
    float *at = memory;
    for (int m = 0; m < 4; m++, at += n_w) *w[m] = at;
    for (int m = 0; m < 4; m++, at += n_b) *b[m] = at;
    for (int m = 0; m < 4; m++, at += n_packed) layer->packed[m] = at;
    layer->memory = memory;
    return PF_OK;
}

static float *attn_matrix(const attn_layer *layer, int m) {
    float *const w[4] = { layer->weights.wq, layer->weights.wk, layer->weights.wv, layer->weights.wo };
    return w[m];
}
static float *attn_bias(const attn_layer *layer, int m) {
    float *const b[4] = { layer->weights.bq, layer->weights.bk, layer->weights.bv, layer->weights.bo };
    return b[m];
}

pf_status attn_set_weights(attn_layer *layer, const float *const w[4], const float *const b[4]) {
    if (!layer || !w) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    for (int m = 0; m < 4; m++) if (!w[m]) return PF_ERR_NULL;
    const int32_t d = layer->config.d_model;
    const size_t dd = (size_t)d * (size_t)d;
    for (int m = 0; m < 4; m++) {
        memcpy(attn_matrix(layer, m), w[m], dd * sizeof(float));
        if (b && b[m]) memcpy(attn_bias(layer, m), b[m], (size_t)d * sizeof(float));
        else memset(attn_bias(layer, m), 0, (size_t)d * sizeof(float));
        mm_pack(layer->packed[m], w[m], d, d);
    }
    return PF_OK;
}

pf_status attn_init_from_stream(attn_layer *layer, uint32_t *state, const float *const b[4]) {
    if (!layer || !state) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    const int32_t d = layer->config.d_model;
    const size_t dd = (size_t)d * (size_t)d;
    for (int m = 0; m < 4; m++) {                       /* wq, bq, wk, bk, wv, bv, wo, bo */
        mulberry32_fill_uniform(attn_matrix(layer, m), dd, d, state, NULL);
        mulberry32_fill_uniform(attn_bias(layer, m), (size_t)d, d, state, b ? b[m] : NULL);
        mm_pack(layer->packed[m], attn_matrix(layer, m), d, d);
    }
    return PF_OK;
}

/* ---- workspace ------------------------------------------------------------------------------- */

typedef struct {
    float *q, *k, *v, *o;       /* (T, D) */
    float *kt;                  /* (E, padded T) one head's K^T in panels */
    float *vh;                  /* (T, E8) one head's V, rows zero-padded to whole chunks */
    float *scores;              /* (ATTN_ROW_BLOCK, T) */
    float *zeros;               /* (padded T) */
    float *pack;                /* the kernels' packed tiles */
} attn_work;

/* The sizes of attn_work's arrays, in its order. */
static void attn_work_sizes(uint64_t n[9], const attn_config *c, int32_t tokens) {
    const uint64_t t = (uint64_t)tokens, d = (uint64_t)c->d_model;
    const int32_t widest = c->d_model;                  /* n_in of every product: D, or E <= D */
    n[0] = n[1] = n[2] = n[3] = pf_round4(t * d);
    n[4] = pf_round4((uint64_t)c->head_dim * mm_padded(tokens));
    n[5] = t * chunked(c->head_dim);
    n[6] = pf_round4((uint64_t)ATTN_ROW_BLOCK * t);
    n[7] = mm_padded(tokens);
    n[8] = pf_round4(mm_scratch_floats(ATTN_PROJ_BLOCK > ATTN_ROW_BLOCK ? ATTN_PROJ_BLOCK : ATTN_ROW_BLOCK, widest));
}

pf_status attn_workspace_floats(uint64_t *floats, const attn_layer *layer, int32_t tokens) {
    if (!floats || !layer) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    if (tokens < 0 || tokens > PF_BLOCK_MAX_TOKENS) return PF_ERR_LENGTH;
    uint64_t n[9], total = 0;
    if (tokens > 0) {
        attn_work_sizes(n, &layer->config, tokens);
        for (int i = 0; i < 9; i++) total += n[i];
    }
    *floats = total;
    return PF_OK;
}

static attn_work attn_work_at(float *work, const attn_config *c, int32_t tokens, const attn_trace *trace) {
    uint64_t n[9];
    attn_work_sizes(n, c, tokens);
    float *part[9];
    for (int i = 0; i < 9; i++) {
        part[i] = work;
        work += n[i];
    }
    attn_work w = { part[0], part[1], part[2], part[3], part[4], part[5], part[6], part[7], part[8] };
    if (trace && trace->q) w.q = trace->q;
    if (trace && trace->k) w.k = trace->k;
    if (trace && trace->v) w.v = trace->v;
    return w;
}

/* ---- kernels --------------------------------------------------------------------------------- */

/* out (T, D) = a (T, D) packed W + bias, in blocks of at most ATTN_PROJ_BLOCK tokens. */
static void attn_project(float *out, const float *a, const float *packed, const float *bias,
                         int32_t tokens, int32_t d, float *pack) {
    for (int32_t t0 = 0; t0 < tokens; t0 += ATTN_PROJ_BLOCK) {
        const int32_t rows = tokens - t0 < ATTN_PROJ_BLOCK ? tokens - t0 : ATTN_PROJ_BLOCK;
        mm_forward(out + (size_t)t0 * (size_t)d, (size_t)d, a + (size_t)t0 * (size_t)d, (size_t)d,
                   packed, bias, rows, d, d, 0, FFN_RELU, pack);
    }
}

/* kt = head h of K (T, D) transposed into panels: kt[p][e][c] = K[p*8 + c][h E + e], 0 past T. */
static void attn_pack_keys(float *kt, const float *k, int32_t tokens, int32_t d, int32_t e0, int32_t e_dim) {
    const size_t panels = mm_padded(tokens) / MM_PANEL;
    for (size_t p = 0; p < panels; p++) {
        float *dst = kt + p * (size_t)e_dim * MM_PANEL;
        for (int32_t c = 0; c < MM_PANEL; c++) {
            const size_t j = p * MM_PANEL + (size_t)c;
            const float *src = k + j * (size_t)d + (size_t)e0;
            for (int32_t e = 0; e < e_dim; e++) dst[(size_t)e * MM_PANEL + (size_t)c] = j < (size_t)tokens ? src[e] : 0.0f;
        }
    }
}

/* vh (T, E8) = head h of V (T, D), each row zero-padded to whole chunks. */
static void attn_pack_values(float *vh, const float *v, int32_t tokens, int32_t d, int32_t e0, int32_t e_dim) {
    const size_t e8 = chunked(e_dim);
    for (size_t j = 0; j < (size_t)tokens; j++) {
        float *dst = vh + j * e8;
        memcpy(dst, v + j * (size_t)d + (size_t)e0, (size_t)e_dim * sizeof(float));
        for (size_t e = (size_t)e_dim; e < e8; e++) dst[e] = 0.0f;
    }
}

/* Lanes 0 .. n - 1 of p, the others `fill` (kept out of line: the loops stay free of stack arrays). */
ATTN_NOINLINE f32x4 attn_load_part(const float *p, int32_t n, float fill) {
    float lanes[4] = { fill, fill, fill, fill };
    for (int32_t l = 0; l < n; l++) lanes[l] = p[l];
    return f4_load(lanes);
}
ATTN_NOINLINE void attn_store_part(float *p, f32x4 v, int32_t n) {
    float lanes[4];
    f4_store(lanes, v);
    for (int32_t l = 0; l < n; l++) p[l] = lanes[l];
}

/* The lanes of v combined in a fixed order: (v0 op v1) op (v2 op v3). */
static float attn_lane_sum(f32x4 v) {
    float l[4];
    f4_store(l, v);
    return (l[0] + l[1]) + (l[2] + l[3]);
}
/* The larger of a and b, NaN if either is (as f32x4.max). */
static float attn_max(float a, float b) { return a != a ? a : b != b ? b : a < b ? b : a; }
static float attn_lane_max(f32x4 v) {
    float l[4];
    f4_store(l, v);
    return attn_max(attn_max(l[0], l[1]), attn_max(l[2], l[3]));
}

/* ALiBi's bias of keys j .. j + 3 for query i: -slope |i - j| (exact distances, one product rounded). */
static f32x4 attn_alibi4(float slope, int32_t i, int32_t j) {
    const float d[4] = { (float)abs(i - j), (float)abs(i - j - 1), (float)abs(i - j - 2), (float)abs(i - j - 3) };
    return f4_mul(f4_splat(-slope), f4_load(d));
}

/*
 * One query row i: s (n) holds the raw dot products; they become the scaled scores (in place; with
 * slope != 0 plus ALiBi's bias -slope |i - j|), and w (n) the softmax over j < allowed (exp(s - max)
 * / sum, all f32x4; masked ones 0). w may be s. Lane l of each sum takes j = l mod 4, so the result
 * depends on allowed, never on n.
 */
static void attn_softmax_row(float *w, float *s, int32_t n, int32_t allowed, float scale, float slope, int32_t i) {
    const f32x4 sc = f4_splat(scale);
    f32x4 vmax = f4_splat(-INFINITY);
    int32_t j = 0;
    for (; j + 4 <= n; j += 4) {
        f32x4 v = f4_mul(f4_load(s + j), sc);
        if (slope != 0.0f) v = f4_add(v, attn_alibi4(slope, i, j));
        f4_store(s + j, v);
        if (j + 4 <= allowed) vmax = f4_max_nan(vmax, v);
        else if (j < allowed) vmax = f4_max_nan(vmax, attn_load_part(s + j, allowed - j, -INFINITY));
    }
    if (j < n) {
        f32x4 v = f4_mul(attn_load_part(s + j, n - j, 0.0f), sc);
        if (slope != 0.0f) v = f4_add(v, attn_alibi4(slope, i, j));
        attn_store_part(s + j, v, n - j);
        if (j < allowed) vmax = f4_max_nan(vmax, attn_load_part(s + j, allowed - j, -INFINITY));
    }
    const f32x4 m = f4_splat(attn_lane_max(vmax));
    f32x4 vsum = f4_splat(0.0f);
    for (j = 0; j + 4 <= allowed; j += 4) {
        const f32x4 e = f4_exp(f4_sub(f4_load(s + j), m));
        f4_store(w + j, e);
        vsum = f4_add(vsum, e);
    }
    if (j < allowed) {             /* padding lanes are -inf: exp gives 0, which adds nothing */
        const f32x4 e = f4_exp(f4_sub(attn_load_part(s + j, allowed - j, -INFINITY), m));
        attn_store_part(w + j, e, allowed - j);
        vsum = f4_add(vsum, e);
    }
    const f32x4 sum = f4_splat(attn_lane_sum(vsum));
    for (j = 0; j + 4 <= allowed; j += 4) f4_store(w + j, f4_div(f4_load(w + j), sum));
    if (j < allowed) attn_store_part(w + j, f4_div(attn_load_part(w + j, allowed - j, 0.0f), sum), allowed - j);
    for (j = allowed; j < n; j++) w[j] = 0.0f;
}

/*
 * The weighted sum for R query rows (R a constant after inlining): o[m] (cols) = sum over
 * j < allowed[m] of w[m][j] vh[j][c0 ..], j in order. All rows share j < common (each V load serves
 * R rows); each row then goes on alone to its own end. Every sum starts from +0, so adding the
 * exact zeros of padding columns changes no bit.
 */
ATTN_INLINE void attn_wsum_tile(float *o, size_t ld_o, const float *w, size_t ld_w, const float *vh,
                                size_t ld_v, int32_t cols, int32_t common, const int32_t *allowed,
                                const int R) {
    f32x4 acc[ATTN_TILE][2];
    for (int m = 0; m < R; m++) acc[m][0] = acc[m][1] = f4_splat(0.0f);
    const float *v = vh;
    for (int32_t j = 0; j < common; j++, v += ld_v) {
        const f32x4 v0 = f4_load(v), v1 = f4_load(v + 4);
        for (int m = 0; m < R; m++) {
            const f32x4 x = f4_load_splat(w + (size_t)m * ld_w + (size_t)j);
            acc[m][0] = f4_madd(acc[m][0], x, v0);
            acc[m][1] = f4_madd(acc[m][1], x, v1);
        }
    }
    for (int m = 0; m < R; m++) {
        const float *vm = vh + (size_t)common * ld_v;
        for (int32_t j = common; j < allowed[m]; j++, vm += ld_v) {
            const f32x4 x = f4_load_splat(w + (size_t)m * ld_w + (size_t)j);
            acc[m][0] = f4_madd(acc[m][0], x, f4_load(vm));
            acc[m][1] = f4_madd(acc[m][1], x, f4_load(vm + 4));
        }
        float *om = o + (size_t)m * ld_o;
        if (cols >= 4) {
            f4_store(om, acc[m][0]);
            if (cols == ATTN_CHUNK) f4_store(om + 4, acc[m][1]);
            else attn_store_part(om + 4, acc[m][1], cols - 4);
        } else {
            attn_store_part(om, acc[m][0], cols);
        }
    }
}

ATTN_NOINLINE void attn_wsum_4(float *o, size_t ld_o, const float *w, size_t ld_w, const float *vh,
                               size_t ld_v, int32_t cols, int32_t common, const int32_t *allowed) {
    attn_wsum_tile(o, ld_o, w, ld_w, vh, ld_v, cols, common, allowed, ATTN_TILE);
}
ATTN_NOINLINE void attn_wsum_1(float *o, size_t ld_o, const float *w, size_t ld_w, const float *vh,
                               size_t ld_v, int32_t cols, int32_t common, const int32_t *allowed) {
    attn_wsum_tile(o, ld_o, w, ld_w, vh, ld_v, cols, common, allowed, 1);
}

/* o (rows, E), row stride ld_o = w (rows, T) vh (T, E8) for query rows i0 .. i0 + rows - 1. */
static void attn_weighted_sum(float *o, size_t ld_o, const float *w, size_t ld_w, const float *vh,
                              int32_t e_dim, int32_t rows, int32_t i0, int32_t tokens, int causal) {
    const size_t ld_v = chunked(e_dim);
    for (int32_t r = 0; r < rows;) {
        const int32_t tile = rows - r >= ATTN_TILE ? ATTN_TILE : 1;
        int32_t allowed[ATTN_TILE];
        for (int m = 0; m < tile; m++) allowed[m] = causal ? i0 + r + m + 1 : tokens;
        const int32_t common = allowed[0];              /* the smallest */
        for (int32_t c = 0; c < e_dim; c += ATTN_CHUNK) {
            const int32_t cols = e_dim - c < ATTN_CHUNK ? e_dim - c : ATTN_CHUNK;
            float *oc = o + (size_t)r * ld_o + (size_t)c;
            const float *wr = w + (size_t)r * ld_w;
            if (tile == ATTN_TILE) attn_wsum_4(oc, ld_o, wr, ld_w, vh + c, ld_v, cols, common, allowed);
            else attn_wsum_1(oc, ld_o, wr, ld_w, vh + c, ld_v, cols, common, allowed);
        }
        r += tile;
    }
}

/* ---- forward --------------------------------------------------------------------------------- */

typedef struct {
    const attn_config *config;
    attn_work ws;
    int32_t tokens;
    float scale;                /* 1 / sqrt(E), rounded to float */
    float *trace_scores, *trace_weights;
} attn_call;

/* ALiBi's slope of head h: m_h = 2^(-8 (h + 1) / H), rounded to float; 0 without ALiBi. */
static float attn_slope(const attn_config *c, int32_t h) {
    return c->alibi ? (float)exp2(-8.0 * (double)(h + 1) / (double)c->heads) : 0.0f;
}

/* Checks a call and lays out its workspace. */
static pf_status attn_begin(attn_call *call, const attn_layer *layer, const attn_trace *trace,
                            const float *a, int32_t tokens, float *work, uint64_t work_floats) {
    if (!layer) return PF_ERR_NULL;
    if (!layer->memory) return PF_ERR_NOT_READY;
    if (tokens < 0 || tokens > PF_BLOCK_MAX_TOKENS) return PF_ERR_LENGTH;
    if (tokens == 0) return PF_OK;
    if (!a || !work) return PF_ERR_NULL;
    uint64_t need;
    attn_workspace_floats(&need, layer, tokens);
    if (work_floats < need) return PF_ERR_WORKSPACE;
    *call = (attn_call){ &layer->config, attn_work_at(work, &layer->config, tokens, trace), tokens,
                         (float)(1.0 / sqrt((double)layer->config.head_dim)),
                         trace ? trace->scores : NULL, trace ? trace->weights : NULL };
    return PF_OK;
}

static void attn_project_qkv(const attn_layer *l, const attn_call *call, const float *a) {
    const int32_t d = l->config.d_model;
    attn_project(call->ws.q, a, l->packed[0], l->weights.bq, call->tokens, d, call->ws.pack);
    attn_project(call->ws.k, a, l->packed[1], l->weights.bk, call->tokens, d, call->ws.pack);
    attn_project(call->ws.v, a, l->packed[2], l->weights.bv, call->tokens, d, call->ws.pack);
}

/* Where the scores and the weights of query rows i0 .. of head h go: the trace's, or the block's. */
static float *attn_scores_at(const attn_call *call, int32_t h, int32_t i0) {
    const size_t t = (size_t)call->tokens;
    return call->trace_scores ? call->trace_scores + ((size_t)h * t + (size_t)i0) * t : call->ws.scores;
}
static float *attn_weights_at(const attn_call *call, int32_t h, int32_t i0) {
    const size_t t = (size_t)call->tokens;
    return call->trace_weights ? call->trace_weights + ((size_t)h * t + (size_t)i0) * t : call->ws.scores;
}

/* Scores and softmax of query rows i0 .. i0 + rows - 1 of head h (its K^T packed in ws.kt). */
static void attn_scores_rows(const attn_call *call, int32_t h, int32_t i0, int32_t rows) {
    const attn_config *c = call->config;
    const int32_t t = call->tokens, d = c->d_model;
    const float slope = attn_slope(c, h);
    float *s = attn_scores_at(call, h, i0), *w = attn_weights_at(call, h, i0);
    /* Causal rows of this block see no key past its last row: skip those scores unless traced. */
    const int32_t keys = c->causal && !call->trace_scores && !call->trace_weights ? i0 + rows : t;
    mm_forward(s, (size_t)t, call->ws.q + (size_t)i0 * (size_t)d + (size_t)(h * c->head_dim), (size_t)d,
               call->ws.kt, call->ws.zeros, rows, c->head_dim, keys, 0, FFN_RELU, call->ws.pack);
    for (int32_t r = 0; r < rows; r++) {
        const int32_t allowed = c->causal ? i0 + r + 1 : t;
        attn_softmax_row(w + (size_t)r * (size_t)t, s + (size_t)r * (size_t)t, keys, allowed, call->scale, slope, i0 + r);
    }
}

/* O of query rows i0 .. i0 + rows - 1 of head h (its V packed in ws.vh) from their weights. */
static void attn_wsum_rows(const attn_call *call, int32_t h, int32_t i0, int32_t rows) {
    const attn_config *c = call->config;
    const int32_t d = c->d_model;
    attn_weighted_sum(call->ws.o + (size_t)i0 * (size_t)d + (size_t)(h * c->head_dim), (size_t)d,
                      attn_weights_at(call, h, i0), (size_t)call->tokens, call->ws.vh, c->head_dim, rows,
                      i0, call->tokens, c->causal);
}

static void attn_pack_head(const attn_call *call, int32_t h, int keys, int values) {
    const attn_config *c = call->config;
    if (keys) attn_pack_keys(call->ws.kt, call->ws.k, call->tokens, c->d_model, h * c->head_dim, c->head_dim);
    if (values) attn_pack_values(call->ws.vh, call->ws.v, call->tokens, c->d_model, h * c->head_dim, c->head_dim);
}

/* Scores, softmax and weighted sum of every head: ws.o from ws.q, ws.k, ws.v. */
static void attn_all_heads(const attn_call *call) {
    const int32_t tokens = call->tokens;
    memset(call->ws.zeros, 0, mm_padded(tokens) * sizeof(float));
    for (int32_t h = 0; h < call->config->heads; h++) {
        attn_pack_head(call, h, 1, 1);
        for (int32_t i0 = 0; i0 < tokens; i0 += ATTN_ROW_BLOCK) {   /* a block's scores stay in cache */
            const int32_t rows = tokens - i0 < ATTN_ROW_BLOCK ? tokens - i0 : ATTN_ROW_BLOCK;
            attn_scores_rows(call, h, i0, rows);
            attn_wsum_rows(call, h, i0, rows);
        }
    }
}

pf_status attn_forward(const attn_layer *layer, float *out, const attn_trace *trace, const float *a,
                       int32_t tokens, float *work, uint64_t work_floats) {
    attn_call call;
    const pf_status status = attn_begin(&call, layer, trace, a, tokens, work, work_floats);
    if (status != PF_OK || tokens == 0) return status;
    if (!out) return PF_ERR_NULL;
    attn_project_qkv(layer, &call, a);
    attn_all_heads(&call);
    attn_project(out, call.ws.o, layer->packed[3], layer->weights.bo, tokens, layer->config.d_model, call.ws.pack);
    return PF_OK;
}

#ifdef PF_BENCH   /* the bench's time split (attention.h) */
/* f for every head (its keys and/or values packed first) and every block of query rows. */
static void attn_each_block(const attn_call *call, int keys, int values,
                            void (*f)(const attn_call *, int32_t, int32_t, int32_t)) {
    for (int32_t h = 0; h < call->config->heads; h++) {
        attn_pack_head(call, h, keys, values);
        for (int32_t i0 = 0; i0 < call->tokens; i0 += ATTN_ROW_BLOCK)
            f(call, h, i0, call->tokens - i0 < ATTN_ROW_BLOCK ? call->tokens - i0 : ATTN_ROW_BLOCK);
    }
}

pf_status attn_forward_phase(const attn_layer *layer, attn_phase phase, float *out, const attn_trace *trace,
                             const float *a, int32_t tokens, float *work, uint64_t work_floats) {
    attn_call call;
    const pf_status status = attn_begin(&call, layer, trace, a, tokens, work, work_floats);
    if (status != PF_OK || tokens == 0) return status;
    if (!out || !call.trace_scores || !call.trace_weights) return PF_ERR_NULL;
    switch (phase) {
    case ATTN_PHASE_PROJECT_QKV: attn_project_qkv(layer, &call, a); return PF_OK;
    case ATTN_PHASE_SCORES:
        memset(call.ws.zeros, 0, mm_padded(tokens) * sizeof(float));
        attn_each_block(&call, 1, 0, attn_scores_rows);
        return PF_OK;
    case ATTN_PHASE_WEIGHTED_SUM:
        attn_each_block(&call, 0, 1, attn_wsum_rows);
        return PF_OK;
    case ATTN_PHASE_PROJECT_OUT:
        attn_project(out, call.ws.o, layer->packed[3], layer->weights.bo, tokens, layer->config.d_model, call.ws.pack);
        return PF_OK;
    }
    return PF_ERR_NULL;
}
#endif

/* ---- one sequence's heads, for callers that project Q, K, V themselves (the model) ------------ */

/* Floats of each part of a heads-only workspace, in order: forward kt, vh, scores, zeros, pack (as
   attn_work's); backward V_h^T in panels (E, padded T), dP and dS (T, T), one head's dO, K or Q in
   panels (T, padded E), the kernels' packed tiles. */
static void attn_heads_sizes(uint64_t n[5], const attn_config *c, int32_t tokens, int backward) {
    if (!backward) {
        uint64_t all[9];
        attn_work_sizes(all, c, tokens);
        for (int i = 0; i < 5; i++) n[i] = all[4 + i];
        return;
    }
    const uint64_t t = (uint64_t)tokens, e = (uint64_t)c->head_dim;
    n[0] = pf_round4(e * mm_padded(tokens));
    n[1] = pf_round4(t * t);
    n[2] = pf_round4(t * mm_padded(c->head_dim));
    n[3] = pf_round4(mm_scratch_floats(tokens, tokens > c->head_dim ? tokens : c->head_dim));
    n[4] = 0;
}

static pf_status attn_heads_check(const attn_config *c, int32_t tokens) {
    if (!c) return PF_ERR_NULL;
    if (c->d_model < 1 || c->d_model > PF_BLOCK_MAX_DIM) return PF_ERR_D_MODEL;
    if (c->heads < 1 || c->d_model % c->heads != 0 || c->head_dim != c->d_model / c->heads) return PF_ERR_HEADS;
    if (tokens < 0 || tokens > PF_BLOCK_MAX_TOKENS) return PF_ERR_LENGTH;
    return PF_OK;
}

pf_status attn_heads_workspace_floats(uint64_t *floats, const attn_config *config, int32_t tokens, int backward) {
    if (!floats) return PF_ERR_NULL;
    const pf_status status = attn_heads_check(config, tokens);
    if (status != PF_OK) return status;
    uint64_t n[5], total = 0;
    if (tokens > 0) {
        attn_heads_sizes(n, config, tokens, backward);
        for (int i = 0; i < 5; i++) total += n[i];
    }
    *floats = total;
    return PF_OK;
}

/* The parts of a heads-only workspace; NULL when it is too small. */
static float **attn_heads_parts(float *part[5], const attn_config *c, int32_t tokens, int backward,
                                float *work, uint64_t work_floats) {
    uint64_t n[5], total = 0;
    attn_heads_sizes(n, c, tokens, backward);
    for (int i = 0; i < 5; i++) {
        part[i] = work + total;
        total += n[i];
    }
    return total <= work_floats ? part : NULL;
}

pf_status attn_heads_forward(const attn_config *config, float *o, float *scores, float *weights,
                             const float *q, const float *k, const float *v, int32_t tokens, float *work,
                             uint64_t work_floats) {
    const pf_status status = attn_heads_check(config, tokens);
    if (status != PF_OK || tokens == 0) return status;
    if (!o || !q || !k || !v || !work) return PF_ERR_NULL;
    float *part[5];
    if (!attn_heads_parts(part, config, tokens, 0, work, work_floats)) return PF_ERR_WORKSPACE;
    /* q, k, v are only read: attn_work's fields are not const because attn_forward writes them. */
    const attn_call call = { config, { (float *)q, (float *)k, (float *)v, o, part[0], part[1], part[2], part[3], part[4] },
                             tokens, (float)(1.0 / sqrt((double)config->head_dim)), scores, weights };
    attn_all_heads(&call);
    return PF_OK;
}

/*
 * One row of the softmax's backward: ds (n) = scale p (dp - sum_j p dp) for j < allowed, 0 beyond.
 * ds may be dp. The sum's lanes take j mod 4, as the forward's.
 */
static void attn_softmax_row_backward(float *ds, const float *dp, const float *p, int32_t n, int32_t allowed,
                                      float scale) {
    f32x4 acc = f4_splat(0.0f);
    int32_t j = 0;
    for (; j + 4 <= allowed; j += 4) acc = f4_madd(acc, f4_load(p + j), f4_load(dp + j));
    if (j < allowed) acc = f4_madd(acc, attn_load_part(p + j, allowed - j, 0.0f), attn_load_part(dp + j, allowed - j, 0.0f));
    const f32x4 dot = f4_splat(attn_lane_sum(acc)), sc = f4_splat(scale);
    for (j = 0; j + 4 <= allowed; j += 4)
        f4_store(ds + j, f4_mul(sc, f4_mul(f4_load(p + j), f4_sub(f4_load(dp + j), dot))));
    if (j < allowed) {
        const f32x4 pj = attn_load_part(p + j, allowed - j, 0.0f), dpj = attn_load_part(dp + j, allowed - j, 0.0f);
        attn_store_part(ds + j, f4_mul(sc, f4_mul(pj, f4_sub(dpj, dot))), allowed - j);
    }
    for (j = allowed; j < n; j++) ds[j] = 0.0f;
}

/* out (T, E), row stride ld_out = x (T, T) (transposed: x^T) times the head's (T, E) in panels. */
static void attn_head_product(float *out, size_t ld_out, const float *x, int transposed, const float *packed,
                              int32_t tokens, int32_t e_dim, float *pack) {
    const mm_args a = { out, ld_out, x, (size_t)tokens, transposed, packed, NULL, MM_START_ZERO,
                        tokens, tokens, e_dim, 0, FFN_RELU, pack };
    mm_product(&a);
}

pf_status attn_heads_backward(const attn_config *config, float *dq, float *dk, float *dv, const float *d_o,
                              const float *q, const float *k, const float *v, const float *weights,
                              int32_t tokens, float *work, uint64_t work_floats) {
    const pf_status status = attn_heads_check(config, tokens);
    if (status != PF_OK || tokens == 0) return status;
    if (!dq || !dk || !dv || !d_o || !q || !k || !v || !weights || !work) return PF_ERR_NULL;
    float *part[5];
    if (!attn_heads_parts(part, config, tokens, 1, work, work_floats)) return PF_ERR_WORKSPACE;
    float *vt = part[0], *ds = part[1], *head = part[2], *pack = part[3];
    const int32_t t = tokens, d = config->d_model, e = config->head_dim;
    const float scale = (float)(1.0 / sqrt((double)e));
    for (int32_t h = 0; h < config->heads; h++) {
        const size_t e0 = (size_t)h * (size_t)e;
        const float *p = weights + (size_t)h * (size_t)t * (size_t)t;     /* (T, T) */
        /* dP = dO_h V_h^T, then dS = scale P (dP - rowsum(P dP)) in place */
        attn_pack_keys(vt, v, t, d, (int32_t)e0, e);
        const mm_args dp = { ds, (size_t)t, d_o + e0, (size_t)d, 0, vt, NULL, MM_START_ZERO, t, e, t, 0, FFN_RELU, pack };
        mm_product(&dp);
        for (int32_t i = 0; i < t; i++)
            attn_softmax_row_backward(ds + (size_t)i * (size_t)t, ds + (size_t)i * (size_t)t, p + (size_t)i * (size_t)t,
                                      t, config->causal ? i + 1 : t, scale);
        /* dV_h = P^T dO_h, dQ_h = dS K_h, dK_h = dS^T Q_h */
        mm_pack_strided(head, NULL, d_o + e0, (size_t)d, t, e);
        attn_head_product(dv + e0, (size_t)d, p, 1, head, t, e, pack);
        mm_pack_strided(head, NULL, k + e0, (size_t)d, t, e);
        attn_head_product(dq + e0, (size_t)d, ds, 0, head, t, e, pack);
        mm_pack_strided(head, NULL, q + e0, (size_t)d, t, e);
        attn_head_product(dk + e0, (size_t)d, ds, 1, head, t, e, pack);
    }
    return PF_OK;
}

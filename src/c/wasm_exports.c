/*
 * wasm_exports.c — the only file that knows it is compiled to WebAssembly: a flat ABI of int32,
 * double and pointer arguments for the JavaScript wrapper (src/js). Every export that can fail
 * returns a pf_status and writes its results through out-pointers (JS passes pf_out_slot()); the
 * list of exports, limits and statuses lives in pf_abi.h (see there how to add one).
 */
#define _DEFAULT_SOURCE 1   /* sbrk() */
#include "pe_ffn.h"
#include "matmul.h"   /* the bench build's pf_bench_kernel times the products alone */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* FNV-1a over the lists of pf_abi.h (but PF_BENCH_EXPORTS: the bench build is the release one plus
   those); src/js/abi.js holds the same hash, so init() can refuse a module built from other lists
   than the JavaScript it is loaded by. */
static uint32_t fnv_bytes(uint32_t h, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
    return h;
}
static uint32_t fnv_text(uint32_t h, const char *s) {
    while (*s) h = (h ^ (uint8_t)*s++) * 16777619u;
    return fnv_bytes(h, "\n", 1);
}
static uint32_t fnv_int(uint32_t h, int64_t v) {
    const uint8_t le[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    return fnv_bytes(h, (const char *)le, 4);
}
static uint32_t fnv_double(uint32_t h, double v) {   /* its 8 bytes as wasm stores them (little-endian) */
    return fnv_bytes(h, (const char *)&v, sizeof v);
}

uint32_t pf_abi_hash(void) {
    uint32_t h = 2166136261u;
#define PF_HASH_LIMIT(name, value) h = fnv_int(fnv_text(h, #name), value);
#define PF_HASH_NUMBER(name, value) h = fnv_double(fnv_text(h, #name), value);
#define PF_HASH_STATUS(name, code, kind, param, text) h = fnv_int(fnv_text(h, #name), code);
#define PF_HASH_EXPORT(name) h = fnv_text(h, #name);
#define PF_HASH_KIND(name, js_name) h = fnv_text(fnv_text(h, #name), js_name);
    PF_LIMITS(PF_HASH_LIMIT)
    PF_NUMBERS(PF_HASH_NUMBER)
    PF_STATUSES(PF_HASH_STATUS)
    PF_POSITIONS(PF_HASH_KIND)
    PF_ACTIVATIONS(PF_HASH_KIND)
    PF_NORMS(PF_HASH_KIND)
    PF_EXPORTS(PF_HASH_EXPORT)
#undef PF_HASH_LIMIT
#undef PF_HASH_NUMBER
#undef PF_HASH_STATUS
#undef PF_HASH_EXPORT
#undef PF_HASH_KIND
    return h;
}

/* Where exports write their results for JS: each instance has its own memory, so its own slot. */
static _Alignas(16) uint8_t out_slot[16];
void *pf_out_slot(void) { return out_slot; }

/* *ptr = 16-byte aligned memory for tensors and temporaries. */
int32_t pf_alloc(void **ptr, size_t bytes) {
    *ptr = aligned_alloc(16, bytes ? (bytes + 15u) & ~(size_t)15u : 16u);
    return *ptr ? PF_OK : PF_ERR_NO_MEMORY;
}
void pf_free(void *ptr) { free(ptr); }

/*
 * The kernels' workspaces of this instance (PE's and RoPE's; each instance has its own memory, so its
 * own statics). They keep constants between calls, so their memory must be memory no caller can write:
 * it comes from sbrk, never from malloc, so it has never been and never will be a tensor, and no view a
 * caller kept of a freed tensor reaches it (emmalloc shares sbrk with other code). Which constants it
 * holds is in the structs. Grown to the largest asked for so far, at least doubling: an outgrown block
 * stays claimed, so all of them together are at most twice the largest (~2.2 MiB for tables up to
 * d_model 4096). When sbrk cannot grow (the memory is full, though malloc may have room), a call gets
 * a workspace of its own from malloc, prepared afresh and freed after it: slower, never wrong.
 */
static pf_workspace pe_kept, rope_kept;

/*
 * The memory one call's workspace works in (*bytes long): the kept block `kept`, or a new one from sbrk
 * when `need` exceeds kept_bytes (the caller then makes its kept workspace anew on it), or, when sbrk
 * cannot grow, a block of the call's own from malloc (*own; the caller frees it after the call).
 * NULL when there is none (or none is needed: a call of length 0 before any other).
 */
static void *call_memory(void *kept, size_t kept_bytes, size_t need, size_t *bytes, void **own) {
    *own = NULL;
    *bytes = kept_bytes;
    if (need <= kept_bytes) return kept;
    const size_t grown = ((need > 2 * kept_bytes ? need : 2 * kept_bytes) + 15) & ~(size_t)15;
    void *claimed = sbrk((intptr_t)grown);
    if (claimed != (void *)-1) {
        *bytes = grown;
        return claimed;
    }
    *bytes = need;
    return *own = malloc(need);
}

/* The workspace one call uses, big enough for `need` bytes: `kept` (made anew when its memory grew) or,
   on memory of the call's own (*own), `alone`; NULL when there is none. */
static pf_workspace *workspace_for(pf_workspace *kept, pf_workspace *alone, size_t need, void **own) {
    size_t bytes;
    void *memory = call_memory(kept->memory, kept->bytes, need, &bytes, own);
    if (!memory && need) return NULL;
    pf_workspace *w = *own ? alone : kept;
    if (*own || memory != kept->memory) pf_workspace_init(w, memory, bytes);
    return w;
}

static int32_t pe_call(int add, float *x, int32_t length, int32_t d_model, double base, int32_t offset,
                       int32_t layout) {
    pf_workspace alone;
    void *own;
    pf_workspace *w = workspace_for(&pe_kept, &alone, length > 0 ? pe_workspace_bytes(d_model) : 0, &own);
    if (!w) return PF_ERR_NO_MEMORY;
    const pf_status status = add ? pe_add(w, x, length, d_model, base, offset, (pe_layout)layout)
                                 : pe_fill(w, x, length, d_model, base, offset, (pe_layout)layout);
    free(own);
    return (int32_t)status;
}

int32_t pf_pe_fill(float *out, int32_t length, int32_t d_model, double base, int32_t offset,
                   int32_t layout) {
    return pe_call(0, out, length, d_model, base, offset, layout);
}

int32_t pf_pe_add(float *x, int32_t length, int32_t d_model, double base, int32_t offset,
                  int32_t layout) {
    return pe_call(1, x, length, d_model, base, offset, layout);
}

/* *chunk = pe_chunk_rows(position, rows), for rows >= 1. */
int32_t pf_pe_chunk_rows(int32_t *chunk, int32_t position, int32_t rows) {
    if (rows < 1 || rows > PF_MAX_LENGTH) return PF_ERR_LENGTH;
    if (position < 0) return PF_ERR_POSITION;
    *chunk = pe_chunk_rows(position, rows);
    return PF_OK;
}

/* *value = one PE entry in double precision. */
int32_t pf_pe_value(double *value, int32_t position, int32_t j, int32_t d_model, double base,
                    int32_t layout) {
    return (int32_t)pe_entry(value, position, j, d_model, base, (pe_layout)layout);
}

/* *bytes = the size of a layer's allocation (a double: exact, and it may exceed 2^32). */
int32_t pf_ffn_bytes(double *bytes, int32_t d_model, int32_t d_ff) {
    uint64_t n;
    const pf_status status = ffn_memory_bytes(&n, d_model, d_ff);
    if (status == PF_OK) *bytes = (double)n;
    return (int32_t)status;
}

/* *layer = a new layer on the heap; unchanged on failure. */
int32_t pf_ffn_new(ffn_layer **layer, int32_t d_model, int32_t d_ff, int32_t activation) {
    ffn_layer *created = malloc(sizeof *created);
    const pf_status status = created ? ffn_init(created, d_model, d_ff, (ffn_activation)activation) : PF_ERR_NO_MEMORY;
    if (status == PF_OK) *layer = created;
    else free(created);
    return (int32_t)status;
}

void pf_ffn_delete(ffn_layer *layer) {   /* ffn_free and free take NULL */
    ffn_free(layer);
    free(layer);
}

int32_t pf_ffn_set_weights(ffn_layer *layer, const float *w1, const float *b1, const float *w2,
                           const float *b2) {
    return (int32_t)ffn_set_weights(layer, w1, b1, w2, b2);
}

int32_t pf_ffn_init_seeded(ffn_layer *layer, uint32_t seed, const float *b1, const float *b2) {
    return (int32_t)ffn_init_seeded(layer, seed, b1, b2);
}

/* hidden and z are 0 when not wanted. */
int32_t pf_ffn_forward(ffn_layer *layer, float *out, float *hidden, float *z, const float *x,
                       int32_t tokens) {
    return (int32_t)ffn_forward_with_pre(layer, out, hidden, z, x, tokens);
}

int32_t pf_layer_norm(float *out, const float *x, const float *gamma, const float *beta, int32_t rows,
                      int32_t d_model, double eps) {
    return (int32_t)layer_norm(out, x, NULL, gamma, beta, rows, d_model, eps);
}

static block_config block_config_of(int32_t d_model, int32_t heads, int32_t d_ff, int32_t activation,
                                    int32_t norm, int32_t causal, double eps) {
    return (block_config){ d_model, heads, d_ff, (ffn_activation)activation, (block_norm)norm, causal, eps };
}

/* *bytes = the size of an encoder block's one allocation (a double: exact, and it may exceed 2^32). */
int32_t pf_block_bytes(double *bytes, int32_t d_model, int32_t heads, int32_t d_ff, int32_t activation,
                       int32_t norm, int32_t causal, double eps) {
    const block_config config = block_config_of(d_model, heads, d_ff, activation, norm, causal, eps);
    uint64_t n;
    const pf_status status = block_memory_bytes(&n, &config);
    if (status == PF_OK) *bytes = (double)n;
    return (int32_t)status;
}

/* *layer = a new encoder block on the heap; unchanged on failure. */
int32_t pf_block_new(block_layer **layer, int32_t d_model, int32_t heads, int32_t d_ff, int32_t activation,
                     int32_t norm, int32_t causal, double eps) {
    const block_config config = block_config_of(d_model, heads, d_ff, activation, norm, causal, eps);
    block_layer *created = malloc(sizeof *created);
    const pf_status status = created ? block_init(created, &config) : PF_ERR_NO_MEMORY;
    if (status == PF_OK) *layer = created;
    else free(created);
    return (int32_t)status;
}

void pf_block_delete(block_layer *layer) {   /* block_free and free take NULL */
    block_free(layer);
    free(layer);
}

/* Weights in the order of block_params (0 for one not given); with seeded, the matrices are drawn
   from `seed` and only the biases, gammas and betas given are read. */
int32_t pf_block_load(block_layer *layer, int32_t seeded, uint32_t seed, const float *wq, const float *bq,
                      const float *wk, const float *bk, const float *wv, const float *bv, const float *wo,
                      const float *bo, const float *w1, const float *b1, const float *w2, const float *b2,
                      const float *gamma1, const float *beta1, const float *gamma2, const float *beta2) {
    const block_params p = { wq, bq, wk, bk, wv, bv, wo, bo, w1, b1, w2, b2, gamma1, beta1, gamma2, beta2 };
    return (int32_t)(seeded ? block_init_seeded(layer, seed, &p) : block_set_weights(layer, &p));
}

/* *floats = the workspace of a forward of `tokens` tokens (a double: exact). */
int32_t pf_block_workspace_floats(double *floats, const block_layer *layer, int32_t tokens) {
    uint64_t n;
    const pf_status status = block_workspace_floats(&n, layer, tokens);
    if (status == PF_OK) *floats = (double)n;
    return (int32_t)status;
}

/* The trace arrays are 0 when not wanted. */
int32_t pf_block_forward(block_layer *layer, float *out, const float *x, int32_t tokens, float *work,
                         double work_floats, float *q, float *k, float *v, float *scores, float *weights,
                         float *attention, float *h1, float *hidden, float *ffn) {
    const block_trace trace = { q, k, v, scores, weights, attention, h1, hidden, ffn };
    return (int32_t)block_forward(layer, out, &trace, x, tokens, work, (uint64_t)work_floats);
}

#ifdef PF_BENCH
/* One part of a forward alone (block_forward_phase; every trace array required): the bench's time split,
   in the bench build only (PF_BENCH_EXPORTS of pf_abi.h). */
int32_t pf_block_forward_phase(block_layer *layer, int32_t phase, float *out, const float *x, int32_t tokens,
                               float *work, double work_floats, float *q, float *k, float *v, float *scores,
                               float *weights, float *attention, float *h1, float *hidden, float *ffn) {
    const block_trace trace = { q, k, v, scores, weights, attention, h1, hidden, ffn };
    return (int32_t)block_forward_phase(layer, (block_phase)phase, out, &trace, x, tokens, work, (uint64_t)work_floats);
}

/*
 * One kernel of a training step alone, `reps` times, on arrays carved from `memory` (`floats` floats,
 * filled by the caller with finite values): the bench's per-kernel profile (tests/bench/profile-bench.js).
 * kind and the sizes a, b, c, d:
 *   0 product x W + b:        rows a, k b, n c            1 input gradient dY W^T: rows a, k b, n c
 *   2 weight gradient X^T dY (with dY's column sums): rows a, k b, n c
 *   3 attention heads forward, 4 backward: batch a, T b, d_model c, heads d (softmax inside)
 *   5 layer norm forward, 6 backward: rows a, d b        7 AdamW update: n a
 *   8 cross-entropy forward + backward (the output's softmax): rows a, vocab b
 *   9 ReLU forward, 10 its backward: n a
 * Returns PF_ERR_NO_MEMORY when the arrays do not fit in `floats`.
 */
int32_t pf_bench_kernel(int32_t kind, int32_t a, int32_t b, int32_t c, int32_t d, float *memory, double floats,
                        int32_t reps) {
    uint64_t used = 0;
#define CARVE(n) (used += pf_round4((uint64_t)(n)), memory + used - pf_round4((uint64_t)(n)))
    float *out = NULL;
    if (kind <= 2) {
        const int32_t rows = a, k = b, n = c;
        float *x = CARVE((uint64_t)rows * (uint64_t)(k > n ? k : n)), *y = CARVE((uint64_t)rows * (uint64_t)(k > n ? k : n));
        float *w = CARVE((uint64_t)(k > rows ? k : rows) * mm_padded(k > n ? k : n)), *bias = CARVE(mm_padded(n));
        const int32_t widest = k > n ? (k > rows ? k : rows) : (n > rows ? n : rows);
        float *scratch = CARVE(mm_scratch_floats(widest, widest)), *dw = CARVE((uint64_t)k * (uint64_t)n);
        if (used > (uint64_t)floats) return PF_ERR_NO_MEMORY;
        for (int32_t r = 0; r < reps; r++) {
            if (kind == 0) {
                const mm_args m = { y, (size_t)n, x, (size_t)k, 0, w, bias, MM_START_BIAS, rows, k, n, 0, FFN_RELU, scratch };
                mm_product(&m);
            } else if (kind == 1) {
                const mm_args m = { x, (size_t)k, y, (size_t)n, 0, w, NULL, MM_START_ZERO, rows, n, k, 0, FFN_RELU, scratch };
                mm_product(&m);
            } else {
                mm_pack_strided(w, bias, y, (size_t)n, rows, n);
                const mm_args m = { dw, (size_t)n, x, (size_t)k, 1, w, NULL, MM_START_ZERO, k, rows, n, 0, FFN_RELU, scratch };
                mm_product(&m);
            }
        }
        return PF_OK;
    }
    if (kind == 3 || kind == 4) {
        const int32_t batch = a, t = b, dm = c, heads = d;
        if (heads < 1 || dm % heads) return PF_ERR_HEADS;
        const attn_config ac = { dm, heads, dm / heads, 0, 0 };
        uint64_t wf;
        const pf_status status = attn_heads_workspace_floats(&wf, &ac, t, kind == 4);
        if (status != PF_OK) return status;
        const uint64_t seq = (uint64_t)t * (uint64_t)dm, seq_w = (uint64_t)heads * (uint64_t)t * (uint64_t)t;
        float *q = CARVE(batch * seq), *k = CARVE(batch * seq), *v = CARVE(batch * seq), *o = CARVE(batch * seq);
        float *dq = CARVE(batch * seq), *dk = CARVE(batch * seq), *dv = CARVE(batch * seq);
        float *scores = CARVE(batch * seq_w), *weights = CARVE(batch * seq_w), *work = CARVE(wf);
        if (used > (uint64_t)floats) return PF_ERR_NO_MEMORY;
        for (int32_t r = 0; r < reps; r++)
            for (int32_t s = 0; s < batch; s++) {
                if (kind == 3)
                    attn_heads_forward(&ac, o + s * seq, scores + s * seq_w, weights + s * seq_w, q + s * seq, k + s * seq,
                                       v + s * seq, t, work, wf);
                else
                    attn_heads_backward(&ac, dq + s * seq, dk + s * seq, dv + s * seq, o + s * seq, q + s * seq, k + s * seq,
                                        v + s * seq, weights + s * seq_w, t, work, wf);
            }
        return PF_OK;
    }
    if (kind == 5 || kind == 6) {
        const int32_t rows = a, dm = b;
        float *x = CARVE((uint64_t)rows * dm), *y = CARVE((uint64_t)rows * dm), *g = CARVE(dm), *be = CARVE(dm);
        double *stats = (double *)CARVE(4 * (uint64_t)rows);
        if (used > (uint64_t)floats) return PF_ERR_NO_MEMORY;
        for (int32_t r = 0; r < reps; r++) {
            if (kind == 5) layer_norm_forward(y, stats, x, NULL, g, be, rows, dm, 1e-5);
            else layer_norm_backward(y, g, be, y, x, stats, g, rows, dm, 0);
        }
        return PF_OK;
    }
    if (kind == 7) {
        float *p = CARVE(a), *m = CARVE(a), *v = CARVE(a), *g = CARVE(a);
        if (used > (uint64_t)floats) return PF_ERR_NO_MEMORY;
        const adamw_options o = { 1e-3, 0.9, 0.999, 1e-8, 0.01, 0 };
        for (int32_t i = 0; i < a; i++) v[i] = v[i] < 0 ? -v[i] : v[i];
        for (int32_t r = 0; r < reps; r++) adamw_update(p, m, v, g, (size_t)a, &o, 1);
        return PF_OK;
    }
    if (kind == 8) {
        const int32_t rows = a, vocab = b;
        float *logits = CARVE((uint64_t)rows * vocab);
        out = CARVE((uint64_t)rows * vocab);
        int32_t *targets = (int32_t *)CARVE(rows);
        if (used > (uint64_t)floats) return PF_ERR_NO_MEMORY;
        for (int32_t i = 0; i < rows; i++) targets[i] = i % vocab;
        double loss;
        for (int32_t r = 0; r < reps; r++) {
            xent_forward(&loss, logits, targets, rows, vocab);
            xent_backward(out, logits, targets, rows, vocab);
        }
        return PF_OK;
    }
    if (kind == 9 || kind == 10) {
        float *z = CARVE(a), *h = CARVE(a);
        if (used > (uint64_t)floats) return PF_ERR_NO_MEMORY;
        for (int32_t r = 0; r < reps; r++) {
            if (kind == 9) activation_forward(h, z, (size_t)a, FFN_RELU);
            else activation_backward(h, h, z, (size_t)a, FFN_RELU);
        }
        return PF_OK;
    }
#undef CARVE
    return PF_ERR_LENGTH;
}
#endif

/* out = x rotated (out == x: in place), with the instance's RoPE workspace (see call_memory). */
int32_t pf_rope_apply(float *out, const float *x, int32_t length, int32_t d_model, int32_t head_dim,
                      double base, int32_t offset, int32_t layout) {
    pf_workspace alone;
    void *own;
    pf_workspace *w = workspace_for(&rope_kept, &alone, length > 0 ? rope_workspace_bytes(head_dim) : 0, &own);
    if (!w) return PF_ERR_NO_MEMORY;
    const pf_status status = rope_forward(w, out, x, length, d_model, head_dim, base, offset, (rope_layout)layout);
    free(own);
    return (int32_t)status;
}

/* *theta = one RoPE angle in double precision. */
int32_t pf_rope_angle(double *theta, int32_t position, int32_t pair, int32_t head_dim, double base) {
    return (int32_t)rope_angle(theta, position, pair, head_dim, base);
}

/* ---- the trainable Transformer (model.h) -------------------------------------------------------- */

static model_config model_config_of(int32_t vocab, int32_t d_model, int32_t heads, int32_t d_ff, int32_t layers,
                                    int32_t max_length, int32_t position, int32_t causal, int32_t norm,
                                    int32_t activation, double eps) {
    return (model_config){ vocab, d_model, heads, d_ff, layers, max_length, (model_position)position, causal,
                           (block_norm)norm, (ffn_activation)activation, eps };
}

/* *bytes = the size of a model's one allocation (a double: exact, and it may exceed 2^32). */
int32_t pf_model_bytes(double *bytes, int32_t vocab, int32_t d_model, int32_t heads, int32_t d_ff, int32_t layers,
                       int32_t max_length, int32_t position, int32_t causal, int32_t norm, int32_t activation, double eps) {
    const model_config c = model_config_of(vocab, d_model, heads, d_ff, layers, max_length, position, causal, norm, activation, eps);
    uint64_t n;
    const pf_status status = model_memory_bytes(&n, &c);
    if (status == PF_OK) *bytes = (double)n;
    return (int32_t)status;
}

/* *created = a new model on the heap, seeded with `seed`; unchanged on failure. */
int32_t pf_model_new(model **created, int32_t vocab, int32_t d_model, int32_t heads, int32_t d_ff, int32_t layers,
                     int32_t max_length, int32_t position, int32_t causal, int32_t norm, int32_t activation, double eps,
                     uint32_t seed) {
    const model_config c = model_config_of(vocab, d_model, heads, d_ff, layers, max_length, position, causal, norm, activation, eps);
    model *m = malloc(sizeof *m);
    if (!m) return PF_ERR_NO_MEMORY;
    pf_status status = model_init(m, &c);
    if (status == PF_OK) status = model_init_seeded(m, seed);
    if (status != PF_OK) {
        model_free(m);
        free(m);
        return (int32_t)status;
    }
    *created = m;
    return PF_OK;
}

void pf_model_delete(model *m) {
    if (!m) return;
    model_free(m);
    free(m);
}

/* out: { double offset; int32 rows; int32 cols } of parameter array `index`. */
int32_t pf_model_tensor(void *out, const model *m, int32_t index) {
    model_tensor t;
    const pf_status status = model_tensor_at(&t, m, index);
    if (status != PF_OK) return (int32_t)status;
    const double offset = (double)t.offset;
    memcpy(out, &offset, sizeof offset);
    memcpy((char *)out + 8, &t.rows, 4);
    memcpy((char *)out + 12, &t.cols, 4);
    return PF_OK;
}

/* The model's parameters and gradients (param_count floats each, the contract's order). */
float *pf_model_params(const model *m) { return m ? m->params : NULL; }
float *pf_model_grads(const model *m) { return m ? m->grads : NULL; }

int32_t pf_model_set_tensor(model *m, int32_t index, const float *values) {
    return (int32_t)model_set_tensor(m, index, values);
}

/* Re-packs every matrix after the parameters were written through pf_model_params (a loaded file). */
int32_t pf_model_params_changed(model *m) { return (int32_t)model_pack_all(m); }

/* *floats = the workspace of a call (a double: exact). */
int32_t pf_model_workspace_floats(double *floats, const model *m, int32_t batch, int32_t length, int32_t backward) {
    uint64_t n;
    const pf_status status = model_workspace_floats(&n, m, batch, length, backward);
    if (status == PF_OK) *floats = (double)n;
    return (int32_t)status;
}

/* traces: 0, or layers block_traces (nine pointers each, 0 for an array not wanted). */
int32_t pf_model_forward(model *m, float *logits, const model_trace *traces, const int32_t *tokens, int32_t batch,
                         int32_t length, float *work, double work_floats) {
    return (int32_t)model_forward(m, logits, traces, tokens, batch, length, work, (uint64_t)work_floats);
}

int32_t pf_model_loss(double *loss, model *m, const int32_t *tokens, const int32_t *targets, int32_t batch,
                      int32_t length, float *work, double work_floats) {
    return (int32_t)model_loss(m, loss, tokens, targets, batch, length, work, (uint64_t)work_floats);
}

int32_t pf_model_gradients(double *loss, model *m, const int32_t *tokens, const int32_t *targets, int32_t batch,
                           int32_t length, float *work, double work_floats) {
    return (int32_t)model_gradients(m, loss, tokens, targets, batch, length, work, (uint64_t)work_floats);
}

/* *loss_sum and m->grads: the summed loss of one group of sequences and its gradient (a parallel
   trainer's worker). */
int32_t pf_model_sum_gradients(double *loss_sum, model *m, const int32_t *tokens, const int32_t *targets, int32_t batch,
                               int32_t length, float *work, double work_floats) {
    return (int32_t)model_sum_gradients(m, loss_sum, tokens, targets, batch, length, work, (uint64_t)work_floats);
}

/* *created = a new trainer of m on the heap (clip_norm 0: none); unchanged on failure. */
int32_t pf_trainer_new(trainer **created, const model *m, double lr, double beta1, double beta2, double eps,
                       double weight_decay, double clip_norm) {
    trainer *t = malloc(sizeof *t);
    if (!t) return PF_ERR_NO_MEMORY;
    const adamw_options o = { lr, beta1, beta2, eps, weight_decay, clip_norm };
    const pf_status status = trainer_init(t, m, &o);
    if (status != PF_OK) {
        free(t);
        return (int32_t)status;
    }
    *created = t;
    return PF_OK;
}

void pf_trainer_delete(trainer *t) {
    if (!t) return;
    trainer_free(t);
    free(t);
}

int32_t pf_trainer_set_lr(trainer *t, double lr) { return (int32_t)trainer_set_lr(t, lr); }

int32_t pf_trainer_step(double *loss, trainer *t, model *m, const int32_t *tokens, const int32_t *targets,
                        int32_t batch, int32_t length, float *work, double work_floats) {
    return (int32_t)trainer_step(t, m, loss, tokens, targets, batch, length, work, (uint64_t)work_floats);
}

/* Clip and AdamW on the gradients already in m's grads (a parallel trainer's combined ones). */
int32_t pf_trainer_apply(trainer *t, model *m) { return (int32_t)trainer_apply(t, m); }

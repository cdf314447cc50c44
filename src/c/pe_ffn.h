/*
 * pe_ffn.h — the public C API of the pe-ffn-wasm core: sinusoidal positional encoding (PE) and the
 * position-wise feed-forward network (FFN) of the Transformer, in plain C99 with no platform code.
 *
 * How to use it:
 *
 *     pe_workspace ws;                                         // the PE kernels' memory, the caller's
 *     void *memory = malloc(pe_workspace_bytes(64));           // enough for any table up to d_model 64
 *     pe_workspace_init(&ws, memory, pe_workspace_bytes(64));
 *     float table[50 * 64];                                    // (length, d_model)
 *     pe_fill(&ws, table, 50, 64, 10000.0, 0, PE_INTERLEAVED);
 *     free(memory);
 *
 *     ffn_layer layer;
 *     ffn_init(&layer, 64, 256, FFN_RELU);                     // owns its weights, created once
 *     ffn_init_seeded(&layer, 42, NULL, NULL);                 // or ffn_set_weights(...)
 *     ffn_forward(&layer, y, NULL, x, tokens);                 // y, x: (tokens, d_model)
 *     ffn_free(&layer);                                        // safe to call twice
 *
 * Every function returns a pf_status (pf_status_name() names it) and never aborts. Callers own every
 * buffer they pass, PE's workspace included; kernels never allocate. Only ffn_init and
 * ffn_init_seeded allocate (with malloc). There is no global state: calls on different workspaces
 * and layers may run at the same time.
 *
 * Dimension legend: T = length (positions) or tokens, D = d_model, F = d_ff, H = ceil(D / 2) frequencies.
 */
#ifndef PE_FFN_H
#define PE_FFN_H

#include <stddef.h>
#include <stdint.h>
#include "pf_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes and limits come from the lists in pf_abi.h, which JavaScript shares. */
#define PF_STATUS_ENUM(name, code, kind, param, text) name = code,
typedef enum { PF_STATUSES(PF_STATUS_ENUM) PF_STATUS_COUNT } pf_status;
#undef PF_STATUS_ENUM

/* A short lowercase name for a status ("ok", "d_model out of range", ...); never NULL. */
const char *pf_status_name(pf_status status);

#define PF_LIMIT_ENUM(name, value) name = value,
enum { PF_LIMITS(PF_LIMIT_ENUM) };
#undef PF_LIMIT_ENUM

/* ----------------------------------------------------------------------------------------------
 * Positional encoding. For position p = t + offset, column j, k = floor(j / 2):
 *   angle = p / base^(2k / D);  even j holds sin(angle), odd j holds cos(angle)  (PE_INTERLEAVED)
 * PE_CONCAT keeps the frequencies but puts the H sines first, then the D - H cosines.
 * Values are computed in double precision and rounded once to float.
 */
typedef enum { PE_INTERLEAVED = 0, PE_CONCAT = 1 } pe_layout;

/*
 * The PE kernels' working memory, owned by the caller: the frequencies' constants, a float table of
 * cos and sin of r w for the 64 rows of a block, and the anchors' state. It keeps the constants of
 * the last (d_model, base) and the anchor where the last call ended, so that a table filled in
 * consecutive calls (as the JS wrapper does) does not recompute them; what it keeps is exactly
 * what a fresh workspace would compute, so results never depend on a workspace's history. One workspace serves one call at a time; the fields are the kernels' (do not change them).
 */
typedef struct {
    void *memory;               /* the caller's, any alignment */
    size_t bytes;
    int32_t d_model;            /* the (d_model, base) whose constants memory holds; 0: none */
    double base;
    int64_t anchor;             /* position of the anchor state memory holds; -1: none */
} pe_workspace;

/* Bytes of memory a workspace needs for tables of d_model columns: ~280 per column (~1.1 MiB at
   d_model 4096, ~18 MiB at 65,536); 0 when d_model is outside 1 .. PF_MAX_DIM. */
size_t pe_workspace_bytes(int32_t d_model);

/* Makes `memory` (bytes long) an empty workspace; memory may be NULL with bytes 0 (it then serves
   only calls of length 0). */
pf_status pe_workspace_init(pe_workspace *workspace, void *memory, size_t bytes);

/* out (T, D) = PE(offset .. offset + T - 1). A workspace smaller than pe_workspace_bytes(D) gives
   PF_ERR_NO_MEMORY. */
pf_status pe_fill(pe_workspace *workspace, float *out, int32_t length, int32_t d_model, double base,
                  int32_t offset, pe_layout layout);

/* x (T, D) += PE(offset .. offset + T - 1), in place */
pf_status pe_add(pe_workspace *workspace, float *x, int32_t length, int32_t d_model, double base,
                 int32_t offset, pe_layout layout);

/*
 * For callers that fill a long table in several calls (the results are the same for any split): how
 * many of the next `rows` rows, from `position`, to give one call so that it ends where one of the
 * kernel's blocks of rows ends; whole blocks are the fastest path. `rows` itself when those rows
 * hold no block end. Always in 1 .. rows for rows >= 1.
 */
int32_t pe_chunk_rows(int32_t position, int32_t rows);

/* *value = one entry PE(position, j) in double precision */
pf_status pe_entry(double *value, int32_t position, int32_t j, int32_t d_model, double base,
                   pe_layout layout);

/* ----------------------------------------------------------------------------------------------
 * Position-wise FFN: y = act(x W1 + b1) W2 + b2 for every row (token) of x, with the same weights.
 */
typedef enum { FFN_RELU = 0, FFN_GELU = 1, FFN_GELU_TANH = 2, FFN_SILU = 3 } ffn_activation;

typedef struct {
    int32_t d_model;            /* D */
    int32_t d_ff;               /* F */
    ffn_activation activation;
} ffn_config;

typedef struct {
    float *w1;                  /* (D, F) row-major, so that x W1 is a row-vector product */
    float *b1;                  /* (F) */
    float *w2;                  /* (F, D) */
    float *b2;                  /* (D) */
} ffn_weights;

typedef struct {
    float *hidden;              /* (block of tokens, F) hidden rows, then the kernels' packing space */
} ffn_scratch;

/*
 * Besides the row-major weights above (kept readable for callers and tests), `memory` holds packed
 * copies of w1 and w2 in the panel layout the kernels stream (see ffn.c and matmul.c): a layer takes
 * about 4 * D * F floats.
 */
typedef struct {
    ffn_config config;
    ffn_weights weights;        /* all four point into `memory` */
    ffn_scratch scratch;        /* also inside `memory` */
    float *memory;              /* the one allocation; NULL when not initialised or freed */
    int owns_memory;            /* 0 when memory belongs to an enclosing layer (ffn_init_within) */
} ffn_layer;

/* *bytes = the size of the one allocation ffn_init makes for this shape (callers check it fits). */
pf_status ffn_memory_bytes(uint64_t *bytes, int32_t d_model, int32_t d_ff);

/* Allocates the layer's weights (zeros) and scratch. On failure the layer is left freed. */
pf_status ffn_init(ffn_layer *layer, int32_t d_model, int32_t d_ff, ffn_activation activation);

/*
 * ffn_init inside memory the caller owns (ffn_memory_bytes of it, zeroed, 16-byte aligned): for
 * layers that keep an FFN inside their own single allocation (the encoder block). ffn_free then
 * only forgets the memory.
 */
pf_status ffn_init_within(ffn_layer *layer, float *memory, int32_t d_model, int32_t d_ff,
                          ffn_activation activation);

/* Frees what ffn_init allocated; safe on a freed layer and on a zeroed struct. */
void ffn_free(ffn_layer *layer);

/* Copies weights in: w1 (D, F), b1 (F) or NULL for zeros, w2 (F, D), b2 (D) or NULL for zeros. */
pf_status ffn_set_weights(ffn_layer *layer, const float *w1, const float *b1, const float *w2,
                          const float *b2);

/*
 * Draws the weights from one Mulberry32 stream seeded with `seed`, in the order w1, b1, w2, b2,
 * each value (2u - 1) / sqrt(fan_in) in double rounded to float (fan_in = D for w1 and b1, F for w2
 * and b2). A bias given (non-NULL) replaces its drawn values, which are still drawn.
 */
pf_status ffn_init_seeded(ffn_layer *layer, uint32_t seed, const float *b1, const float *b2);

/* ffn_init_seeded continuing a stream that has already drawn other layers' weights (the block's). */
pf_status ffn_init_from_stream(ffn_layer *layer, uint32_t *state, const float *b1, const float *b2);

/*
 * out (T, D) = act(x W1 + b1) W2 + b2 for x (T, D). hidden (T, F) receives act(x W1 + b1) when not
 * NULL. out must not overlap x or hidden. T = 0 does nothing.
 */
pf_status ffn_forward(ffn_layer *layer, float *out, float *hidden, const float *x, int32_t tokens);

/*
 * ffn_forward that also writes z (T, F) = x W1 + b1, the pre-activations (hidden, when given, is
 * act(z) bit for bit), in the same pass over the tokens. z may be NULL; it must not overlap out, x
 * or hidden.
 */
pf_status ffn_forward_with_pre(ffn_layer *layer, float *out, float *hidden, float *z, const float *x,
                               int32_t tokens);

/* The float the activation gives for one pre-activation value (NaN in gives NaN out). */
float ffn_activate(ffn_activation activation, float z);

/* dst[i] = ffn_activate(activation, src[i]) for i < n, four at a time; dst may be src. */
void ffn_activate_array(float *dst, const float *src, size_t n, ffn_activation activation);

/* The backward pass: dz[i] = dh[i] act'(z[i]) for i < n, with z the pre-activations; dz may be dh. */
void ffn_activation_backward(float *dz, const float *dh, const float *z, size_t n, ffn_activation activation);

/* ----------------------------------------------------------------------------------------------
 * Mulberry32, the uniform generator of the seeded initialisation (32-bit unsigned arithmetic).
 */
uint32_t mulberry32_next(uint32_t *state);

/*
 * dst (n) = the next n draws of the stream, each (2u - 1) / sqrt(fan_in) in double rounded to float;
 * a given `keep` (n values) replaces them, and they are still drawn.
 */
void mulberry32_fill_uniform(float *dst, size_t n, int32_t fan_in, uint32_t *state, const float *keep);

#ifdef __cplusplus
}
#endif

#endif /* PE_FFN_H */

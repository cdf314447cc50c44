/*
 * model.h — a whole trainable Transformer for short sequences, part of the pe-ffn-wasm core: token
 * embedding and position information (embedding.h), `layers` encoder blocks (block.h's formulas), a
 * final layer norm (pre-norm), an output layer, softmax cross-entropy (loss.h); the backward pass of
 * every piece. model.c owns the object (its one allocation, where each parameter lies, the packed
 * copies, the seeded initialisation); model_pass.c runs the passes. trainer.h trains it.
 *
 * How to use it:
 *
 *     model m;
 *     const model_config c = { .vocab = 16, .d_model = 64, .heads = 4, .d_ff = 256, .layers = 2,
 *                              .max_length = 16, .position = MODEL_SINUSOIDAL, .norm = BLOCK_POST_NORM,
 *                              .activation = FFN_RELU, .eps = 1e-5 };
 *     model_init(&m, &c);                                  // parameters, gradients, packed copies
 *     model_init_seeded(&m, 42);
 *     uint64_t n;
 *     model_workspace_floats(&n, &m, batch, T, 1);        // activations a backward needs, scratch
 *     model_gradients(&m, &loss, tokens, targets, batch, T, work, n);   // tokens: (batch, T)
 *     model_free(&m);
 *
 * Who allocates: model_init (the model's one allocation, with aligned_alloc; with MODEL_SINUSOIDAL also
 * a PE workspace that it frees before it returns), freed by model_free; the caller owns the tokens,
 * targets, logits, traces and the workspace (model_workspace_floats floats).
 * Every function returns a pf_status and never aborts.
 *
 * Parameters live in one float array in the contract's order (API.md, "Training a small
 * Transformer"), row-major [in][out] so that a W is the row-vector product: embedding (V, D),
 * position (max_length, D) ('learned' only), per layer wq bq wk bk wv bv wo bo gamma1 beta1 w1 b1 w2
 * b2 gamma2 beta2, final gamma and beta (pre-norm only), output w (D, V) and b (V). The gradients
 * mirror it in a second array of the same layout; m->param and m->grad name every array of each.
 *
 * Dimension legend: B = batch (sequences), T = tokens per sequence, N = B T, V = vocab, D = d_model,
 * H = heads, E = D / H, F = d_ff, L = layers.
 */
#ifndef PF_MODEL_H
#define PF_MODEL_H

#include "block.h"

#ifdef __cplusplus
extern "C" {
#endif

/* MODEL_SINUSOIDAL, MODEL_LEARNED, MODEL_ROPE, MODEL_ALIBI, MODEL_NONE: pf_abi.h's PF_POSITIONS (each
 * one's meaning is there). */
typedef enum { PF_POSITIONS(PF_KIND_ENUM) } model_position;
enum { MODEL_POSITION_COUNT = 0 PF_POSITIONS(PF_KIND_COUNT) };

typedef struct {
    int32_t vocab;          /* V: 2 .. PF_MODEL_MAX_VOCAB */
    int32_t d_model;        /* D: 1 .. PF_MODEL_MAX_DIM */
    int32_t heads;          /* H: divides D; with MODEL_ROPE, E even */
    int32_t d_ff;           /* F: 1 .. PF_MAX_DIM */
    int32_t layers;         /* L: 1 .. PF_MODEL_MAX_LAYERS */
    int32_t max_length;     /* the longest T: 1 .. PF_MODEL_MAX_LENGTH */
    model_position position;
    int causal;
    block_norm norm;
    ffn_activation activation;
    double eps;             /* of every layer norm: finite, > 0 */
} model_config;

/* One parameter array: values at params + offset, shape (rows, cols), or (rows) when cols is 0. */
typedef struct {
    uint64_t offset;
    int32_t rows, cols;
} model_tensor;

/* The parameter arrays of one layer by name, in the contract's order: pointers into params or grads. */
typedef struct {
    float *wq, *bq, *wk, *bk, *wv, *bv, *wo, *bo;   /* (D, D) and (D) each */
    float *gamma1, *beta1;                          /* (D) the first layer norm */
    float *w1, *b1, *w2, *b2;                       /* (D, F), (F), (F, D), (D) */
    float *gamma2, *beta2;                          /* (D) the second layer norm */
} model_layer_tensors;

/* Every parameter array of the model by name (as llm.c's ParameterTensors), inside params or grads. */
typedef struct {
    float *embedding;                               /* (V, D) */
    float *position;                                /* (max_length, D), MODEL_LEARNED only; else NULL */
    model_layer_tensors layer[PF_MODEL_MAX_LAYERS]; /* the first L */
    float *gamma, *beta;                            /* (D) the final layer norm, BLOCK_PRE_NORM only; else NULL */
    float *w_out, *b_out;                           /* (D, V), (V) the output layer */
} model_tensors;

/* The matrices of one layer packed for the kernels (matmul.h): W in panels for x W, or W^T in panels
   for dY W^T. */
typedef struct {
    float *wq, *wk, *wv, *wo, *w1, *w2;
} model_layer_matrices;

typedef struct {
    model_layer_matrices layer[PF_MODEL_MAX_LAYERS];
    float *w_out;
} model_matrices;

typedef struct {
    model_config config;
    int32_t tensor_count;       /* parameter arrays, in the contract's order */
    uint64_t param_count;       /* floats in params (and in grads) */
    float *params;              /* (param_count) the parameters, in the contract's order */
    float *grads;               /* (param_count) dloss/dparams of the last model_gradients */
    float *packed;              /* every matrix packed for the kernels: W and W^T (see model.c) */
    float *sinusoid;            /* (max_length, D) PE table, MODEL_SINUSOIDAL only */
    float *memory;              /* the one allocation; NULL when not initialised or freed */
    /* The same arrays by name, set once by model_init: */
    model_tensors param;        /* inside params */
    model_tensors grad;         /* inside grads */
    model_matrices pack;        /* inside packed: each W, for x W */
    model_matrices pack_t;      /* inside packed: each W^T, for dY W^T */
} model;

/* Optional outputs of a forward: one block_trace per layer (arrays with a leading batch dimension:
   q, k, v, attention, h1, ffn (N, D); scores, weights (B, H, T, T); hidden (N, F)); any may be NULL. */
typedef block_trace model_trace;

/* *bytes = the size of the one allocation model_init makes for this configuration. */
pf_status model_memory_bytes(uint64_t *bytes, const model_config *config);

/* Allocates the model (parameters zero, gammas one). On failure the model is left freed. */
pf_status model_init(model *m, const model_config *config);

/* Frees what model_init allocated; safe on a freed model and on a zeroed struct. */
void model_free(model *m);

/* Draws every parameter from one Mulberry32 stream seeded with `seed` in the contract's order:
   (2u - 1) / sqrt(fan_in), fan_in = D but F for w2 and b2 and 1 for position; gammas ones, betas 0. */
pf_status model_init_seeded(model *m, uint32_t seed);

/* *tensor = where parameter array `index` (0 .. tensor_count - 1) lies in params and grads. */
pf_status model_tensor_at(model_tensor *tensor, const model *m, int32_t index);

/* Copies values (the tensor's rows * max(cols, 1) floats) into parameter `index` and re-packs it. */
pf_status model_set_tensor(model *m, int32_t index, const float *values);

/* Copies all param_count parameters in (the contract's order) and re-packs every matrix. */
pf_status model_set_params(model *m, const float *params);

/* Re-packs every matrix from params, after they were written in place (a loaded file, an optimiser step). */
pf_status model_pack_all(model *m);

/* *floats = the workspace of a call on `batch` sequences of `length` tokens: a forward, or with
   backward = 1 a forward that keeps what model_gradients' backward needs, and its scratch. */
pf_status model_workspace_floats(uint64_t *floats, const model *m, int32_t batch, int32_t length, int backward);

/*
 * logits (N, V) = the model on tokens (B, T) (each 0 .. V - 1). traces: L block traces or NULL.
 * Sequences never attend to each other: a sequence's logits are bit-identical to its forward alone.
 */
pf_status model_forward(model *m, float *logits, const model_trace *traces, const int32_t *tokens,
                        int32_t batch, int32_t length, float *work, uint64_t work_floats);

/* *loss = the mean cross-entropy of the model's logits for targets (B, T) (-1: not counted). */
pf_status model_loss(model *m, double *loss, const int32_t *tokens, const int32_t *targets, int32_t batch,
                     int32_t length, float *work, uint64_t work_floats);

/* model_loss, then m->grads = dloss/dparams (all 0 when no target counts). Workspace: backward = 1. */
pf_status model_gradients(model *m, double *loss, const int32_t *tokens, const int32_t *targets,
                          int32_t batch, int32_t length, float *work, uint64_t work_floats);
/* The same for the summed loss: *loss_sum = the sum over counted targets, m->grads = dloss_sum/dparams
   (a parallel trainer's group; the groups' sums are combined and divided by the batch's count). */
pf_status model_sum_gradients(model *m, double *loss_sum, const int32_t *tokens, const int32_t *targets,
                              int32_t batch, int32_t length, float *work, uint64_t work_floats);

#ifdef __cplusplus
}
#endif

#endif /* PF_MODEL_H */

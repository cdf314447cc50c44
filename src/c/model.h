/*
 * model.h — a whole trainable Transformer for short sequences, part of the pe-ffn-wasm core: token
 * embedding and position information, `layers` encoder blocks (block.h), a final layer norm (pre-
 * norm), an output layer, softmax cross-entropy; the backward pass of every piece, global-norm
 * clipping and AdamW. The same rules as pe_ffn.h: every function returns a pf_status and never
 * aborts, kernels never allocate, callers own every buffer (model_init and trainer_init allocate
 * the model's and the trainer's one allocation each).
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
 *     trainer tr;
 *     trainer_init(&tr, &m, &(adamw_options){ 1e-3, 0.9, 0.999, 1e-8, 0.01, 0 });
 *     trainer_step(&tr, &m, &loss, tokens, targets, batch, T, work, n);   // tokens: (batch, T)
 *     trainer_free(&tr); model_free(&m);
 *
 * Parameters live in one float array in the contract's order (API.md, "Training a small
 * Transformer"), row-major [in][out] so that a W is the row-vector product: embedding (V, D),
 * position (max_length, D) ('learned' only), per layer wq bq wk bk wv bv wo bo gamma1 beta1 w1 b1 w2
 * b2 gamma2 beta2, final gamma and beta (pre-norm only), output w (D, V) and b (V). The gradients
 * mirror it in a second array of the same layout.
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

typedef enum {
    MODEL_SINUSOIDAL = 0,   /* x = E[token] sqrt(D) + PE(t) (interleaved, base 10000) */
    MODEL_LEARNED = 1,      /* x = E[token] sqrt(D) + position[t], a trained table */
    MODEL_ROPE = 2,         /* each head's Q and K rotated (interleaved, base 10000) after the bias */
    MODEL_ALIBI = 3,        /* scores get -m_h |i - j| (attn_config.alibi) */
    MODEL_NONE = 4          /* no position information at all */
} model_position;

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

typedef struct {
    model_config config;
    int32_t tensor_count;       /* parameter arrays, in the contract's order */
    uint64_t param_count;       /* floats in params (and in grads) */
    float *params;              /* (param_count) the parameters, in the contract's order */
    float *grads;               /* (param_count) dloss/dparams of the last model_gradients */
    float *packed;              /* every matrix packed for the kernels: W and W^T (see model.c) */
    float *sinusoid;            /* (max_length, D) PE table, MODEL_SINUSOIDAL only */
    float *memory;              /* the one allocation; NULL when not initialised or freed */
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

/* ----------------------------------------------------------------------------------------------
 * Pieces of the model, each beside the backward pass that mirrors it.
 */

/* x (N, D) = embedding[tokens] * sqrt(D) + positions[t] (positions (T, D) or NULL). */
pf_status embed_forward(float *x, const float *embedding, const float *positions, const int32_t *tokens,
                        int32_t batch, int32_t length, int32_t vocab, int32_t d_model);
/* dembedding (V, D) = sum over tokens (in order) of dx sqrt(D) at their rows; dpositions (T, D) or NULL
   = sum over the batch (in order) of dx at each position. Both written. */
pf_status embed_backward(float *dembedding, float *dpositions, const float *dx, const int32_t *tokens,
                         int32_t batch, int32_t length, int32_t vocab, int32_t d_model);

/* Softmax cross-entropy (loss.c): *loss = mean over rows whose target is not -1 of
   lse(logits[r]) - logits[r][target]; 0 when none counts. */
pf_status xent_forward(double *loss, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab);
/* dlogits (rows, V) = dloss/dlogits: (softmax - one-hot) / counted, rows not counted 0. */
pf_status xent_backward(float *dlogits, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab);
/* The summed forms: *loss_sum = the sum over counted rows; dlogits = softmax - one-hot (no / counted). */
pf_status xent_sum_forward(double *loss_sum, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab);
pf_status xent_sum_backward(float *dlogits, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab);
/* PF_OK when every target is -1 or 0 .. vocab - 1; *counted = how many are not -1 (may be NULL). */
pf_status xent_check_targets(const int32_t *targets, int32_t rows, int32_t vocab, int32_t *counted);

/* ----------------------------------------------------------------------------------------------
 * Optimisation (optim.c), as PyTorch 1.13's torch.nn.utils.clip_grad_norm_ and torch.optim.AdamW.
 */

/* *total_norm = the 2-norm of grads (n), in double; when it exceeds max_norm, grads *= max_norm /
   (total_norm + 1e-6). max_norm 0 only measures. */
pf_status clip_grad_norm(float *grads, double *total_norm, size_t n, double max_norm);

typedef struct {
    double lr, beta1, beta2, eps, weight_decay;
    double clip_norm;           /* 0: no clipping */
} adamw_options;

/* One AdamW step over n values (step: the 1-based step number after this one is counted):
   p -= lr wd p; m = b1 m + (1 - b1) g; v = b2 v + (1 - b2) g^2;
   p -= lr / (1 - b1^step) m / (sqrt(v) / sqrt(1 - b2^step) + eps). */
pf_status adamw_update(float *params, float *m, float *v, const float *grads, size_t n,
                       const adamw_options *options, int64_t step);

/* The trainer of one model: AdamW's moments (one allocation) and its step count. */
typedef struct {
    adamw_options options;
    int64_t steps;
    uint64_t n;                 /* the model's param_count */
    float *m, *v;               /* (n) each, inside memory */
    float *memory;              /* NULL when not initialised or freed */
} trainer;

/* PF_OK when lr, eps > 0, weight_decay >= 0, clip_norm >= 0 (0: none), each beta in [0, 1), all finite. */
pf_status adamw_check(const adamw_options *options);
pf_status trainer_init(trainer *t, const model *m, const adamw_options *options);
void trainer_free(trainer *t);
/* Sets lr for the next steps. */
pf_status trainer_set_lr(trainer *t, double lr);
/* model_gradients, clip_grad_norm (with clip_norm), adamw_update, re-pack: one step. *loss: before it. */
pf_status trainer_step(trainer *t, model *m, double *loss, const int32_t *tokens, const int32_t *targets,
                       int32_t batch, int32_t length, float *work, uint64_t work_floats);
/* The step's second half on gradients already in m->grads (a parallel trainer's combined ones):
   clip_grad_norm, adamw_update, re-pack; counts the step. */
pf_status trainer_apply(trainer *t, model *m);

#ifdef __cplusplus
}
#endif

#endif /* PF_MODEL_H */

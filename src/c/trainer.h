/*
 * trainer.h — the trainer of one model (trainer.c), part of the pe-ffn-wasm core: AdamW's moments
 * and its step count. A step is model_gradients, global-norm clipping (clip_norm > 0), adamw_update
 * of every parameter and model_pack_all.
 *
 *     trainer tr;
 *     trainer_init(&tr, &m, &(adamw_options){ 1e-3, 0.9, 0.999, 1e-8, 0.01, 0 });   // one allocation
 *     trainer_step(&tr, &m, &loss, tokens, targets, batch, T, work, n);              // (batch, T) each
 *     trainer_free(&tr);
 *
 * Who allocates: trainer_init (the moments m and v, one allocation, with aligned_alloc), freed by
 * trainer_free; the caller owns the model, the tokens, the targets and the workspace (model.h's
 * model_workspace_floats with backward = 1).
 */
#ifndef PF_TRAINER_H
#define PF_TRAINER_H

#include "model.h"
#include "optim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    adamw_options options;
    int64_t steps;
    uint64_t n;                 /* the model's param_count */
    float *m, *v;               /* (n) each, inside memory */
    float *memory;              /* NULL when not initialised or freed */
} trainer;

/* Allocates the moments (zeros) of model m; checks the options (adamw_check). */
pf_status trainer_init(trainer *t, const model *m, const adamw_options *options);

/* Frees what trainer_init allocated; safe on a freed trainer and on a zeroed struct. */
void trainer_free(trainer *t);

/* Sets lr for the next steps. */
pf_status trainer_set_lr(trainer *t, double lr);

/* model_gradients, clip_grad_norm (with clip_norm), adamw_update, model_pack_all: one step. *loss: before it. */
pf_status trainer_step(trainer *t, model *m, double *loss, const int32_t *tokens, const int32_t *targets,
                       int32_t batch, int32_t length, float *work, uint64_t work_floats);
/* The step's second half on gradients already in m->grads (a parallel trainer's combined ones):
   clip_grad_norm, adamw_update, re-pack; counts the step. */
pf_status trainer_apply(trainer *t, model *m);

#ifdef __cplusplus
}
#endif

#endif /* PF_TRAINER_H */

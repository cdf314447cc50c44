/*
 * trainer.c — the trainer of one model: AdamW's moments m and v (one allocation, zeros at the start)
 * and the step count; a step is the model's gradients, optional global-norm clipping, the AdamW
 * update of every parameter (one group, as torch.optim.AdamW(model.parameters())) and re-packing the
 * matrices for the next forward (trainer_apply: the second half alone, on gradients a parallel
 * trainer combined). A step in which no target counts still counts: its gradients are
 * zeros, and weight decay and the moments' decay apply.
 */
#include "trainer.h"
#include <stdlib.h>
#include <string.h>

pf_status trainer_init(trainer *t, const model *m, const adamw_options *options) {
    if (!t) return PF_ERR_NULL;
    memset(t, 0, sizeof *t);
    if (!m) return PF_ERR_NULL;
    if (!m->memory) return PF_ERR_NOT_READY;
    const pf_status status = adamw_check(options);
    if (status != PF_OK) return status;
    const uint64_t n = (m->param_count + 3u) & ~(uint64_t)3u;
    if (2 * n > SIZE_MAX / sizeof(float)) return PF_ERR_NO_MEMORY;
    float *memory = aligned_alloc(16, (size_t)(2 * n) * sizeof(float));
    if (!memory) return PF_ERR_NO_MEMORY;
    memset(memory, 0, (size_t)(2 * n) * sizeof(float));
    t->options = *options;
    t->n = m->param_count;
    t->m = memory;
    t->v = memory + n;
    t->memory = memory;
    return PF_OK;
}

void trainer_free(trainer *t) {
    if (!t) return;
    free(t->memory);
    memset(t, 0, sizeof *t);
}

pf_status trainer_set_lr(trainer *t, double lr) {
    if (!t) return PF_ERR_NULL;
    if (!t->memory) return PF_ERR_NOT_READY;
    adamw_options o = t->options;
    o.lr = lr;
    const pf_status status = adamw_check(&o);
    if (status == PF_OK) t->options.lr = lr;
    return status;
}

pf_status trainer_step(trainer *t, model *m, double *loss, const int32_t *tokens, const int32_t *targets,
                       int32_t batch, int32_t length, float *work, uint64_t work_floats) {
    if (!t || !m || !loss) return PF_ERR_NULL;
    if (!t->memory || !m->memory) return PF_ERR_NOT_READY;
    if (t->n != m->param_count) return PF_ERR_PARAMETER;
    const pf_status status = model_gradients(m, loss, tokens, targets, batch, length, work, work_floats);
    return status != PF_OK ? status : trainer_apply(t, m);
}

pf_status trainer_apply(trainer *t, model *m) {
    if (!t || !m) return PF_ERR_NULL;
    if (!t->memory || !m->memory) return PF_ERR_NOT_READY;
    if (t->n != m->param_count) return PF_ERR_PARAMETER;
    if (t->options.clip_norm > 0) {
        double norm;
        clip_grad_norm(m->grads, &norm, (size_t)m->param_count, t->options.clip_norm);
    }
    const pf_status status = adamw_update(m->params, t->m, t->v, m->grads, (size_t)m->param_count, &t->options, t->steps + 1);
    if (status != PF_OK) return status;
    t->steps++;
    return model_pack_all(m);
}

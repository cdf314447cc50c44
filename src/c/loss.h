/*
 * loss.h — softmax cross-entropy over the vocabulary (loss.c), part of the pe-ffn-wasm core: the
 * trainable Transformer's loss, as PyTorch's cross_entropy(logits, targets, ignore_index=-1).
 *
 *     xent_forward(&loss, logits, targets, rows, V);      // logits (rows, V), targets (rows)
 *     xent_backward(dlogits, logits, targets, rows, V);   // dlogits (rows, V)
 *
 * Who allocates: the caller, every array. Each function checks the targets itself.
 */
#ifndef PF_LOSS_H
#define PF_LOSS_H

#include "pf_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* *loss = mean over rows whose target is not -1 of lse(logits[r]) - logits[r][target]; 0 when none counts. */
pf_status xent_forward(double *loss, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab);

/* dlogits (rows, V) = dloss/dlogits: (softmax - one-hot) / counted, rows not counted 0. */
pf_status xent_backward(float *dlogits, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab);

/* The summed forms (a parallel trainer's groups): *loss_sum = the sum over counted rows;
   dlogits = softmax - one-hot (no / counted). */
pf_status xent_sum_forward(double *loss_sum, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab);
pf_status xent_sum_backward(float *dlogits, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab);

/* PF_OK when every target is -1 or 0 .. vocab - 1; *counted = how many are not -1 (may be NULL). */
pf_status xent_check_targets(const int32_t *targets, int32_t rows, int32_t vocab, int32_t *counted);

#ifdef __cplusplus
}
#endif

#endif /* PF_LOSS_H */

/*
 * model_layout.h — where a model's arrays lie, shared by model.c (which owns them) and model_pass.c
 * (the passes that read them). Internal to the core; not part of the public C API.
 */
#ifndef PF_MODEL_LAYOUT_H
#define PF_MODEL_LAYOUT_H

#include "model.h"

/* The parameters of one layer, in the contract's order. */
enum { L_WQ, L_BQ, L_WK, L_BK, L_WV, L_BV, L_WO, L_BO, L_GAMMA1, L_BETA1, L_W1, L_B1, L_W2, L_B2, L_GAMMA2,
       L_BETA2, L_COUNT };

/* The packed matrices of a layer, in this order; MODEL_MATRICES also names the output layer's. */
enum { M_WQ, M_WK, M_WV, M_WO, M_W1, M_W2, MODEL_MATRICES };

/* Parameter i (L_...) of layer l inside base: m->params or m->grads (the same layout). */
float *model_layer_param(const model *m, float *base, int32_t l, int i);

/* The final norm's gamma (beta follows it; pre-norm only, else NULL), the output layer's w (D, V)
   (b (V) follows it), the learned position table (else NULL), inside base. */
float *model_final_gamma(const model *m, float *base);
float *model_output_w(const model *m, float *base);
float *model_position_table(const model *m, float *base);

/* Packed matrix `which` (M_...) of layer l (l = layers, which = MODEL_MATRICES: the output layer):
   W in panels for x W, or (transposed) W^T in panels for dY W^T. */
float *model_packed(const model *m, int32_t l, int which, int transposed);

/* Re-packs every matrix from the parameters (after they changed). */
void model_pack_all(model *m);

#endif /* PF_MODEL_LAYOUT_H */

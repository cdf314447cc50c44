/*
 * rope.h — rotary position embedding (RoPE; Su et al. 2021, "RoFormer"), part of the pe-ffn-wasm core.
 *
 * Each row t of x (T, D), at position p = t + offset, is split into D / head_dim heads. Within a head,
 * pair i (0 .. head_dim/2 - 1) is rotated by theta = p / base^(2i / head_dim):
 *     (a, b) -> (a cos theta - b sin theta, a sin theta + b cos theta)
 * ROPE_INTERLEAVED pairs the head's columns (2i, 2i + 1) (RoFormer, GPT-J, Meta's LLaMA code);
 * ROPE_HALF pairs (i, i + head_dim/2) (GPT-NeoX, Hugging Face's rotate_half).
 *
 *     pf_workspace ws;                                     // the kernel's memory, the caller's
 *     const size_t bytes = rope_workspace_bytes(128);
 *     void *memory = malloc(bytes);                        // any content, any alignment
 *     pf_workspace_init(&ws, memory, bytes);
 *     rope_forward(&ws, q, q, tokens, 4096, 128, 500000.0, 0, ROPE_HALF);   // in place
 *     free(memory);
 *
 * Who allocates: the caller, the workspace's memory included; the kernel never does. The workspace
 * (pf_workspace, pf_core.h, as PE's) keeps the frequencies of the last (head_dim, base) and the cosines
 * and sines of the last position, so that a table split into consecutive calls does not recompute them.
 * Any call gives the same bits for a row whatever came before (split a table into calls freely).
 * Dimension legend: T = length (positions), D = d_model.
 */
#ifndef PF_ROPE_H
#define PF_ROPE_H

#include "pf_core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { ROPE_INTERLEAVED = 0, ROPE_HALF = 1 } rope_layout;

/* Bytes of memory a workspace needs for heads of head_dim values (~40 per pair); 0 when head_dim is
   not an even number from 2 to PF_MAX_DIM. */
size_t rope_workspace_bytes(int32_t head_dim);

/*
 * out (T, D) = RoPE(x (T, D)) at positions offset .. offset + T - 1. out == x rotates in place; other
 * than that out and x must not overlap (PF_ERR_OVERLAP). A workspace smaller than
 * rope_workspace_bytes(head_dim) gives PF_ERR_WORKSPACE; its memory must not overlap x or out.
 * Accuracy: every value within 2.3e-7 * M of the double-precision rotation for positions below 1e6,
 * M the largest magnitude in x (see rope.c). T = 0 does nothing (x, out and the workspace's memory
 * may be NULL).
 */
pf_status rope_forward(pf_workspace *workspace, float *out, const float *x, int32_t length,
                       int32_t d_model, int32_t head_dim, double base, int32_t offset, rope_layout layout);

/*
 * The backward pass of rope_forward: dx (T, D) = dloss/dx from dy (T, D) = dloss/dy, each pair rotated
 * by -theta (a rotation's transpose is its inverse). The same arguments and rules as rope_forward.
 */
pf_status rope_backward(pf_workspace *workspace, float *dx, const float *dy, int32_t length,
                        int32_t d_model, int32_t head_dim, double base, int32_t offset, rope_layout layout);

/* *theta = the angle p / base^(2i / head_dim) of pair i at position p, in double precision. */
pf_status rope_angle(double *theta, int32_t position, int32_t pair, int32_t head_dim, double base);

#ifdef __cplusplus
}
#endif

#endif /* PF_ROPE_H */

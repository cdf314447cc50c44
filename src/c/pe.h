/*
 * pe.h — sinusoidal positional encoding (PE; Vaswani et al. 2017, section 3.5), part of the
 * pe-ffn-wasm core. For position p = t + offset, column j, k = floor(j / 2):
 *     angle = p / base^(2k / D);  even j holds sin(angle), odd j holds cos(angle)  (PE_INTERLEAVED)
 * PE_CONCAT keeps the frequencies but puts the H sines first, then the D - H cosines.
 * Values are computed in double precision and rounded once to float (see pe.c for the error bound).
 *
 *     pf_workspace ws;                                         // the PE kernels' memory, the caller's
 *     void *memory = malloc(pe_workspace_bytes(64));           // enough for any table up to d_model 64
 *     pf_workspace_init(&ws, memory, pe_workspace_bytes(64));
 *     float table[50 * 64];                                    // (length, d_model)
 *     pe_fill(&ws, table, 50, 64, 10000.0, 0, PE_INTERLEAVED);
 *     free(memory);
 *
 * Who allocates: the caller, the workspace's memory included; the kernels never do.
 * Dimension legend: T = length (positions), D = d_model, H = ceil(D / 2) frequencies.
 */
#ifndef PF_PE_H
#define PF_PE_H

#include "pf_core.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { PE_INTERLEAVED = 0, PE_CONCAT = 1 } pe_layout;

/*
 * The PE kernels' workspace (pf_workspace, pf_core.h): the frequencies' constants, a float table of cos
 * and sin of r w for the 64 rows of a block, and the anchors' state, kept for the last (d_model, base)
 * and the anchor where the last call ended, so that a table filled in consecutive calls (as the JS
 * wrapper does) does not recompute them.
 */
/* Bytes of memory a workspace needs for tables of d_model columns: ~280 per column (~1.1 MiB at
   d_model 4096, ~18 MiB at 65,536); 0 when d_model is outside 1 .. PF_MAX_DIM. */
size_t pe_workspace_bytes(int32_t d_model);

/* out (T, D) = PE(offset .. offset + T - 1). A workspace smaller than pe_workspace_bytes(D) gives
   PF_ERR_WORKSPACE. */
pf_status pe_fill(pf_workspace *workspace, float *out, int32_t length, int32_t d_model, double base,
                  int32_t offset, pe_layout layout);

/* x (T, D) += PE(offset .. offset + T - 1), in place */
pf_status pe_add(pf_workspace *workspace, float *x, int32_t length, int32_t d_model, double base,
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

#ifdef __cplusplus
}
#endif

#endif /* PF_PE_H */

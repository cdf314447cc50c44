/*
 * pf_core.h — what every module of the pe-ffn-wasm core shares: the status codes and the limits (both
 * generated from the lists of pf_abi.h, which JavaScript shares), the Mulberry32 generator of the
 * seeded initialisations, and the small helpers the modules would otherwise each write again.
 *
 * The rules every module keeps:
 *   - every function that can fail returns a pf_status (pf_status_name() names it) and never aborts;
 *   - kernels never allocate: callers own every buffer they pass, workspaces included (only the
 *     constructors ffn_init, block_init, model_init and trainer_init allocate, and their *_free frees);
 *   - there is no global state: calls on different layers and workspaces may run at the same time;
 *   - every pointer argument says its shape in a comment, (rows, cols) row-major.
 *
 * A C user includes pe_ffn.h, which includes every public header; a module includes only the headers
 * of what it calls, each from a layer below its own (tests/js/c-layout.test.js).
 */
#ifndef PF_CORE_H
#define PF_CORE_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include "pf_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes, limits and numbers (defaults, the seed range) come from the lists in pf_abi.h. */
#define PF_STATUS_ENUM(name, code, kind, param, text) name = code,
typedef enum { PF_STATUSES(PF_STATUS_ENUM) PF_STATUS_COUNT } pf_status;
#undef PF_STATUS_ENUM

/* A short lowercase name for a status ("ok", "d_model out of range", ...); never NULL. */
const char *pf_status_name(pf_status status);

/* The enums of the kinds chosen by name (model_position, ffn_activation, block_norm) are built from
 * pf_abi.h's lists, in their order: typedef enum { PF_NORMS(PF_KIND_ENUM) } block_norm; and their
 * counts beside them, outside the enum so that -Wswitch still names a kind a switch forgets:
 * enum { BLOCK_NORM_COUNT = 0 PF_NORMS(PF_KIND_COUNT) }; */
#define PF_KIND_ENUM(name, js_name) name,
#define PF_KIND_COUNT(name, js_name) + 1

#define PF_LIMIT_ENUM(name, value) name = value,
enum { PF_LIMITS(PF_LIMIT_ENUM) };
#undef PF_LIMIT_ENUM

#define PF_NUMBER_CONSTANT(name, value) static const double name = value;
PF_NUMBERS(PF_NUMBER_CONSTANT)
#undef PF_NUMBER_CONSTANT

/* n rounded up to a multiple of 4: arrays of whole f32x4 keep the next array 16-byte aligned. */
static inline uint64_t pf_round4(uint64_t n) { return (n + 3u) & ~(uint64_t)3u; }

/* The first 16-byte boundary at or after p: kernels' workspaces of any alignment hold their arrays
   from there (and ask for 15 bytes more). */
static inline void *pf_align16(void *p) { return (char *)p + (16u - (uintptr_t)p % 16u) % 16u; }

/* Whether n floats at a and m floats at b share memory without being the same array (NULL shares none):
   an output may be its input, never part of it or of another input (PF_ERR_OVERLAP). */
static inline int pf_overlaps(const float *a, size_t n, const float *b, size_t m) {
    const uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return a && b && n && m && !(x == y && n == m) && x < y + m * sizeof(float) && y < x + n * sizeof(float);
}

/* Whether value is a finite number greater than `bound` (NaN is not): base > 1, eps > 0. */
static inline int pf_finite_above(double value, double bound) { return value > bound && isfinite(value); }

/* ----------------------------------------------------------------------------------------------
 * The working memory of a kernel that keeps constants between calls (PE's, RoPE's: pe.h, rope.h),
 * owned by the caller. `memory` holds the constants, this struct says which: they are never read from
 * the memory, so bytes left there by anything else are never trusted. What a workspace keeps is what a
 * fresh one would compute, so results never depend on its history. One workspace serves one call at a
 * time and any kernel (another kernel's call makes it prepare its own constants again).
 */
typedef struct {
    void *memory;               /* the caller's, any alignment */
    size_t bytes;
    int32_t kernel;             /* whose constants memory holds (PF_WORKSPACE_PE, ..._ROPE); 0: none */
    int32_t width;              /* their d_model (PE) or head_dim (RoPE) */
    double base;                /* their base */
    int64_t position;           /* the position whose state memory holds (PE: an anchor); -1: none */
} pf_workspace;                 /* the fields but memory and bytes are the kernels' (do not change them) */

enum { PF_WORKSPACE_PE = 1, PF_WORKSPACE_ROPE = 2 };

/* Makes `memory` (bytes long, any content) an empty workspace; memory may be NULL with bytes 0 (it
   then serves only calls of length 0). */
static inline pf_status pf_workspace_init(pf_workspace *workspace, void *memory, size_t bytes) {
    if (!workspace || (!memory && bytes)) return PF_ERR_NULL;
    *workspace = (pf_workspace){ memory, memory ? bytes : 0, 0, 0, 0.0, -1 };
    return PF_OK;
}

/* Whether the workspace holds `kernel`'s constants for (width, base). */
static inline int pf_workspace_holds(const pf_workspace *workspace, int32_t kernel, int32_t width, double base) {
    return workspace->kernel == kernel && workspace->width == width && workspace->base == base;
}

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

#endif /* PF_CORE_H */

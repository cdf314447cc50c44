/*
 * wasm_exports.c — the only file that knows it is compiled to WebAssembly: a flat ABI of int32,
 * double and pointer arguments for the JavaScript wrapper (src/js). The list of exported names lives
 * in exports.txt; build.sh passes it to emcc.
 */
#include "pe_ffn.h"
#include <math.h>
#include <stdlib.h>

/* 16-byte aligned memory for tensors and temporaries; 0 when it cannot be had. */
void *pf_alloc(size_t bytes) { return aligned_alloc(16, bytes ? (bytes + 15u) & ~(size_t)15u : 16u); }
void pf_free(void *ptr) { free(ptr); }

/*
 * The PE kernels' workspace of this instance (each instance has its own memory, so its own statics):
 * grown to the widest table asked for so far (at most ~1.1 MiB), and with the memory when the
 * instance goes. 0 when it cannot grow; length 0 and refused arguments need none.
 */
static pe_workspace *pe_workspace_for(int32_t length, int32_t d_model) {
    static pe_workspace workspace;
    const size_t bytes = pe_workspace_bytes(d_model);
    if (length > 0 && bytes > workspace.bytes) {
        void *memory = malloc(bytes);
        if (!memory) return NULL;
        free(workspace.memory);
        pe_workspace_init(&workspace, memory, bytes);
    }
    return &workspace;
}

int32_t pf_pe_fill(float *out, int32_t length, int32_t d_model, double base, int32_t offset,
                   int32_t layout) {
    pe_workspace *workspace = pe_workspace_for(length, d_model);
    if (!workspace) return PF_ERR_NO_MEMORY;
    return (int32_t)pe_fill(workspace, out, length, d_model, base, offset, (pe_layout)layout);
}

int32_t pf_pe_add(float *x, int32_t length, int32_t d_model, double base, int32_t offset,
                  int32_t layout) {
    pe_workspace *workspace = pe_workspace_for(length, d_model);
    if (!workspace) return PF_ERR_NO_MEMORY;
    return (int32_t)pe_add(workspace, x, length, d_model, base, offset, (pe_layout)layout);
}

int32_t pf_pe_chunk_rows(int32_t position, int32_t rows) { return pe_chunk_rows(position, rows); }

/* One PE entry; NaN when the arguments are refused (the wrapper validates them first). */
double pf_pe_value(int32_t position, int32_t j, int32_t d_model, double base, int32_t layout) {
    double value;
    return pe_entry(&value, position, j, d_model, base, (pe_layout)layout) == PF_OK ? value : NAN;
}

/* A new layer on the heap, or 0 when it does not fit in memory (arguments validated by the caller). */
ffn_layer *pf_ffn_new(int32_t d_model, int32_t d_ff, int32_t activation) {
    ffn_layer *layer = malloc(sizeof *layer);
    if (!layer) return NULL;
    if (ffn_init(layer, d_model, d_ff, (ffn_activation)activation) != PF_OK) {
        free(layer);
        return NULL;
    }
    return layer;
}

void pf_ffn_delete(ffn_layer *layer) {
    if (!layer) return;
    ffn_free(layer);
    free(layer);
}

int32_t pf_ffn_set_weights(ffn_layer *layer, const float *w1, const float *b1, const float *w2,
                           const float *b2) {
    return (int32_t)ffn_set_weights(layer, w1, b1, w2, b2);
}

int32_t pf_ffn_init_seeded(ffn_layer *layer, uint32_t seed, const float *b1, const float *b2) {
    return (int32_t)ffn_init_seeded(layer, seed, b1, b2);
}

/* hidden and z are 0 when not wanted. */
int32_t pf_ffn_forward(ffn_layer *layer, float *out, float *hidden, float *z, const float *x,
                       int32_t tokens) {
    return (int32_t)ffn_forward_with_pre(layer, out, hidden, z, x, tokens);
}

const char *pf_status_text(int32_t status) { return pf_status_name((pf_status)status); }

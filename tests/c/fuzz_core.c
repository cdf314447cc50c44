/*
 * fuzz_core.c — libFuzzer target for the core's entry points, built with ASan + UBSan by
 * tests/c/run.sh. The input bytes choose every argument (including invalid ones) and the data; the
 * core must return a status for each, never touch memory outside the buffers, and keep PE in [-1, 1].
 */
#include "pe_ffn.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct { const uint8_t *p; size_t n; } reader;

static uint32_t take_u32(reader *r) {
    uint32_t v = 0;
    for (int i = 0; i < 4 && r->n; i++, r->p++, r->n--) v |= (uint32_t)*r->p << (8 * i);
    return v;
}

static double take_f64(reader *r) {
    uint64_t bits = (uint64_t)take_u32(r) | (uint64_t)take_u32(r) << 32;
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static void fuzz_pe(reader *r) {
    /* Small tables only: lengths and widths up to 64 keep each run fast; signs and overflows are free. */
    const int32_t length = (int32_t)(take_u32(r) % 80) - 8;
    const int32_t d_model = (int32_t)(take_u32(r) % 80) - 8;
    const uint32_t raw_offset = take_u32(r);
    const int32_t offset = (int32_t)raw_offset;
    const double base = (take_u32(r) & 1) ? take_f64(r) : 1.0 + (take_u32(r) % 20000);
    const pe_layout layout = (pe_layout)(take_u32(r) % 3);
    const size_t n = length > 0 && d_model > 0 ? (size_t)length * (size_t)d_model : 1;
    float *table = malloc(n * sizeof(float));
    /* A workspace of the size asked for, or a few bytes short (the kernels must refuse it). */
    const size_t short_by = take_u32(r) % 4 == 0 ? take_u32(r) % 64 : 0;
    const size_t need = pe_workspace_bytes(d_model), bytes = need > short_by ? need - short_by : 0;
    void *memory = bytes ? malloc(bytes) : NULL;
    pe_workspace workspace;
    pe_workspace_init(&workspace, memory, bytes);
    if (pe_fill(&workspace, table, length, d_model, base, offset, layout) == PF_OK) {
        for (size_t i = 0; length > 0 && i < n; i++) {
            if (!(fabsf(table[i]) <= 1.0f)) abort();            /* sin and cos stay in [-1, 1] */
        }
    }
    pe_add(&workspace, table, length, d_model, base, offset, layout);
    free(memory);
    double v;
    pe_entry(&v, offset, (int32_t)(take_u32(r) % 100) - 10, d_model, base, layout);
    free(table);
}

static void fuzz_ffn(reader *r) {
    const int32_t d_model = (int32_t)(take_u32(r) % 40) - 2;
    const int32_t d_ff = (int32_t)(take_u32(r) % 40) - 2;
    const ffn_activation act = (ffn_activation)(take_u32(r) % 5);
    const int32_t tokens = (int32_t)(take_u32(r) % 12) - 1;
    ffn_layer layer;
    if (ffn_init(&layer, d_model, d_ff, act) != PF_OK) return;
    const size_t d = (size_t)d_model, f = (size_t)d_ff;
    float *w = malloc((2 * d * f + d + f) * sizeof(float));
    for (size_t i = 0; i < 2 * d * f + d + f; i++) w[i] = (float)(int32_t)take_u32(r) / 2147483648.0f;
    if (take_u32(r) & 1) ffn_set_weights(&layer, w, w + d * f, w + d * f + f, (take_u32(r) & 1) ? NULL : w);
    else ffn_init_seeded(&layer, take_u32(r), NULL, (take_u32(r) & 1) ? w : NULL);
    const size_t t = tokens > 0 ? (size_t)tokens : 1;
    float *x = malloc(t * d * sizeof(float)), *out = malloc(t * d * sizeof(float));
    float *hidden = malloc(t * f * sizeof(float)), *z = malloc(t * f * sizeof(float));
    for (size_t i = 0; i < t * d; i++) x[i] = (float)(int32_t)take_u32(r) / 1e6f;
    ffn_forward(&layer, out, (take_u32(r) & 1) ? hidden : NULL, x, tokens);
    ffn_forward_with_pre(&layer, out, (take_u32(r) & 1) ? hidden : NULL, z, x, tokens);
    ffn_free(&layer);
    ffn_forward(&layer, out, NULL, x, tokens);                     /* after free: a status, no crash */
    free(w);
    free(x);
    free(out);
    free(hidden);
    free(z);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = { data, size };
    if (take_u32(&r) & 1) fuzz_pe(&r);
    else fuzz_ffn(&r);
    return 0;
}

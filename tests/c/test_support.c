/* test_support.c — see test_support.h. */
#include "test_support.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

int test_failures = 0, test_checks = 0;

double ref_pe(double p, int j, int d, double base, int concat) {
    const int h = (d + 1) / 2;
    const int is_sin = concat ? j < h : j % 2 == 0;
    const int k = concat ? (is_sin ? j : j - h) : j / 2;
    const double angle = p / pow(base, 2.0 * k / d);
    return is_sin ? sin(angle) : cos(angle);
}

double ref_act(int act, double z) {
    switch (act) {
    case FFN_RELU: return z > 0 ? z : 0;
    /* z Phi(z) with erfc, and 0.5 (1 + tanh u) = 1 / (1 + exp(-2u)) (1 + tanh u cancels to 0 in
       double in the negative tail). */
    case FFN_GELU: return 0.5 * z * erfc(-z / sqrt(2.0));
    case FFN_GELU_TANH: return z / (1 + exp(-2 * sqrt(2 / 3.14159265358979323846) * (z + 0.044715 * z * z * z)));
    default: return z / (1 + exp(-z));
    }
}

static pf_status pe_fresh(float *out, int add, int32_t length, int32_t d_model, double base,
                          int32_t offset, pe_layout layout) {
    const size_t bytes = pe_workspace_bytes(d_model);
    void *memory = bytes ? malloc(bytes) : NULL;
    pf_workspace workspace;
    pf_workspace_init(&workspace, memory, memory ? bytes : 0);
    const pf_status status = add ? pe_add(&workspace, out, length, d_model, base, offset, layout)
                                 : pe_fill(&workspace, out, length, d_model, base, offset, layout);
    free(memory);
    return status;
}

pf_status pe_fill_fresh(float *out, int32_t length, int32_t d_model, double base, int32_t offset,
                        pe_layout layout) {
    return pe_fresh(out, 0, length, d_model, base, offset, layout);
}

pf_status pe_add_fresh(float *x, int32_t length, int32_t d_model, double base, int32_t offset,
                       pe_layout layout) {
    return pe_fresh(x, 1, length, d_model, base, offset, layout);
}

int sweep_full(void) {
    const char *mode = getenv("SWEEP");
    return mode && strcmp(mode, "full") == 0;
}

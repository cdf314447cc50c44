/*
 * test_rope.c — native tests of rope.c (part of build/native/test_core, ASan + UBSan).
 * Every rotation is compared with a double-precision reference written here from the formula in
 * rope.h (independent of the core), the largest difference printed. Sizes are dense around every
 * place the kernel changes path: head widths 2 .. 40 (pairs of heads when head_dim is 2 mod 4, the
 * f32x4 spans of 8 and 4 and the scalar tail, half's n mod 4), head counts 1 .. 5, positions across
 * the exact anchors (multiples of 256), calls that start between anchors or go backwards.
 */
#include "rope.h"
#include "test_support.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the reference ---------------------------------------------------------------------------- */

/* Column of the second value of pair i in a head: interleaved (2i, 2i + 1), half (i, i + hd/2). */
static int ref_first(int i, int hd, int half) { (void)hd; return half ? i : 2 * i; }
static int ref_second(int i, int hd, int half) { return half ? i + hd / 2 : 2 * i + 1; }

/* y (T, D) in double: each pair (a, b) of each head of row t -> (a cos - b sin, a sin + b cos). */
static void ref_rope(double *y, const float *x, int length, int d, int hd, double base, long offset, int half) {
    for (int t = 0; t < length; t++) {
        for (int h = 0; h < d; h += hd) {
            for (int i = 0; i < hd / 2; i++) {
                const double theta = (double)(offset + t) / pow(base, 2.0 * i / hd);
                const size_t j0 = (size_t)t * d + h + ref_first(i, hd, half), j1 = (size_t)t * d + h + ref_second(i, hd, half);
                const double a = x[j0], b = x[j1];
                y[j0] = a * cos(theta) - b * sin(theta);
                y[j1] = a * sin(theta) + b * cos(theta);
            }
        }
    }
}

static uint32_t rng_state = 12345;
static float uniform(float scale) {
    rng_state = rng_state * 1664525u + 1013904223u;
    return scale * (float)((double)(rng_state >> 8) / 8388608.0 - 1.0);
}

/* A workspace for heads of hd values, one allocation with its memory (free() frees both): the memory
   at an odd address and full of garbage, which rope_forward must never trust. */
static pf_workspace *workspace_for(int hd, size_t *bytes) {
    *bytes = rope_workspace_bytes(hd);
    pf_workspace *ws = malloc(sizeof *ws + *bytes + 1);
    char *memory = (char *)(ws + 1) + 1;
    memset(memory, 0xA5, *bytes);
    pf_workspace_init(ws, memory, *bytes);
    return ws;
}

static double worst_rel_below_1e6 = 0;   /* largest |diff| / M over every case below 1e6 */

/*
 * One case: out-of-place against the reference (within 2.3e-7 M below position 1e6, the bound rope.c
 * proves, and 1e-6 (1 + M) of the contract), in place bit-identical to out-of-place, and the same
 * table in random chunks through one reused workspace bit-identical too. x is left unchanged.
 */
static void test_case(int length, int d, int hd, double base, int offset, rope_layout layout, float scale) {
    const size_t n = (size_t)length * d;
    float *x = malloc(sizeof(float) * (n + 1)), *keep = malloc(sizeof(float) * (n + 1));
    float *out = malloc(sizeof(float) * (n + 1)), *inplace = malloc(sizeof(float) * (n + 1));
    float *chunked = malloc(sizeof(float) * (n + 1));
    double *ref = malloc(sizeof(double) * (n + 1));
    double m = 0;
    for (size_t i = 0; i < n; i++) x[i] = uniform(scale), m = fmax(m, fabs(x[i]));
    memcpy(keep, x, sizeof(float) * n);
    size_t bytes;
    pf_workspace *ws = workspace_for(hd, &bytes);

    CHECK(rope_forward(ws, out, x, length, d, hd, base, offset, layout) == PF_OK, "rope_forward status");
    CHECK(!memcmp(x, keep, sizeof(float) * n), "x unchanged by an out-of-place call");
    memcpy(inplace, x, sizeof(float) * n);
    CHECK(rope_forward(ws, inplace, inplace, length, d, hd, base, offset, layout) == PF_OK, "in place status");
    CHECK(!memcmp(inplace, out, sizeof(float) * n), "in place bit-identical (L=%d d=%d hd=%d)", length, d, hd);
    for (int t0 = 0, rows; t0 < length; t0 += rows) {     /* chunks of 1 .. 40 rows, one workspace */
        rows = 1 + (int)(rng_state % 40u);
        uniform(1);
        if (rows > length - t0) rows = length - t0;
        CHECK(rope_forward(ws, chunked + (size_t)t0 * d, x + (size_t)t0 * d, rows, d, hd, base, offset + t0, layout) == PF_OK, "chunk status");
    }
    CHECK(!memcmp(chunked, out, sizeof(float) * n), "chunked bit-identical (L=%d d=%d hd=%d offset=%d)", length, d, hd, offset);

    ref_rope(ref, x, length, d, hd, base, offset, layout == ROPE_HALF);
    double worst = 0;
    for (size_t i = 0; i < n; i++) worst = fmax(worst, fabs(out[i] - ref[i]));
    const int below = (long)offset + length <= 1000000;
    if (below && m > 0) worst_rel_below_1e6 = fmax(worst_rel_below_1e6, worst / m);
    CHECK(worst <= 1e-6 * (1 + m), "contract bound: L=%d d=%d hd=%d offset=%d max |diff| %g (M %g)", length, d, hd, offset, worst, m);
    CHECK(!below || worst <= 2.3e-7 * m, "proved bound: L=%d d=%d hd=%d base=%g offset=%d %s max |diff| %g = %.3g M",
          length, d, hd, base, offset, layout == ROPE_HALF ? "half" : "interleaved", worst, worst / m);
    free(x), free(keep), free(out), free(inplace), free(chunked), free(ref), free(ws);
}

static void test_dense_sizes(void) {
    for (int layout = 0; layout < 2; layout++) {
        for (int hd = 2; hd <= 40; hd += 2)
            for (int heads = 1; heads <= 5; heads++)
                test_case(7, hd * heads, hd, 10000, 250, (rope_layout)layout, 1.0f);   /* crosses anchor 256 */
        for (int hd = 62; hd <= 66; hd += 2) test_case(20, 3 * hd, hd, 500000, 999980, (rope_layout)layout, 2.0f);
        test_case(300, 256, 128, 500000, 0, (rope_layout)layout, 1.0f);             /* LLaMA 3 heads */
        test_case(40, 4096, 128, 10000, 999960, (rope_layout)layout, 1.0f);
        test_case(3, 4096, 4096, 10000, 511, (rope_layout)layout, 1.0f);            /* one wide head */
        test_case(2, 65536, 65536, 10000, 7, (rope_layout)layout, 1.0f);
        test_case(600, 12, 6, 1.5, 100, (rope_layout)layout, 1e3f);                 /* tiny base, big values */
        test_case(64, 24, 8, 1e9, 123456, (rope_layout)layout, 1e-3f);
        test_case(5, 2, 2, 10000, 2147483647 - 4, (rope_layout)layout, 1.0f);       /* the last positions */
        test_case(33, 96, 32, 10000, 2147483000, (rope_layout)layout, 1.0f);
    }
    printf("rope: max |diff| / M below position 1e6 over every case: %.3g (bound 2.3e-7)\n", worst_rel_below_1e6);
}

/* The accuracy at every position below 1e6, sampled: one row per 997 positions, both layouts. */
static void test_positions_below_1e6(void) {
    enum { D = 256, HD = 128 };
    double worst = 0;
    for (int layout = 0; layout < 2; layout++) {
        size_t bytes;
        pf_workspace *ws = workspace_for(HD, &bytes);
        float x[D], y[D];
        double ref[D];
        for (int p = 0; p < 1000000; p += 997) {
            for (int j = 0; j < D; j++) x[j] = uniform(1);
            rope_forward(ws, y, x, 1, D, HD, 500000, p, (rope_layout)layout);
            ref_rope(ref, x, 1, D, HD, 500000, p, layout);
            for (int j = 0; j < D; j++) worst = fmax(worst, fabs(y[j] - ref[j]));
        }
        free(ws);
    }
    printf("rope: max |diff| over sampled positions 0 .. 999,999 (|x| <= 1, headDim 128, base 5e5): %.3g\n", worst);
    CHECK(worst <= 2.3e-7, "sampled positions: %g", worst);
}

/* Position 0 rotates by nothing (cos 1, sin 0 exactly); known values at position 1. */
static void test_known_values(void) {
    size_t bytes;
    pf_workspace *ws = workspace_for(4, &bytes);
    float x[8] = { 1, 2, 3, 4, 1, 2, 3, 4 }, y[8];
    CHECK(rope_forward(ws, y, x, 1, 8, 4, 10000, 0, ROPE_INTERLEAVED) == PF_OK, "status");
    for (int j = 0; j < 8; j++) CHECK(y[j] == x[j], "position 0 leaves column %d unchanged", j);
    CHECK(rope_forward(ws, y, x, 1, 4, 4, 10000, 1, ROPE_INTERLEAVED) == PF_OK, "status");
    /* pair 0 turns by 1 rad, pair 1 by 1/100 rad */
    CHECK(fabs(y[0] - (cos(1.0) - 2 * sin(1.0))) < 1e-6 && fabs(y[1] - (sin(1.0) + 2 * cos(1.0))) < 1e-6, "pair 0 at position 1");
    CHECK(fabs(y[2] - (3 * cos(0.01) - 4 * sin(0.01))) < 1e-6, "pair 1 at position 1");
    CHECK(rope_forward(ws, y, x, 1, 4, 4, 10000, 1, ROPE_HALF) == PF_OK, "status");
    /* half: pairs (x0, x2) by 1 rad and (x1, x3) by 1/100 rad */
    CHECK(fabs(y[0] - (cos(1.0) - 3 * sin(1.0))) < 1e-6 && fabs(y[2] - (sin(1.0) + 3 * cos(1.0))) < 1e-6, "half pair 0");
    CHECK(fabs(y[1] - (2 * cos(0.01) - 4 * sin(0.01))) < 1e-6, "half pair 1");
    double theta;
    CHECK(rope_angle(&theta, 7, 1, 4, 10000) == PF_OK && theta == 7.0 / 100.0, "rope_angle");
    free(ws);
}

/* q(p) . k(p') depends on p - p' only: the same q and k moved by s positions give the same score. */
static void test_relative(void) {
    enum { HD = 64 };
    size_t bytes;
    pf_workspace *ws = workspace_for(HD, &bytes);
    float q[HD], k[HD], qr[HD], kr[HD];
    for (int j = 0; j < HD; j++) q[j] = uniform(1), k[j] = uniform(1);
    double worst = 0;
    for (int layout = 0; layout < 2; layout++) {
        for (int delta = -5; delta <= 5; delta++) {
            double first = 0;
            for (int s = 0; s < 2000; s += 37) {
                rope_forward(ws, qr, q, 1, HD, HD, 10000, 500 + s, (rope_layout)layout);
                rope_forward(ws, kr, k, 1, HD, HD, 10000, 500 + s + delta, (rope_layout)layout);
                double dot = 0;
                for (int j = 0; j < HD; j++) dot += (double)qr[j] * kr[j];
                if (s == 0) first = dot;
                worst = fmax(worst, fabs(dot - first));
            }
        }
    }
    printf("rope: q(p).k(p+delta) moved along positions varies by at most %.3g (|q|, |k| <= 1, 64 values)\n", worst);
    CHECK(worst <= 64 * 4e-7, "relative: %g", worst);
    free(ws);
}

/* A workspace prepared for other frequencies, or left at another position, gives the same bits. */
static void test_workspace_reuse(void) {
    enum { D = 48, L = 20 };
    float x[D * L], a[D * L], b[D * L];
    for (int i = 0; i < D * L; i++) x[i] = uniform(1);
    size_t bytes_a, bytes_b;
    pf_workspace *fresh = workspace_for(16, &bytes_a), *used = workspace_for(48, &bytes_b);   /* big enough for both */
    CHECK(rope_forward(fresh, a, x, L, D, 16, 10000, 1000, ROPE_HALF) == PF_OK, "fresh");
    CHECK(rope_forward(used, b, x, L, D, 48, 10000, 5000, ROPE_HALF) == PF_OK, "other head_dim");
    CHECK(rope_forward(used, b, x, L, D, 16, 300, 5000, ROPE_HALF) == PF_OK, "other base");
    CHECK(rope_forward(used, b, x, L, D, 16, 10000, 1030, ROPE_HALF) == PF_OK, "ahead");
    CHECK(rope_forward(used, b, x, L, D, 16, 10000, 1000, ROPE_HALF) == PF_OK, "backwards");
    CHECK(!memcmp(a, b, sizeof a), "a reused workspace gives the same bits");
    /* Which frequencies and position the memory holds is the struct's to say, never the memory's: memory
       that another workspace prepared for the same call, then filled with NaN (as bytes a caller left
       in freed memory), under a fresh struct, gives the same bits. */
    pf_workspace again;
    pf_workspace_init(&again, used->memory, bytes_b);
    memset(used->memory, 0xFF, bytes_b);
    CHECK(rope_forward(&again, b, x, L, D, 16, 10000, 1000, ROPE_HALF) == PF_OK && !memcmp(a, b, sizeof a),
          "memory of NaN under a fresh struct gives the same bits");
    /* A workspace PE used last, for the same width and base, is prepared again, not taken for RoPE's. */
    const size_t shared_bytes = pe_workspace_bytes(16) > bytes_b ? pe_workspace_bytes(16) : bytes_b;
    void *shared_memory = malloc(shared_bytes);
    pf_workspace shared;
    pf_workspace_init(&shared, shared_memory, shared_bytes);
    float table[4 * 16];
    CHECK(rope_forward(&shared, b, x, L, D, 16, 10000, 1000, ROPE_HALF) == PF_OK, "RoPE first");
    CHECK(pe_fill(&shared, table, 4, 16, 10000, 1000, PE_INTERLEAVED) == PF_OK, "then PE, same width and base");
    CHECK(rope_forward(&shared, b, x, L, D, 16, 10000, 1000, ROPE_HALF) == PF_OK && !memcmp(a, b, sizeof a),
          "then RoPE again gives the same bits");
    free(shared_memory);
    free(fresh), free(used);
}

static void test_special_values(void) {
    size_t bytes;
    pf_workspace *ws = workspace_for(2, &bytes);
    float x[2] = { NAN, 1 }, y[2];
    rope_forward(ws, y, x, 1, 2, 2, 10000, 3, ROPE_INTERLEAVED);
    CHECK(isnan(y[0]) && isnan(y[1]), "NaN spreads to its pair");
    free(ws);
}

static void test_statuses(void) {
    size_t bytes;
    pf_workspace *ws = workspace_for(8, &bytes);
    float x[64] = { 0 }, y[64];
    CHECK(rope_workspace_bytes(0) == 0 && rope_workspace_bytes(3) == 0 && rope_workspace_bytes(PF_MAX_DIM + 2) == 0, "workspace of bad head_dim");
    CHECK(rope_workspace_bytes(2) > 0 && rope_workspace_bytes(PF_MAX_DIM) > rope_workspace_bytes(128), "workspace sizes");
    pf_workspace empty, small;
    CHECK(pf_workspace_init(&empty, NULL, 0) == PF_OK && pf_workspace_init(&small, ws->memory, bytes - 1) == PF_OK, "init");
    CHECK(pf_workspace_init(NULL, ws->memory, bytes) == PF_ERR_NULL && pf_workspace_init(&small, NULL, 8) == PF_ERR_NULL, "init NULL");
    pf_workspace_init(&small, ws->memory, bytes - 1);
    CHECK(rope_forward(&empty, NULL, NULL, 0, 8, 8, 10000, 0, ROPE_HALF) == PF_OK, "length 0 allows NULL arrays and memory");
    CHECK(rope_forward(ws, NULL, x, 1, 8, 8, 10000, 0, ROPE_HALF) == PF_ERR_NULL, "NULL out");
    CHECK(rope_forward(ws, y, NULL, 1, 8, 8, 10000, 0, ROPE_HALF) == PF_ERR_NULL, "NULL x");
    CHECK(rope_forward(NULL, y, x, 1, 8, 8, 10000, 0, ROPE_HALF) == PF_ERR_NULL, "NULL workspace");
    CHECK(rope_forward(&small, y, x, 1, 8, 8, 10000, 0, ROPE_HALF) == PF_ERR_WORKSPACE, "small workspace");
    CHECK(rope_forward(ws, y, x, -1, 8, 8, 10000, 0, ROPE_HALF) == PF_ERR_LENGTH, "negative length");
    CHECK(rope_forward(ws, y, x, PF_MAX_LENGTH + 1, 8, 8, 10000, 0, ROPE_HALF) == PF_ERR_LENGTH, "length too big");
    CHECK(rope_forward(ws, y, x, 1, 0, 8, 10000, 0, ROPE_HALF) == PF_ERR_D_MODEL, "d_model 0");
    CHECK(rope_forward(ws, y, x, 1, PF_MAX_DIM + 1, 8, 10000, 0, ROPE_HALF) == PF_ERR_D_MODEL, "d_model too big");
    CHECK(rope_forward(ws, y, x, 1, 8, 3, 10000, 0, ROPE_HALF) == PF_ERR_HEAD_DIM, "odd head_dim");
    CHECK(rope_forward(ws, y, x, 1, 8, 0, 10000, 0, ROPE_HALF) == PF_ERR_HEAD_DIM, "head_dim 0");
    CHECK(rope_forward(ws, y, x, 1, 12, 8, 10000, 0, ROPE_HALF) == PF_ERR_HEAD_DIM, "head_dim not dividing");
    CHECK(rope_forward(ws, y, x, 1, 8, 16, 10000, 0, ROPE_HALF) == PF_ERR_HEAD_DIM, "head_dim above d_model");
    CHECK(rope_forward(ws, y, x, 1, 7, 7, 10000, 0, ROPE_HALF) == PF_ERR_HEAD_DIM, "odd d_model, head_dim = d_model");
    CHECK(rope_forward(ws, y, x, 1, 8, 8, 1.0, 0, ROPE_HALF) == PF_ERR_BASE, "base 1");
    CHECK(rope_forward(ws, y, x, 1, 8, 8, NAN, 0, ROPE_HALF) == PF_ERR_BASE, "base NaN");
    CHECK(rope_forward(ws, y, x, 1, 8, 8, INFINITY, 0, ROPE_HALF) == PF_ERR_BASE, "base inf");
    CHECK(rope_forward(ws, y, x, 1, 8, 8, 10000, -1, ROPE_HALF) == PF_ERR_OFFSET, "negative offset");
    CHECK(rope_forward(ws, y, x, 2, 8, 8, 10000, PF_MAX_POSITION, ROPE_HALF) == PF_ERR_OFFSET, "position overflow");
    CHECK(rope_forward(ws, y, x, 1, 8, 8, 10000, PF_MAX_POSITION, ROPE_HALF) == PF_OK, "largest position");
    CHECK(rope_forward(ws, y, x, 1, 8, 8, 10000, 0, (rope_layout)2) == PF_ERR_LAYOUT, "bad layout");
    CHECK(rope_forward(ws, x + 4, x, 2, 8, 8, 10000, 0, ROPE_HALF) == PF_ERR_OVERLAP, "partial overlap");
    CHECK(rope_forward(ws, x, x + 4, 2, 8, 8, 10000, 0, ROPE_HALF) == PF_ERR_OVERLAP, "partial overlap, other side");
    CHECK(rope_forward(ws, x + 16, x, 2, 8, 8, 10000, 0, ROPE_HALF) == PF_OK, "adjacent arrays");
    double theta;
    CHECK(rope_angle(NULL, 0, 0, 8, 10000) == PF_ERR_NULL, "angle NULL");
    CHECK(rope_angle(&theta, -1, 0, 8, 10000) == PF_ERR_POSITION, "angle position");
    CHECK(rope_angle(&theta, 0, 4, 8, 10000) == PF_ERR_COLUMN, "angle pair");
    CHECK(rope_angle(&theta, 0, 0, 7, 10000) == PF_ERR_HEAD_DIM, "angle head_dim");
    CHECK(rope_angle(&theta, 0, 0, 8, 0.5) == PF_ERR_BASE, "angle base");
    for (int s = 0; s <= PF_STATUS_COUNT; s++) CHECK(pf_status_name((pf_status)s) != NULL, "status name %d", s);
    free(ws);
}

void test_rope(void) {
    const int before = test_checks, failed_before = test_failures;
    test_known_values();
    test_dense_sizes();
    test_positions_below_1e6();
    test_relative();
    test_workspace_reuse();
    test_special_values();
    test_statuses();
    printf("rope: %d checks, %d failed\n", test_checks - before, test_failures - failed_before);
}

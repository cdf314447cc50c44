/*
 * test_pe_workspace.c — the PE kernels keep no state of their own: a workspace's history never shows
 * in results (one workspace alternating widths, bases, layouts and splits is bit-identical to a fresh
 * workspace per call), two workspaces in turn do not disturb each other, and a missing or small
 * workspace is a status, with nothing written.
 */
#include "test_support.h"
#include <stdlib.h>
#include <string.h>

typedef struct { int32_t length, d_model, offset; double base; pe_layout layout; int add; } pe_call;

/* The call on `workspace` and on a fresh one: bit-identical (x starts from the same values). */
static void same_as_fresh(pf_workspace *workspace, const pe_call *c, const char *what) {
    const size_t n = (size_t)c->length * (size_t)c->d_model;
    float *got = malloc(n * sizeof(float) + 1), *want = malloc(n * sizeof(float) + 1);
    for (size_t i = 0; i < n; i++) got[i] = want[i] = (float)(i % 7) - 3.0f;
    const pf_status s1 = c->add ? pe_add(workspace, got, c->length, c->d_model, c->base, c->offset, c->layout)
                                : pe_fill(workspace, got, c->length, c->d_model, c->base, c->offset, c->layout);
    const pf_status s2 = c->add ? pe_add_fresh(want, c->length, c->d_model, c->base, c->offset, c->layout)
                                : pe_fill_fresh(want, c->length, c->d_model, c->base, c->offset, c->layout);
    CHECK(s1 == PF_OK && s2 == PF_OK, "%s: status %d %d", what, s1, s2);
    CHECK(memcmp(got, want, n * sizeof(float)) == 0, "%s L=%d D=%d base=%g offset=%d layout=%d add=%d: "
          "differs from a fresh workspace", what, c->length, c->d_model, c->base, c->offset, c->layout, c->add);
    free(got);
    free(want);
}

void test_pe_workspace(void) {
    /* A workspace keeps the constants of every frequency: ~560 bytes each, so it grows with d_model
       (never by more than a chunk of 64 frequencies at a time) up to ~18 MiB at the widest. */
    size_t largest = 0, previous = 0;
    int grows = 1;
    for (int32_t d = 1; d <= PF_MAX_DIM; d++) {
        const size_t bytes = pe_workspace_bytes(d);
        grows &= bytes >= previous && bytes - previous <= (size_t)64 * 560;
        previous = bytes;
        largest = bytes > largest ? bytes : largest;
    }
    CHECK(grows, "the workspace grows with d_model, a chunk at most per column");
    CHECK(largest == pe_workspace_bytes(PF_MAX_DIM) && largest <= (size_t)(PF_MAX_DIM / 2) * 560 + 15,
          "largest workspace %zu bytes", largest);
    CHECK(pe_workspace_bytes(4096) < (size_t)1200 * 1024, "d_model 4096: %zu bytes", pe_workspace_bytes(4096));
    CHECK(pe_workspace_bytes(0) == 0 && pe_workspace_bytes(PF_MAX_DIM + 1) == 0, "no workspace for a refused d_model");

    /* Calls that continue (offset = the last one's end; on the chunked wide path too), return to an
       earlier (d_model, base), cross to the wide path and back, and change layout or fill/add. */
    const pe_call calls[] = {
        { 100, 64, 0, 10000, PE_INTERLEAVED, 0 },   { 60, 64, 100, 10000, PE_INTERLEAVED, 0 },
        { 70, 64, 160, 10000, PE_CONCAT, 1 },       { 33, 64, 160, 2, PE_CONCAT, 0 },
        { 33, 64, 193, 10000, PE_INTERLEAVED, 0 },  { 5, 8192, 7, 10000, PE_CONCAT, 0 },
        { 70, 8192, 12, 10000, PE_CONCAT, 0 },      { 1, 8192, 82, 10000, PE_INTERLEAVED, 1 },
        { 2, 8193, 83, 10000, PE_CONCAT, 0 },       { 40, 8192, 85, 10000, PE_INTERLEAVED, 0 },
        { 40, 64, 226, 10000, PE_INTERLEAVED, 1 },  { 129, 4096, 999900, 500000, PE_CONCAT, 0 },
        { 64, 4095, 1000029, 500000, PE_INTERLEAVED, 0 }, { 3, 65536, 2147483645, 1e9, PE_CONCAT, 1 },
        { 64, 4096, 1000029, 500000, PE_CONCAT, 0 },  { 200, 5, 0, 1.5, PE_INTERLEAVED, 0 },
        { 17, 63, 4090, 10000, PE_CONCAT, 0 },      { 17, 63, 4107, 10000, PE_CONCAT, 0 },
        { 100, 64, 0, 10000, PE_INTERLEAVED, 0 },
    };
    void *memory = malloc(largest + 3);
    pf_workspace one;
    CHECK(pf_workspace_init(&one, (char *)memory + 3, largest) == PF_OK, "init (memory not aligned)");
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) same_as_fresh(&one, &calls[i], "one workspace");

    /* Two workspaces in turn, each continuing its own table. */
    const size_t bytes = pe_workspace_bytes(512);
    void *m1 = malloc(bytes), *m2 = malloc(bytes);
    pf_workspace w1, w2;
    pf_workspace_init(&w1, m1, bytes);
    pf_workspace_init(&w2, m2, bytes);
    for (int32_t t0 = 0; t0 < 300; t0 += 50) {
        const pe_call a = { 50, 512, 1000 + t0, 10000, PE_INTERLEAVED, 0 }, b = { 50, 300, t0, 77, PE_CONCAT, 0 };
        same_as_fresh(&w1, &a, "workspace 1 of 2");
        same_as_fresh(&w2, &b, "workspace 2 of 2");
    }

    /* No workspace, no memory, too little memory: a status, and out untouched. */
    float guard[2 * 64];
    for (int i = 0; i < 2 * 64; i++) guard[i] = 7;
    pf_workspace small;
    CHECK(pe_fill(NULL, guard, 2, 64, 10000, 0, PE_INTERLEAVED) == PF_ERR_NULL, "no workspace");
    CHECK(pf_workspace_init(NULL, m1, bytes) == PF_ERR_NULL && pf_workspace_init(&small, NULL, 8) == PF_ERR_NULL,
          "workspace_init refuses NULL");
    CHECK(pf_workspace_init(&small, NULL, 0) == PF_OK, "an empty workspace");
    CHECK(pe_fill(&small, guard, 0, 64, 10000, 0, PE_INTERLEAVED) == PF_OK, "an empty workspace serves length 0");
    CHECK(pe_fill(&small, guard, 2, 64, 10000, 0, PE_INTERLEAVED) == PF_ERR_WORKSPACE, "an empty workspace");
    pf_workspace_init(&small, m1, pe_workspace_bytes(64) - 1);
    CHECK(pe_add(&small, guard, 2, 64, 10000, 0, PE_CONCAT) == PF_ERR_WORKSPACE, "one byte too small");
    CHECK(pe_fill(&small, guard, 2, 65, 10000, 0, PE_CONCAT) == PF_ERR_WORKSPACE, "too small for d_model 65");
    int untouched = 1;
    for (int i = 0; i < 2 * 64; i++) untouched &= guard[i] == 7;
    CHECK(untouched, "refused calls write nothing");
    pf_workspace_init(&small, m1, pe_workspace_bytes(64));
    CHECK(pe_fill(&small, guard, 2, 64, 10000, 0, PE_INTERLEAVED) == PF_OK && guard[1] == 1.0f, "exactly large enough");
    free(m1);
    free(m2);
    free(memory);
    printf("pe workspace: %zu calls on one workspace and 12 on two, all bit-identical to fresh workspaces; "
           "largest workspace %zu bytes\n", sizeof calls / sizeof calls[0], largest);
}

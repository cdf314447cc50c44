/*
 * test_pe_sweep.c — PE over the whole promised range: d_model 1 .. 65,536 sampled densely where pe.c
 * changes path (groups of 4 and 8 frequencies, powers of two, the 4096-wide table limit, the wide
 * path's chunks of 64 frequencies) and at random widths (fixed seed); both layouts; offsets near 0,
 * near 999,999 (across the exact anchor at 999,424 = 244 * 4096) and near the largest position;
 * several bases; row counts that give partial and whole 64-row blocks. Each table is checked against
 * the formula in double precision (written here), against itself split into two calls, against
 * pe_add (x + table, rounded once, bit for bit) and against pe_entry. One workspace serves the whole
 * sweep, as one instance does in JS. SWEEP=full: more widths, longer tables.
 */
#include "test_support.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    double bound;        /* largest |err| allowed (0 with `exact`: bit-identical) */
    long configs, values, over;
    double worst;
    char where[160];
} family;

static void family_note(family *f, double err, int32_t d, int32_t length, int32_t offset, double base,
                        long index) {
    f->values++;
    if (!(err <= f->bound)) f->over++;
    if (err > f->worst || err != err) {
        f->worst = err;
        snprintf(f->where, sizeof f->where, "d=%d L=%d offset=%d base=%.10g value %ld", d, length, offset,
                 base, index);
    }
}

static void family_report(family *f) {
    printf("sweep %s: %ld configs, %ld values, max |err| %.2e%s%s (bound %.1e)\n", f->name, f->configs,
           f->values, f->worst, f->worst > 0 ? " at " : "", f->worst > 0 ? f->where : "", f->bound);
    CHECK(f->over == 0, "sweep %s: %ld values over the bound %.1e (worst %.3e at %s)", f->name, f->over,
          f->bound, f->worst, f->where);
}

/* xorshift32: the fixed-seed widths and split points. */
static uint32_t sweep_random(uint32_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}

static int compare_int(const void *a, const void *b) {
    return (*(const int32_t *)a > *(const int32_t *)b) - (*(const int32_t *)a < *(const int32_t *)b);
}

/* The widths, sorted and without repeats; returns how many. */
static int sweep_widths(int32_t *w, int full) {
    int n = 0;
    for (int32_t d = 1; d <= (full ? 300 : 72); d++) w[n++] = d;        /* every tail of 4 and 8 */
    for (int32_t p = 8; p <= PF_MAX_DIM; p *= 2)                          /* powers of two */
        for (int32_t e = full ? -8 : -2; e <= (full ? 8 : 2); e++) w[n++] = p + e;
    for (int32_t d = 4090; d <= 4102; d++) w[n++] = d;                    /* the kept table's limit */
    const int32_t chunks[] = { 1, 2, 5, 31, 63, 255 };                    /* wide: chunk edges */
    for (int i = 0; i < 6; i++)
        for (int32_t e = -2; e <= 2; e++) w[n++] = 4096 + 128 * chunks[i] + e;
    const int32_t tails[] = { 1, 3, 4, 5, 60, 63 };                       /* wide: last chunk's size */
    for (int i = 0; i < 6; i++) w[n++] = 2 * (64 * 40 + tails[i]), w[n++] = 2 * (64 * 40 + tails[i]) - 1;
    uint32_t state = 0x9e3779b9u;
    for (int i = 0; i < (full ? 400 : 24); i++)                           /* random, log-uniform */
        w[n++] = (int32_t)fmin(PF_MAX_DIM, floor(exp(log(PF_MAX_DIM) * (sweep_random(&state) / 4294967296.0))) + 1);
    for (int i = 0; i < n; i++) w[i] = w[i] < 1 ? 1 : w[i] > PF_MAX_DIM ? PF_MAX_DIM : w[i];
    qsort(w, (size_t)n, sizeof *w, compare_int);
    int unique = 0;
    for (int i = 0; i < n; i++) if (unique == 0 || w[i] != w[unique - 1]) w[unique++] = w[i];
    return unique;
}

enum { NEAR_ZERO, NEAR_MILLION, NEAR_MAX, OFFSET_KINDS };

/* An offset of the kind, for `length` rows; `v` varies it from width to width. */
static int32_t sweep_offset(int kind, int32_t length, uint32_t v) {
    switch (kind) {
    case NEAR_ZERO: return v % 3 == 0 ? 0 : (int32_t)(v % 97);
    case NEAR_MILLION:                 /* the last row at most 999,999; some across 999,424 */
        return v % 2 ? 1000000 - length - (int32_t)(v % 5) : 999424 - length / 2;
    default:                           /* the last row at most PF_MAX_POSITION; some across 2^31 - 4096 */
        return v % 2 ? PF_MAX_POSITION - length + 1 - (int32_t)(v % 7) : 2147479552 - length / 2;
    }
}

typedef struct {
    family table[2][2];      /* [layout][positions below 1e6, near the largest] */
    family split[2], add[2], entry[2][2];
} pe_families;

static void sweep_one(pf_workspace *ws, pe_families *fam, int32_t d, int32_t length, int32_t offset,
                      double base, pe_layout layout, uint32_t v, float *table, float *again, float *x,
                      double *den) {
    const int concat = layout == PE_CONCAT, near_max = (int64_t)offset + length > 1000000;
    const int32_t h = (d + 1) / 2;
    const size_t n = (size_t)length * (size_t)d;
    CHECK(pe_fill(ws, table, length, d, base, offset, layout) == PF_OK, "fill d=%d", d);

    /* The formula in double: angle = p / base^(2k / d). The reference's own rounding grows with p
       (the angle is known to p 2^-53): the bound near the largest positions allows for it. */
    for (int32_t k = 0; k < h; k++) den[k] = pow(base, 2.0 * k / d);
    family *ft = &fam->table[concat][near_max];
    ft->configs++;
    for (int32_t t = 0; t < length; t++) {
        const double p = (double)offset + t;
        for (int32_t j = 0; j < d; j++) {
            const int is_sin = concat ? j < h : j % 2 == 0;
            const int32_t k = concat ? (is_sin ? j : j - h) : j / 2;
            const double want = is_sin ? sin(p / den[k]) : cos(p / den[k]);
            const float got = table[(size_t)t * d + j];
            family_note(ft, fabsf(got) <= 1.0f ? fabs(got - want) : INFINITY, d, length, offset, base,
                        (long)t * d + j);
        }
    }

    /* The same rows in two calls (the second continues from the first's anchor): bit for bit. */
    const int32_t cut = length > 1 ? 1 + (int32_t)(v % (uint32_t)(length - 1)) : 1;
    pe_fill(ws, again, cut, d, base, offset, layout);
    if (cut < length) pe_fill(ws, again + (size_t)cut * d, length - cut, d, base, offset + cut, layout);
    fam->split[concat].configs++;
    for (size_t i = 0; i < n; i++) family_note(&fam->split[concat], memcmp(&again[i], &table[i], sizeof(float)) ? 1 : 0, d, length, offset, base, (long)i);

    /* x + PE rounded once, bit for bit. */
    for (size_t i = 0; i < n; i++) x[i] = again[i] = (float)((int)((i + v) % 9) - 4) * 0.375f;
    CHECK(pe_add(ws, x, length, d, base, offset, layout) == PF_OK, "add d=%d", d);
    fam->add[concat].configs++;
    for (size_t i = 0; i < n; i++) {
        const float want = again[i] + table[i];
        family_note(&fam->add[concat], memcmp(&x[i], &want, sizeof(float)) ? 1 : 0, d, length, offset, base, (long)i);
    }

    /* pe_entry at sampled columns of the first and last rows (every column of narrow tables). */
    family *fe = &fam->entry[concat][near_max];
    fe->configs++;
    const int32_t rows[2] = { 0, length - 1 };
    for (int r = 0; r < 2; r++) {
        const double p = (double)offset + rows[r];
        for (int32_t s = 0; s < (d < 64 ? d : 40); s++) {
            const int32_t j = d < 64 ? s : s < 4 ? (int32_t[]){ 0, h - 1, h, d - 1 }[s] : (int32_t)(sweep_random(&v) % (uint32_t)d);
            const int is_sin = concat ? j < h : j % 2 == 0;
            const int32_t k = concat ? (is_sin ? j : j - h) : j / 2;
            double got;
            CHECK(pe_entry(&got, (int32_t)p, j, d, base, layout) == PF_OK, "entry d=%d j=%d", d, j);
            family_note(fe, fabs(got - (is_sin ? sin(p / den[k]) : cos(p / den[k]))), d, length,
                        offset, base, (long)rows[r] * d + j);
        }
    }
}

void sweep_pe(void) {
    const int full = sweep_full();
    static int32_t widths[4096];
    const int count = sweep_widths(widths, full);
    const double bases[] = { 2, 10000, 500000, 1e9, 1.5, 1 + 0x1p-20 };
    const int n_bases = 6;
    const size_t budget = full ? 60000 : 12000;          /* values per table */
    const size_t block_budget = full ? 1000000 : 200000;  /* tables of whole 64-row blocks */

    size_t largest = 0;
    for (int i = 0; i < count; i++) largest = pe_workspace_bytes(widths[i]) > largest ? pe_workspace_bytes(widths[i]) : largest;
    void *memory = malloc(largest);
    pf_workspace ws;
    pf_workspace_init(&ws, memory, largest);
    const size_t most = block_budget > budget + PF_MAX_DIM ? block_budget + 66u * PF_MAX_DIM : budget + 2u * PF_MAX_DIM;
    float *table = malloc(most * sizeof(float)), *again = malloc(most * sizeof(float)), *x = malloc(most * sizeof(float));
    double *den = malloc(sizeof(double) * (PF_MAX_DIM / 2 + 1));

    pe_families fam;
    memset(&fam, 0, sizeof fam);
    const char *layouts[2] = { "interleaved", "concat" };
    static char names[2][7][64];
    for (int l = 0; l < 2; l++) {
        snprintf(names[l][0], 64, "pe %s table, positions < 1e6", layouts[l]);
        snprintf(names[l][1], 64, "pe %s table, positions near 2^31", layouts[l]);
        snprintf(names[l][2], 64, "pe %s split calls = one call (bits)", layouts[l]);
        snprintf(names[l][3], 64, "pe %s add = x + table (bits)", layouts[l]);
        snprintf(names[l][4], 64, "pe %s pe_entry, positions < 1e6", layouts[l]);
        snprintf(names[l][5], 64, "pe %s pe_entry, positions near 2^31", layouts[l]);
        fam.table[l][0] = (family){ .name = names[l][0], .bound = 1e-6 };
        /* Near 2^31 the formula is ill-conditioned: base^(2k/d) and the division each round, and an
           angle of size p moves by up to 3 p 2^-52 in each computation compared (the contract
           promises no bound beyond 1e6; tests/sweep/pe.js allows the same). */
        const double formula_slack = 6 * 2147483647.0 * 0x1p-53;
        fam.table[l][1] = (family){ .name = names[l][1], .bound = 1e-6 + formula_slack };
        fam.split[l] = (family){ .name = names[l][2], .bound = 0 };
        fam.add[l] = (family){ .name = names[l][3], .bound = 0 };
        fam.entry[l][0] = (family){ .name = names[l][4], .bound = 1e-9 };
        fam.entry[l][1] = (family){ .name = names[l][5], .bound = 1e-9 + formula_slack };
    }

    for (int i = 0; i < count; i++) {
        const int32_t d = widths[i];
        for (int l = 0; l < 2; l++) {
            for (int kind = 0; kind < OFFSET_KINDS; kind++) {
                uint32_t v = (uint32_t)(d * 2654435761u) ^ (uint32_t)(l * 40503 + kind * 977);
                const int32_t length = (int32_t)fmax(1, fmin(200, (double)(budget / (size_t)d) + (v % 3)));
                const double base = bases[(i + l + kind) % n_bases];
                sweep_one(&ws, &fam, d, length, sweep_offset(kind, length, v), base, (pe_layout)l, v, table, again, x, den);
            }
            /* Whole blocks (the paired kernel), from a block's first row. */
            if ((size_t)d * 64 <= block_budget) {
                const int32_t length = 64 + (d % 3);
                sweep_one(&ws, &fam, d, length, 32 + 64 * (d % 50), bases[(i + l) % n_bases], (pe_layout)l,
                          (uint32_t)d, table, again, x, den);
            }
        }
    }
    for (int l = 0; l < 2; l++) {
        family_report(&fam.table[l][0]);
        family_report(&fam.table[l][1]);
        family_report(&fam.split[l]);
        family_report(&fam.add[l]);
        family_report(&fam.entry[l][0]);
        family_report(&fam.entry[l][1]);
    }
    printf("sweep pe: %d widths from %d to %d%s\n", count, widths[0], widths[count - 1], full ? " (SWEEP=full)" : "");
    free(memory);
    free(table);
    free(again);
    free(x);
    free(den);
}

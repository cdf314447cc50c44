/*
 * test_ffn_sweep.c — the FFN at shapes around every edge of its kernels (matmul.c, ffn.c): columns
 * around whole panels of 8 and the one-token path's groups of 4 panels (32 columns), tokens around
 * the tile heights (5 rows; 6 in the relaxed wasm build) and the blocks of 128 tokens, inner sizes
 * around the 4096 of one pass (MM_KC) and beyond, every activation, seeded weights and weights of
 * magnitude up to 1, plus random shapes (fixed seed). Output and hidden rows against the formula in
 * double (written here) within the contract's 1e-4 (1 + M), and all tokens at once against one token
 * at a time (bit for bit). SWEEP=full: more shapes.
 */
#include "test_support.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    long configs, values, over;
    double worst;        /* largest |err| / (1 + M) */
    char where[128];
} ffn_family;

static void note(ffn_family *f, double scaled, const char *shape) {
    if (!(scaled <= 1e-4)) f->over++;
    if (scaled > f->worst || scaled != scaled) {
        f->worst = scaled;
        snprintf(f->where, sizeof f->where, "%s", shape);
    }
}

static void report(const ffn_family *f) {
    printf("sweep %s: %ld configs, %ld values, max |err| / (1 + M) %.2e%s%s (bound 1e-4)\n", f->name,
           f->configs, f->values, f->worst, f->worst > 0 ? " at " : "", f->worst > 0 ? f->where : "");
    CHECK(f->over == 0, "sweep %s: %ld configs over the bound (worst %.3e at %s)", f->name, f->over, f->worst, f->where);
}

static uint32_t next(uint32_t *state) {       /* xorshift32: inputs, weights and random shapes */
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    return *state;
}
static float uniform(uint32_t *state) { return (float)(next(state) / 2147483648.0 - 1.0); }

typedef struct { ffn_family out, hidden, split, wide; } ffn_families;

static void sweep_shape(ffn_families *fam, int32_t d, int32_t f, int32_t tokens, ffn_activation act,
                        int given_weights, uint32_t seed) {
    char shape[96];
    snprintf(shape, sizeof shape, "d=%d f=%d T=%d act=%d %s", d, f, tokens, act, given_weights ? "given" : "seeded");
    ffn_layer layer;
    if (ffn_init(&layer, d, f, act) != PF_OK) { CHECK(0, "ffn_init %s", shape); return; }
    uint32_t state = seed * 2654435761u + 1;
    const size_t nd = (size_t)d, nf = (size_t)f, nt = (size_t)tokens;
    if (given_weights) {                          /* magnitudes up to 1, the contract's worst case */
        float *w = malloc((2 * nd * nf + nd + nf) * sizeof(float));
        for (size_t i = 0; i < 2 * nd * nf + nd + nf; i++) w[i] = uniform(&state);
        CHECK(ffn_set_weights(&layer, w, w + nd * nf, w + nd * nf + nf, w + 2 * nd * nf + nf) == PF_OK, "weights %s", shape);
        free(w);
    } else {
        CHECK(ffn_init_seeded(&layer, seed, NULL, NULL) == PF_OK, "seeded %s", shape);
    }
    float *x = malloc(nt * nd * sizeof(float)), *out = malloc(nt * nd * sizeof(float));
    float *hidden = malloc(nt * nf * sizeof(float)), *one = malloc(nd * sizeof(float));
    for (size_t i = 0; i < nt * nd; i++) x[i] = uniform(&state);
    CHECK(ffn_forward(&layer, out, hidden, x, tokens) == PF_OK, "forward %s", shape);

    const ffn_weights *w = &layer.weights;
    double *h = malloc(nf * sizeof(double)), *y = malloc(nt * nd * sizeof(double));
    double *href = malloc(nt * nf * sizeof(double)), max_h = 0, max_y = 0;
    for (size_t t = 0; t < nt; t++) {
        for (size_t n = 0; n < nf; n++) h[n] = w->b1[n];
        for (size_t k = 0; k < nd; k++) {
            const double xk = x[t * nd + k];
            for (size_t n = 0; n < nf; n++) h[n] += xk * w->w1[k * nf + n];
        }
        for (size_t n = 0; n < nf; n++) href[t * nf + n] = h[n] = ref_act(act, h[n]), max_h = fmax(max_h, fabs(h[n]));
        for (size_t m = 0; m < nd; m++) {
            double s = w->b2[m];
            for (size_t n = 0; n < nf; n++) s += h[n] * w->w2[n * nd + m];
            y[t * nd + m] = s;
            max_y = fmax(max_y, fabs(s));
        }
    }
    /* The contract's bound holds up to 4096; wider inner sizes are their own family. */
    ffn_family *fo = d > 4096 || f > 4096 ? &fam->wide : &fam->out;
    double worst_y = 0, worst_h = 0;
    for (size_t i = 0; i < nt * nd; i++) worst_y = fmax(worst_y, fabs(out[i] - y[i]));
    for (size_t i = 0; i < nt * nf; i++) worst_h = fmax(worst_h, fabs(hidden[i] - href[i]));
    fo->configs++, fo->values += (long)(nt * nd);
    note(fo, worst_y / (1 + max_y), shape);
    fam->hidden.configs++, fam->hidden.values += (long)(nt * nf);
    note(&fam->hidden, worst_h / (1 + max_h), shape);

    /* One token at a time (the one-token path, other tiles): the same bits. */
    long differ = 0;
    for (size_t t = 0; t < nt; t++) {
        ffn_forward(&layer, one, NULL, x + t * nd, 1);
        differ += memcmp(one, out + t * nd, nd * sizeof(float)) != 0;
    }
    fam->split.configs++, fam->split.values += (long)(nt * nd);
    note(&fam->split, (double)differ, shape);

    ffn_free(&layer);
    free(x), free(out), free(hidden), free(one), free(h), free(y), free(href);
}

void sweep_ffn(void) {
    const int full = sweep_full();
    ffn_families fam = { { "ffn output (d, d_ff <= 4096)", 0, 0, 0, 0, "" },
                         { "ffn hidden", 0, 0, 0, 0, "" },
                         { "ffn one token at a time = all at once (bits)", 0, 0, 0, 0, "" },
                         { "ffn output, an inner size beyond 4096 (several passes)", 0, 0, 0, 0, "" } };
    /* Around panels of 8 and groups of 32 columns, for both products (n_out is f, then d). */
    const int32_t edges[] = { 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 39, 40, 41, 63, 64, 65 };
    const int n_edges = sizeof edges / sizeof edges[0];
    /* Around tiles of 5 and 6 tokens, and one token. */
    const int32_t token_counts[] = { 1, 2, 4, 5, 6, 7, 10, 11, 12, 13, 30, 31 };
    int config = 0;
    for (int a = 0; a < n_edges; a++) {
        for (int b = 0; b < n_edges; b++) {
            if (!full && (a + b) % 3) continue;
            sweep_shape(&fam, edges[a], edges[b], token_counts[config % 12], (ffn_activation)(config % 4), config % 2, (uint32_t)config);
            config++;
        }
    }
    /* Blocks of 128 tokens: equal blocks, the last one short or not. */
    const int32_t long_counts[] = { 127, 128, 129, 255, 256, 257, 300 };
    for (int i = 0; i < 7; i++, config++) sweep_shape(&fam, 9, 12, long_counts[i], (ffn_activation)(i % 4), i % 2, (uint32_t)config);
    /* Inner sizes around one pass of 4096 and beyond (the promise stops at 4096). */
    const int32_t deep[][3] = { { 4095, 9, 6 }, { 4096, 8, 5 }, { 4097, 33, 1 }, { 4097, 7, 7 }, { 3, 4096, 6 },
                                { 5, 4097, 2 }, { 8, 4097, 1 }, { 8193, 5, 2 }, { 512, 2048, 3 }, { 768, 3072, 1 } };
    for (int i = 0; i < (int)(sizeof deep / sizeof deep[0]); i++, config++)
        for (int act = 0; act < (full ? 4 : 1); act++)
            sweep_shape(&fam, deep[i][0], deep[i][1], deep[i][2], (ffn_activation)((i + act) % 4), i % 2, (uint32_t)config);
    /* Random shapes. */
    uint32_t state = 12345;
    for (int i = 0; i < (full ? 200 : 24); i++, config++) {
        const int32_t d = 1 + (int32_t)(next(&state) % 200), f = 1 + (int32_t)(next(&state) % 300);
        sweep_shape(&fam, d, f, 1 + (int32_t)(next(&state) % 40), (ffn_activation)(next(&state) % 4), i % 2, (uint32_t)config);
    }
    report(&fam.out);
    report(&fam.hidden);
    printf("sweep %s: %ld configs, %ld values, %.0f rows differing%s%s\n", fam.split.name, fam.split.configs,
           fam.split.values, fam.split.worst, fam.split.worst > 0 ? " at " : "", fam.split.worst > 0 ? fam.split.where : "");
    CHECK(fam.split.worst == 0, "sweep %s: rows differ at %s", fam.split.name, fam.split.where);
    report(&fam.wide);
}

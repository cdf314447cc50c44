/*
 * test_block.c — native tests of layer normalisation, attention and the encoder block (block.h), a
 * suite of build/native/test_core (ASan + UBSan; test_core.c's main runs test_block()). Everything
 * is compared with a double-precision reference written here from the formulas (independent of the
 * core), with the largest difference per array printed; shapes sit around the kernels' tile, panel and block edges. Also: the causal
 * prefix promise bit for bit, seeded = given bit for bit, softmax at huge scores, every status.
 */
#include "block.h"
#include "test_support.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- test data -------------------------------------------------------------------------------- */

/* A tiny generator of its own (xorshift32), so the data shares nothing with the core's Mulberry32. */
static uint32_t rng_state = 1;
static double uniform(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state / 4294967296.0 * 2.0 - 1.0;
}
static float *random_floats(size_t n, double scale) {
    float *p = malloc((n ? n : 1) * sizeof(float));
    for (size_t i = 0; i < n; i++) p[i] = (float)(uniform() * scale);
    return p;
}
static void *alloc_floats(uint64_t n) { return aligned_alloc(16, (size_t)((n + 4) / 4 * 4) * sizeof(float)); }

/* Mulberry32 written from API.md (independently of rng.c), for the seeded weights. */
static uint32_t mb32(uint32_t *s) {
    *s += 0x6D2B79F5u;
    uint32_t t = *s;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return t ^ (t >> 14);
}
static float *draw(uint32_t *s, size_t n, int fan_in) {
    float *p = malloc(n * sizeof(float));
    for (size_t i = 0; i < n; i++) p[i] = (float)((2.0 * (mb32(s) / 4294967296.0) - 1.0) / sqrt((double)fan_in));
    return p;
}

/* ---- the double reference ---------------------------------------------------------------------- */

/* out (rows, d) = LN of in, all in double. */
static void ref_ln(double *out, const double *in, const float *g, const float *b, int rows, int d, double eps) {
    for (int r = 0; r < rows; r++) {
        double mean = 0, var = 0;
        for (int j = 0; j < d; j++) mean += in[r * d + j];
        mean /= d;
        for (int j = 0; j < d; j++) var += (in[r * d + j] - mean) * (in[r * d + j] - mean);
        var /= d;
        for (int j = 0; j < d; j++)
            out[r * d + j] = (in[r * d + j] - mean) / sqrt(var + eps) * (g ? g[j] : 1.0) + (b ? b[j] : 0.0);
    }
}

/* y (t, n) = x (t, k) W (k, n) + bias, in double */
static void ref_linear(double *y, const double *x, const float *w, const float *bias, int t, int k, int n) {
    for (int i = 0; i < t; i++)
        for (int c = 0; c < n; c++) {
            double s = bias ? bias[c] : 0;
            for (int m = 0; m < k; m++) s += x[i * k + m] * w[m * n + c];
            y[i * n + c] = s;
        }
}

typedef struct {
    const float *wq, *bq, *wk, *bk, *wv, *bv, *wo, *bo, *w1, *b1, *w2, *b2, *g1, *be1, *g2, *be2;
} weights;

typedef struct { double *q, *k, *v, *scores, *weights, *attention, *h1, *hidden, *ffn, *out; } ref_trace;
enum { N_ARRAYS = 10 };
static const char *const array_names[N_ARRAYS] = { "q", "k", "v", "scores", "weights", "attention", "h1", "hidden", "ffn", "output" };

static double **ref_arrays(ref_trace *r) { return (double **)r; }

static void ref_block(ref_trace *r, const block_config *c, const weights *w, const float *xf, int t) {
    const int d = c->d_model, H = c->heads, e = d / H, f = c->d_ff;
    const size_t td = (size_t)t * d;
    for (int i = 0; i < N_ARRAYS; i++) {
        const size_t n = i == 3 || i == 4 ? (size_t)H * t * t : i == 7 ? (size_t)t * f : td;
        ref_arrays(r)[i] = calloc(n + 1, sizeof(double));
    }
    double *x = malloc(td * sizeof(double)), *a = malloc(td * sizeof(double)), *o = malloc(td * sizeof(double));
    double *z = malloc((size_t)t * f * sizeof(double) + 8);
    for (size_t i = 0; i < td; i++) x[i] = xf[i];
    if (c->norm == BLOCK_PRE_NORM) ref_ln(a, x, w->g1, w->be1, t, d, c->eps);
    else memcpy(a, x, td * sizeof(double));
    ref_linear(r->q, a, w->wq, w->bq, t, d, d);
    ref_linear(r->k, a, w->wk, w->bk, t, d, d);
    ref_linear(r->v, a, w->wv, w->bv, t, d, d);
    for (int h = 0; h < H; h++) {
        for (int i = 0; i < t; i++) {
            double *s = r->scores + ((size_t)h * t + i) * t, *p = r->weights + ((size_t)h * t + i) * t;
            double m = -INFINITY, sum = 0;
            for (int j = 0; j < t; j++) {
                double dot = 0;
                for (int q = 0; q < e; q++) dot += r->q[i * d + h * e + q] * r->k[j * d + h * e + q];
                s[j] = dot / sqrt((double)e);
                if (!c->causal || j <= i) m = fmax(m, s[j]);
            }
            for (int j = 0; j < t; j++) sum += (!c->causal || j <= i) ? exp(s[j] - m) : 0;
            for (int j = 0; j < t; j++) p[j] = (!c->causal || j <= i) ? exp(s[j] - m) / sum : 0;
            for (int q = 0; q < e; q++) {
                double acc = 0;
                for (int j = 0; j < t; j++) acc += p[j] * r->v[j * d + h * e + q];
                o[i * d + h * e + q] = acc;
            }
        }
    }
    ref_linear(r->attention, o, w->wo, w->bo, t, d, d);
    for (size_t i = 0; i < td; i++) a[i] = x[i] + r->attention[i];
    if (c->norm == BLOCK_POST_NORM) ref_ln(r->h1, a, w->g1, w->be1, t, d, c->eps);
    else memcpy(r->h1, a, td * sizeof(double));
    if (c->norm == BLOCK_PRE_NORM) ref_ln(a, r->h1, w->g2, w->be2, t, d, c->eps);
    else memcpy(a, r->h1, td * sizeof(double));
    ref_linear(z, a, w->w1, w->b1, t, d, f);
    for (size_t i = 0; i < (size_t)t * f; i++) r->hidden[i] = ref_act(c->activation, z[i]);
    ref_linear(r->ffn, r->hidden, w->w2, w->b2, t, f, d);
    for (size_t i = 0; i < td; i++) a[i] = r->h1[i] + r->ffn[i];
    if (c->norm == BLOCK_POST_NORM) ref_ln(r->out, a, w->g2, w->be2, t, d, c->eps);
    else memcpy(r->out, a, td * sizeof(double));
    free(x); free(a); free(o); free(z);
}

static void ref_free(ref_trace *r) {
    for (int i = 0; i < N_ARRAYS; i++) free(ref_arrays(r)[i]);
}

/* ---- the block under test ---------------------------------------------------------------------- */

typedef struct { float *q, *k, *v, *scores, *weights, *attention, *h1, *hidden, *ffn, *out; } got_trace;
static float **got_arrays(got_trace *g) { return (float **)g; }

static size_t array_length(int i, const block_config *c, int t) {
    return i == 3 || i == 4 ? (size_t)c->heads * t * t : i == 7 ? (size_t)t * c->d_ff : (size_t)t * c->d_model;
}

/* Runs a traced forward into fresh arrays; returns its status. */
static pf_status run_block(got_trace *g, block_layer *layer, const float *x, int t) {
    for (int i = 0; i < N_ARRAYS; i++) got_arrays(g)[i] = alloc_floats(array_length(i, &layer->config, t));
    const block_trace trace = { g->q, g->k, g->v, g->scores, g->weights, g->attention, g->h1, g->hidden, g->ffn };
    uint64_t n = 0;
    CHECK(block_workspace_floats(&n, layer, t) == PF_OK, "workspace size");
    float *work = alloc_floats(n);
    const pf_status status = block_forward(layer, g->out, &trace, x, t, work, n);
    free(work);
    return status;
}
static void got_free(got_trace *g) {
    for (int i = 0; i < N_ARRAYS; i++) free(got_arrays(g)[i]);
}

static double worst_seen[N_ARRAYS];

/* Every array within 1e-4 (1 + M) of the reference (M: the largest magnitude of that array). */
static void compare(const got_trace *g, const ref_trace *r, const block_config *c, int t, const char *what) {
    char line[600];
    int at = snprintf(line, sizeof line, "block %s D=%d H=%d F=%d T=%d %s%s:", what, c->d_model, c->heads,
                      c->d_ff, t, c->norm == BLOCK_PRE_NORM ? "pre" : "post", c->causal ? " causal" : "");
    for (int i = 0; i < N_ARRAYS; i++) {
        const float *got = got_arrays((got_trace *)g)[i];
        const double *want = ref_arrays((ref_trace *)r)[i];
        double worst = 0, m = 0;
        const size_t n = array_length(i, c, t);
        for (size_t k = 0; k < n; k++) {
            m = fmax(m, fabs(want[k]));
            const double diff = fabs(got[k] - want[k]);
            worst = diff > worst || diff != diff ? diff : worst;
        }
        const double rel = worst / (1 + m);
        if (rel > worst_seen[i] || rel != rel) worst_seen[i] = rel;
        CHECK(worst <= 1e-4 * (1 + m), "%s %s: max |diff| %g, M %g", what, array_names[i], worst, m);
        at += snprintf(line + at, sizeof line - (size_t)at, " %s %.1e", array_names[i], worst);
    }
    printf("%s\n", line);
}

static weights random_weights(const block_config *c, double scale) {
    const size_t d = (size_t)c->d_model, f = (size_t)c->d_ff;
    weights w = { random_floats(d * d, scale), random_floats(d, scale), random_floats(d * d, scale),
                  random_floats(d, scale), random_floats(d * d, scale), random_floats(d, scale),
                  random_floats(d * d, scale), random_floats(d, scale), random_floats(d * f, scale),
                  random_floats(f, scale), random_floats(f * d, scale), random_floats(d, scale),
                  random_floats(d, 1), random_floats(d, 0.5), random_floats(d, 1), random_floats(d, 0.5) };
    return w;
}
static void free_weights(weights *w) {
    const float **p = (const float **)w;
    for (int i = 0; i < 16; i++) free((void *)p[i]);
}
static block_params params_of(const weights *w) {
    return (block_params){ w->wq, w->bq, w->wk, w->bk, w->wv, w->bv, w->wo, w->bo,
                           w->w1, w->b1, w->w2, w->b2, w->g1, w->be1, w->g2, w->be2 };
}

/* A block with random weights (magnitude <= scale) against the reference, and its causal prefixes. */
static void test_block_case(int d, int heads, int f, int act, int norm, int causal, int t, double scale) {
    const block_config c = { d, heads, f, (ffn_activation)act, (block_norm)norm, causal, 1e-5 };
    block_layer layer;
    CHECK(block_init(&layer, &c) == PF_OK, "block_init");
    weights w = random_weights(&c, scale);
    const block_params p = params_of(&w);
    CHECK(block_set_weights(&layer, &p) == PF_OK, "block_set_weights");
    float *x = random_floats((size_t)t * d, 1.0);
    got_trace g;
    CHECK(run_block(&g, &layer, x, t) == PF_OK, "block_forward");
    ref_trace r;
    ref_block(&r, &c, &w, x, t);
    compare(&g, &r, &c, t, "random");

    /* Every weight row sums to 1; with causal the masked ones are exactly 0. */
    double worst_sum = 0;
    int masked_zero = 1;
    for (int h = 0; h < heads; h++)
        for (int i = 0; i < t; i++) {
            double s = 0;
            for (int j = 0; j < t; j++) {
                const float v = g.weights[((size_t)h * t + i) * t + j];
                s += v;
                if (causal && j > i && v != 0.0f) masked_zero = 0;
            }
            worst_sum = fmax(worst_sum, fabs(s - 1));
        }
    CHECK(worst_sum < 1e-5, "weights rows sum to 1 (max |sum - 1| %g)", worst_sum);
    CHECK(masked_zero, "masked weights are 0");

    /* The same forward without a trace gives the same output bits. */
    float *plain = alloc_floats((size_t)t * d);
    uint64_t n = 0;
    CHECK(block_workspace_floats(&n, &layer, t) == PF_OK, "workspace size");
    float *work = alloc_floats(n);
    CHECK(block_forward(&layer, plain, NULL, x, t, work, n) == PF_OK, "untraced forward");
    CHECK(!memcmp(plain, g.out, (size_t)t * d * sizeof(float)), "untraced output bit for bit");
    free(work);
    free(plain);

    /* The phases of the bench's time split, run in data-flow order from zeroed arrays and workspace,
       give the forward's every array bit for bit. */
    {
        got_trace p;
        for (int i = 0; i < N_ARRAYS; i++) {
            const size_t len = array_length(i, &c, t);
            got_arrays(&p)[i] = alloc_floats(len);
            memset(got_arrays(&p)[i], 0, len * sizeof(float));
        }
        const block_trace pt = { p.q, p.k, p.v, p.scores, p.weights, p.attention, p.h1, p.hidden, p.ffn };
        uint64_t nw = 0;
        block_workspace_floats(&nw, &layer, t);
        float *pw = alloc_floats(nw);
        memset(pw, 0, (size_t)nw * sizeof(float));
        const block_phase post[] = { BLOCK_PHASE_PROJECTIONS, BLOCK_PHASE_SCORES, BLOCK_PHASE_WEIGHTED_SUM,
                                     BLOCK_PHASE_PROJECTIONS, BLOCK_PHASE_NORMS, BLOCK_PHASE_FFN, BLOCK_PHASE_NORMS };
        int ok = 1;
        if (norm == BLOCK_PRE_NORM) ok &= block_forward_phase(&layer, BLOCK_PHASE_NORMS, p.out, &pt, x, t, pw, nw) == PF_OK;
        for (size_t q = 0; q < sizeof post / sizeof post[0]; q++)
            ok &= block_forward_phase(&layer, post[q], p.out, &pt, x, t, pw, nw) == PF_OK;
        CHECK(ok, "phases: status");
        for (int i = 0; i < N_ARRAYS; i++)
            CHECK(!memcmp(got_arrays(&p)[i], got_arrays(&g)[i], array_length(i, &c, t) * sizeof(float)),
                  "phases in order reproduce %s bit for bit", array_names[i]);
        CHECK(block_forward_phase(&layer, BLOCK_PHASE_SCORES, p.out, NULL, x, t, pw, nw) == PF_ERR_NULL, "phases need the trace");
        free(pw);
        got_free(&p);
    }

    if (causal) {                     /* prefixes: bit for bit, every array */
        const int ns[] = { 1, 2, 4, 5, t / 2, t - 1 };
        for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++) {
            const int m = ns[q];
            if (m < 1 || m >= t) continue;
            got_trace pg;
            CHECK(run_block(&pg, &layer, x, m) == PF_OK, "prefix forward");
            int same = 1;
            for (int i = 0; i < N_ARRAYS; i++) {
                if (i == 3 || i == 4) {
                    for (int h = 0; h < heads; h++)
                        for (int r2 = 0; r2 < m; r2++)
                            same &= !memcmp(got_arrays(&pg)[i] + ((size_t)h * m + r2) * m,
                                            got_arrays(&g)[i] + ((size_t)h * t + r2) * t, (size_t)m * sizeof(float));
                } else {
                    const size_t row = i == 7 ? (size_t)f : (size_t)d;
                    same &= !memcmp(got_arrays(&pg)[i], got_arrays(&g)[i], (size_t)m * row * sizeof(float));
                }
            }
            CHECK(same, "causal prefix of %d tokens of %d: every array bit for bit", m, t);
            got_free(&pg);
        }
    }
    got_free(&g);
    ref_free(&r);
    free(x);
    free_weights(&w);
    block_free(&layer);
    block_free(&layer);                                 /* safe twice */
}

/* Seeded weights follow API.md's stream exactly, and give the same bits as the same weights given. */
static void test_seeded(int d, int heads, int f, uint32_t seed) {
    const block_config c = { d, heads, f, FFN_GELU, BLOCK_POST_NORM, 1, 1e-5 };
    block_layer seeded, given;
    CHECK(block_init(&seeded, &c) == PF_OK && block_init(&given, &c) == PF_OK, "init");
    float *bk = random_floats((size_t)d, 1), *b1 = random_floats((size_t)f, 1), *g2 = random_floats((size_t)d, 1);
    const block_params keep = { .bk = bk, .b1 = b1, .gamma2 = g2 };
    CHECK(block_init_seeded(&seeded, seed, &keep) == PF_OK, "seeded");
    uint32_t s = seed;
    const size_t dd = (size_t)d * d, df = (size_t)d * f;
    float *wq = draw(&s, dd, d), *bq = draw(&s, d, d), *wk = draw(&s, dd, d), *bk_drawn = draw(&s, d, d);
    float *wv = draw(&s, dd, d), *bv = draw(&s, d, d), *wo = draw(&s, dd, d), *bo = draw(&s, d, d);
    float *w1 = draw(&s, df, d), *b1_drawn = draw(&s, f, d), *w2 = draw(&s, df, f), *b2 = draw(&s, d, f);
    const block_params p = { wq, bq, wk, bk, wv, bv, wo, bo, w1, b1, w2, b2, NULL, NULL, g2, NULL };
    CHECK(block_set_weights(&given, &p) == PF_OK, "given");
    CHECK(!memcmp(seeded.attn.weights.wo, wo, dd * sizeof(float)) && !memcmp(seeded.ffn.weights.w2, w2, df * sizeof(float)) &&
          !memcmp(seeded.attn.weights.bv, bv, (size_t)d * sizeof(float)) && seeded.gamma1[d - 1] == 1.0f &&
          seeded.beta2[0] == 0.0f && !memcmp(seeded.attn.weights.bk, bk, (size_t)d * sizeof(float)),
          "seeded weights are API.md's stream, given biases kept, gammas ones");
    const int t = 9;
    float *x = random_floats((size_t)t * d, 1);
    got_trace a, b;
    CHECK(run_block(&a, &seeded, x, t) == PF_OK && run_block(&b, &given, x, t) == PF_OK, "forwards");
    int same = 1;
    for (int i = 0; i < N_ARRAYS; i++)
        same &= !memcmp(got_arrays(&a)[i], got_arrays(&b)[i], array_length(i, &c, t) * sizeof(float));
    CHECK(same, "seeded and given: every array bit for bit (D=%d seed %u)", d, seed);
    got_free(&a);
    got_free(&b);
    float *ps[] = { wq, bq, wk, bk_drawn, wv, bv, wo, bo, w1, b1_drawn, w2, b2, bk, b1, g2, x };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) free(ps[i]);
    block_free(&seeded);
    block_free(&given);
}

/* Scores around 1e4 (and a tie of two of them): the softmax stays finite and exact. */
static void test_softmax_huge(void) {
    const int d = 4, t = 6;
    const block_config c = { d, 1, 4, FFN_RELU, BLOCK_POST_NORM, 0, 1e-5 };
    block_layer layer;
    CHECK(block_init(&layer, &c) == PF_OK, "init");
    weights w = random_weights(&c, 1.0);
    float *wq = (float *)w.wq, *wk = (float *)w.wk;
    for (int i = 0; i < d * d; i++) wq[i] = wk[i] = i % (d + 1) == 0 ? 100.0f : 0.0f;   /* 100 I */
    float *bq = (float *)w.bq, *bk = (float *)w.bk;
    memset(bq, 0, d * sizeof(float));
    memset(bk, 0, d * sizeof(float));
    const block_params p = params_of(&w);
    CHECK(block_set_weights(&layer, &p) == PF_OK, "set");
    float x[6 * 4] = { 1, 1, 1, 1, 1, 1, 1, 1, -1, 1, 1, 1, 1, -1, 0.5f, 1, 0, 0, 0, 0, 1, 1, 1, 0.99f };
    got_trace g;
    CHECK(run_block(&g, &layer, x, t) == PF_OK, "forward");
    ref_trace r;
    ref_block(&r, &c, &w, x, t);
    double smax = 0;
    int finite = 1;
    for (int i = 0; i < t * t; i++) {
        smax = fmax(smax, fabs(g.scores[i]));
        finite &= isfinite(g.weights[i]);
    }
    CHECK(smax >= 1e4, "scores reach 1e4 (%g)", smax);
    CHECK(finite, "weights finite at scores of %g", smax);
    compare(&g, &r, &c, t, "huge scores");
    got_free(&g);
    ref_free(&r);
    free_weights(&w);
    block_free(&layer);
}

/* ---- layer normalisation ----------------------------------------------------------------------- */

static void test_layer_norm_case(int rows, int d, double offset, double spread, double eps, int affine, int with_residual) {
    const size_t n = (size_t)rows * d;
    float *x = malloc((n + 1) * sizeof(float)), *res = random_floats(n, spread), *out = malloc((n + 1) * sizeof(float));
    for (size_t i = 0; i < n; i++) x[i] = (float)(offset + uniform() * spread);
    float *g = affine ? random_floats((size_t)d, 2) : NULL, *b = affine ? random_floats((size_t)d, 1) : NULL;
    CHECK(layer_norm(out, x, with_residual ? res : NULL, g, b, rows, d, eps) == PF_OK, "layer_norm");
    double *in = malloc((n + 1) * sizeof(double)), *want = malloc((n + 1) * sizeof(double));
    for (size_t i = 0; i < n; i++) in[i] = with_residual ? (double)(x[i] + res[i]) : x[i];
    ref_ln(want, in, g, b, rows, d, eps);
    double worst = 0;
    int ok = 1;
    for (int r = 0; r < rows; r++) {
        double m = 0, wr = 0;
        for (int j = 0; j < d; j++) m = fmax(m, fabs(want[(size_t)r * d + j]));
        for (int j = 0; j < d; j++) wr = fmax(wr, fabs(out[(size_t)r * d + j] - want[(size_t)r * d + j]));
        ok &= wr <= 1e-5 * (1 + m);
        worst = fmax(worst, wr / (1 + m));
    }
    printf("layer_norm rows=%d D=%d mean %g spread %g eps %g%s%s: max |diff| / (1 + M) %.2e\n", rows, d, offset,
           spread, eps, affine ? " affine" : "", with_residual ? " residual" : "", worst);
    CHECK(ok, "layer_norm within 1e-5 (1 + M) per row (worst %g)", worst);
    /* In place gives the same bits. */
    float *copy = malloc((n + 1) * sizeof(float));
    memcpy(copy, x, n * sizeof(float));
    CHECK(layer_norm(copy, copy, with_residual ? res : NULL, g, b, rows, d, eps) == PF_OK, "in place");
    CHECK(!memcmp(copy, out, n * sizeof(float)), "in place bit for bit");
    free(copy); free(x); free(res); free(out); free(g); free(b); free(in); free(want);
}

static void test_layer_norm(void) {
    const int dims[] = { 1, 2, 3, 4, 5, 7, 8, 9, 31, 64, 100, 768, 4097 };
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) test_layer_norm_case(5, dims[i], 0, 1, 1e-5, i % 2, i % 3 == 0);
    test_layer_norm_case(3, 768, 1e4, 1e-2, 1e-5, 1, 0);     /* |mean| >> std: the two-pass case */
    test_layer_norm_case(3, 512, -3e5, 1.0, 1e-5, 0, 0);
    test_layer_norm_case(2, 64, 0, 1e-4, 1e-5, 0, 0);        /* variance below eps */
    test_layer_norm_case(2, 64, 0, 1, 0.5, 1, 1);            /* a large eps */
    test_layer_norm_case(1, 65536, 2, 3, 1e-5, 1, 1);        /* the widest row */
    /* A constant row is beta; a known row: [1, 2, 3, 4] has mean 2.5, variance 1.25. */
    float row[4] = { 1, 2, 3, 4 }, out[4];
    CHECK(layer_norm(out, row, NULL, NULL, NULL, 1, 4, 1e-5) == PF_OK, "ln known");
    const double s = sqrt(1.25 + 1e-5);
    CHECK(fabs(out[0] + 1.5 / s) < 1e-6 && fabs(out[3] - 1.5 / s) < 1e-6, "ln [1 2 3 4]: %g %g", out[0], out[3]);
    float c[3] = { 7, 7, 7 }, beta[3] = { 0.5f, -1, 2 };
    CHECK(layer_norm(c, c, NULL, NULL, beta, 1, 3, 1e-5) == PF_OK && c[0] == 0.5f && c[1] == -1 && c[2] == 2, "constant row is beta");
    float nan_row[3] = { 1, NAN, 2 };
    CHECK(layer_norm(out, nan_row, NULL, NULL, NULL, 1, 3, 1e-5) == PF_OK && isnan(out[0]) && isnan(out[2]), "NaN spreads over its row");
    /* Statuses. */
    CHECK(layer_norm(out, row, NULL, NULL, NULL, 1, 0, 1e-5) == PF_ERR_D_MODEL, "ln d 0");
    CHECK(layer_norm(out, row, NULL, NULL, NULL, 1, PF_MAX_DIM + 1, 1e-5) == PF_ERR_D_MODEL, "ln d too big");
    CHECK(layer_norm(out, row, NULL, NULL, NULL, -1, 4, 1e-5) == PF_ERR_LENGTH, "ln rows < 0");
    CHECK(layer_norm(out, row, NULL, NULL, NULL, 1, 4, 0) == PF_ERR_EPS, "ln eps 0");
    CHECK(layer_norm(out, row, NULL, NULL, NULL, 1, 4, INFINITY) == PF_ERR_EPS, "ln eps inf");
    CHECK(layer_norm(out, row, NULL, NULL, NULL, 1, 4, NAN) == PF_ERR_EPS, "ln eps NaN");
    CHECK(layer_norm(NULL, row, NULL, NULL, NULL, 1, 4, 1e-5) == PF_ERR_NULL, "ln NULL out");
    CHECK(layer_norm(NULL, NULL, NULL, NULL, NULL, 0, 4, 1e-5) == PF_OK, "ln 0 rows");
    {   /* out may be x or residual, never part of them, nor of gamma or beta (issue 24) */
        float m[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 1, 1, 1, 1, 0, 0, 0, 0 }, keep[16];
        memcpy(keep, m, sizeof m);
        CHECK(layer_norm(m + 4, m, NULL, NULL, NULL, 2, 4, 1e-5) == PF_ERR_OVERLAP, "ln out inside x");
        CHECK(layer_norm(m + 2, m + 8, m, NULL, NULL, 1, 4, 1e-5) == PF_ERR_OVERLAP, "ln out inside residual");
        CHECK(layer_norm(m, m + 8, NULL, m + 4, NULL, 2, 4, 1e-5) == PF_ERR_OVERLAP, "ln out over gamma");
        CHECK(layer_norm(m, m + 8, NULL, NULL, m, 2, 4, 1e-5) == PF_ERR_OVERLAP, "ln out is beta");
        CHECK(!memcmp(m, keep, sizeof m), "refused calls write nothing");
        CHECK(layer_norm(m + 4, m + 4, m + 8, m + 12, NULL, 1, 4, 1e-5) == PF_OK, "ln out = x, distinct residual and gamma");
    }
}

/* ---- statuses ---------------------------------------------------------------------------------- */

static void test_block_statuses(void) {
    block_layer layer;
    block_config c = { 8, 3, 16, FFN_RELU, BLOCK_POST_NORM, 0, 1e-5 };
    CHECK(block_init(&layer, &c) == PF_ERR_HEADS && layer.memory == NULL, "heads not dividing");
    c.heads = 0;
    CHECK(block_init(&layer, &c) == PF_ERR_HEADS, "heads 0");
    c.heads = 16;
    CHECK(block_init(&layer, &c) == PF_ERR_HEADS, "heads > d");
    c.heads = 2; c.d_model = PF_BLOCK_MAX_DIM + 2;
    CHECK(block_init(&layer, &c) == PF_ERR_D_MODEL, "d too big");
    c.d_model = 8; c.d_ff = 0;
    CHECK(block_init(&layer, &c) == PF_ERR_D_FF, "dff 0");
    c.d_ff = 16; c.eps = 0;
    CHECK(block_init(&layer, &c) == PF_ERR_EPS, "eps 0");
    c.eps = NAN;
    CHECK(block_init(&layer, &c) == PF_ERR_EPS, "eps NaN");
    c.eps = 1e-5; c.norm = (block_norm)BLOCK_NORM_COUNT;
    CHECK(block_init(&layer, &c) == PF_ERR_NORM, "norm");
    c.norm = BLOCK_PRE_NORM; c.activation = (ffn_activation)FFN_ACTIVATION_COUNT;
    CHECK(block_init(&layer, &c) == PF_ERR_ACTIVATION, "activation");
    uint64_t bytes = 7;
    CHECK(block_memory_bytes(&bytes, &c) == PF_ERR_ACTIVATION && bytes == 7, "memory of a refused config");
    CHECK(block_memory_bytes(&bytes, NULL) == PF_ERR_NULL && block_memory_bytes(NULL, &c) == PF_ERR_NULL, "memory: NULLs");
    CHECK(block_init(NULL, &c) == PF_ERR_NULL && block_init(&layer, NULL) == PF_ERR_NULL, "NULLs");
    c.activation = FFN_RELU;
    CHECK(block_init(&layer, &c) == PF_OK, "init");
    float x[8 * 3] = { 0 }, out[8 * 3];
    CHECK(block_memory_bytes(&bytes, &c) == PF_OK && bytes > 0, "memory of a block");
    uint64_t n = 0, none = 9;
    CHECK(block_workspace_floats(&n, &layer, 3) == PF_OK && n > 0, "workspace size");
    float *work = alloc_floats(n);
    CHECK(block_workspace_floats(&none, &layer, 0) == PF_OK && none == 0, "no workspace for 0 tokens");
    CHECK(block_workspace_floats(&none, &layer, PF_BLOCK_MAX_TOKENS + 1) == PF_ERR_LENGTH, "workspace: too many tokens");
    CHECK(block_workspace_floats(&none, &layer, -1) == PF_ERR_LENGTH && block_workspace_floats(NULL, &layer, 3) == PF_ERR_NULL, "workspace: refused");
    CHECK(block_forward(&layer, out, NULL, x, 3, work, n - 1) == PF_ERR_WORKSPACE, "workspace too small");
    CHECK(block_forward(&layer, out, NULL, x, 3, NULL, n) == PF_ERR_NULL, "no workspace");
    CHECK(block_forward(&layer, out, NULL, x, -1, work, n) == PF_ERR_LENGTH, "tokens < 0");
    CHECK(block_forward(&layer, out, NULL, x, PF_BLOCK_MAX_TOKENS + 1, work, n) == PF_ERR_LENGTH, "tokens > max");
    CHECK(block_forward(&layer, NULL, NULL, NULL, 0, NULL, 0) == PF_OK, "0 tokens");
    CHECK(block_forward(&layer, NULL, NULL, x, 3, work, n) == PF_ERR_NULL, "NULL out");
    CHECK(block_forward(&layer, out, NULL, x, 3, work, n) == PF_OK, "forward");
    const block_params missing = { .wq = x, .wk = x, .wv = x, .w1 = x, .w2 = x };
    CHECK(block_set_weights(&layer, &missing) == PF_ERR_NULL, "a matrix missing");
    CHECK(block_set_weights(&layer, NULL) == PF_ERR_NULL, "no params");
    block_free(&layer);
    CHECK(block_forward(&layer, out, NULL, x, 3, work, n) == PF_ERR_NOT_READY, "forward after free");
    CHECK(block_init_seeded(&layer, 1, NULL) == PF_ERR_NOT_READY, "seed after free");
    CHECK(block_set_weights(&layer, &missing) == PF_ERR_NOT_READY, "set after free");
    CHECK(block_workspace_floats(&none, &layer, 3) == PF_ERR_NOT_READY, "workspace after free");
    block_free(NULL);
    free(work);
    attn_layer attn;
    float mem[4];
    CHECK(attn_init_within(&attn, mem, 6, 4, 0) == PF_ERR_HEADS, "attn heads");
    CHECK(attn_init_within(&attn, NULL, 6, 3, 0) == PF_ERR_NULL, "attn memory");
    CHECK(attn_forward(&attn, out, NULL, x, 1, mem, 4) == PF_ERR_NOT_READY, "attn not ready");
    for (int s = 0; s <= PF_STATUS_COUNT; s++) CHECK(pf_status_name((pf_status)s) != NULL, "name %d", s);
    CHECK(strstr(pf_status_name(PF_ERR_HEADS), "divide d_model") != NULL, "heads name");
}

void test_block(void) {
    test_layer_norm();
    /* Shapes around the edges: head widths 1 .. 64 (chunks of 8, lanes of 4), tokens around the
       tiles (4, 5), panels (8) and blocks (64, 128) of the kernels; every activation and order. */
    static const int shapes[][4] = {      /* D, heads, dFF, T */
        { 1, 1, 1, 1 },   { 4, 4, 3, 5 },    { 6, 2, 7, 9 },    { 12, 3, 16, 8 },  { 20, 4, 24, 13 },
        { 16, 1, 32, 17 }, { 33, 11, 40, 6 }, { 40, 5, 64, 4 },  { 64, 4, 128, 65 }, { 96, 12, 64, 130 },
        { 72, 6, 96, 129 }, { 128, 2, 256, 33 },
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const int *s = shapes[i];
        for (int norm = 0; norm < 2; norm++)
            for (int causal = 0; causal < 2; causal++)
                test_block_case(s[0], s[1], s[2], (int)(i + norm) % 4, norm, causal, s[3], i % 2 ? 1.0 : 1.0 / sqrt(s[0]));
    }
    test_block_case(256, 8, 512, FFN_GELU, BLOCK_POST_NORM, 1, 64, 1.0);   /* weights of magnitude 1 */
    test_seeded(12, 3, 20, 42);
    test_seeded(64, 8, 96, 4294967295u);
    test_softmax_huge();
    test_block_statuses();
    printf("largest |diff| / (1 + M) per array:");
    for (int i = 0; i < N_ARRAYS; i++) printf(" %s %.2e", array_names[i], worst_seen[i]);
    printf("\n");
}

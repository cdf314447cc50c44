/*
 * test_backward.c — native tests of the backward passes' kernels (ASan + UBSan, part of
 * build/native/test_core): the transposed and accumulating products of matmul.c, each activation's
 * derivative, layer norm's backward, the attention heads' forward with ALiBi and backward, RoPE's
 * inverse rotation, softmax cross-entropy, the embedding, global-norm clipping and AdamW. Each is
 * checked against a double-precision reference written here from the formulas (independent of the
 * core) and, for the backward passes, against central finite differences of a double forward; the
 * largest difference is printed. Sizes sit around the kernels' tiles (5 or 6 rows), panels (8
 * columns), row blocks (128), k passes (4096) and the attention's chunks.
 */
#include "model.h"
#include "matmul.h"
#include "rope.h"
#include "test_support.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rng = 777;
static double uni(void) {                         /* uniform in [-1, 1), an LCG of its own */
    rng = rng * 1664525u + 1013904223u;
    return (double)(rng >> 8) / 8388608.0 - 1.0;
}
static float *rand_floats(size_t n, double scale) {
    float *p = aligned_alloc(16, ((n + 8) / 4 * 4) * sizeof(float));
    for (size_t i = 0; i < n + 4; i++) p[i] = (float)(uni() * scale);
    return p;
}
static void *zalloc(uint64_t floats) {
    const size_t bytes = (size_t)((floats + 8) / 4 * 4) * sizeof(float);
    void *p = aligned_alloc(16, bytes);
    memset(p, 0, bytes);
    return p;
}

/* max |got - want| over n values, and the largest |want| */
static double max_diff(const float *got, const double *want, size_t n, double *largest) {
    double worst = 0, m = 0;
    for (size_t i = 0; i < n; i++) {
        const double d = fabs(got[i] - want[i]);
        worst = d > worst || d != d ? d : worst;
        m = fmax(m, fabs(want[i]));
    }
    if (largest) *largest = m;
    return worst;
}

/* The contract's gradient bound: ||g - r|| <= 1e-4 ||r|| + 1e-7 sqrt(n); returns ||g - r|| / ||r||. */
static double grad_error(const float *g, const double *r, size_t n, int *ok) {
    double e = 0, nr = 0;
    for (size_t i = 0; i < n; i++) {
        e += (g[i] - r[i]) * (g[i] - r[i]);
        nr += r[i] * r[i];
    }
    e = sqrt(e), nr = sqrt(nr);
    *ok = e <= 1e-4 * nr + 1e-7 * sqrt((double)n);
    return nr > 0 ? e / nr : e;
}

/* ---- products ---------------------------------------------------------------------------------- */

static void test_product_case(int32_t rows, int32_t k, int32_t n, int transposed, mm_start start) {
    float *x = rand_floats((size_t)rows * k, 1), *w = rand_floats((size_t)k * n, 1), *bias = rand_floats(mm_padded(n), 1);
    float *packed = zalloc((uint64_t)k * mm_padded(n)), *packed_t = zalloc((uint64_t)n * mm_padded(k));
    float *out = rand_floats((size_t)rows * n, 1), *scratch = zalloc(mm_scratch_floats(rows, k));
    float *xt = zalloc((uint64_t)rows * k);
    for (int32_t r = 0; r < rows; r++)
        for (int32_t q = 0; q < k; q++) xt[(size_t)q * rows + r] = x[(size_t)r * k + q];
    double *want = malloc(((size_t)rows * n + 1) * sizeof(double));
    for (int32_t r = 0; r < rows; r++)
        for (int32_t c = 0; c < n; c++) {
            double s = start == MM_START_BIAS ? bias[c] : start == MM_START_OUT ? out[(size_t)r * n + c] : 0;
            for (int32_t q = 0; q < k; q++) s += (double)x[(size_t)r * k + q] * w[(size_t)q * n + c];
            want[(size_t)r * n + c] = s;
        }
    mm_pack(packed, w, k, n);
    const mm_args a = { out, (size_t)n, transposed ? xt : x, transposed ? (size_t)rows : (size_t)k, transposed, packed,
                        bias, start, rows, k, n, 0, FFN_RELU, scratch };
    mm_product(&a);
    double m;
    const double worst = max_diff(out, want, (size_t)rows * n, &m);
    CHECK(worst <= 2e-6 * sqrt((double)k) * (1 + m), "product rows=%d k=%d n=%d transposed=%d start=%d: %g", rows, k, n, transposed, start, worst);
    /* W^T packed: dY W^T from the same weights, against the reference. */
    mm_pack_transposed(packed_t, w, k, n);
    float *dy = rand_floats((size_t)rows * n, 1), *dx = zalloc((uint64_t)rows * k);
    const mm_args b = { dx, (size_t)k, dy, (size_t)n, 0, packed_t, NULL, MM_START_ZERO, rows, n, k, 0, FFN_RELU, scratch };
    float *scratch2 = zalloc(mm_scratch_floats(rows, n));
    mm_args b2 = b;
    b2.scratch = scratch2;
    mm_product(&b2);
    double worst_t = 0;
    for (int32_t r = 0; r < rows; r++)
        for (int32_t q = 0; q < k; q++) {
            double s = 0;
            for (int32_t c = 0; c < n; c++) s += (double)dy[(size_t)r * n + c] * w[(size_t)q * n + c];
            worst_t = fmax(worst_t, fabs(dx[(size_t)r * k + q] - s));
        }
    CHECK(worst_t <= 2e-6 * sqrt((double)n) * (1 + sqrt((double)n)), "dY W^T rows=%d k=%d n=%d: %g", rows, k, n, worst_t);
    printf("product rows=%d K=%d N=%d %s start %s: max |diff| %.1e, dY W^T %.1e\n", rows, k, n,
           transposed ? "x^T" : "x", start == MM_START_BIAS ? "bias" : start == MM_START_ZERO ? "zero" : "out", worst, worst_t);
    free(x); free(w); free(bias); free(packed); free(packed_t); free(out); free(scratch); free(xt); free(want);
    free(dy); free(dx); free(scratch2);
}

static void test_products(void) {
    static const int32_t shapes[][3] = {
        { 1, 1, 1 }, { 1, 9, 33 }, { 2, 3, 7 }, { 4, 8, 8 }, { 5, 8, 9 }, { 6, 17, 16 }, { 7, 5, 24 },
        { 11, 33, 31 }, { 64, 64, 64 }, { 127, 20, 17 }, { 128, 9, 8 }, { 129, 16, 40 }, { 130, 31, 1 },
        { 257, 6, 12 }, { 3, 4100, 9 },
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        for (int tr = 0; tr < 2; tr++)
            test_product_case(shapes[i][0], shapes[i][1], shapes[i][2], tr, (mm_start)((i + (size_t)tr) % 3));
    /* column sums while packing: each column's rows added in order in float (whole and partial panels) */
    for (int32_t cols = 1; cols <= 19; cols += 6) {
        float *x = rand_floats(37 * (size_t)cols, 1), sums[19], *packed = zalloc(37 * mm_padded(cols));
        mm_pack_strided(packed, sums, x, (size_t)cols, 37, cols);
        int same = 1;
        for (int c = 0; c < cols; c++) {
            float s = 0.0f;
            for (int r = 0; r < 37; r++) s += x[r * cols + c];
            same &= s == sums[c] && packed[(size_t)(c / 8) * 37 * 8 + (size_t)(c % 8)] == x[c];   /* row 0 */
        }
        CHECK(same, "mm_pack_strided's column sums (cols %d): float row order, bit for bit", cols);
        free(x);
        free(packed);
    }
}

/* ---- activations ------------------------------------------------------------------------------- */

static void test_activation_grads(void) {
    const char *names[] = { "relu", "gelu", "gelu_tanh", "silu" };
    enum { N = 4003 };
    float *z = malloc(N * sizeof(float)), *dh = malloc(N * sizeof(float)), *dz = malloc(N * sizeof(float));
    for (int i = 0; i < N; i++) {
        z[i] = (float)(-12.0 + 24.0 * i / (N - 1));     /* both tails and the middle */
        dh[i] = (float)(0.5 + 0.5 * uni());
    }
    for (int act = 0; act < 4; act++) {
        activation_backward(dz, dh, z, N, (ffn_activation)act);
        double worst = 0;
        for (int i = 0; i < N; i++) {
            /* the derivative by central differences of the double formula (away from relu's kink) */
            const double h = 1e-6, zi = z[i];
            if (act == FFN_RELU && fabs(zi) < 1e-3) continue;
            const double d = (ref_act(act, zi + h) - ref_act(act, zi - h)) / (2 * h);
            worst = fmax(worst, fabs(dz[i] - dh[i] * d) / (1 + fabs(d)));
        }
        printf("activation backward %s: max |diff| / (1 + |d|) %.2e over z in [-12, 12]\n", names[act], worst);
        CHECK(worst < 3e-6, "%s derivative: %g", names[act], worst);
        activation_backward(dz, dh, z, 3, (ffn_activation)act);    /* a tail alone */
    }
    float zero = 0, one = 1, nan_v = NAN, out;
    activation_backward(&out, &one, &zero, 1, FFN_RELU);
    CHECK(out == 0.0f, "relu'(0) = 0 (PyTorch's)");
    activation_backward(&out, &one, &nan_v, 1, FFN_GELU);
    CHECK(isnan(out), "NaN gives NaN");
    /* dz may be dh */
    memcpy(dz, dh, N * sizeof(float));
    float *copy = malloc(N * sizeof(float));
    activation_backward(copy, dh, z, N, FFN_SILU);
    activation_backward(dz, dz, z, N, FFN_SILU);
    CHECK(!memcmp(copy, dz, N * sizeof(float)), "in place bit for bit");
    free(z); free(dh); free(dz); free(copy);
}

/* ---- layer norm -------------------------------------------------------------------------------- */

/* loss = sum_ij c_ij LN(z)_ij in double, for the finite differences */
static double ref_ln_loss(const double *z, const float *gamma, const float *beta, const float *c, int rows, int d, double eps) {
    double loss = 0;
    for (int r = 0; r < rows; r++) {
        double mean = 0, var = 0;
        for (int j = 0; j < d; j++) mean += z[r * d + j];
        mean /= d;
        for (int j = 0; j < d; j++) var += (z[r * d + j] - mean) * (z[r * d + j] - mean);
        var /= d;
        for (int j = 0; j < d; j++)
            loss += c[r * d + j] * ((z[r * d + j] - mean) / sqrt(var + eps) * gamma[j] + beta[j]);
    }
    return loss;
}

static void test_layer_norm_backward_case(int rows, int d, double spread, double offset) {
    const double eps = 1e-5;
    const size_t n = (size_t)rows * d;
    float *z = rand_floats(n, spread), *gamma = rand_floats(d, 1.5), *beta = rand_floats(d, 1), *dout = rand_floats(n, 1);
    for (size_t i = 0; i < n; i++) z[i] += (float)offset;
    float *out = zalloc(n), *dx = zalloc(n), *dg = zalloc(d), *db = zalloc(d);
    double *stats = malloc(2 * (size_t)rows * sizeof(double));
    CHECK(layer_norm_forward(out, stats, z, NULL, gamma, beta, rows, d, eps) == PF_OK, "ln forward");
    float *plain = zalloc(n);
    layer_norm(plain, z, NULL, gamma, beta, rows, d, eps);
    CHECK(!memcmp(plain, out, n * sizeof(float)), "layer_norm_forward = layer_norm bit for bit");
    CHECK(layer_norm_backward(dx, dg, db, dout, z, stats, gamma, rows, d, 0) == PF_OK, "ln backward");
    /* finite differences of the double loss */
    double *zd = malloc(n * sizeof(double)), *want = malloc(n * sizeof(double)), *wg = malloc(d * sizeof(double)), *wb = malloc(d * sizeof(double));
    for (size_t i = 0; i < n; i++) zd[i] = z[i];
    const double h = 1e-6 * fmax(spread, 1e-3);
    for (size_t i = 0; i < n; i++) {
        const double keep = zd[i];
        zd[i] = keep + h;
        const double up = ref_ln_loss(zd, gamma, beta, dout, rows, d, eps);
        zd[i] = keep - h;
        const double down = ref_ln_loss(zd, gamma, beta, dout, rows, d, eps);
        zd[i] = keep;
        want[i] = (up - down) / (2 * h);
    }
    /* gamma and beta: the formulas (the loss is linear in them) */
    for (int j = 0; j < d; j++) wg[j] = wb[j] = 0;
    for (int r = 0; r < rows; r++) {
        double mean = 0, var = 0;
        for (int j = 0; j < d; j++) mean += zd[r * d + j];
        mean /= d;
        for (int j = 0; j < d; j++) var += (zd[r * d + j] - mean) * (zd[r * d + j] - mean);
        var /= d;
        for (int j = 0; j < d; j++) {
            wg[j] += dout[r * d + j] * (zd[r * d + j] - mean) / sqrt(var + eps);
            wb[j] += dout[r * d + j];
        }
    }
    int ok_x, ok_g, ok_b;
    const double ex = grad_error(dx, want, n, &ok_x), eg = grad_error(dg, wg, d, &ok_g), eb = grad_error(db, wb, d, &ok_b);
    printf("layer norm backward rows=%d D=%d spread %g mean %g: relative error dx %.1e dgamma %.1e dbeta %.1e\n", rows, d,
           spread, offset, ex, eg, eb);
    CHECK(ok_x && ok_g && ok_b, "ln backward rows=%d d=%d: %g %g %g", rows, d, ex, eg, eb);
    /* accumulate adds to what dx holds; dx may be dout */
    float *acc = zalloc(n), *inplace = zalloc(n);
    for (size_t i = 0; i < n; i++) acc[i] = 1.0f;
    memcpy(inplace, dout, n * sizeof(float));
    layer_norm_backward(acc, NULL, NULL, dout, z, stats, gamma, rows, d, 1);
    layer_norm_backward(inplace, NULL, NULL, inplace, z, stats, gamma, rows, d, 0);
    int same = 1;
    for (size_t i = 0; i < n; i++) same &= acc[i] == 1.0f + dx[i] && inplace[i] == dx[i];
    CHECK(same, "ln backward: accumulate and in place");
    free(z); free(gamma); free(beta); free(dout); free(out); free(dx); free(dg); free(db); free(stats); free(plain);
    free(zd); free(want); free(wg); free(wb); free(acc); free(inplace);
}

static void test_layer_norm_backward(void) {
    const int dims[] = { 1, 2, 3, 4, 5, 8, 31, 64, 129 };
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) test_layer_norm_backward_case(3, dims[i], 1.0, 0);
    test_layer_norm_backward_case(2, 64, 0.01, 30);      /* |mean| >> std */
    float x[4] = { 0 };
    double st[2];
    CHECK(layer_norm_backward(x, NULL, NULL, x, x, st, NULL, 1, 0, 0) == PF_ERR_D_MODEL, "ln backward d 0");
    CHECK(layer_norm_backward(x, NULL, NULL, x, x, NULL, NULL, 1, 4, 0) == PF_ERR_NULL, "ln backward NULL stats");
    CHECK(layer_norm_backward(NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 4, 0) == PF_OK, "ln backward 0 rows");
}

/* ---- attention heads ---------------------------------------------------------------------------- */

/* o (T, D) in double, and optionally the weights, of one sequence's heads. */
static void ref_heads(double *o, double *wts, const double *q, const double *k, const double *v, int t, int d, int heads,
                      int causal, int alibi) {
    const int e = d / heads;
    double *s = malloc((size_t)t * sizeof(double));
    for (int h = 0; h < heads; h++) {
        const double slope = alibi ? pow(2.0, -8.0 * (h + 1) / heads) : 0;
        for (int i = 0; i < t; i++) {
            double m = -INFINITY, sum = 0;
            const int allowed = causal ? i + 1 : t;
            for (int j = 0; j < allowed; j++) {
                double dot = 0;
                for (int c = 0; c < e; c++) dot += q[i * d + h * e + c] * k[j * d + h * e + c];
                s[j] = dot / sqrt((double)e) - slope * abs(i - j);
                m = fmax(m, s[j]);
            }
            for (int j = 0; j < allowed; j++) sum += exp(s[j] - m);
            for (int c = 0; c < e; c++) o[i * d + h * e + c] = 0;
            for (int j = 0; j < t; j++) {
                const double p = j < allowed ? exp(s[j] - m) / sum : 0;
                if (wts) wts[((size_t)h * t + i) * t + j] = p;
                for (int c = 0; c < e; c++) o[i * d + h * e + c] += p * v[j * d + h * e + c];
            }
        }
    }
    free(s);
}

static double ref_heads_loss(const double *q, const double *k, const double *v, const float *c, int t, int d, int heads,
                             int causal, int alibi, double *scratch) {
    ref_heads(scratch, NULL, q, k, v, t, d, heads, causal, alibi);
    double loss = 0;
    for (int i = 0; i < t * d; i++) loss += c[i] * scratch[i];
    return loss;
}

static void test_heads_case(int t, int d, int heads, int causal, int alibi) {
    const attn_config ac = { d, heads, d / heads, causal, alibi };
    const size_t n = (size_t)t * d, nw = (size_t)heads * t * t;
    float *q = rand_floats(n, 1), *k = rand_floats(n, 1), *v = rand_floats(n, 1), *dout = rand_floats(n, 1);
    float *o = zalloc(n), *scores = zalloc(nw), *weights = zalloc(nw), *dq = zalloc(n), *dk = zalloc(n), *dv = zalloc(n);
    uint64_t fw = 0, bw = 0;
    CHECK(attn_heads_workspace_floats(&fw, &ac, t, 0) == PF_OK && attn_heads_workspace_floats(&bw, &ac, t, 1) == PF_OK, "heads ws");
    float *work = zalloc(fw > bw ? fw : bw);
    CHECK(attn_heads_forward(&ac, o, scores, weights, q, k, v, t, work, fw) == PF_OK, "heads forward");
    double *qd = malloc(n * sizeof(double)), *kd = malloc(n * sizeof(double)), *vd = malloc(n * sizeof(double));
    double *od = malloc(n * sizeof(double)), *wd = malloc(nw * sizeof(double)), *scratch = malloc(n * sizeof(double));
    for (size_t i = 0; i < n; i++) qd[i] = q[i], kd[i] = k[i], vd[i] = v[i];
    ref_heads(od, wd, qd, kd, vd, t, d, heads, causal, alibi);
    double mo, mw;
    const double eo = max_diff(o, od, n, &mo), ew = max_diff(weights, wd, nw, &mw);
    CHECK(eo <= 1e-5 * (1 + mo) && ew <= 1e-5, "heads forward T=%d D=%d H=%d: o %g weights %g", t, d, heads, eo, ew);
    /* the untraced forward gives the same bits */
    float *o2 = zalloc(n), *w2 = zalloc(nw);
    attn_heads_forward(&ac, o2, NULL, w2, q, k, v, t, work, fw);
    CHECK(!memcmp(o2, o, n * sizeof(float)) && !memcmp(w2, weights, nw * sizeof(float)), "untraced heads forward bit for bit");
    CHECK(attn_heads_backward(&ac, dq, dk, dv, dout, q, k, v, weights, t, work, bw) == PF_OK, "heads backward");
    double *gq = malloc(n * sizeof(double)), *gk = malloc(n * sizeof(double)), *gv = malloc(n * sizeof(double));
    double *arrays[3] = { qd, kd, vd }, *grads[3] = { gq, gk, gv };
    const double h = 1e-6;
    for (int a = 0; a < 3; a++)
        for (size_t i = 0; i < n; i++) {
            const double keep = arrays[a][i];
            arrays[a][i] = keep + h;
            const double up = ref_heads_loss(qd, kd, vd, dout, t, d, heads, causal, alibi, scratch);
            arrays[a][i] = keep - h;
            const double down = ref_heads_loss(qd, kd, vd, dout, t, d, heads, causal, alibi, scratch);
            arrays[a][i] = keep;
            grads[a][i] = (up - down) / (2 * h);
        }
    int okq, okk, okv;
    const double rq = grad_error(dq, gq, n, &okq), rk = grad_error(dk, gk, n, &okk), rv = grad_error(dv, gv, n, &okv);
    printf("attention heads T=%d D=%d H=%d%s%s: forward o %.1e weights %.1e; backward relative error dq %.1e dk %.1e dv %.1e\n",
           t, d, heads, causal ? " causal" : "", alibi ? " alibi" : "", eo, ew, rq, rk, rv);
    CHECK(okq && okk && okv, "heads backward T=%d D=%d H=%d: %g %g %g", t, d, heads, rq, rk, rv);
    CHECK(attn_heads_backward(&ac, dq, dk, dv, dout, q, k, v, weights, t, work, bw - 1) == PF_ERR_WORKSPACE, "heads: small workspace");
    free(q); free(k); free(v); free(dout); free(o); free(scores); free(weights); free(dq); free(dk); free(dv); free(work);
    free(qd); free(kd); free(vd); free(od); free(wd); free(scratch); free(o2); free(w2); free(gq); free(gk); free(gv);
}

static void test_heads(void) {
    static const int cases[][3] = {   /* T, D, heads */
        { 1, 1, 1 }, { 2, 4, 2 }, { 3, 6, 3 }, { 5, 8, 1 }, { 7, 10, 2 }, { 9, 16, 2 }, { 13, 18, 2 }, { 17, 12, 4 },
        { 33, 8, 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int causal = 0; causal < 2; causal++)
            test_heads_case(cases[i][0], cases[i][1], cases[i][2], causal, (int)(i + (size_t)causal) % 2);
    test_heads_case(65, 4, 2, 1, 1);             /* past one block of 64 query rows */
    test_heads_case(66, 2, 1, 0, 0);
    attn_config bad = { 6, 4, 1, 0, 0 };
    uint64_t f;
    CHECK(attn_heads_workspace_floats(&f, &bad, 3, 0) == PF_ERR_HEADS, "heads: bad config");
}

/* ---- RoPE's backward ---------------------------------------------------------------------------- */

static void test_rope_backward(void) {
    const int cases[][3] = { { 5, 8, 8 }, { 7, 12, 6 }, { 3, 4, 2 }, { 9, 20, 10 }, { 300, 8, 4 } };   /* T, D, headDim */
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const int t = cases[c][0], d = cases[c][1], hd = cases[c][2];
        for (int layout = 0; layout < 2; layout++) {
            const size_t n = (size_t)t * d, bytes = rope_workspace_bytes(hd);
            void *memory = zalloc(bytes / 4 + 4);
            pf_workspace ws;
            pf_workspace_init(&ws, memory, bytes);
            float *x = rand_floats(n, 1), *y = zalloc(n), *g = rand_floats(n, 1), *gx = zalloc(n), *back = zalloc(n);
            CHECK(rope_forward(&ws, y, x, t, d, hd, 10000, 3, (rope_layout)layout) == PF_OK, "rope");
            CHECK(rope_backward(&ws, gx, g, t, d, hd, 10000, 3, (rope_layout)layout) == PF_OK, "rope backward");
            CHECK(rope_backward(&ws, back, y, t, d, hd, 10000, 3, (rope_layout)layout) == PF_OK, "rope backward");
            /* <R x, g> = <x, R^T g> (the adjoint), and R^T R x = x */
            double lhs = 0, rhs = 0, worst = 0;
            for (size_t i = 0; i < n; i++) {
                lhs += (double)y[i] * g[i];
                rhs += (double)x[i] * gx[i];
                worst = fmax(worst, fabs(back[i] - x[i]));
            }
            printf("rope backward T=%d D=%d headDim=%d %s: <Rx, g> - <x, R^T g> %.1e, max |R^T R x - x| %.1e\n", t, d, hd,
                   layout ? "half" : "interleaved", fabs(lhs - rhs), worst);
            CHECK(fabs(lhs - rhs) < 1e-5 * sqrt((double)n) && worst < 1e-6, "rope adjoint %g, inverse %g", fabs(lhs - rhs), worst);
            free(memory); free(x); free(y); free(g); free(gx); free(back);
        }
    }
}

/* ---- cross-entropy and embedding ---------------------------------------------------------------- */

static void test_xent(void) {
    const int rows = 9, v = 11;
    float *l = rand_floats((size_t)rows * v, 5), *dl = zalloc((size_t)rows * v);
    l[3] = 80.0f;                                     /* a large logit: stable */
    int32_t targets[9] = { 0, 10, -1, 5, 5, -1, 3, 7, 1 };
    double loss, want = 0;
    CHECK(xent_forward(&loss, l, targets, rows, v) == PF_OK, "xent");
    CHECK(xent_backward(dl, l, targets, rows, v) == PF_OK, "xent backward");
    double *g = malloc((size_t)rows * v * sizeof(double));
    int counted = 0;
    for (int r = 0; r < rows; r++) counted += targets[r] != -1;
    for (int r = 0; r < rows; r++) {
        double m = -INFINITY, s = 0;
        for (int j = 0; j < v; j++) m = fmax(m, l[r * v + j]);
        for (int j = 0; j < v; j++) s += exp(l[r * v + j] - m);
        for (int j = 0; j < v; j++)
            g[r * v + j] = targets[r] == -1 ? 0 : (exp(l[r * v + j] - m) / s - (j == targets[r])) / counted;
        if (targets[r] != -1) want += (m + log(s) - l[r * v + targets[r]]) / counted;
    }
    int ok;
    const double e = grad_error(dl, g, (size_t)rows * v, &ok);
    printf("cross-entropy: loss %.17g, |diff| %.1e; dlogits relative error %.1e\n", loss, fabs(loss - want), e);
    CHECK(fabs(loss - want) <= 1e-6 * (1 + want) && ok, "xent %g %g", fabs(loss - want), e);
    int32_t none[9] = { -1, -1, -1, -1, -1, -1, -1, -1, -1 };
    CHECK(xent_forward(&loss, l, none, rows, v) == PF_OK && loss == 0, "no target counts: loss 0");
    xent_backward(dl, l, none, rows, v);
    int zeros = 1;
    for (int i = 0; i < rows * v; i++) zeros &= dl[i] == 0.0f;
    CHECK(zeros, "no target counts: gradients 0");
    targets[4] = 11;
    CHECK(xent_forward(&loss, l, targets, rows, v) == PF_ERR_TARGET, "target = vocab");
    targets[4] = -2;
    CHECK(xent_backward(dl, l, targets, rows, v) == PF_ERR_TARGET, "target -2");
    free(l); free(dl); free(g);
}

static void test_embedding(void) {
    const int v = 5, d = 6, b = 2, t = 3;
    float *e = rand_floats((size_t)v * d, 1), *p = rand_floats((size_t)t * d, 1), *x = zalloc((size_t)b * t * d);
    float *dx = rand_floats((size_t)b * t * d, 1), *de = zalloc((size_t)v * d), *dp = zalloc((size_t)t * d);
    const int32_t tokens[6] = { 1, 4, 1, 0, 1, 3 };
    CHECK(embed_forward(x, e, p, tokens, b, t, v, d) == PF_OK, "embed");
    CHECK(embed_backward(de, dp, dx, tokens, b, t, v, d) == PF_OK, "embed backward");
    double worst = 0, worst_g = 0, worst_p = 0;
    for (int i = 0; i < b * t; i++)
        for (int j = 0; j < d; j++) worst = fmax(worst, fabs(x[i * d + j] - (e[tokens[i] * d + j] * sqrt(d) + p[(i % t) * d + j])));
    for (int tok = 0; tok < v; tok++)
        for (int j = 0; j < d; j++) {
            double s = 0;
            for (int i = 0; i < b * t; i++) s += tokens[i] == tok ? dx[i * d + j] * sqrt(d) : 0;
            worst_g = fmax(worst_g, fabs(de[tok * d + j] - s));
        }
    for (int q = 0; q < t; q++)
        for (int j = 0; j < d; j++) worst_p = fmax(worst_p, fabs(dp[q * d + j] - (dx[q * d + j] + dx[(t + q) * d + j])));
    printf("embedding: forward %.1e, dembedding %.1e, dposition %.1e\n", worst, worst_g, worst_p);
    CHECK(worst < 1e-6 && worst_g < 1e-5 && worst_p < 1e-6, "embedding");
    /* the passes read E[token] as checked once by the caller: embed_check_tokens refuses every token out of range */
    CHECK(embed_check_tokens(tokens, b * t, v) == PF_OK, "tokens 0 .. vocab - 1 pass");
    const int32_t bad[6] = { 0, 5, 0, 0, 0, 0 }, negative[6] = { 0, 0, 0, 0, 0, -1 };
    CHECK(embed_check_tokens(bad, b * t, v) == PF_ERR_TOKEN, "token = vocab refused");
    CHECK(embed_check_tokens(negative, b * t, v) == PF_ERR_TOKEN, "token -1 refused (the last one)");
    CHECK(embed_check_tokens(bad, 1, v) == PF_OK, "only the n tokens given are read");
    CHECK(embed_check_tokens(NULL, 1, v) == PF_ERR_NULL && embed_check_tokens(NULL, 0, v) == PF_OK, "NULL tokens");
    CHECK(embed_forward(x, e, p, NULL, b, t, v, d) == PF_ERR_NULL, "embed_forward: NULL tokens");
    free(e); free(p); free(x); free(dx); free(de); free(dp);
}

/* ---- clipping and AdamW ------------------------------------------------------------------------- */

static void test_optimiser(void) {
    enum { N = 1003 };
    float *g = rand_floats(N, 1), *g0 = malloc(N * sizeof(float));
    memcpy(g0, g, N * sizeof(float));
    double norm, want = 0;
    for (int i = 0; i < N; i++) want += (double)g[i] * g[i];
    want = sqrt(want);
    CHECK(clip_grad_norm(g, &norm, N, 0) == PF_OK && fabs(norm - want) < 1e-9 * want && !memcmp(g, g0, N * sizeof(float)), "measure only");
    CHECK(clip_grad_norm(g, &norm, N, 2 * want) == PF_OK && !memcmp(g, g0, N * sizeof(float)), "below the bound: unchanged");
    CHECK(clip_grad_norm(g, &norm, N, 1.5) == PF_OK, "clip");
    double after = 0;
    for (int i = 0; i < N; i++) after += (double)g[i] * g[i];
    CHECK(fabs(sqrt(after) - 1.5 * want / (want + 1e-6)) < 1e-5, "clipped to 1.5: %g", sqrt(after));
    CHECK(clip_grad_norm(g, &norm, N, -1) == PF_ERR_CLIP && clip_grad_norm(g, &norm, N, NAN) == PF_ERR_CLIP, "clip: bad bound");

    /* AdamW: 5 steps against the formula in double */
    const adamw_options o = { 1e-2, 0.9, 0.98, 1e-6, 0.1, 0 };
    float *p = rand_floats(N, 1), *m = zalloc(N), *v = zalloc(N);
    double *pd = malloc(N * sizeof(double)), *md = calloc(N, sizeof(double)), *vd = calloc(N, sizeof(double));
    for (int i = 0; i < N; i++) pd[i] = p[i];
    for (int s = 1; s <= 5; s++) {
        float *gs = rand_floats(N, 1);
        CHECK(adamw_update(p, m, v, gs, N, &o, s) == PF_OK, "adamw");
        for (int i = 0; i < N; i++) {
            pd[i] *= 1 - o.lr * o.weight_decay;
            md[i] = o.beta1 * md[i] + (1 - o.beta1) * gs[i];
            vd[i] = o.beta2 * vd[i] + (1 - o.beta2) * gs[i] * gs[i];
            pd[i] -= o.lr / (1 - pow(o.beta1, s)) * md[i] / (sqrt(vd[i]) / sqrt(1 - pow(o.beta2, s)) + o.eps);
        }
        free(gs);
    }
    double md_ = 0;
    const double worst = max_diff(p, pd, N, &md_);
    printf("AdamW: 5 steps, max |diff| from the double formula %.1e; clipping to 1.5 of norm %.3f\n", worst, want);
    CHECK(worst < 1e-6, "adamw %g", worst);
    adamw_options bad = o;
    bad.lr = 0;
    CHECK(adamw_update(p, m, v, g, N, &bad, 1) == PF_ERR_LR, "lr 0");
    bad = o, bad.beta1 = 1;
    CHECK(adamw_update(p, m, v, g, N, &bad, 1) == PF_ERR_BETAS, "beta 1");
    bad = o, bad.eps = INFINITY;
    CHECK(adamw_update(p, m, v, g, N, &bad, 1) == PF_ERR_EPS, "eps inf");
    bad = o, bad.weight_decay = -1;
    CHECK(adamw_update(p, m, v, g, N, &bad, 1) == PF_ERR_WEIGHT_DECAY, "wd < 0");
    CHECK(adamw_update(p, m, v, g, N, &o, 0) == PF_ERR_LENGTH, "step 0");
    free(g); free(g0); free(p); free(m); free(v); free(pd); free(md); free(vd);
}

void test_backward(void) {
    test_products();
    test_activation_grads();
    test_layer_norm_backward();
    test_heads();
    test_rope_backward();
    test_xent();
    test_embedding();
    test_optimiser();
}

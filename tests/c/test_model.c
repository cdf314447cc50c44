/*
 * test_model.c — native tests of the trainable Transformer (model.h; ASan + UBSan, part of
 * build/native/test_core). A double-precision reference of the whole model is written here from
 * API.md's formulas (its own parameter offsets, PE, RoPE, ALiBi, layer norm, attention, FFN, loss);
 * the model's logits and loss are compared with it, and every gradient array with central finite
 * differences of the reference loss, for every position scheme, post and pre norm, causal or not,
 * each activation. Also: a sequence alone gives the bits it gets in a batch, causal prefixes, seeded
 * parameters are API.md's stream, trainer steps against the double AdamW, every status.
 */
#include "model.h"
#include "test_support.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rng = 99;
static double uni(void) {
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng / 4294967296.0 * 2.0 - 1.0;
}
static void *zalloc(uint64_t floats) {
    const size_t bytes = (size_t)((floats + 8) / 4 * 4) * sizeof(float);
    void *p = aligned_alloc(16, bytes);
    memset(p, 0, bytes);
    return p;
}

/* ---- the reference: its own layout of the parameters, from API.md's list ---------------------- */

enum { R_MAX_TENSORS = 1 + 1 + 16 * 8 + 2 + 2 };
typedef struct { size_t offset, n; const char *name; } ref_tensor;
typedef struct {
    model_config c;
    int count;
    ref_tensor t[R_MAX_TENSORS];
    size_t total;
} ref_layout;

static void ref_add(ref_layout *r, const char *name, size_t n) {
    r->t[r->count++] = (ref_tensor){ r->total, n, name };
    r->total += n;
}
static ref_layout ref_layout_of(const model_config *c) {
    ref_layout r = { *c, 0, { { 0, 0, NULL } }, 0 };
    const size_t d = (size_t)c->d_model, f = (size_t)c->d_ff;
    static const char *const names[16] = { "wq", "bq", "wk", "bk", "wv", "bv", "wo", "bo", "gamma1", "beta1", "w1", "b1",
                                           "w2", "b2", "gamma2", "beta2" };
    ref_add(&r, "embedding", (size_t)c->vocab * d);
    if (c->position == MODEL_LEARNED) ref_add(&r, "position", (size_t)c->max_length * d);
    for (int l = 0; l < c->layers; l++)
        for (int i = 0; i < 16; i++) ref_add(&r, names[i], i % 2 == 0 && i < 8 ? d * d : i == 10 || i == 12 ? d * f : i == 11 ? f : d);
    if (c->norm == BLOCK_PRE_NORM) ref_add(&r, "final.gamma", d), ref_add(&r, "final.beta", d);
    ref_add(&r, "output.w", d * (size_t)c->vocab);
    ref_add(&r, "output.b", (size_t)c->vocab);
    return r;
}
static const double *rp(const ref_layout *r, const double *p, int index) { return p + r->t[index].offset; }

/* y (t, n) = x (t, k) W + b in double */
static void r_linear(double *y, const double *x, const double *w, const double *b, int t, int k, int n) {
    for (int i = 0; i < t; i++)
        for (int c = 0; c < n; c++) {
            double s = b[c];
            for (int q = 0; q < k; q++) s += x[i * k + q] * w[q * n + c];
            y[i * n + c] = s;
        }
}
static void r_ln(double *y, const double *x, const double *g, const double *b, int t, int d, double eps) {
    for (int i = 0; i < t; i++) {
        double mean = 0, var = 0;
        for (int j = 0; j < d; j++) mean += x[i * d + j];
        mean /= d;
        for (int j = 0; j < d; j++) var += (x[i * d + j] - mean) * (x[i * d + j] - mean);
        var /= d;
        for (int j = 0; j < d; j++) y[i * d + j] = (x[i * d + j] - mean) / sqrt(var + eps) * g[j] + b[j];
    }
}

/* The loss of the model in double (logits (B T, V) written when not NULL). */
static double ref_model(const model_config *c, const double *p, const int32_t *tokens, const int32_t *targets, int batch,
                        int t, double *logits_out) {
    const ref_layout r = ref_layout_of(c);
    const int d = c->d_model, f = c->d_ff, H = c->heads, e = d / H, v = c->vocab;
    const int learned = c->position == MODEL_LEARNED;
    double *x = malloc(sizeof(double) * t * d), *a = malloc(sizeof(double) * t * d), *q = malloc(sizeof(double) * t * d);
    double *k = malloc(sizeof(double) * t * d), *vv = malloc(sizeof(double) * t * d), *o = malloc(sizeof(double) * t * d);
    double *h1 = malloc(sizeof(double) * t * d), *z = malloc(sizeof(double) * t * f), *s = malloc(sizeof(double) * t);
    double *lg = malloc(sizeof(double) * t * v);
    double total = 0;
    int counted = 0;
    for (int b = 0; b < batch; b++) {
        for (int i = 0; i < t; i++)
            for (int j = 0; j < d; j++) {
                const double pos = c->position == MODEL_SINUSOIDAL ? ref_pe(i, j, d, 10000, 0)
                                 : learned ? rp(&r, p, 1)[i * d + j] : 0;
                x[i * d + j] = rp(&r, p, 0)[tokens[b * t + i] * d + j] * sqrt((double)d) + pos;
            }
        for (int l = 0; l < c->layers; l++) {
            const int base = 1 + learned + 16 * l;
#define W(i) rp(&r, p, base + (i))
            if (c->norm == BLOCK_PRE_NORM) r_ln(a, x, W(8), W(9), t, d, c->eps);
            else memcpy(a, x, sizeof(double) * t * d);
            r_linear(q, a, W(0), W(1), t, d, d);
            r_linear(k, a, W(2), W(3), t, d, d);
            r_linear(vv, a, W(4), W(5), t, d, d);
            if (c->position == MODEL_ROPE)
                for (int i = 0; i < t; i++)
                    for (int h = 0; h < H; h++)
                        for (int pr = 0; pr < e / 2; pr++) {
                            const double th = i / pow(10000.0, 2.0 * pr / e), cs = cos(th), sn = sin(th);
                            for (double *m = q; m; m = m == q ? k : NULL) {
                                double *u = m + i * d + h * e + 2 * pr;
                                const double a0 = u[0], b0 = u[1];
                                u[0] = a0 * cs - b0 * sn;
                                u[1] = a0 * sn + b0 * cs;
                            }
                        }
            for (int h = 0; h < H; h++) {
                const double slope = c->position == MODEL_ALIBI ? pow(2.0, -8.0 * (h + 1) / H) : 0;
                for (int i = 0; i < t; i++) {
                    const int allowed = c->causal ? i + 1 : t;
                    double m = -INFINITY, sum = 0;
                    for (int j = 0; j < allowed; j++) {
                        double dot = 0;
                        for (int cc = 0; cc < e; cc++) dot += q[i * d + h * e + cc] * k[j * d + h * e + cc];
                        s[j] = dot / sqrt((double)e) - slope * abs(i - j);
                        m = fmax(m, s[j]);
                    }
                    for (int j = 0; j < allowed; j++) sum += exp(s[j] - m);
                    for (int cc = 0; cc < e; cc++) {
                        double acc = 0;
                        for (int j = 0; j < allowed; j++) acc += exp(s[j] - m) / sum * vv[j * d + h * e + cc];
                        o[i * d + h * e + cc] = acc;
                    }
                }
            }
            r_linear(a, o, W(6), W(7), t, d, d);                           /* a = attention */
            for (int i = 0; i < t * d; i++) a[i] += x[i];
            if (c->norm == BLOCK_POST_NORM) r_ln(h1, a, W(8), W(9), t, d, c->eps);
            else memcpy(h1, a, sizeof(double) * t * d);
            if (c->norm == BLOCK_PRE_NORM) r_ln(a, h1, W(14), W(15), t, d, c->eps);
            else memcpy(a, h1, sizeof(double) * t * d);
            r_linear(z, a, W(10), W(11), t, d, f);
            for (int i = 0; i < t * f; i++) z[i] = ref_act(c->activation, z[i]);
            r_linear(a, z, W(12), W(13), t, f, d);                          /* a = ffn */
            for (int i = 0; i < t * d; i++) a[i] += h1[i];
            if (c->norm == BLOCK_POST_NORM) r_ln(x, a, W(14), W(15), t, d, c->eps);
            else memcpy(x, a, sizeof(double) * t * d);
#undef W
        }
        if (c->norm == BLOCK_PRE_NORM) {
            r_ln(a, x, rp(&r, p, r.count - 4), rp(&r, p, r.count - 3), t, d, c->eps);
            memcpy(x, a, sizeof(double) * t * d);
        }
        r_linear(lg, x, rp(&r, p, r.count - 2), rp(&r, p, r.count - 1), t, d, v);
        if (logits_out) memcpy(logits_out + (size_t)b * t * v, lg, sizeof(double) * t * v);
        for (int i = 0; i < t; i++) {
            const int target = targets ? targets[b * t + i] : -1;
            if (target == -1) continue;
            double m = -INFINITY, sum = 0;
            for (int j = 0; j < v; j++) m = fmax(m, lg[i * v + j]);
            for (int j = 0; j < v; j++) sum += exp(lg[i * v + j] - m);
            total += m + log(sum) - lg[i * v + target];
            counted++;
        }
    }
    free(x); free(a); free(q); free(k); free(vv); free(o); free(h1); free(z); free(s); free(lg);
    return counted ? total / counted : 0;
}

/* ---- the model against the reference ------------------------------------------------------------ */

static double worst_logits = 0, worst_grad = 0;

static void test_model_case(model_config c, int batch, int t, double scale) {
    model m;
    CHECK(model_init(&m, &c) == PF_OK, "model_init");
    const ref_layout r = ref_layout_of(&c);
    CHECK(m.tensor_count == r.count && m.param_count == r.total, "layout: %d tensors, %llu floats", m.tensor_count,
          (unsigned long long)m.param_count);
    int same_layout = 1;
    for (int i = 0; i < r.count; i++) {
        model_tensor mt;
        model_tensor_at(&mt, &m, i);
        same_layout &= mt.offset == r.t[i].offset && (uint64_t)mt.rows * (uint64_t)(mt.cols ? mt.cols : 1) == r.t[i].n;
    }
    CHECK(same_layout, "every tensor where API.md's order puts it");
    /* parameters: random of the given scale, gammas around 1 */
    float *p = zalloc(m.param_count);
    for (size_t i = 0; i < m.param_count; i++) p[i] = (float)(uni() * scale);
    for (int i = 0; i < r.count; i++)
        if (strstr(r.t[i].name, "gamma"))
            for (size_t j = 0; j < r.t[i].n; j++) p[r.t[i].offset + j] = (float)(1 + 0.3 * uni());
    CHECK(model_set_params(&m, p) == PF_OK, "set params");
    const int n = batch * t;
    int32_t *tokens = malloc(sizeof(int32_t) * n), *targets = malloc(sizeof(int32_t) * n);
    for (int i = 0; i < n; i++) {
        tokens[i] = (int32_t)((uni() + 1) / 2 * c.vocab) % c.vocab;
        targets[i] = i % 5 == 3 ? -1 : (int32_t)((uni() + 1) / 2 * c.vocab) % c.vocab;
    }
    uint64_t fw = 0, bw = 0;
    CHECK(model_workspace_floats(&fw, &m, batch, t, 0) == PF_OK && model_workspace_floats(&bw, &m, batch, t, 1) == PF_OK, "ws");
    float *work = zalloc(bw), *logits = zalloc((uint64_t)n * c.vocab);
    CHECK(model_forward(&m, logits, NULL, tokens, batch, t, work, fw) == PF_OK, "forward");
    double *pd = malloc(sizeof(double) * m.param_count), *want = malloc(sizeof(double) * (size_t)n * c.vocab);
    for (size_t i = 0; i < m.param_count; i++) pd[i] = p[i];
    const double ref_loss = ref_model(&c, pd, tokens, targets, batch, t, want);
    double ml = 0, el = 0;
    for (int i = 0; i < n * c.vocab; i++) ml = fmax(ml, fabs(want[i])), el = fmax(el, fabs(logits[i] - want[i]));
    double loss, loss2;
    CHECK(model_loss(&m, &loss, tokens, targets, batch, t, work, fw) == PF_OK, "loss");
    CHECK(model_gradients(&m, &loss2, tokens, targets, batch, t, work, bw) == PF_OK, "gradients");
    CHECK(loss == loss2, "loss and gradients' loss: the same bits");
    CHECK(el <= 1e-4 * (1 + ml), "logits: %g (M %g)", el, ml);
    CHECK(fabs(loss - ref_loss) <= 1e-5 * (1 + ref_loss), "loss %.9g, reference %.9g", loss, ref_loss);
    worst_logits = fmax(worst_logits, el / (1 + ml));
    /* every gradient array against central differences of the reference loss */
    const double h = 1e-6;
    double worst = 0;
    const char *worst_name = "";
    int all_ok = 1;
    for (int ti = 0; ti < r.count; ti++) {
        double *fd = malloc(sizeof(double) * r.t[ti].n);
        for (size_t j = 0; j < r.t[ti].n; j++) {
            double *x = pd + r.t[ti].offset + j;
            const double keep = *x;
            *x = keep + h;
            const double up = ref_model(&c, pd, tokens, targets, batch, t, NULL);
            *x = keep - h;
            const double down = ref_model(&c, pd, tokens, targets, batch, t, NULL);
            *x = keep;
            fd[j] = (up - down) / (2 * h);
        }
        double e = 0, nr = 0;
        for (size_t j = 0; j < r.t[ti].n; j++) {
            const double g = m.grads[r.t[ti].offset + j];
            e += (g - fd[j]) * (g - fd[j]);
            nr += fd[j] * fd[j];
        }
        e = sqrt(e), nr = sqrt(nr);
        const int ok = e <= 1e-4 * nr + 1e-7 * sqrt((double)r.t[ti].n);
        CHECK(ok, "gradient of tensor %d (%s): ||g - r|| %g, ||r|| %g", ti, r.t[ti].name, e, nr);
        all_ok &= ok;
        const double rel = e / nr;               /* printed for arrays whose gradient is not (nearly) 0 */
        if (nr > 1e-6 * sqrt((double)r.t[ti].n) && rel > worst) worst = rel, worst_name = r.t[ti].name;
        free(fd);
    }
    worst_grad = fmax(worst_grad, worst);
    static const char *const positions[] = { "sinusoidal", "learned", "rope", "alibi", "none" };
    printf("model V=%d D=%d H=%d F=%d L=%d %s %s%s act %d B=%d T=%d: logits %.1e, loss %.1e, worst gradient %s %.1e\n",
           c.vocab, c.d_model, c.heads, c.d_ff, c.layers, positions[c.position], c.norm ? "pre" : "post",
           c.causal ? " causal" : "", c.activation, batch, t, el, fabs(loss - ref_loss), worst_name, worst);

    /* a sequence alone: the bits it gets in the batch (logits), and the causal prefix */
    float *alone = zalloc((uint64_t)t * c.vocab);
    uint64_t f1;
    model_workspace_floats(&f1, &m, 1, t, 0);
    float *w1 = zalloc(f1);
    const int b_last = batch - 1;
    CHECK(model_forward(&m, alone, NULL, tokens + b_last * t, 1, t, w1, f1) == PF_OK, "alone");
    CHECK(!memcmp(alone, logits + (size_t)b_last * t * c.vocab, sizeof(float) * t * c.vocab), "a sequence alone: bit for bit");
    if (c.causal && t > 1) {
        CHECK(model_forward(&m, alone, NULL, tokens, 1, t - 1, w1, f1) == PF_OK, "prefix");
        CHECK(!memcmp(alone, logits, sizeof(float) * (t - 1) * c.vocab), "causal prefix of %d: bit for bit", t - 1);
    }
    /* the same call again: the same bits (determinism), gradients too */
    float *grads = malloc(sizeof(float) * m.param_count);
    memcpy(grads, m.grads, sizeof(float) * m.param_count);
    memset(work, 0x7f, sizeof(float) * bw);                 /* a dirty workspace changes nothing */
    CHECK(model_gradients(&m, &loss2, tokens, targets, batch, t, work, bw) == PF_OK && loss2 == loss, "again");
    CHECK(!memcmp(grads, m.grads, sizeof(float) * m.param_count), "gradients: the same bits again");
    free(grads); free(alone); free(w1);
    free(p); free(tokens); free(targets); free(work); free(logits); free(pd); free(want);
    model_free(&m);
    model_free(&m);
    (void)all_ok;
}

/* ---- seeded parameters, traces, trainer, statuses --------------------------------------------- */

static uint32_t mb32(uint32_t *s) {
    *s += 0x6D2B79F5u;
    uint32_t t = *s;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return t ^ (t >> 14);
}

static void test_seeded(model_position position, block_norm norm) {
    const model_config c = { 7, 8, 2, 12, 2, 5, position, 1, norm, FFN_GELU, 1e-5 };
    model m;
    CHECK(model_init(&m, &c) == PF_OK && model_init_seeded(&m, 1234) == PF_OK, "seeded");
    const ref_layout r = ref_layout_of(&c);
    uint32_t s = 1234;
    int ok = 1;
    for (int i = 0; i < r.count; i++) {
        const char *nm = r.t[i].name;
        const int gamma = strstr(nm, "gamma") != NULL, beta = strstr(nm, "beta") != NULL;
        const double a = !strcmp(nm, "position") ? 1.0 : 1.0 / sqrt(!strcmp(nm, "w2") || !strcmp(nm, "b2") ? c.d_ff : c.d_model);
        for (size_t j = 0; j < r.t[i].n; j++) {
            const float want = gamma ? 1.0f : beta ? 0.0f : (float)((2.0 * (mb32(&s) / 4294967296.0) - 1.0) * a);
            const float got = m.params[r.t[i].offset + j];
            ok &= got == want || fabsf(got - want) <= 1e-7f * fabsf(want);   /* (2u - 1) a or / sqrt: one rounding apart at most */
        }
    }
    CHECK(ok, "seeded parameters follow API.md's stream (position %d, norm %d)", position, norm);
    model_free(&m);
}

static void test_trace(void) {
    const model_config c = { 6, 8, 2, 10, 2, 9, MODEL_ALIBI, 1, BLOCK_POST_NORM, FFN_RELU, 1e-5 };
    model m;
    CHECK(model_init(&m, &c) == PF_OK && model_init_seeded(&m, 5) == PF_OK, "init");
    const int b = 2, t = 7, n = b * t;
    int32_t tokens[14];
    for (int i = 0; i < n; i++) tokens[i] = (i * 5 + 1) % 6;
    uint64_t fw;
    model_workspace_floats(&fw, &m, b, t, 0);
    float *work = zalloc(fw), *plain = zalloc((uint64_t)n * 6), *traced = zalloc((uint64_t)n * 6);
    model_trace tr[2];
    float *arrays[2][9];
    for (int l = 0; l < 2; l++) {
        const uint64_t sizes[9] = { n * 8, n * 8, n * 8, 2 * 2 * t * t, 2 * 2 * t * t, n * 8, n * 8, n * 10, n * 8 };
        for (int i = 0; i < 9; i++) arrays[l][i] = zalloc(sizes[i]);
        tr[l] = (model_trace){ arrays[l][0], arrays[l][1], arrays[l][2], arrays[l][3], arrays[l][4], arrays[l][5],
                               arrays[l][6], arrays[l][7], arrays[l][8] };
    }
    CHECK(model_forward(&m, plain, NULL, tokens, b, t, work, fw) == PF_OK, "plain");
    CHECK(model_forward(&m, traced, tr, tokens, b, t, work, fw) == PF_OK, "traced");
    CHECK(!memcmp(plain, traced, sizeof(float) * n * 6), "traced logits: the same bits");
    /* weights: rows sum to 1, masked 0; the scores include ALiBi's bias: s[h][i][j] - s[h][i][j'] */
    double worst = 0;
    int masked = 1;
    for (int l = 0; l < 2; l++)
        for (int q = 0; q < b * 2 * t; q++) {
            double sum = 0;
            for (int j = 0; j < t; j++) {
                sum += arrays[l][4][q * t + j];
                masked &= j <= q % t || arrays[l][4][q * t + j] == 0.0f;
            }
            worst = fmax(worst, fabs(sum - 1));
        }
    CHECK(worst < 1e-5 && masked, "traced weights: rows sum to 1 (%g), masked ones 0", worst);
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < 9; i++) free(arrays[l][i]);
    free(work); free(plain); free(traced);
    model_free(&m);
}

static void test_trainer(void) {
    const model_config c = { 5, 8, 2, 12, 1, 6, MODEL_LEARNED, 0, BLOCK_PRE_NORM, FFN_SILU, 1e-5 };
    model m, copy;
    CHECK(model_init(&m, &c) == PF_OK && model_init_seeded(&m, 3) == PF_OK, "init");
    CHECK(model_init(&copy, &c) == PF_OK && model_init_seeded(&copy, 3) == PF_OK, "init copy");
    const adamw_options o = { 1e-2, 0.9, 0.99, 1e-8, 0.05, 0.5 };
    trainer tr;
    CHECK(trainer_init(&tr, &m, &o) == PF_OK, "trainer");
    const int b = 3, t = 6, n = b * t;
    int32_t tokens[18], targets[18];
    for (int i = 0; i < n; i++) tokens[i] = i % 5, targets[i] = (i * 3) % 5;
    uint64_t bw;
    model_workspace_floats(&bw, &m, b, t, 1);
    float *work = zalloc(bw);
    /* Each step against the formulas in double from the same parameters: the gradients of a copy of
       the model (checked above), clipping and AdamW with moments kept in double. */
    const size_t np = m.param_count;
    double *p = malloc(np * sizeof(double)), *mo = calloc(np, sizeof(double)), *ve = calloc(np, sizeof(double));
    double first = 0, last = 0, worst = 0;
    for (int s = 1; s <= 6; s++) {
        double loss, gl;
        CHECK(model_set_params(&copy, m.params) == PF_OK, "copy");
        CHECK(model_gradients(&copy, &gl, tokens, targets, b, t, work, bw) == PF_OK, "copy gradients");
        double norm = 0;
        for (size_t i = 0; i < np; i++) norm += (double)copy.grads[i] * copy.grads[i];
        norm = sqrt(norm);
        const double coef = fmin(1.0, o.clip_norm / (norm + 1e-6));
        for (size_t i = 0; i < np; i++) {
            const double g = copy.grads[i] * coef;
            p[i] = m.params[i] * (1 - o.lr * o.weight_decay);
            mo[i] = o.beta1 * mo[i] + (1 - o.beta1) * g;
            ve[i] = o.beta2 * ve[i] + (1 - o.beta2) * g * g;
            p[i] -= o.lr / (1 - pow(o.beta1, s)) * mo[i] / (sqrt(ve[i]) / sqrt(1 - pow(o.beta2, s)) + o.eps);
        }
        CHECK(trainer_step(&tr, &m, &loss, tokens, targets, b, t, work, bw) == PF_OK, "step");
        CHECK(loss == gl, "the step's loss is the loss before the update");
        for (size_t i = 0; i < np; i++) worst = fmax(worst, fabs(m.params[i] - p[i]));
        if (s == 1) first = loss;
        last = loss;
    }
    printf("trainer: 6 steps with clipping, max |p - the double step from the same p| %.1e; loss %.4f -> %.4f\n", worst, first, last);
    CHECK(worst < 1e-6, "trainer against the double step: %g", worst);
    CHECK(tr.steps == 6 && last < first, "6 steps, the loss falls");
    /* a step where no target counts: loss 0, and still a step (decay applies) */
    int32_t none[18];
    for (int i = 0; i < n; i++) none[i] = -1;
    const float before = m.params[0];
    double loss;
    CHECK(trainer_step(&tr, &m, &loss, tokens, none, b, t, work, bw) == PF_OK && loss == 0 && tr.steps == 7, "empty step");
    CHECK(m.params[0] != before, "the empty step still moves the parameters (decay, moments)");
    CHECK(trainer_set_lr(&tr, 0) == PF_ERR_LR && trainer_set_lr(&tr, 0.5) == PF_OK && tr.options.lr == 0.5, "set lr");
    trainer_free(&tr);
    trainer_free(&tr);
    CHECK(trainer_step(&tr, &m, &loss, tokens, targets, b, t, work, bw) == PF_ERR_NOT_READY, "step after free");
    free(work); free(p); free(mo); free(ve);
    model_free(&m);
    model_free(&copy);
}

static void test_model_statuses(void) {
    model_config c = { 5, 8, 2, 12, 1, 6, MODEL_ROPE, 0, BLOCK_POST_NORM, FFN_RELU, 1e-5 };
    model m;
    c.heads = 8;                                   /* head_dim 1: odd for RoPE */
    CHECK(model_init(&m, &c) == PF_ERR_HEADS && m.memory == NULL, "rope with an odd head dim");
    c.heads = 3;
    CHECK(model_init(&m, &c) == PF_ERR_HEADS, "heads not dividing");
    c.heads = 2, c.vocab = 1;
    CHECK(model_init(&m, &c) == PF_ERR_VOCAB, "vocab 1");
    c.vocab = 5, c.d_model = PF_MODEL_MAX_DIM + 2;
    CHECK(model_init(&m, &c) == PF_ERR_D_MODEL, "d too big");
    c.d_model = 8, c.layers = 0;
    CHECK(model_init(&m, &c) == PF_ERR_LAYERS, "layers 0");
    c.layers = PF_MODEL_MAX_LAYERS + 1;
    CHECK(model_init(&m, &c) == PF_ERR_LAYERS, "layers too many");
    c.layers = 1, c.max_length = 0;
    CHECK(model_init(&m, &c) == PF_ERR_MAX_LENGTH, "max_length 0");
    c.max_length = 6, c.position = (model_position)MODEL_POSITION_COUNT;   /* one past pf_abi.h's list */
    CHECK(model_init(&m, &c) == PF_ERR_POSITION_KIND, "position");
    c.position = MODEL_NONE, c.eps = 0;
    CHECK(model_init(&m, &c) == PF_ERR_EPS, "eps");
    c.eps = 1e-5;
    CHECK(model_init(&m, &c) == PF_OK, "init");
    uint64_t fw;
    CHECK(model_workspace_floats(&fw, &m, 1, 7, 0) == PF_ERR_LENGTH, "T > max_length");
    CHECK(model_workspace_floats(&fw, &m, 0, 3, 0) == PF_ERR_BATCH, "batch 0");
    CHECK(model_workspace_floats(&fw, &m, 2, 3, 1) == PF_OK, "ws");
    float *work = zalloc(fw), logits[30];
    const int32_t tokens[6] = { 0, 1, 2, 3, 4, 5 }, targets[6] = { 0, 1, -1, 2, 3, 4 };
    logits[0] = 9;
    CHECK(model_forward(&m, logits, NULL, tokens, 2, 3, work, fw) == PF_ERR_TOKEN && logits[0] == 9, "token 5 of 5");
    double loss;
    const int32_t ok_tokens[6] = { 0, 1, 2, 3, 4, 0 }, bad_targets[6] = { 0, 5, 0, 0, 0, 0 };
    CHECK(model_loss(&m, &loss, ok_tokens, bad_targets, 2, 3, work, fw) == PF_ERR_TARGET, "target 5 of 5");
    CHECK(model_gradients(&m, &loss, ok_tokens, targets, 2, 3, work, fw - 1) == PF_ERR_WORKSPACE, "small workspace");
    CHECK(model_gradients(&m, &loss, ok_tokens, targets, 2, 3, work, fw) == PF_OK, "gradients");
    {   /* tokens are checked once per call, before anything is written: a bad one leaves grads and params */
        const int32_t negative[6] = { 0, 1, 2, 3, 4, -1 };
        float *grads = zalloc(m.param_count), *params = zalloc(m.param_count);
        memcpy(grads, m.grads, m.param_count * sizeof(float));
        memcpy(params, m.params, m.param_count * sizeof(float));
        CHECK(model_gradients(&m, &loss, negative, targets, 2, 3, work, fw) == PF_ERR_TOKEN, "gradients: token -1");
        CHECK(model_loss(&m, &loss, tokens, targets, 2, 3, work, fw) == PF_ERR_TOKEN, "loss: token 5 of 5");
        trainer tr;
        CHECK(trainer_init(&tr, &m, &(adamw_options){ 1e-3, 0.9, 0.999, 1e-8, 0.01, 1 }) == PF_OK, "trainer");
        CHECK(trainer_step(&tr, &m, &loss, tokens, targets, 2, 3, work, fw) == PF_ERR_TOKEN && tr.steps == 0, "step: token 5 of 5");
        CHECK(!memcmp(grads, m.grads, m.param_count * sizeof(float)) && !memcmp(params, m.params, m.param_count * sizeof(float)),
              "a refused token writes no gradient and no parameter");
        trainer_free(&tr);
        free(grads); free(params);
    }
    model_tensor t;
    CHECK(model_tensor_at(&t, &m, m.tensor_count) == PF_ERR_PARAMETER && model_set_tensor(&m, -1, logits) == PF_ERR_PARAMETER, "tensor index");
    model_free(&m);
    CHECK(model_forward(&m, logits, NULL, ok_tokens, 2, 3, work, fw) == PF_ERR_NOT_READY, "forward after free");
    CHECK(model_init_seeded(&m, 1) == PF_ERR_NOT_READY, "seed after free");
    CHECK(model_pack_all(&m) == PF_ERR_NOT_READY && model_pack_all(NULL) == PF_ERR_NULL, "pack after free, of NULL");
    trainer tr;
    const adamw_options o = { 1e-3, 0.9, 0.999, 1e-8, 0.01, 0 };
    CHECK(trainer_init(&tr, &m, &o) == PF_ERR_NOT_READY, "trainer of a freed model");
    free(work);
}

/* Parameters written in place are read through the packed copies only after model_pack_all: before it
   the forward still gives the old logits, after it those of a model given the same parameters. */
static void test_pack_all(void) {
    const model_config c = { 11, 8, 2, 12, 2, 5, MODEL_LEARNED, 1, BLOCK_PRE_NORM, FFN_GELU, 1e-5 };
    model a, b;
    CHECK(model_init(&a, &c) == PF_OK && model_init(&b, &c) == PF_OK, "init");
    model_init_seeded(&a, 1);
    model_init_seeded(&b, 2);
    uint64_t n;
    model_workspace_floats(&n, &a, 2, 5, 0);
    float *work = zalloc(n), la[110], lb[110], stale[110];
    const int32_t tokens[10] = { 0, 3, 10, 4, 4, 9, 1, 2, 7, 5 };
    model_forward(&a, la, NULL, tokens, 2, 5, work, n);
    model_forward(&b, stale, NULL, tokens, 2, 5, work, n);
    memcpy(b.params, a.params, a.param_count * sizeof(float));
    model_forward(&b, lb, NULL, tokens, 2, 5, work, n);
    CHECK(memcmp(la, lb, sizeof la) != 0, "before model_pack_all the matrices are the old ones");
    CHECK(model_pack_all(&b) == PF_OK, "pack");
    model_forward(&b, lb, NULL, tokens, 2, 5, work, n);
    CHECK(!memcmp(la, lb, sizeof la) && memcmp(la, stale, sizeof la) != 0, "after it, the logits of the same parameters");
    model_free(&a);
    model_free(&b);
    free(work);
}

/* m->param and m->grad name every array where model_tensor_at says the contract puts it, up to the
   largest number of layers (the named arrays' last slot). */
static void test_names(void) {
    static const model_config configs[] = {
        { 5, 4, 2, 3, 1, 6, MODEL_LEARNED, 0, BLOCK_PRE_NORM, FFN_RELU, 1e-5 },
        { 5, 4, 2, 3, 2, 6, MODEL_SINUSOIDAL, 1, BLOCK_POST_NORM, FFN_SILU, 1e-5 },
        { 2, 2, 1, 1, PF_MODEL_MAX_LAYERS, 2, MODEL_LEARNED, 1, BLOCK_PRE_NORM, FFN_GELU, 1e-5 },
        { 3, 2, 1, 1, PF_MODEL_MAX_LAYERS, 3, MODEL_ROPE, 0, BLOCK_POST_NORM, FFN_RELU, 1e-5 },
    };
    for (size_t k = 0; k < sizeof configs / sizeof configs[0]; k++) {
        model m;
        if (model_init(&m, &configs[k]) != PF_OK) {
            CHECK(0, "config %zu: init", k);
            continue;
        }
        for (int g = 0; g < 2; g++) {
            const model_tensors *named = g ? &m.grad : &m.param;
            const float *base = g ? m.grads : m.params;
            const float *order[2 + 16 * PF_MODEL_MAX_LAYERS + 4];
            int32_t n = 0;
            order[n++] = named->embedding;
            if (named->position) order[n++] = named->position;
            for (int32_t l = 0; l < m.config.layers; l++) {
                const model_layer_tensors *t = &named->layer[l];
                const float *layer[16] = { t->wq, t->bq, t->wk, t->bk, t->wv, t->bv, t->wo, t->bo,
                                           t->gamma1, t->beta1, t->w1, t->b1, t->w2, t->b2, t->gamma2, t->beta2 };
                for (int i = 0; i < 16; i++) order[n++] = layer[i];
            }
            if (named->gamma) order[n++] = named->gamma, order[n++] = named->beta;
            order[n++] = named->w_out;
            order[n++] = named->b_out;
            CHECK(n == m.tensor_count, "config %zu: %d named arrays for %d tensors", k, n, m.tensor_count);
            int wrong = 0;
            for (int32_t i = 0; i < n && i < m.tensor_count; i++) {
                model_tensor t;
                model_tensor_at(&t, &m, i);
                wrong += order[i] != base + t.offset;
            }
            CHECK(wrong == 0, "config %zu: every name at its tensor's offset (%d wrong)", k, wrong);
        }
        CHECK((configs[k].position == MODEL_LEARNED) == (m.param.position != NULL)
              && (configs[k].norm == BLOCK_PRE_NORM) == (m.param.gamma != NULL), "config %zu: the optional arrays", k);
        model_free(&m);
    }
}

void test_model(void) {
    static const model_position positions[] = { MODEL_SINUSOIDAL, MODEL_LEARNED, MODEL_ROPE, MODEL_ALIBI, MODEL_NONE };
    int k = 0;
    for (int pi = 0; pi < 5; pi++)
        for (int norm = 0; norm < 2; norm++)
            for (int causal = 0; causal < 2; causal++, k++) {
                const model_config c = { 5 + k % 3, 8, 2, 12, 2, 6, positions[pi], causal, (block_norm)norm,
                                         (ffn_activation)(k % 4), 1e-5 };
                test_model_case(c, 2, 5, 0.4);
            }
    /* wider: heads of 1 and 3, a layer of 3, F and V off the panels, T across a tile of rows */
    test_model_case((model_config){ 9, 12, 3, 17, 3, 13, MODEL_ROPE, 1, BLOCK_PRE_NORM, FFN_GELU_TANH, 1e-5 }, 3, 11, 0.3);
    test_model_case((model_config){ 17, 6, 6, 9, 1, 8, MODEL_LEARNED, 0, BLOCK_POST_NORM, FFN_SILU, 1e-5 }, 1, 8, 0.5);
    test_model_case((model_config){ 3, 5, 1, 3, 1, 4, MODEL_ALIBI, 1, BLOCK_PRE_NORM, FFN_GELU, 1e-3 }, 4, 1, 0.5);
    printf("model: largest logits |diff| / (1 + M) %.2e, largest gradient ||g - r|| / ||r|| %.2e\n", worst_logits, worst_grad);
    for (int pi = 0; pi < 5; pi++) test_seeded(positions[pi], (block_norm)(pi % 2));
    test_trace();
    test_trainer();
    test_model_statuses();
    test_pack_all();
    test_names();
}

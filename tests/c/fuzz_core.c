/*
 * fuzz_core.c — libFuzzer target for the core's entry points, built with ASan + UBSan by
 * build.sh and run by tests/c/run.sh. The input bytes choose every argument (including invalid ones)
 * and the data; the core must return a status for each, never touch memory outside the buffers, write
 * nothing when it refuses, and give PE values within the contract's bound of the formula (tables up
 * to d_model 65,536, both layouts, positions near 0, 1e6 and 2^31; add = x + table bit for bit).
 * The trainable Transformer (model.h) gets any configuration, tokens, targets, batch, length,
 * workspace and trainer options: a refused forward writes no logit, a sequence's logits are the same
 * bits alone as in its batch, seeded models give finite logits and losses, and every call after a
 * refusal or a free returns a status.
 */
#include "pe_ffn.h"
#include "block.h"
#include "rope.h"
#include "model.h"
#include <math.h>
#include <stdio.h>
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

/* A stop the fuzzer reports as a crash, with the numbers that broke. */
#define FUZZ_ASSERT(cond, ...)                                                       \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "fuzz_core: " __VA_ARGS__);                              \
            fputc('\n', stderr);                                                     \
            abort();                                                                 \
        }                                                                            \
    } while (0)

/* The contract's bound below position 1e6; beyond, the formula's own conditioning (an angle of size
   p is known to a few p 2^-53; see tests/sweep/pe.js). */
static double pe_bound(double p, double below) {
    return p < 1e6 ? below : below + 6 * p * 0x1p-53;
}

/* The formula in double, from the contract (not the core's way). */
static double pe_formula(double p, int32_t j, int32_t d, const double *den, pe_layout layout) {
    const int32_t h = (d + 1) / 2;
    const int is_sin = layout == PE_CONCAT ? j < h : j % 2 == 0;
    const int32_t k = layout == PE_CONCAT ? (is_sin ? j : j - h) : j / 2;
    return is_sin ? sin(p / den[k]) : cos(p / den[k]);
}

static void fuzz_pe(reader *r) {
    /* Narrow tables (any length, signs and overflows free), or wide ones up to d_model 65,536 with
       a few rows (about 2^15 values at most, so that each run stays fast). */
    const int wide = take_u32(r) % 8 == 0;
    /* wide: log-uniform over 1 .. 65,536 (a run costs about d_model / 2 frequencies' constants) */
    const int32_t d_model = wide ? (int32_t)exp2(16.0 * take_u32(r) / 4294967296.0) + (int32_t)(take_u32(r) % 3)
                                 : (int32_t)(take_u32(r) % 80) - 8;
    const int32_t most_rows = wide && d_model > 0 ? 1 + (1 << 15) / d_model : 80;
    const int32_t length = wide ? 1 + (int32_t)(take_u32(r) % (uint32_t)most_rows) : (int32_t)(take_u32(r) % 80) - 8;
    const uint32_t raw_offset = take_u32(r);
    const int32_t near[4] = { (int32_t)raw_offset, (int32_t)(raw_offset % 300), 999424 + (int32_t)(raw_offset % 1200) - 600,
                              PF_MAX_POSITION - (int32_t)(raw_offset % 5000) };
    const int32_t offset = near[take_u32(r) % 4];
    const double bases[4] = { 2, 10000, 1e9, 1.0 + (take_u32(r) % 20000) };
    const double base = (take_u32(r) % 4 == 0) ? take_f64(r) : bases[take_u32(r) % 4];
    const pe_layout layout = (pe_layout)(take_u32(r) % 3);
    const int valid = length > 0 && d_model > 0;
    const size_t n = valid ? (size_t)length * (size_t)d_model : 1;
    float *table = malloc(n * sizeof(float)), *x = malloc(n * sizeof(float)), *x0 = malloc(n * sizeof(float));
    for (size_t i = 0; i < n; i++) table[i] = 7.0f;
    for (size_t i = 0; i < n; i++) x[i] = x0[i] = (float)(int32_t)take_u32(r) / 65536.0f;

    /* A workspace of the size asked for, or a few bytes short (the kernels must refuse it). */
    const size_t short_by = take_u32(r) % 4 == 0 ? take_u32(r) % 64 : 0;
    const size_t need = pe_workspace_bytes(d_model), bytes = need > short_by ? need - short_by : 0;
    void *memory = bytes ? malloc(bytes) : NULL;
    pf_workspace workspace;
    pf_workspace_init(&workspace, memory, bytes);
    const pf_status filled = pe_fill(&workspace, table, length, d_model, base, offset, layout);
    const pf_status added = pe_add(&workspace, x, length, d_model, base, offset, layout);
    FUZZ_ASSERT(filled == added, "pe_fill gave status %d, pe_add %d", filled, added);
    if (filled == PF_OK && valid) {
        const int32_t h = (d_model + 1) / 2;
        double *den = malloc((size_t)h * sizeof(double));
        for (int32_t k = 0; k < h; k++) den[k] = pow(base, 2.0 * k / d_model);
        for (int32_t t = 0; t < length; t++) {
            const double p = (double)offset + t;
            for (int32_t j = 0; j < d_model; j++) {
                const size_t i = (size_t)t * (size_t)d_model + (size_t)j;
                const double want = pe_formula(p, j, d_model, den, layout);
                FUZZ_ASSERT(fabsf(table[i]) <= 1.0f && fabs(table[i] - want) <= pe_bound(p, 1e-6),
                            "d=%d L=%d offset=%d base=%.17g layout=%d t=%d j=%d: %.9g, formula %.17g",
                            d_model, length, offset, base, layout, t, j, table[i], want);
                const float sum = x0[i] + table[i];      /* add rounds x + the table's value once */
                FUZZ_ASSERT(memcmp(&sum, &x[i], sizeof sum) == 0 || (isnan(sum) && isnan(x[i])),
                            "d=%d t=%d j=%d: add gave %.9g, x + table %.9g", d_model, t, j, x[i], sum);
            }
        }
        const int32_t j = (int32_t)(take_u32(r) % (uint32_t)d_model);
        double value;
        FUZZ_ASSERT(pe_entry(&value, offset, j, d_model, base, layout) == PF_OK, "pe_entry refused");
        FUZZ_ASSERT(fabs(value - pe_formula(offset, j, d_model, den, layout)) <= pe_bound(offset, 1e-9),
                    "pe_entry(%d, %d, %d, %.17g) = %.17g", offset, j, d_model, base, value);
        free(den);
    } else if (valid) {                                 /* refused: nothing written */
        for (size_t i = 0; i < n; i++) FUZZ_ASSERT(table[i] == 7.0f && memcmp(&x[i], &x0[i], sizeof(float)) == 0, "a refused call wrote");
    }
    double v;
    pe_entry(&v, offset, (int32_t)(take_u32(r) % 100) - 10, d_model, base, layout);
    free(memory);
    free(table);
    free(x);
    free(x0);
}

static void fuzz_ffn(reader *r) {
    const int32_t d_model = (int32_t)(take_u32(r) % 40) - 2;
    const int32_t d_ff = (int32_t)(take_u32(r) % 40) - 2;
    const ffn_activation act = (ffn_activation)(take_u32(r) % (FFN_ACTIVATION_COUNT + 1));   /* and one past the list */
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

/* Layer norm and the encoder block: small shapes, every argument (valid or not) from the bytes,
   workspaces that may be too small; the causal promise checked on the way (prefix of one token). */
static void fuzz_block(reader *r) {
    const int32_t rows = (int32_t)(take_u32(r) % 10) - 1, width = (int32_t)(take_u32(r) % 20) - 1;
    const double eps = (take_u32(r) & 1) ? take_f64(r) : 1e-5;
    const size_t nl = rows > 0 && width > 0 ? (size_t)rows * (size_t)width : 1;
    float *lx = malloc(nl * sizeof(float)), *ly = malloc(nl * sizeof(float));
    for (size_t i = 0; i < nl; i++) lx[i] = (float)(int32_t)take_u32(r) / 1e5f;
    layer_norm(ly, lx, (take_u32(r) & 1) ? lx : NULL, NULL, (take_u32(r) & 1) ? lx : NULL, rows, width, eps);
    if (rows > 0 && width > 0) {        /* out over gamma or beta: refused, nothing written */
        for (size_t i = 0; i < nl; i++) ly[i] = 3.0f;
        const float *param = ly + take_u32(r) % (nl - (size_t)width + 1);
        const int as_gamma = take_u32(r) & 1;
        FUZZ_ASSERT(layer_norm(ly, lx, NULL, as_gamma ? param : NULL, as_gamma ? NULL : param, rows, width, eps) != PF_OK,
                    "layer_norm wrote over its %s (rows %d, width %d)", as_gamma ? "gamma" : "beta", rows, width);
        for (size_t i = 0; i < nl; i++) FUZZ_ASSERT(ly[i] == 3.0f, "a refused layer_norm wrote");
    }
    free(lx);
    free(ly);

    block_config c = { (int32_t)(take_u32(r) % 24) - 1, (int32_t)(take_u32(r) % 9) - 1,
                       (int32_t)(take_u32(r) % 24) - 1, (ffn_activation)(take_u32(r) % (FFN_ACTIVATION_COUNT + 1)),
                       (block_norm)(take_u32(r) % (BLOCK_NORM_COUNT + 1)), (int)(take_u32(r) & 1), (take_u32(r) & 1) ? take_f64(r) : 1e-5 };
    block_layer layer;
    if (block_init(&layer, &c) != PF_OK) return;
    const int32_t tokens = (int32_t)(take_u32(r) % 14) - 1;
    const size_t d = (size_t)c.d_model, f = (size_t)c.d_ff, t = tokens > 0 ? (size_t)tokens : 1;
    float *w = malloc((4 * d * d + 2 * d * f + f + 9 * d) * sizeof(float));
    for (size_t i = 0; i < 4 * d * d + 2 * d * f + f + 9 * d; i++) w[i] = (float)(int32_t)take_u32(r) / 2147483648.0f;
    const size_t dd = d * d;
    const block_params p = { w, w + 4 * dd, w + dd, NULL, w + 2 * dd, NULL, w + 3 * dd, NULL,
                             w + 4 * dd + d, (take_u32(r) & 1) ? w : NULL, w + 4 * dd + d + d * f, NULL,
                             (take_u32(r) & 1) ? w + 4 * dd : NULL, NULL, NULL, NULL };
    if (take_u32(r) & 1) block_set_weights(&layer, &p);
    else block_init_seeded(&layer, take_u32(r), (take_u32(r) & 1) ? &p : NULL);
    uint64_t need = 0, need1 = 0;
    block_workspace_floats(&need, &layer, tokens);                /* 0 for tokens outside 0 .. max */
    block_workspace_floats(&need1, &layer, 1);
    const uint64_t have = need > 0 && (take_u32(r) & 1) ? need - 1 : need;   /* sometimes one short */
    float *work = malloc((have ? have : 1) * sizeof(float)), *work1 = malloc((need1 + 1) * sizeof(float));
    float *x = malloc(t * d * sizeof(float)), *out = malloc(t * d * sizeof(float)), *out1 = malloc(d * sizeof(float));
    float *scores = malloc(t * t * (size_t)c.heads * sizeof(float)), *hidden = malloc(t * f * sizeof(float));
    for (size_t i = 0; i < t * d; i++) x[i] = (float)(int32_t)take_u32(r) / 1e9f;
    const block_trace trace = { .scores = (take_u32(r) & 1) ? scores : NULL, .hidden = hidden };
    const pf_status status = block_forward(&layer, out, (take_u32(r) & 1) ? &trace : NULL, x, tokens, work, have);
    if (status == PF_OK && tokens > 1 && c.causal &&
        block_forward(&layer, out1, NULL, x, 1, work1, need1) == PF_OK &&
        memcmp(out, out1, d * sizeof(float)) != 0 && out[0] == out[0])
        abort();                                                 /* row 0 must not see row 1 */
    block_free(&layer);
    block_forward(&layer, out, NULL, x, tokens, work, have);      /* after free: a status, no crash */
    free(w); free(work); free(work1); free(x); free(out); free(out1); free(scores); free(hidden);
}

/* RoPE: any arguments (head_dim odd, not dividing, above d_model; overlapping or short buffers are
   refused by status), a workspace of any size; a rotation keeps every pair's length (within float
   rounding), so finite inputs give finite outputs of no larger magnitude than sqrt 2 max |x|. */
static void fuzz_rope(reader *r) {
    const int32_t length = (int32_t)(take_u32(r) % 40) - 4;
    const int32_t d_model = (int32_t)(take_u32(r) % 70) - 4;
    const int32_t head_dim = (int32_t)(take_u32(r) % 74) - 4;
    const int32_t offset = (int32_t)take_u32(r);
    const double base = (take_u32(r) & 1) ? take_f64(r) : 1.0 + (take_u32(r) % 600000);
    const rope_layout layout = (rope_layout)(take_u32(r) % 3);
    const size_t n = length > 0 && d_model > 0 ? (size_t)length * (size_t)d_model : 1;
    const size_t wanted = rope_workspace_bytes(head_dim);
    const size_t bytes = (take_u32(r) & 7) ? wanted : take_u32(r) % 2048;
    void *memory = malloc(bytes + 1);
    pf_workspace workspace;
    pf_workspace_init(&workspace, memory, bytes);
    float *x = malloc(2 * n * sizeof(float)), *out = x + n;
    float largest = 0;
    for (size_t i = 0; i < n; i++) {
        x[i] = (float)(int32_t)take_u32(r) / 65536.0f;
        largest = fmaxf(largest, fabsf(x[i]));
    }
    const int in_place = take_u32(r) & 1;
    if (rope_forward(&workspace, in_place ? x : out, x, length, d_model, head_dim, base, offset, layout) == PF_OK) {
        const float *y = in_place ? x : out;
        for (size_t i = 0; length > 0 && i < n; i++)
            if (!(fabsf(y[i]) <= 1.5f * largest)) abort();
    }
    rope_forward(&workspace, x + 1, x, length, d_model, head_dim, base, offset, layout); /* overlap */
    double theta;
    rope_angle(&theta, offset, (int32_t)(take_u32(r) % 80) - 4, head_dim, base);
    free(memory);
    free(x);
}

/* The trainable Transformer: small configurations (valid or not), tokens and targets (some out of
   range), workspaces that may be one float short, trainer options from the bytes. */
static void fuzz_model(reader *r) {
    const model_config c = { (int32_t)(take_u32(r) % 12) - 1, (int32_t)(take_u32(r) % 18) - 1, (int32_t)(take_u32(r) % 6),
                             (int32_t)(take_u32(r) % 18) - 1, (int32_t)(take_u32(r) % 4), (int32_t)(take_u32(r) % 10) - 1,
                             (model_position)(take_u32(r) % (MODEL_POSITION_COUNT + 1)), (int)(take_u32(r) & 1), (block_norm)(take_u32(r) % (BLOCK_NORM_COUNT + 1)),
                             (ffn_activation)(take_u32(r) % (FFN_ACTIVATION_COUNT + 1)), (take_u32(r) % 8) ? 1e-5 : take_f64(r) };
    model m;
    if (model_init(&m, &c) != PF_OK) {
        FUZZ_ASSERT(m.memory == NULL, "a refused model_init left memory");
        return;
    }
    const int seeded = take_u32(r) % 4 != 0;
    if (seeded) {
        model_init_seeded(&m, take_u32(r));
    } else {
        float *p = malloc((size_t)m.param_count * sizeof(float));
        for (uint64_t i = 0; i < m.param_count; i++) p[i] = (float)(int32_t)take_u32(r) / 2147483648.0f;
        model_set_params(&m, p);
        free(p);
    }
    const int32_t batch = (int32_t)(take_u32(r) % 4) - 1, length = (int32_t)(take_u32(r) % 11) - 1;
    const size_t n = (size_t)(batch > 0 ? batch : 1) * (size_t)(length > 0 ? length : 1);
    int32_t *tokens = malloc(n * sizeof(int32_t)), *targets = malloc(n * sizeof(int32_t));
    const int bad = take_u32(r) % 8 == 0;            /* sometimes one token or target out of range */
    for (size_t i = 0; i < n; i++) {
        tokens[i] = (int32_t)(take_u32(r) % (uint32_t)c.vocab);
        targets[i] = (int32_t)(take_u32(r) % (uint32_t)(c.vocab + 1)) - 1;
    }
    if (bad) {
        const size_t at = take_u32(r) % n;
        if (take_u32(r) & 1) tokens[at] = (take_u32(r) & 1) ? c.vocab : -1;
        else targets[at] = (take_u32(r) & 1) ? c.vocab : -2;
    }
    uint64_t need = 0;
    const pf_status sized = model_workspace_floats(&need, &m, batch, length, 1);
    FUZZ_ASSERT(sized == PF_OK || batch < 1 || length < 1 || length > c.max_length, "workspace size refused: %d", sized);
    const uint64_t have = need > 0 && take_u32(r) % 8 == 0 ? need - 1 : need;
    float *work = malloc((size_t)(have ? have : 1) * sizeof(float));
    const size_t nl = n * (size_t)c.vocab;
    float *logits = malloc(nl * sizeof(float)), *alone = malloc(nl * sizeof(float));
    for (size_t i = 0; i < nl; i++) logits[i] = 7.0f;
    const pf_status fwd = model_forward(&m, logits, NULL, tokens, batch, length, work, have);
    if (fwd != PF_OK) {
        for (size_t i = 0; i < nl; i++) FUZZ_ASSERT(logits[i] == 7.0f, "a refused forward wrote a logit");
    } else {
        for (size_t i = 0; seeded && i < nl; i++) FUZZ_ASSERT(isfinite(logits[i]), "a seeded model gave a logit of %g", logits[i]);
        const size_t last = (size_t)(batch - 1) * (size_t)length;
        if (batch > 1 && model_forward(&m, alone, NULL, tokens + last, 1, length, work, have) == PF_OK)
            FUZZ_ASSERT(!memcmp(alone, logits + last * (size_t)c.vocab, (size_t)length * (size_t)c.vocab * sizeof(float)),
                        "the last sequence alone is not the bits it got in its batch");
    }
    double loss = -1;
    const pf_status grads = model_gradients(&m, &loss, tokens, targets, batch, length, work, have);
    if (grads == PF_OK && seeded) FUZZ_ASSERT(isfinite(loss) && loss >= 0, "a seeded model's loss %g", loss);
    if (grads == PF_OK) FUZZ_ASSERT(fwd == PF_OK || bad, "gradients ran where the forward was refused");
    const adamw_options o = { (take_u32(r) % 8) ? 1e-3 : take_f64(r), 0.9, (take_u32(r) % 8) ? 0.999 : take_f64(r), 1e-8,
                              (take_u32(r) % 8) ? 0.01 : take_f64(r), (take_u32(r) & 1) ? 0.5 : 0 };
    trainer t;
    if (trainer_init(&t, &m, &o) == PF_OK) {
        double step_loss;
        const pf_status stepped = trainer_step(&t, &m, &step_loss, tokens, targets, batch, length, work, have);
        FUZZ_ASSERT(stepped == grads, "a step gave status %d, the gradients %d", stepped, grads);
        trainer_free(&t);
    } else {
        FUZZ_ASSERT(t.memory == NULL, "a refused trainer_init left memory");
    }
    model_free(&m);
    FUZZ_ASSERT(model_forward(&m, logits, NULL, tokens, batch, length, work, have) == PF_ERR_NOT_READY || batch < 1 || length < 1,
                "forward after free");
    free(tokens); free(targets); free(work); free(logits); free(alone);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reader r = { data, size };
    const uint32_t which = take_u32(&r) % 5;
    if (which == 0) fuzz_pe(&r);
    else if (which == 1) fuzz_ffn(&r);
    else if (which == 2) fuzz_block(&r);
    else if (which == 3) fuzz_rope(&r);
    else fuzz_model(&r);
    return 0;
}

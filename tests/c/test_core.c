/*
 * test_core.c — native tests of the C core, built with AddressSanitizer and UBSan by build.sh.
 * Each numeric kernel is compared with a double-precision reference written here, independently of
 * the core, and the largest difference is printed. Failure paths are exercised for every status.
 */
#include "test_support.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- positional encoding ---------------------------------------------------------------------- */

static void test_pe_table(int length, int d, double base, int offset, pe_layout layout) {
    float *table = malloc(sizeof(float) * (size_t)(length * d + 1));
    float *added = malloc(sizeof(float) * (size_t)(length * d + 1));
    CHECK(pe_fill_fresh(table, length, d, base, offset, layout) == PF_OK, "pe_fill status");
    for (int i = 0; i < length * d; i++) added[i] = 0.25f;
    CHECK(pe_add_fresh(added, length, d, base, offset, layout) == PF_OK, "pe_add status");
    double worst = 0, worst_add = 0, worst_entry = 0;
    for (int t = 0; t < length; t++) {
        for (int j = 0; j < d; j++) {
            const double ref = ref_pe((double)t + offset, j, d, base, layout == PE_CONCAT);
            worst = fmax(worst, fabs(table[t * d + j] - ref));
            worst_add = fmax(worst_add, fabs(added[t * d + j] - (0.25 + ref)));
            double entry;
            CHECK(pe_entry(&entry, t + offset, j, d, base, layout) == PF_OK, "pe_entry status");
            worst_entry = fmax(worst_entry, fabs(entry - ref));
        }
    }
    printf("pe L=%d D=%d base=%g offset=%d %s: max |diff| fill %.2e add %.2e entry %.2e\n", length,
           d, base, offset, layout == PE_CONCAT ? "concat" : "interleaved", worst, worst_add,
           worst_entry);
    CHECK(worst <= 1e-6, "pe_fill max diff %g", worst);
    CHECK(worst_add <= 1e-6, "pe_add max diff %g", worst_add);
    CHECK(worst_entry <= 1e-9, "pe_entry max diff %g", worst_entry);
    free(table);
    free(added);
}

/* Rows 0 .. 31 at position 0 come from the exact anchor (0, 1): each value is sin or cos correctly
   rounded to float (within half an ulp; the table is stepped in double, so a value a hair from a
   rounding tie may round the other way: 0.5 + 1e-6 ulp allowed). */
static void test_pe_first_rows(int d, double base) {
    float *table = malloc(sizeof(float) * 32 * (size_t)d);
    CHECK(pe_fill_fresh(table, 32, d, base, 0, PE_INTERLEAVED) == PF_OK, "pe_fill status");
    double worst_ulps = 0;
    for (int r = 0; r < 32; r++) {
        for (int j = 0; j + 1 < d; j += 2) {
            for (int c = 0; c < 2; c++) {
                const float got = table[r * d + j + c];
                const double exact = ref_pe(r, j + c, d, base, 0);
                const double ulp = nextafterf(fabsf(got), INFINITY) - fabsf(got);
                worst_ulps = fmax(worst_ulps, fabs(got - exact) / ulp);
            }
        }
    }
    printf("pe rows 0 .. 31 D=%d base=%g: worst %.4f ulp from sin/cos\n", d, base, worst_ulps);
    CHECK(worst_ulps <= 0.500001, "PE at positions below 32 is %.4f ulp away", worst_ulps);
    free(table);
}

/* sin and cos stay in [-1, 1] with no clamp (pe.c proves it; here it is checked on wide tables,
   where values reach +-1 to the last bit). */
static void test_pe_range(int length, int d, double base, int offset, pe_layout layout) {
    float *table = malloc(sizeof(float) * (size_t)length * (size_t)d);
    CHECK(pe_fill_fresh(table, length, d, base, offset, layout) == PF_OK, "pe_fill status");
    long outside = 0, at_one = 0;
    for (long i = 0; i < (long)length * d; i++) {
        outside += !(fabsf(table[i]) <= 1.0f);
        at_one += fabsf(table[i]) == 1.0f;
    }
    printf("pe range L=%d D=%d base=%g offset=%d: %ld values are +-1, %ld outside [-1, 1]\n", length, d,
           base, offset, at_one, outside);
    CHECK(outside == 0, "%ld values outside [-1, 1]", outside);
    free(table);
}

static void test_pe(void) {
    test_pe_table(1, 1, 10000, 0, PE_INTERLEAVED);
    test_pe_table(7, 5, 10000, 0, PE_INTERLEAVED);
    test_pe_table(7, 5, 10000, 3, PE_CONCAT);
    test_pe_table(100, 64, 10000, 0, PE_INTERLEAVED);
    test_pe_table(70, 129, 100, 999900, PE_CONCAT);
    test_pe_table(33, 300, 1.5, 123456, PE_INTERLEAVED);
    /* Tables wider than 4096 go a chunk of frequencies at a time: every chunk's cosines (concat)
       belong at h + k, not at the first chunk's columns (issue 14). */
    test_pe_table(70, 8192, 10000, 5, PE_CONCAT);
    test_pe_table(3, 4098, 10000, 0, PE_CONCAT);
    test_pe_table(2, 65536, 10000, 999998, PE_CONCAT);
    test_pe_table(2, 65535, 2, 64, PE_INTERLEAVED);
    test_pe_first_rows(512, 10000);
    test_pe_first_rows(66, 1.5);
    test_pe_first_rows(1024, 1e6);
    test_pe_range(4096, 512, 10000, 0, PE_INTERLEAVED);
    test_pe_range(2048, 130, 100, 1000000, PE_CONCAT);
    test_pe_range(1024, 66, 1.5, 2147483647 - 1023, PE_INTERLEAVED);
    test_pe_range(8192, 8, 2, 12345, PE_CONCAT);

    /* Known values: PE(1, 0) = sin 1, PE(1, 1) = cos 1; concat d=4: column 2 is cos of k = 0. */
    float row[8];
    pe_fill_fresh(row, 2, 4, 10000, 0, PE_CONCAT);
    CHECK(row[0] == 0.0f && row[2] == 1.0f && fabsf(row[4] - (float)sin(1.0)) < 1e-7f, "concat layout");

    float guard[4] = { 7, 7, 7, 7 };
    CHECK(pe_fill_fresh(guard, 0, 4, 10000, 0, PE_INTERLEAVED) == PF_OK && guard[0] == 7, "length 0 writes nothing");
    CHECK(pe_fill_fresh(NULL, 0, 4, 10000, 0, PE_INTERLEAVED) == PF_OK, "length 0 allows NULL");
    CHECK(pe_fill_fresh(NULL, 1, 4, 10000, 0, PE_INTERLEAVED) == PF_ERR_NULL, "NULL out");
    CHECK(pe_fill_fresh(guard, -1, 4, 10000, 0, PE_INTERLEAVED) == PF_ERR_LENGTH, "negative length");
    CHECK(pe_fill_fresh(guard, PF_MAX_LENGTH + 1, 4, 10000, 0, PE_INTERLEAVED) == PF_ERR_LENGTH, "length too big");
    CHECK(pe_fill_fresh(guard, 1, 0, 10000, 0, PE_INTERLEAVED) == PF_ERR_D_MODEL, "d_model 0");
    CHECK(pe_fill_fresh(guard, 1, PF_MAX_DIM + 1, 10000, 0, PE_INTERLEAVED) == PF_ERR_D_MODEL, "d_model too big");
    CHECK(pe_fill_fresh(guard, 1, 4, 1.0, 0, PE_INTERLEAVED) == PF_ERR_BASE, "base 1");
    CHECK(pe_fill_fresh(guard, 1, 4, NAN, 0, PE_INTERLEAVED) == PF_ERR_BASE, "base NaN");
    CHECK(pe_fill_fresh(guard, 1, 4, INFINITY, 0, PE_INTERLEAVED) == PF_ERR_BASE, "base inf");
    CHECK(pe_fill_fresh(guard, 1, 4, 10000, -1, PE_INTERLEAVED) == PF_ERR_OFFSET, "negative offset");
    CHECK(pe_fill_fresh(guard, 2, 2, 10000, PF_MAX_POSITION, PE_INTERLEAVED) == PF_ERR_OFFSET, "position overflow");
    CHECK(pe_fill_fresh(guard, 1, 4, 10000, PF_MAX_POSITION, PE_INTERLEAVED) == PF_OK, "largest position");
    CHECK(pe_add_fresh(guard, 1, 4, 10000, 0, (pe_layout)2) == PF_ERR_LAYOUT, "bad layout");
    double v;
    CHECK(pe_entry(NULL, 0, 0, 4, 10000, PE_INTERLEAVED) == PF_ERR_NULL, "entry NULL");
    CHECK(pe_entry(&v, -1, 0, 4, 10000, PE_INTERLEAVED) == PF_ERR_POSITION, "entry position");
    CHECK(pe_entry(&v, 0, 4, 4, 10000, PE_INTERLEAVED) == PF_ERR_COLUMN, "entry column");
    CHECK(pe_entry(&v, 0, 0, 4, 0.5, PE_INTERLEAVED) == PF_ERR_BASE, "entry base");
    CHECK(pe_entry(&v, 0, 0, 4, 10000, (pe_layout)9) == PF_ERR_LAYOUT, "entry layout");
    CHECK(pe_entry(&v, 2147483647, 0, 1, 10000, PE_INTERLEAVED) == PF_OK && fabs(v - sin(2147483647.0)) < 1e-12,
          "entry at the largest position");
}

/* ---- feed-forward network --------------------------------------------------------------------- */

static void test_mulberry(void) {
    /* First outputs, computed independently with JavaScript's Math.imul. */
    const uint32_t seeds[3] = { 0u, 42u, 4294967295u };
    const uint32_t expected[3][3] = { { 1144304738u, 1416247u, 958946056u },
                                      { 2581720956u, 1925393290u, 3661312704u },
                                      { 3850105811u, 813802916u, 3073704848u } };
    for (int s = 0; s < 3; s++) {
        uint32_t state = seeds[s];
        for (int i = 0; i < 3; i++) {
            const uint32_t got = mulberry32_next(&state);
            CHECK(got == expected[s][i], "mulberry32 seed %u draw %d: %u", seeds[s], i, got);
        }
    }
}

static void test_ffn_case(int d, int f, ffn_activation act, int tokens, uint32_t seed, int keep_hidden) {
    ffn_layer layer;
    CHECK(ffn_init(&layer, d, f, act) == PF_OK, "ffn_init");
    CHECK(ffn_init_seeded(&layer, seed, NULL, NULL) == PF_OK, "ffn_init_seeded");
    float *x = malloc(sizeof(float) * (size_t)(tokens * d + 1));
    float *out = malloc(sizeof(float) * (size_t)(tokens * d + 1));
    float *hidden = malloc(sizeof(float) * (size_t)(tokens * f + 1));
    float *pre = malloc(sizeof(float) * (size_t)(tokens * f + 1));
    uint32_t state = 7;
    for (int i = 0; i < tokens * d; i++) x[i] = (float)(2.0 * mulberry32_next(&state) / 4294967296.0 - 1.0);
    CHECK(ffn_forward(&layer, out, keep_hidden ? hidden : NULL, x, tokens) == PF_OK, "ffn_forward");

    /* The pass that also keeps z gives the same out and hidden, bit for bit. */
    float *out2 = malloc(sizeof(float) * (size_t)(tokens * d + 1));
    float *hidden2 = malloc(sizeof(float) * (size_t)(tokens * f + 1));
    CHECK(ffn_forward_with_pre(&layer, out2, keep_hidden ? hidden2 : NULL, pre, x, tokens) == PF_OK, "ffn_forward_with_pre");
    CHECK(!memcmp(out2, out, sizeof(float) * (size_t)(tokens * d)), "with_pre: out bit for bit");
    CHECK(!keep_hidden || !memcmp(hidden2, hidden, sizeof(float) * (size_t)(tokens * f)), "with_pre: hidden bit for bit");
    free(out2);
    free(hidden2);

    /* Reference in double from the weights the layer holds. */
    const ffn_weights *w = &layer.weights;
    double worst_out = 0, worst_hidden = 0, worst_pre = 0, max_out = 0, max_hidden = 0, max_pre = 0;
    int pre_matches_hidden = 1;   /* ReLU keeps its input: the kernel's sums are the same sums */
    double *h = malloc(sizeof(double) * (size_t)f);
    for (int t = 0; t < tokens; t++) {
        for (int n = 0; n < f; n++) {
            double z = w->b1[n];
            for (int k = 0; k < d; k++) z += (double)x[t * d + k] * w->w1[k * f + n];
            max_pre = fmax(max_pre, fabs(z));
            worst_pre = fmax(worst_pre, fabs(pre[t * f + n] - z));
            if (keep_hidden && act == FFN_RELU && hidden[t * f + n] != (pre[t * f + n] > 0 ? pre[t * f + n] : 0.0f))
                pre_matches_hidden = 0;
            h[n] = ref_act(act, z);
            max_hidden = fmax(max_hidden, fabs(h[n]));
            if (keep_hidden) worst_hidden = fmax(worst_hidden, fabs(hidden[t * f + n] - h[n]));
        }
        for (int m = 0; m < d; m++) {
            double y = w->b2[m];
            for (int n = 0; n < f; n++) y += h[n] * w->w2[n * d + m];
            max_out = fmax(max_out, fabs(y));
            worst_out = fmax(worst_out, fabs(out[t * d + m] - y));
        }
    }
    printf("ffn D=%d F=%d act=%d T=%d: max |diff| out %.2e (M=%.2f) hidden %.2e (M=%.2f) pre %.2e\n", d,
           f, act, tokens, worst_out, max_out, worst_hidden, max_hidden, worst_pre);
    CHECK(worst_out <= 1e-4 * (1 + max_out), "ffn out diff %g", worst_out);
    CHECK(worst_hidden <= 1e-4 * (1 + max_hidden), "ffn hidden diff %g", worst_hidden);
    CHECK(worst_pre <= 1e-4 * (1 + max_pre), "ffn pre-activation diff %g", worst_pre);
    CHECK(pre_matches_hidden, "relu(pre-activation) is the hidden row bit for bit");
    free(pre);
    free(h);
    free(x);
    free(out);
    free(hidden);
    ffn_free(&layer);
    ffn_free(&layer);                                   /* safe twice */
}

/*
 * Every activation over z in [-20, 20] (steps of 2^-10, with tiny, huge and special values) against
 * the double formula: relative error within `rel` (|z| <= 5) and `rel_tail` (beyond, where the
 * exponent's rounding grows with z^2), plus 1e-36 absolute where results leave float's normal range.
 * The array path (any length, so any tail) must give the same bits as the one-value path.
 */
static void test_activation_accuracy(void) {
    static const double rel[] = { 0, 3e-6, 3e-6, 5e-7 }, rel_tail[] = { 0, 3e-5, 3e-5, 5e-7 };
    enum { N = 40 * 1024 + 1 };
    static float z[N + 16], a[N + 16];
    int n = 0;
    for (int i = 0; i < N; i++) z[n++] = (float)(-20.0 + i / 1024.0);
    const float extra[] = { 1e-30f, -1e-30f, 1e-40f, -1e-40f, 0.0f, -0.0f, 1e30f, -1e30f, 3e38f, -3e38f,
                            INFINITY, -100.0f, 88.0f, -88.0f, 0.3466f, -0.3466f };
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) z[n++] = extra[i];
    for (int act = FFN_RELU; act <= FFN_SILU; act++) {
        double worst = 0, worst_tail = 0;
        int bad = 0, same_bits = 1;
        for (int i = 0; i < n; i++) {
            const float got = activation_value((ffn_activation)act, z[i]);
            const double want = ref_act(act, z[i]);
            const double err = fabs(got - want), scale = fabs(want);
            const double r = scale > 0 ? err / scale : err;
            if (fabs(z[i]) <= 5) worst = r > worst && scale > 1e-36 ? r : worst;
            else worst_tail = r > worst_tail && scale > 1e-36 ? r : worst_tail;
            const double bound = (fabs(z[i]) <= 5 ? rel[act] : rel_tail[act]) * scale + 1e-36;
            if (!(err <= bound) && !(isinf(want) && got == want)) {
                if (bad++ < 3) fprintf(stderr, "  act %d z %.9g: got %.9g want %.9g\n", act, z[i], got, want);
            }
        }
        CHECK(bad == 0, "activation %d: %d values outside the bound", act, bad);
        printf("activation %d: max relative error %.3g (|z| <= 5), %.3g (beyond)\n", act, worst, worst_tail);
        for (int len = 1; len <= 9; len++) {               /* tails of 1-3 and whole vectors, offset */
            activation_forward(a, z + 20000 + len, (size_t)len, (ffn_activation)act);
            for (int i = 0; i < len; i++) {
                const float one = activation_value((ffn_activation)act, z[20000 + len + i]);
                same_bits &= memcmp(&one, &a[i], sizeof one) == 0;
            }
        }
        activation_forward(a, z, (size_t)n, (ffn_activation)act);
        for (int i = 0; i < n; i++) {
            const float one = activation_value((ffn_activation)act, z[i]);
            same_bits &= memcmp(&one, &a[i], sizeof one) == 0;
        }
        CHECK(same_bits, "activation %d: array and one-value paths agree bit for bit", act);
        CHECK(activation_value((ffn_activation)act, INFINITY) == INFINITY, "activation %d of +inf", act);
    }
    CHECK(activation_value(FFN_RELU, -INFINITY) == 0 && signbit(activation_value(FFN_RELU, -0.0f)), "relu of -inf; -0 stays -0");
}

static void test_ffn(void) {
    test_mulberry();
    test_activation_accuracy();
    for (int act = FFN_RELU; act <= FFN_SILU; act++) {
        test_ffn_case(1, 1, (ffn_activation)act, 1, 0, 1);
        test_ffn_case(5, 7, (ffn_activation)act, 9, 3, 1);
        test_ffn_case(16, 64, (ffn_activation)act, 10, 42, act % 2);
    }
    test_ffn_case(128, 512, FFN_GELU, 6, 1, 1);
    test_ffn_case(16, 24, FFN_SILU, 300, 5, 1);        /* three blocks of tokens */

    /* Seeded weights follow the documented stream: first w1 value of seed 42 with fan_in 4. */
    ffn_layer layer;
    float b1[3] = { 1, 2, 3 };
    CHECK(ffn_init(&layer, 4, 3, FFN_RELU) == PF_OK, "init");
    CHECK(ffn_init_seeded(&layer, 42, b1, NULL) == PF_OK, "seeded");
    CHECK(layer.weights.w1[0] == (float)((2.0 * 2581720956.0 / 4294967296.0 - 1.0) / 2.0), "first weight");
    CHECK(layer.weights.b1[2] == 3.0f, "given bias kept");

    /* NaN propagates through every activation, and the tokens = 0 call touches nothing. */
    for (int act = FFN_RELU; act <= FFN_SILU; act++) CHECK(isnan(activation_value((ffn_activation)act, NAN)), "NaN act %d", act);
    CHECK(activation_value(FFN_RELU, -2) == 0 && activation_value(FFN_RELU, 3) == 3, "relu");
    CHECK(ffn_forward(&layer, NULL, NULL, NULL, 0) == PF_OK, "0 tokens");
    CHECK(ffn_forward_with_pre(&layer, NULL, NULL, NULL, NULL, 0) == PF_OK, "0 tokens with_pre");

    /* Failure paths. */
    CHECK(ffn_forward(&layer, NULL, NULL, b1, 1) == PF_ERR_NULL, "NULL out");
    CHECK(ffn_forward(&layer, b1, NULL, b1, -1) == PF_ERR_LENGTH, "negative tokens");
    CHECK(ffn_forward_with_pre(&layer, NULL, NULL, b1, b1, 1) == PF_ERR_NULL, "with_pre: NULL out");
    CHECK(ffn_forward_with_pre(&layer, b1, NULL, b1, b1, PF_MAX_LENGTH + 1) == PF_ERR_LENGTH, "too many tokens with_pre");
    CHECK(ffn_forward_with_pre(NULL, b1, NULL, b1, b1, 1) == PF_ERR_NULL, "NULL layer with_pre");
    CHECK(ffn_set_weights(&layer, NULL, NULL, NULL, NULL) == PF_ERR_NULL, "NULL weights");
    ffn_free(&layer);
    CHECK(ffn_forward(&layer, b1, NULL, b1, 1) == PF_ERR_NOT_READY, "forward after free");
    CHECK(ffn_forward_with_pre(&layer, b1, NULL, b1, b1, 1) == PF_ERR_NOT_READY, "with_pre after free");
    CHECK(ffn_set_weights(&layer, b1, NULL, b1, NULL) == PF_ERR_NOT_READY, "set after free");
    CHECK(ffn_init_seeded(&layer, 1, NULL, NULL) == PF_ERR_NOT_READY, "seed after free");
    CHECK(ffn_init(&layer, 0, 4, FFN_RELU) == PF_ERR_D_MODEL && layer.memory == NULL, "d_model 0");
    CHECK(ffn_init(&layer, 4, PF_MAX_DIM + 1, FFN_RELU) == PF_ERR_D_FF, "d_ff too big");
    CHECK(ffn_init(&layer, 4, 4, (ffn_activation)4) == PF_ERR_ACTIVATION, "activation");
    CHECK(ffn_init(NULL, 4, 4, FFN_RELU) == PF_ERR_NULL, "NULL layer");
    ffn_free(NULL);
}

static void test_status_names(void) {
    for (int s = 0; s <= PF_STATUS_COUNT; s++) CHECK(pf_status_name((pf_status)s) != NULL, "status name %d", s);
    CHECK(strcmp(pf_status_name(PF_ERR_D_MODEL), "d_model out of range") == 0, "d_model name");
}

/* pe_chunk_rows against a search: the last block end (a position 32 mod 64, where the kernel's
   blocks of 64 rows around their anchors meet) in (position, position + rows], else rows. */
static void test_pe_chunk_rows(void) {
    const int32_t starts[] = { 0, 1, 31, 32, 33, 95, 96, 1000, PF_MAX_POSITION - 300, PF_MAX_POSITION - 64 };
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        for (int32_t rows = 1; rows <= 300; rows++) {
            const int64_t p = starts[i];
            int32_t expected = rows;
            for (int64_t end = p + rows; end > p; end--)
                if ((end - 32) % 64 == 0) { expected = (int32_t)(end - p); break; }
            const int32_t got = pe_chunk_rows(starts[i], rows);
            CHECK(got == expected, "pe_chunk_rows(%d, %d) = %d, expected %d", starts[i], rows, got, expected);
        }
    }
    CHECK(pe_chunk_rows(0, 0) == 0 && pe_chunk_rows(-5, 10) == 10, "pe_chunk_rows: nothing to split");
}

int main(void) {
    test_pe();
    test_pe_workspace();
    test_pe_chunk_rows();
    sweep_pe();
    test_ffn();
    test_status_names();
    sweep_ffn();
    test_block();
    test_rope();
    test_backward();
    test_model();
    printf("%d passed, %d failed\n", test_checks - test_failures, test_failures);
    return test_failures ? 1 : 0;
}

/*
 * loss.c — softmax cross-entropy over the vocabulary, as PyTorch's cross_entropy(logits, targets,
 * ignore_index=-1) with the mean over the counted rows:
 *
 *     loss = (1 / C) sum over rows r with targets[r] != -1 of (lse(logits[r]) - logits[r][targets[r]]),
 *     lse(l) = m + log sum_j exp(l_j - m), m = max_j l_j (stable for any logits)
 *     dloss / dlogits[r][j] = (softmax(logits[r])_j - [j == targets[r]]) / C, rows not counted 0
 *
 * C counts the rows whose target is not -1; with C = 0 the loss is 0 and every gradient 0. The summed
 * forms (xent_sum_forward, xent_sum_backward) leave out the 1 / C: a parallel trainer adds the sums
 * of groups of sequences and divides once by the whole batch's C. The exps
 * are f32x4 (vec4_exp.h) summed lane by lane in a fixed order; lse and the loss in double.
 */
#include "loss.h"
#include "vec4.h"
#include "vec4_exp.h"
#include <math.h>
#include <string.h>

/* Lanes 0 .. n - 1 of p, the others `fill`. */
static __attribute__((noinline)) f32x4 xent_load_part(const float *p, int32_t n, float fill) {
    float lanes[4] = { fill, fill, fill, fill };
    for (int32_t l = 0; l < n; l++) lanes[l] = p[l];
    return f4_load(lanes);
}

static float xent_max(const float *l, int32_t v) {
    float m = l[0];
    for (int32_t j = 1; j < v; j++) m = l[j] > m || l[j] != l[j] ? l[j] : m;
    return m;
}

/* sum_j exp(l_j - m), lanes j mod 4 combined as (0 + 1) + (2 + 3) */
static float xent_sum_exp(const float *l, int32_t v, float m) {
    const f32x4 vm = f4_splat(m);
    f32x4 acc = f4_splat(0.0f);
    int32_t j = 0;
    for (; j + 4 <= v; j += 4) acc = f4_add(acc, f4_exp(f4_sub(f4_load(l + j), vm)));
    if (j < v) acc = f4_add(acc, f4_exp(f4_sub(xent_load_part(l + j, v - j, -INFINITY), vm)));
    float lanes[4];
    f4_store(lanes, acc);
    return (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
}

pf_status xent_check_targets(const int32_t *targets, int32_t rows, int32_t vocab, int32_t *counted) {
    if (rows < 0) return PF_ERR_LENGTH;
    if (vocab < 2 || vocab > PF_MODEL_MAX_VOCAB) return PF_ERR_VOCAB;
    if (rows > 0 && !targets) return PF_ERR_NULL;
    int32_t c = 0;
    for (int32_t r = 0; r < rows; r++) {
        if (targets[r] < -1 || targets[r] >= vocab) return PF_ERR_TARGET;
        c += targets[r] != -1;
    }
    if (counted) *counted = c;
    return PF_OK;
}

/* *total = the sum over counted rows (double), *counted = C. */
static pf_status xent_total(double *total, int32_t *counted, const float *logits, const int32_t *targets,
                            int32_t rows, int32_t vocab) {
    const pf_status status = xent_check_targets(targets, rows, vocab, counted);
    if (status != PF_OK) return status;
    if (*counted > 0 && !logits) return PF_ERR_NULL;
    double sum = 0;
    for (int32_t r = 0; r < rows; r++) {
        if (targets[r] == -1) continue;
        const float *l = logits + (size_t)r * (size_t)vocab;
        const float m = xent_max(l, vocab);
        sum += (double)m + log((double)xent_sum_exp(l, vocab, m)) - (double)l[targets[r]];
    }
    *total = sum;
    return PF_OK;
}

pf_status xent_forward(double *loss, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab) {
    if (!loss) return PF_ERR_NULL;
    double total;
    int32_t counted;
    const pf_status status = xent_total(&total, &counted, logits, targets, rows, vocab);
    if (status == PF_OK) *loss = counted > 0 ? total / counted : 0.0;
    return status;
}

pf_status xent_sum_forward(double *loss_sum, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab) {
    if (!loss_sum) return PF_ERR_NULL;
    double total;
    int32_t counted;
    const pf_status status = xent_total(&total, &counted, logits, targets, rows, vocab);
    if (status == PF_OK) *loss_sum = total;
    return status;
}

/* (softmax - one-hot) / C, or with summed = 1 without the / C. */
static pf_status xent_gradient(float *dlogits, const float *logits, const int32_t *targets, int32_t rows,
                               int32_t vocab, int summed) {
    int32_t counted;
    const pf_status status = xent_check_targets(targets, rows, vocab, &counted);
    if (status != PF_OK) return status;
    if (rows > 0 && (!dlogits || !logits)) return PF_ERR_NULL;
    const float inv_count = summed ? 1.0f : counted > 0 ? (float)(1.0 / counted) : 0.0f;
    for (int32_t r = 0; r < rows; r++) {
        const float *l = logits + (size_t)r * (size_t)vocab;
        float *g = dlogits + (size_t)r * (size_t)vocab;
        if (targets[r] == -1) {
            memset(g, 0, (size_t)vocab * sizeof(float));
            continue;
        }
        const float m = xent_max(l, vocab);
        const f32x4 vm = f4_splat(m), scale = f4_splat(inv_count / xent_sum_exp(l, vocab, m));
        int32_t j = 0;
        for (; j + 4 <= vocab; j += 4) f4_store(g + j, f4_mul(f4_exp(f4_sub(f4_load(l + j), vm)), scale));
        for (; j < vocab; j++) {
            float lanes[4];
            f4_store(lanes, f4_mul(f4_exp(f4_sub(f4_splat(l[j]), vm)), scale));
            g[j] = lanes[0];
        }
        g[targets[r]] -= inv_count;
    }
    return PF_OK;
}

pf_status xent_backward(float *dlogits, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab) {
    return xent_gradient(dlogits, logits, targets, rows, vocab, 0);
}

pf_status xent_sum_backward(float *dlogits, const float *logits, const int32_t *targets, int32_t rows, int32_t vocab) {
    return xent_gradient(dlogits, logits, targets, rows, vocab, 1);
}

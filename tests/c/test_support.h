/*
 * test_support.h — what the native tests share: the CHECK counter, the independent double-precision
 * references (written from the formulas of API.md, sharing no code with src/c), and PE calls on a
 * fresh workspace of their own.
 */
#ifndef TEST_SUPPORT_H
#define TEST_SUPPORT_H

#include "pe_ffn.h"
#include <stdio.h>

extern int test_failures, test_checks;

#define CHECK(cond, ...)                                                    \
    do {                                                                    \
        test_checks++;                                                      \
        if (!(cond)) {                                                      \
            test_failures++;                                                \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);            \
            fprintf(stderr, __VA_ARGS__);                                   \
            fputc('\n', stderr);                                            \
        }                                                                   \
    } while (0)

/* PE(p, j) of the contract in double precision. */
double ref_pe(double p, int j, int d, double base, int concat);

/* The activation's formula in double, in forms that stay accurate in the negative tail. */
double ref_act(int act, double z);

/* pe_fill / pe_add on a workspace made for this one call and freed after it. */
pf_status pe_fill_fresh(float *out, int32_t length, int32_t d_model, double base, int32_t offset,
                        pe_layout layout);
pf_status pe_add_fresh(float *x, int32_t length, int32_t d_model, double base, int32_t offset,
                       pe_layout layout);

/* Suites in their own files. */
void test_pe_workspace(void);
void test_block(void);           /* test_block.c: layer norm, attention, the encoder block */
void test_rope(void);            /* test_rope.c: RoPE */
void test_backward(void);        /* test_backward.c: the backward passes' kernels, the optimiser */
void test_model(void);           /* test_model.c: the trainable Transformer */

/* The sweeps (test_pe_sweep.c, test_ffn_sweep.c); SWEEP=full in the environment makes them denser. */
int sweep_full(void);
void sweep_pe(void);
void sweep_ffn(void);

#endif

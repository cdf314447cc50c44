/*
 * vec4.h — four floats as one value, the only place that knows about wasm SIMD128 intrinsics.
 *
 * Compiled with -msimd128 the type is a v128 register; anywhere else (the native sanitizer build)
 * it is a plain struct with the same semantics, so every kernel is written once and tested natively.
 * With PF_RELAXED_SIMD (and -mrelaxed-simd), f4_madd is the engine's f32x4.relaxed_madd: a fused
 * multiply-add where the hardware has one. It may round differently from mul + add, but one engine
 * on one machine always lowers it the same way, so a layer stays deterministic.
 */
#ifndef PF_VEC4_H
#define PF_VEC4_H

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

typedef v128_t f32x4;

static inline f32x4 f4_load(const float *p) { return wasm_v128_load(p); }
static inline void f4_store(float *p, f32x4 v) { wasm_v128_store(p, v); }
static inline f32x4 f4_splat(float x) { return wasm_f32x4_splat(x); }
static inline f32x4 f4_load_splat(const float *p) { return wasm_v128_load32_splat(p); }

/* acc + a * b */
static inline f32x4 f4_madd(f32x4 acc, f32x4 a, f32x4 b) {
#if defined(PF_RELAXED_SIMD) && defined(__wasm_relaxed_simd__)
#if __has_builtin(__builtin_wasm_relaxed_madd_f32x4)
    return __builtin_wasm_relaxed_madd_f32x4(a, b, acc);      /* current LLVM: standard opcode */
#else
    return __builtin_wasm_fma_f32x4(a, b, acc);               /* LLVM 14: pre-standard opcode, rewritten
                                                                 by scripts/relaxed-opcodes.mjs */
#endif
#else
    return wasm_f32x4_add(acc, wasm_f32x4_mul(a, b));
#endif
}

/* max(v, 0) that keeps NaN: a compare and select (f32x4.pmax/max would not keep NaN the same way). */
static inline f32x4 f4_relu(f32x4 v) {
    const f32x4 zero = wasm_f32x4_splat(0.0f);
    return wasm_v128_bitselect(zero, v, wasm_f32x4_lt(v, zero));
}
static inline f32x4 f4_add(f32x4 a, f32x4 b) { return wasm_f32x4_add(a, b); }
static inline f32x4 f4_sub(f32x4 a, f32x4 b) { return wasm_f32x4_sub(a, b); }
static inline f32x4 f4_mul(f32x4 a, f32x4 b) { return wasm_f32x4_mul(a, b); }
static inline f32x4 f4_div(f32x4 a, f32x4 b) { return wasm_f32x4_div(a, b); }
static inline f32x4 f4_abs(f32x4 a) { return wasm_f32x4_abs(a); }
static inline f32x4 f4_sqrt(f32x4 a) { return wasm_f32x4_sqrt(a); }
/* The larger of a and b, NaN where either is NaN (f32x4.max). */
static inline f32x4 f4_max_nan(f32x4 a, f32x4 b) { return wasm_f32x4_max(a, b); }
/* Interleave lanes 0, 1 (lo) or 2, 3 (hi) of a and b: a0 b0 a1 b1 / a2 b2 a3 b3. */
static inline f32x4 f4_zip_lo(f32x4 a, f32x4 b) { return wasm_i32x4_shuffle(a, b, 0, 4, 1, 5); }
static inline f32x4 f4_zip_hi(f32x4 a, f32x4 b) { return wasm_i32x4_shuffle(a, b, 2, 6, 3, 7); }
/* Lanes swapped within each pair: a1 a0 a3 a2 (RoPE's interleaved pairs). */
static inline f32x4 f4_swap_pairs(f32x4 a) { return wasm_i32x4_shuffle(a, a, 1, 0, 3, 2); }
/* min(a, hi) and max(a, lo) that keep a NaN in a (f32x4.pmin/pmax: cheaper than min/max, whose NaN
   rules take engines several instructions). */
static inline f32x4 f4_min_keep_nan(f32x4 a, f32x4 hi) { return wasm_f32x4_pmin(a, hi); }
static inline f32x4 f4_max_keep_nan(f32x4 a, f32x4 lo) { return wasm_f32x4_pmax(a, lo); }
/* a < b ? x : y, lane by lane (false for NaN). */
static inline f32x4 f4_select_lt(f32x4 a, f32x4 b, f32x4 x, f32x4 y) {
    return wasm_v128_bitselect(x, y, wasm_f32x4_lt(a, b));
}
/* Rounds to the nearest integer, ties to even. */
static inline f32x4 f4_nearest(f32x4 a) { return wasm_f32x4_nearest(a); }
/* a * 2^n for integral n (NaN counts as 0) whose result is a normal float: added to the exponent. */
static inline f32x4 f4_scale2n(f32x4 a, f32x4 n) {
    return wasm_i32x4_add(a, wasm_i32x4_shl(wasm_i32x4_trunc_sat_f32x4(n), 23));
}

#else /* portable C with the same meaning */
#include <math.h>

typedef struct { float v[4]; } f32x4;

static inline f32x4 f4_load(const float *p) { return (f32x4){ { p[0], p[1], p[2], p[3] } }; }
static inline void f4_store(float *p, f32x4 a) { for (int i = 0; i < 4; i++) p[i] = a.v[i]; }
static inline f32x4 f4_splat(float x) { return (f32x4){ { x, x, x, x } }; }
static inline f32x4 f4_load_splat(const float *p) { return f4_splat(*p); }
static inline f32x4 f4_madd(f32x4 acc, f32x4 a, f32x4 b) {
    for (int i = 0; i < 4; i++) {
        const float product = a.v[i] * b.v[i];   /* rounded on its own, as wasm's f32x4.mul */
        acc.v[i] += product;
    }
    return acc;
}
static inline f32x4 f4_relu(f32x4 a) {
    for (int i = 0; i < 4; i++) a.v[i] = a.v[i] < 0.0f ? 0.0f : a.v[i];
    return a;
}
#define F4_LANES(expr)                                   \
    f32x4 r;                                             \
    for (int i = 0; i < 4; i++) r.v[i] = (expr);         \
    return r
static inline f32x4 f4_add(f32x4 a, f32x4 b) { F4_LANES(a.v[i] + b.v[i]); }
static inline f32x4 f4_sub(f32x4 a, f32x4 b) { F4_LANES(a.v[i] - b.v[i]); }
static inline f32x4 f4_mul(f32x4 a, f32x4 b) { F4_LANES(a.v[i] * b.v[i]); }
static inline f32x4 f4_div(f32x4 a, f32x4 b) { F4_LANES(a.v[i] / b.v[i]); }
static inline f32x4 f4_abs(f32x4 a) { F4_LANES(fabsf(a.v[i])); }
static inline f32x4 f4_sqrt(f32x4 a) { F4_LANES(sqrtf(a.v[i])); }
static inline f32x4 f4_max_nan(f32x4 a, f32x4 b) {
    F4_LANES(a.v[i] != a.v[i] ? a.v[i] : b.v[i] != b.v[i] ? b.v[i] : a.v[i] < b.v[i] ? b.v[i] : a.v[i]);
}
static inline f32x4 f4_zip_lo(f32x4 a, f32x4 b) { F4_LANES(i % 2 ? b.v[i / 2] : a.v[i / 2]); }
static inline f32x4 f4_zip_hi(f32x4 a, f32x4 b) { F4_LANES(i % 2 ? b.v[2 + i / 2] : a.v[2 + i / 2]); }
static inline f32x4 f4_swap_pairs(f32x4 a) { F4_LANES(a.v[i ^ 1]); }
static inline f32x4 f4_min_keep_nan(f32x4 a, f32x4 hi) { F4_LANES(hi.v[i] < a.v[i] ? hi.v[i] : a.v[i]); }
static inline f32x4 f4_max_keep_nan(f32x4 a, f32x4 lo) { F4_LANES(a.v[i] < lo.v[i] ? lo.v[i] : a.v[i]); }
static inline f32x4 f4_select_lt(f32x4 a, f32x4 b, f32x4 x, f32x4 y) { F4_LANES(a.v[i] < b.v[i] ? x.v[i] : y.v[i]); }
static inline f32x4 f4_nearest(f32x4 a) { F4_LANES(nearbyintf(a.v[i])); }
static inline f32x4 f4_scale2n(f32x4 a, f32x4 n) { F4_LANES(ldexpf(a.v[i], isnan(n.v[i]) ? 0 : (int)n.v[i])); }
#undef F4_LANES

#endif

#endif /* PF_VEC4_H */

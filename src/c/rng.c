/* rng.c — Mulberry32, chosen because it is tiny and bit-exact in C, JavaScript and NumPy alike. */
#include "pf_core.h"
#include <math.h>

uint32_t mulberry32_next(uint32_t *state) {
    *state += 0x6D2B79F5u;                       /* wraps mod 2^32 */
    uint32_t t = *state;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return t ^ (t >> 14);
}

void mulberry32_fill_uniform(float *dst, size_t n, int32_t fan_in, uint32_t *state, const float *keep) {
    const double root = sqrt((double)fan_in);
    for (size_t i = 0; i < n; i++) {
        const double u = (double)mulberry32_next(state) / 4294967296.0;
        /* divided, not multiplied by 1 / root: the formula of API.md to the last bit, as a NumPy
           or JavaScript reader writes it; in double, rounded to float once */
        const float drawn = (float)((2.0 * u - 1.0) / root);
        dst[i] = keep ? keep[i] : drawn;
    }
}

/* rng.c — Mulberry32, chosen because it is tiny and bit-exact in C, JavaScript and NumPy alike. */
#include "pe_ffn.h"

uint32_t mulberry32_next(uint32_t *state) {
    *state += 0x6D2B79F5u;                       /* wraps mod 2^32 */
    uint32_t t = *state;
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return t ^ (t >> 14);
}

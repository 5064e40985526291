/* random.c - java.util.Random, bit for bit (formulas in loa/random.h):
 * CodinGame's referee, written in Java, draws a `random` answer's move and
 * its seeded games with it, so the referee and the bots replay them exactly. */
#include "loa/random.h"
#include "loa/error.h"

#define JR_MULT 0x5DEECE66DULL
#define JR_MASK ((1ULL << 48) - 1)

void loa_jrandom_seed(loa_jrandom *r, int64_t seed)
{
    r->state = ((uint64_t)seed ^ JR_MULT) & JR_MASK;
}

int32_t loa_jrandom_next(loa_jrandom *r, int bits)
{
    r->state = (r->state * JR_MULT + 0xBULL) & JR_MASK;
    /* Java: (int)(seed >>> (48 - bits)); the cast keeps the low 32 bits. */
    return (int32_t)(uint32_t)(r->state >> (48 - bits));
}

int32_t loa_jrandom_next_int(loa_jrandom *r, int32_t bound)
{
    if (bound <= 0)
        return LOA_E_INVAL;
    if ((bound & -bound) == bound)
        return (int32_t)(((int64_t)bound * (int64_t)loa_jrandom_next(r, 31)) >> 31);
    int32_t bits, val;
    do {
        bits = loa_jrandom_next(r, 31);
        val = bits % bound;
        /* Java tests bits - val + (bound - 1) < 0, relying on int overflow;
         * done in 64 bits here to stay defined behaviour in C. */
    } while ((int64_t)bits - val + (bound - 1) > INT32_MAX);
    return val;
}

int64_t loa_jrandom_next_long(loa_jrandom *r)
{
    uint64_t hi = (uint64_t)(int64_t)loa_jrandom_next(r, 32);
    int64_t lo = loa_jrandom_next(r, 32);
    return (int64_t)((hi << 32) + (uint64_t)lo);
}

/* seed.c - SplitMix64: the seeds of rounds and the streams drawn from them
 * (core/seed.h). */
#include "core/seed.h"

/* The golden-ratio increment of SplitMix64's stream. */
#define GOLDEN 0x9E3779B97F4A7C15ULL

/* SplitMix64's output function applied to x (Steele, Lea, Flood 2014). */
static uint64_t splitmix64(uint64_t x)
{
    x += GOLDEN;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

int64_t arena_seed_derive(int64_t master, int round)
{
    /* Two rounds of mixing: master and round each go through a bijection, so
     * neighbouring masters or rounds give unrelated seeds. */
    uint64_t x = splitmix64((uint64_t)master);
    x = splitmix64(x ^ (0xD1B54A32D192ED03ULL * ((uint64_t)round + 1)));
    return (int64_t)x;
}

uint64_t arena_seed_next(uint64_t *state)
{
    uint64_t x = splitmix64(*state);
    *state += GOLDEN;
    return x;
}

int arena_seed_uniform(uint64_t *state, int n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t x;
    do
        x = arena_seed_next(state);
    while (x >= limit);
    return (int)(x % (uint64_t)n);
}

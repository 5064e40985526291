/*
 * loa/rng.h - loa_rng, a small fast random generator for a bot's own use:
 * random playouts (loa/playout.h), tie-breaks, shuffles. Not CodinGame's
 * `random` (that is loa_jrandom, loa/random.h).
 *
 * xoshiro256** (D. Blackman and S. Vigna, "Scrambled linear pseudorandom
 * number generators", ACM TOMS 47(4), 2021; the reference code at
 * prng.di.unimi.it): 256 bits of state, period 2^256 - 1, a few cycles a
 * number, and statistically far better than java.util.Random's 48-bit
 * LCG. Seeded through splitmix64 (the authors' recommendation), so any
 * seed, 0 included, gives a good state. A loa_rng is a plain 32-byte
 * value: copy it to fork a stream; one instance must not be shared between
 * threads without locking (give each thread its own). Header-only, so the
 * calls inline into a playout loop; not included by loa/loa.h (a bundled
 * bot carries this text only when it includes it).
 */
#ifndef LOA_RNG_H
#define LOA_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct loa_rng {
    uint64_t s[4]; /* never all zero (loa_rng_seed sees to it) */
} loa_rng;

/* Seeds r from any 64-bit seed: the four words are splitmix64's first four
 * outputs from seed (splitmix64: Steele, Lea, Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014). The same seed gives the
 * same sequence on every machine. */
static inline void loa_rng_seed(loa_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        r->s[i] = z ^ (z >> 31);
    }
}

/* The next 64 uniformly random bits (xoshiro256**). */
static inline uint64_t loa_rng_next(loa_rng *r)
{
    uint64_t *s = r->s;
    uint64_t x = s[1] * 5, t = s[1] << 17;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* A uniformly random integer in 0 .. bound - 1, exactly uniform (D. Lemire,
 * "Fast random integer generation in an interval", ACM TOMACS 29(1), 2019:
 * a multiply, and a rejection that is taken with probability below
 * bound / 2^32). bound must be at least 1; 0 returns 0. */
static inline uint32_t loa_rng_below(loa_rng *r, uint32_t bound)
{
    uint64_t m = (loa_rng_next(r) >> 32) * bound;
    if ((uint32_t)m < bound) {
        uint32_t floor = (uint32_t)(0u - bound) % (bound ? bound : 1u);
        while ((uint32_t)m < floor)
            m = (loa_rng_next(r) >> 32) * bound;
    }
    return (uint32_t)(m >> 32);
}

#ifdef __cplusplus
}
#endif
#endif

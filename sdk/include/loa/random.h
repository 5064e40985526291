/*
 * loa/random.h - a generator bit-for-bit compatible with java.util.Random.
 * (For a bot's own randomness, playouts and tie-breaks, loa/rng.h's
 * loa_rng is faster and better.)
 *
 * The CodinGame referee resolves a bot's `random` answer with one
 * java.util.Random created from the game's seed and shared by both players:
 * nextInt(number of legal moves), index into the generation order
 * (loa_generate_moves_cg). Formulas from the reference ("`random` is
 * reproducible from the game's seed"), which restates the Java SE
 * documentation of java.util.Random:
 *   state = (seed ^ 0x5DEECE66D) & (2^48 - 1)
 *   next(bits): state = (state * 0x5DEECE66D + 0xB) & (2^48 - 1);
 *               return (int32)(state >>> (48 - bits))
 *   nextInt(bound): power of two: (int)((bound * (long)next(31)) >> 31);
 *               else rejection loop on next(31) % bound.
 * A loa_jrandom is a plain value; one instance must not be shared between
 * threads without locking.
 */
#ifndef LOA_RANDOM_H
#define LOA_RANDOM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct loa_jrandom {
    uint64_t state; /* 48-bit LCG state */
} loa_jrandom;

/* Seeds r like `new java.util.Random(seed)`. */
void loa_jrandom_seed(loa_jrandom *r, int64_t seed);

/* Java's next(bits), bits in 1..32: the signed 32-bit result. */
int32_t loa_jrandom_next(loa_jrandom *r, int bits);

/* Java's nextInt(bound): uniform in 0..bound-1. bound must be > 0 (Java
 * throws otherwise); this returns LOA_E_INVAL for bound <= 0 without
 * touching the state. */
int32_t loa_jrandom_next_int(loa_jrandom *r, int32_t bound);

/* Java's nextLong(): ((long)next(32) << 32) + next(32). */
int64_t loa_jrandom_next_long(loa_jrandom *r);

#ifdef __cplusplus
}
#endif
#endif

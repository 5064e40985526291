/*
 * core/seed.h - every random draw of a league comes from its master seed,
 * through SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom
 * number generators", OOPSLA 2014), a bijective mixer: distinct inputs give
 * distinct, well-spread 64-bit outputs, the same everywhere.
 *
 * Pure functions (the stream's state is the caller's): thread-safe.
 */
#ifndef ARENA_CORE_SEED_H
#define ARENA_CORE_SEED_H

#include <stdint.h>

/* The seed of round `round` of a league with master seed `master` (every
 * pairing of a round shares it; the openings of a round are drawn from it;
 * round -1 is the stream of the openings file's shuffle). */
int64_t arena_seed_derive(int64_t master, int round);

/* The next number of the SplitMix64 stream at *state (advanced). */
uint64_t arena_seed_next(uint64_t *state);

/* A uniform integer in 0..n-1 (n >= 1) from the stream at *state: the top
 * remainder of the 64-bit range is rejected, so no value is favoured. */
int arena_seed_uniform(uint64_t *state, int n);

#endif

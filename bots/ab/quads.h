/*
 * bots/ab/quads.h - nothing left to set up: loa-ab's quad counts and
 * Euler number are the SDK's (loa_quad_counts, loa_euler4 in
 * loa/features.h), computed with bitboard operations, without the row-pair
 * table this file used to build. quads_init() stays, a no-op, for the
 * callers that still make the call (bots/ab.c).
 */
#ifndef BOTS_AB_QUADS_H
#define BOTS_AB_QUADS_H

/* Does nothing (nothing to build); thread-safe. */
static inline void quads_init(void) {}

#endif

/*
 * bots/ab/quads.h - quad counts and the Euler number of a set of checkers.
 *
 * A quad is a 2x2 window of squares; the 9x9 = 81 windows include the ones
 * that hang over the board's edge (their outside squares are empty). Gray's
 * formula (S. B. Gray, "Local properties of binary images in two
 * dimensions", IEEE Trans. Computers 20(5), 1971), used for LOA by Winands
 * et al. ("The quad heuristic in Lines of Action", ICGA Journal 24(1),
 * 2001), gives the Euler number of an 8-connected set from its quads:
 *     4E = Q1 - Q3 - 2*Qd
 * where Q1/Q3 count windows holding exactly 1/3 checkers and Qd windows
 * holding 2 checkers on a diagonal. E = groups - holes, so E <= 1 is close
 * to "connected"; unlike a flood fill it costs 9 table lookups
 * (quads.c owns the table).
 */
#ifndef BOTS_AB_QUADS_H
#define BOTS_AB_QUADS_H

#include "loa/loa.h"

/* Quad counts of one set of checkers (a plain value). */
typedef struct quad_counts {
    int q1; /* windows with exactly one checker */
    int q3; /* windows with exactly three checkers */
    int qd; /* windows with two checkers on a diagonal */
} quad_counts;

/* Builds the row-pair table quads_euler4() reads (65,536 entries, about a
 * millisecond). Call once before quads_euler4(); idempotent. Not
 * thread-safe the first time (call it before starting threads); cannot
 * fail. */
void quads_init(void);

/* Q1, Q3 and Qd of bitboard bb (squares a1=0..h8=63) over all 81 windows,
 * counted directly, without the table: the reference the tests check
 * quads_euler4() against. Pure and thread-safe; needs no quads_init(). */
quad_counts quads_count(loa_bitboard bb);

/* 4E = Q1 - Q3 - 2*Qd of bitboard bb, from the table: 4 times the number of
 * 8-connected groups minus holes. quads_init() first; then pure and
 * thread-safe. */
int quads_euler4(loa_bitboard bb);

#endif

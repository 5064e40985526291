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
 * to "connected"; unlike a flood fill it costs 9 table lookups.
 *
 * The 2x2 windows between two adjacent rows depend only on those two row
 * bytes, so quad_table[lo * 256 + hi] holds Q1 - Q3 - 2*Qd for the 9
 * windows between row bytes lo (below) and hi (above). Call quads_init()
 * once before quads_euler4() (it is idempotent; not thread-safe the first
 * time). Header-only so that a bot stays one translation unit.
 */
#ifndef BOTS_AB_QUADS_H
#define BOTS_AB_QUADS_H

#include <stdint.h>

#include "loa/loa.h"

/* Quad counts of one set of checkers. */
typedef struct quad_counts {
    int q1; /* windows with exactly one checker */
    int q3; /* windows with exactly three checkers */
    int qd; /* windows with two checkers on a diagonal */
} quad_counts;

static int8_t quad_table[256 * 256];
static int quad_table_ready;

/* Counts of the 9 windows between row bytes lo (rank r-1) and hi (rank r);
 * file -1 and file 8 are outside the board (empty). Adds into *q. */
static inline void quads_rows(unsigned lo, unsigned hi, quad_counts *q)
{
    unsigned l = lo << 1, h = hi << 1; /* bit x+1 = file x; bits 0 and 9 empty */
    for (int x = 0; x < 9; x++) {
        unsigned a = l >> x & 1, b = l >> (x + 1) & 1, c = h >> x & 1, d = h >> (x + 1) & 1;
        unsigned n = a + b + c + d;
        if (n == 1)
            q->q1++;
        else if (n == 3)
            q->q3++;
        else if (n == 2 && a == d)
            q->qd++;
    }
}

/* Row byte of rank r (0..7) of bb; 0 for the ranks just outside the board. */
static inline unsigned quads_row(loa_bitboard bb, int r)
{
    return r < 0 || r > 7 ? 0u : (unsigned)(bb >> (8 * r)) & 0xFFu;
}

/* Builds quad_table (65,536 entries; about a millisecond). */
static inline void quads_init(void)
{
    if (quad_table_ready)
        return;
    for (unsigned lo = 0; lo < 256; lo++)
        for (unsigned hi = 0; hi < 256; hi++) {
            quad_counts q = {0, 0, 0};
            quads_rows(lo, hi, &q);
            quad_table[lo * 256 + hi] = (int8_t)(q.q1 - q.q3 - 2 * q.qd);
        }
    quad_table_ready = 1;
}

/* Q1, Q3 and Qd of bb over all 81 windows, counted directly (no table):
 * the reference the tests check quads_euler4() against. */
static inline quad_counts quads_count(loa_bitboard bb)
{
    quad_counts q = {0, 0, 0};
    for (int r = 0; r <= 8; r++)
        quads_rows(quads_row(bb, r - 1), quads_row(bb, r), &q);
    return q;
}

/* 4E = Q1 - Q3 - 2*Qd of bb, from the table (quads_init() first). */
static inline int quads_euler4(loa_bitboard bb)
{
    int sum = quad_table[(unsigned)bb & 0xFFu]; /* rank 0 below, rank 1 above */
    for (int r = 1; r < 8; r++)
        sum += quad_table[(((unsigned)(bb >> (8 * (r - 1))) & 0xFFu) << 8) |
                          ((unsigned)(bb >> (8 * r)) & 0xFFu)];
    return sum + quad_table[((unsigned)(bb >> 56) & 0xFFu) << 8];
}

#endif

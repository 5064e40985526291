/* Helpers shared by the SDK's Check suites. */
#ifndef SDK_TEST_UTIL_H
#define SDK_TEST_UTIL_H

#include "loa/loa.h"
#include "naive_loa.h"

/* The naive board equal to b. */
static inline naive_board to_naive(const loa_board *b)
{
    naive_board n;
    for (int sq = 0; sq < 64; sq++)
        n.sq[LOA_RANK(sq)][LOA_FILE(sq)] = loa_board_square_char(b, sq);
    n.side = b->side == LOA_BLACK ? 'b' : 'w';
    return n;
}

static inline loa_move from_naive(const naive_move *m)
{
    return LOA_MOVE_MAKE(LOA_SQUARE(m->ff, m->fr), LOA_SQUARE(m->tf, m->tr));
}

#endif

/*
 * bots/common/movecheck.h - compare a bot's own move list with the
 * referee's. A bot that plays from its own generator should check once in a
 * while that both agree: a mismatch means the bot misreads the position.
 * Header-only so that a bot stays one translation unit.
 */
#ifndef BOTS_COMMON_MOVECHECK_H
#define BOTS_COMMON_MOVECHECK_H

#include "loa/loa.h"

/* 1 if mine[0..n-1] (sorted in place into the referee's byte order) is
 * exactly the referee's list in t (flags ignored; n == 0 matches the single
 * `pass`), else 0. */
static inline int movecheck_same(const loa_turn *t, loa_move *mine, int n)
{
    loa_sort_moves(mine, n);
    if (n == 0)
        return t->move_count == 1 && t->moves[0] == LOA_MOVE_PASS;
    if (n != t->move_count)
        return 0;
    for (int i = 0; i < n; i++)
        if (LOA_MOVE_SQUARES(mine[i]) != LOA_MOVE_SQUARES(t->moves[i]))
            return 0;
    return 1;
}

#endif

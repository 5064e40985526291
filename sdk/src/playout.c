/*
 * playout.c - loa_random_move() and loa_playout() (loa/playout.h).
 *
 * A random move needs the number of legal moves and the r-th of them, not
 * the list: the first pass of the generator (lines.h) keeps the lines with
 * moves, each line's move count is the popcount of its entry, and the r-th
 * move is the right bit of the right line's entry. Every legal move is
 * exactly one bit of one entry, so a uniform r gives a uniform move.
 */
#include "loa/playout.h"
#include "lines.h"

loa_move loa_random_move(const loa_board *b, loa_rng *rng)
{
    const loa_bitboard us = b->pieces[b->side], them = b->pieces[b->side ^ 1];
    if (loa_popcount(us) > LOA_MAX_CHECKERS)
        return LOA_MOVE_PASS; /* no LOA position: no move, as loa_generate_moves says */
    uint32_t w[42];
    int j = loa_lines_scan(us, them, w), total = 0;
    for (int x = 0; x < j; x++)
        total += __builtin_popcount(w[x] & 0xFFFFu);
    if (total == 0)
        return LOA_MOVE_PASS;
    unsigned r = loa_rng_below(rng, (uint32_t)total), m;
    int x = 0;
    for (;; x++) {
        m = w[x] & 0xFFFFu;
        unsigned c = (unsigned)__builtin_popcount(m);
        if (r < c)
            break;
        r -= c;
    }
    while (r--)
        m &= m - 1;
    return loa_line_move(loa_line_squares[w[x] >> 16], __builtin_ctz(m), them);
}

loa_status loa_playout(loa_board *b, loa_rng *rng, int plies)
{
    for (int i = 0; i < plies; i++) {
        loa_move m = loa_random_move(b, rng);
        int captured = m != LOA_MOVE_PASS && (m & LOA_MOVE_CAPTURE);
        loa_make_move(b, m, NULL);
        loa_status st = loa_board_status_after(b, captured, LOA_MAX_PLIES);
        if (st != LOA_ONGOING)
            return st;
    }
    return LOA_ONGOING;
}

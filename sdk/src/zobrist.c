/* zobrist.c - Zobrist keys (loa/zobrist.h): a position's key, and its
 * update by a move, which a search uses instead of recomputing the key at
 * every node; the random numbers themselves are generated tables (tables.h). */
#include "loa/zobrist.h"

uint64_t loa_zobrist_key(const loa_board *b)
{
    uint64_t key = b->side == LOA_WHITE ? loa_zobrist_side : 0;
    for (int c = 0; c < 2; c++)
        for (loa_bitboard bb = b->pieces[c]; bb;)
            key ^= loa_zobrist_piece[c][loa_pop_lsb(&bb)];
    return key;
}

uint64_t loa_zobrist_update(uint64_t key, const loa_board *b, loa_move m)
{
    key ^= loa_zobrist_side;
    if (m == LOA_MOVE_PASS)
        return key;
    int us = b->side, from = LOA_MOVE_FROM(m), to = LOA_MOVE_TO(m);
    key ^= loa_zobrist_piece[us][from] ^ loa_zobrist_piece[us][to];
    if (b->pieces[us ^ 1] >> to & 1)
        key ^= loa_zobrist_piece[us ^ 1][to];
    return key;
}

/* bitboard.c - the bitboard helpers too big to inline (loa/bitboard.h):
 * loa_group_count, a flood fill per group, which bots' evaluations call
 * (loa_connected stays inline in the header: the rules call it every ply). */
#include "loa/bitboard.h"

int loa_group_count(loa_bitboard b)
{
    int groups = 0;
    while (b) {
        loa_bitboard g = b & (0 - b), n;
        while ((n = loa_dilate(g) & b) != g)
            g = n;
        b &= ~g;
        groups++;
    }
    return groups;
}

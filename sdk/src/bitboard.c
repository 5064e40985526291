/* Bitboard helpers that are not worth inlining. */
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

/*
 * loa/bitboard.h - squares and 64-bit bitboards.
 *
 * Square numbering: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63, so
 * square = rank * 8 + file with file a..h = 0..7 and rank 1..8 = 0..7.
 * Bit s of a loa_bitboard is square s. All functions are pure and
 * thread-safe.
 */
#ifndef LOA_BITBOARD_H
#define LOA_BITBOARD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t loa_bitboard;

#define LOA_SQUARE(file, rank) ((file) + 8 * (rank)) /* file, rank in 0..7 */
#define LOA_FILE(sq) ((sq)&7)                        /* 0 = a-file */
#define LOA_RANK(sq) ((sq) >> 3)                     /* 0 = rank 1 */
#define LOA_BIT(sq) ((loa_bitboard)1 << (sq))

#define LOA_FILE_A_BB 0x0101010101010101ULL
#define LOA_FILE_H_BB 0x8080808080808080ULL
#define LOA_RANK_1_BB 0x00000000000000FFULL
#define LOA_RANK_8_BB 0xFF00000000000000ULL

/* Number of set bits (checkers) in b. */
static inline int loa_popcount(loa_bitboard b)
{
    return __builtin_popcountll(b);
}

/* Index of the lowest set bit; b must not be 0. */
static inline int loa_lsb(loa_bitboard b)
{
    return __builtin_ctzll(b);
}

/* Clears the lowest set bit of *b and returns its index; *b must not be 0. */
static inline int loa_pop_lsb(loa_bitboard *b)
{
    int s = __builtin_ctzll(*b);
    *b &= *b - 1;
    return s;
}

/* b plus its 8 neighbours of every set square (king-step dilation), no
 * wrap-around between the a- and h-files. */
static inline loa_bitboard loa_dilate(loa_bitboard b)
{
    loa_bitboard h = b | ((b << 1) & ~LOA_FILE_A_BB) | ((b >> 1) & ~LOA_FILE_H_BB);
    return h | (h << 8) | (h >> 8);
}

/* 1 if the set squares of b form one 8-connected group (an empty or one-square
 * set counts as connected, as in the rules), else 0. Bitboard flood fill from
 * the lowest square: each step grows the group by one king step, so it costs
 * at most the group's diameter in steps, with no per-square work. */
static inline int loa_connected(loa_bitboard b)
{
    loa_bitboard g = b & (0 - b), n;
    if (b == 0)
        return 1;
    for (;;) {
        n = loa_dilate(g) & b;
        if (n == g)
            return g == b;
        g = n;
    }
}

/* Number of 8-connected groups in b (0 for an empty set). */
int loa_group_count(loa_bitboard b);

#ifdef __cplusplus
}
#endif
#endif

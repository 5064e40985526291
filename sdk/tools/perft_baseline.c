/*
 * perft_baseline.c - the straightforward bitboard perft (perft_baseline.h).
 * Deliberately per checker: no line tables, no incremental state.
 */
#include "perft_baseline.h"

#include "loa/bitboard.h"

/* The 8 directions as (file, rank) steps; direction 2k and 2k + 1 are the
 * two ways along line k (0 row, 1 column, 2 and 3 the diagonals). */
static const int dir_df[8] = {1, -1, 0, 0, 1, -1, 1, -1};
static const int dir_dr[8] = {0, 0, 1, -1, 1, -1, -1, 1};

static loa_bitboard line_mask[64][4];     /* the whole line k through a square */
static loa_bitboard between_mask[64][64]; /* squares strictly between two squares of a line */
/* the square d steps away in a direction, or -1; d up to 8, the checkers
 * of a full line */
static signed char ray_target[64][8][9];

void perft_baseline_init(void)
{
    for (int sq = 0; sq < 64; sq++) {
        int f = LOA_FILE(sq), r = LOA_RANK(sq);
        for (int dir = 0; dir < 8; dir++) {
            loa_bitboard path = 0;
            ray_target[sq][dir][0] = -1;
            for (int d = 1; d <= 8; d++) {
                int tf = f + d * dir_df[dir], tr = r + d * dir_dr[dir];
                if (tf < 0 || tf > 7 || tr < 0 || tr > 7) {
                    ray_target[sq][dir][d] = -1;
                    continue;
                }
                int t = LOA_SQUARE(tf, tr);
                ray_target[sq][dir][d] = (signed char)t;
                between_mask[sq][t] = path;
                path |= LOA_BIT(t);
                line_mask[sq][dir / 2] |= LOA_BIT(t);
            }
        }
        for (int k = 0; k < 4; k++)
            line_mask[sq][k] |= LOA_BIT(sq);
    }
}

/* The plain flood fill (as the SDK's loa_connected()), kept here so that a
 * change to the SDK's test never changes the yardstick. */
static int connected(loa_bitboard b)
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

/* Legal moves of `us` against `them` as (from, to, capture) triples; with
 * `list` NULL only counted. */
static int moves(loa_bitboard us, loa_bitboard them, int (*list)[3])
{
    loa_bitboard occ = us | them;
    int n = 0;
    for (loa_bitboard b = us; b;) {
        int s = loa_pop_lsb(&b);
        for (int dir = 0; dir < 8; dir++) {
            int d = loa_popcount(line_mask[s][dir / 2] & occ);
            int t = ray_target[s][dir][d];
            if (t < 0 || (us >> t & 1) || (between_mask[s][t] & them))
                continue;
            if (list) {
                list[n][0] = s;
                list[n][1] = t;
                list[n][2] = (int)(them >> t & 1);
            }
            n++;
        }
    }
    return n;
}

/* b is ongoing. */
static uint64_t perft_rec(const loa_board *b, int depth)
{
    loa_bitboard us = b->pieces[b->side], them = b->pieces[b->side ^ 1];
    if (depth == 1) {
        int n = moves(us, them, 0);
        return n ? (uint64_t)n : 1;
    }
    int mv[LOA_MAX_CHECKERS * 8][3];
    int n = moves(us, them, mv);
    loa_board c = *b;
    c.side ^= 1;
    c.ply++;
    if (n == 0)
        return perft_rec(&c, depth - 1); /* the pass */
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        c.pieces[b->side] = us ^ LOA_BIT(mv[i][0]) ^ LOA_BIT(mv[i][1]);
        c.pieces[b->side ^ 1] = them & ~LOA_BIT(mv[i][1]);
        if (connected(c.pieces[b->side]) || (mv[i][2] && connected(c.pieces[b->side ^ 1])))
            continue; /* won: a leaf, not expanded */
        total += perft_rec(&c, depth - 1);
    }
    return total;
}

uint64_t perft_baseline(const loa_board *b, int depth)
{
    if (depth <= 0)
        return 1;
    if (connected(b->pieces[0]) || connected(b->pieces[1]))
        return 0;
    if (loa_popcount(b->pieces[b->side]) > LOA_MAX_CHECKERS)
        return 0; /* no LOA position: as loa_generate_moves, no move list overrun */
    return perft_rec(b, depth);
}

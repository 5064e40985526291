/*
 * features_reference.h - loa/features.h's definitions written plainly, for
 * the features' suites (check_features, check_features_incremental): loops
 * over squares, checkers and the 81 windows, without the SDK's bitboard
 * tricks; random positions to compare them on; SAME, an assertion cheap
 * enough for millions of comparisons. static inline: each suite uses some.
 */
#ifndef FEATURES_REFERENCE_H
#define FEATURES_REFERENCE_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "loa/features.h"
#include "loa/loa.h"
#include "loa/playout.h"

/* Check's assertions write to a pipe even when they pass (fork mode):
 * millions of comparisons go through this instead, which asserts only a
 * difference. */
#define SAME(got, want)                                                              \
    do {                                                                             \
        long long got_ = (got), want_ = (want);                                      \
        if (got_ != want_)                                                           \
            ck_abort_msg("%s = %lld, expected %lld (%s)", #got, got_, want_, #want); \
    } while (0)

/* ---- plain reference implementations ---------------------------------- */

static inline int bit(loa_bitboard bb, int file, int rank)
{
    if (file < 0 || file > 7 || rank < 0 || rank > 7)
        return 0;
    return (int)(bb >> LOA_SQUARE(file, rank) & 1);
}

static inline int cheb(int f1, int r1, int f2, int r2)
{
    int df = abs(f1 - f2), dr = abs(r1 - r2);
    return df > dr ? df : dr;
}

static inline loa_com ref_com(loa_bitboard bb)
{
    loa_com c = {0, 0, 0};
    for (int sq = 0; sq < 64; sq++)
        if (bb >> sq & 1)
            c.count++, c.file_sum += sq % 8, c.rank_sum += sq / 8;
    return c;
}

static inline int ref_distance_sum(loa_bitboard bb, int sq)
{
    int sum = 0;
    for (int s = 0; s < 64; s++)
        if (bb >> s & 1)
            sum += cheb(s % 8, s / 8, sq % 8, sq / 8);
    return sum;
}

/* The n smallest distances of the 64 squares to d4, summed: d4 has full
 * rings up to distance 3 on the board (49 squares). */
static inline int ref_distance_min(int n)
{
    int d[64];
    for (int s = 0; s < 64; s++)
        d[s] = cheb(s % 8, s / 8, 3, 3);
    for (int i = 1; i < 64; i++) /* insertion sort */
        for (int j = i; j > 0 && d[j - 1] > d[j]; j--) {
            int t = d[j];
            d[j] = d[j - 1];
            d[j - 1] = t;
        }
    int sum = 0;
    for (int i = 0; i < n; i++)
        sum += d[i];
    return sum;
}

static inline loa_quads ref_quads(loa_bitboard bb)
{
    loa_quads q = {0, 0, 0, 0, 0};
    for (int x = -1; x < 8; x++)
        for (int y = -1; y < 8; y++) {
            int sw = bit(bb, x, y), se = bit(bb, x + 1, y), nw = bit(bb, x, y + 1),
                ne = bit(bb, x + 1, y + 1), n = sw + se + nw + ne;
            if (n == 1)
                q.q1++;
            else if (n == 3)
                q.q3++;
            else if (n == 4)
                q.q4++;
            else if (n == 2 && ((sw && ne) || (se && nw)))
                q.qd++;
            else if (n == 2)
                q.q2++;
        }
    return q;
}

/* Flood fill of the cells equal to `value` from (f, r) on a 10x10 grid
 * (the board with a border of empty cells), 8- or 4-connected. */
static inline void fill(int g[10][10], int f, int r, int value, int mark, int eight)
{
    if (f < 0 || f > 9 || r < 0 || r > 9 || g[r][f] != value)
        return;
    g[r][f] = mark;
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++)
            if ((df || dr) && (eight || !df || !dr))
                fill(g, f + df, r + dr, value, mark, eight);
}

/* Groups (8-connected) minus holes (4-connected empty areas not reaching
 * the border), counted by flood fill. */
static inline int ref_euler(loa_bitboard bb)
{
    int g[10][10];
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 10; f++)
            g[r][f] = bit(bb, f - 1, r - 1);
    int groups = 0, holes = 0;
    fill(g, 0, 0, 0, 2, 0); /* the outside */
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 10; f++) {
            if (g[r][f] == 1)
                groups++, fill(g, f, r, 1, 3, 1);
            else if (g[r][f] == 0)
                holes++, fill(g, f, r, 0, 4, 0);
        }
    return groups - holes;
}

static inline int ref_area(loa_bitboard bb)
{
    int fmin = 8, fmax = -1, rmin = 8, rmax = -1;
    for (int s = 0; s < 64; s++)
        if (bb >> s & 1) {
            fmin = s % 8 < fmin ? s % 8 : fmin, fmax = s % 8 > fmax ? s % 8 : fmax;
            rmin = s / 8 < rmin ? s / 8 : rmin, rmax = s / 8 > rmax ? s / 8 : rmax;
        }
    return fmax < 0 ? 0 : (fmax - fmin + 1) * (rmax - rmin + 1);
}

static inline int ref_connections(loa_bitboard bb)
{
    int n = 0;
    for (int a = 0; a < 64; a++)
        for (int b = a + 1; b < 64; b++)
            n += (bb >> a & 1) && (bb >> b & 1) && cheb(a % 8, a / 8, b % 8, b / 8) == 1;
    return n;
}

/* The squares one step off the edge from edge square s: the three on the
 * next rank or file, or the diagonal one of a corner; -1 fills. */
static inline void inward(int s, int out[3])
{
    int f = s % 8, r = s / 8, n = 0;
    out[0] = out[1] = out[2] = -1;
    int corner = (f == 0 || f == 7) && (r == 0 || r == 7);
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++) {
            int tf = f + df, tr = r + dr;
            if ((!df && !dr) || tf < 0 || tf > 7 || tr < 0 || tr > 7)
                continue;
            /* off the edge: moving away from every edge s is on */
            int away = (r == 0   ? dr == 1
                        : r == 7 ? dr == -1
                                 : 1) &&
                       (f == 0   ? df == 1
                        : f == 7 ? df == -1
                                 : 1);
            int onto_next = corner ? away
                                   : ((r == 0 && dr == 1) || (r == 7 && dr == -1) ||
                                      (f == 0 && df == 1) || (f == 7 && df == -1));
            if (onto_next)
                out[n++] = LOA_SQUARE(tf, tr);
        }
}

static inline int ref_walls(loa_bitboard own, loa_bitboard opp)
{
    int n = 0;
    for (int s = 0; s < 64; s++) {
        int f = s % 8, r = s / 8;
        if (!(opp >> s & 1) || !(f == 0 || f == 7 || r == 0 || r == 7))
            continue;
        int in[3], shut = 1;
        inward(s, in);
        for (int i = 0; i < 3; i++)
            if (in[i] >= 0 && !(own >> in[i] & 1))
                shut = 0;
        n += shut;
    }
    return n;
}

static inline int ref_mobility(const loa_board *b, loa_color side, const loa_mobility_weights *w)
{
    loa_board s = *b;
    s.side = side;
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(&s, mv), sum = 0;
    for (int i = 0; i < n; i++) {
        int to = LOA_MOVE_TO(mv[i]), f = to % 8, r = to / 8;
        int edge = f == 0 || f == 7 || r == 0 || r == 7;
        int cap = (int)(b->pieces[side ^ 1] >> to & 1);
        sum += cap ? (edge ? w->capture_edge : w->capture) : (edge ? w->quiet_edge : w->quiet);
    }
    return sum;
}

/* ---- random positions ------------------------------------------------- */

/* A random set of k distinct squares avoiding `taken`. */
static inline loa_bitboard random_set(loa_rng *r, int k, loa_bitboard taken)
{
    loa_bitboard bb = 0;
    while (loa_popcount(bb) < k) {
        int sq = (int)loa_rng_below(r, 64);
        if (!((bb | taken) >> sq & 1))
            bb |= LOA_BIT(sq);
    }
    return bb;
}

/* Position i of a fixed set: random placements of 1..16 checkers a side
 * (denser and sparser than games reach) and positions of random games. */
static inline loa_board random_position(loa_rng *r, int i)
{
    loa_board b;
    if (i % 2 == 0) {
        b.pieces[0] = random_set(r, 1 + (int)loa_rng_below(r, 16), 0);
        b.pieces[1] = random_set(r, 1 + (int)loa_rng_below(r, 16), b.pieces[0]);
        b.side = (loa_color)(i / 2 % 2);
        b.ply = 0;
        return b;
    }
    loa_board_init(&b);
    int plies = (int)loa_rng_below(r, 100);
    for (int p = 0; p < plies && loa_board_status(&b, 0) == LOA_ONGOING; p++)
        loa_make_move(&b, loa_random_move(&b, r), NULL);
    return b;
}

#define POSITIONS 20000

#endif

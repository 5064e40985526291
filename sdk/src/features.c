/*
 * features.c - the evaluation features (loa/features.h: definitions,
 * units, sources).
 *
 * Each feature is computed on the whole bitboard at once where it can be:
 * sums of files and ranks from popcounts of file masks, distance sums from
 * king-step rings grown by dilation, the 81 quads from four shifted copies
 * of the bitboard. tests/check_features.c holds the plain versions
 * (loops over checkers and windows) they are checked against.
 */
#include "loa/features.h"
#include "tables.h"
#include "tables_fill.h"

const int loa_centre_table[64] = {
    -80, -25, -20, -20, -20, -20, -25, -80, -25, 10,  10,  10,  10,  10,  10,  -25,
    -20, 10,  25,  25,  25,  25,  10,  -20, -20, 10,  25,  50,  50,  25,  10,  -20,
    -20, 10,  25,  50,  50,  25,  10,  -20, -20, 10,  25,  25,  25,  25,  10,  -20,
    -25, 10,  10,  10,  10,  10,  10,  -25, -80, -25, -20, -20, -20, -20, -25, -80,
};

const loa_mobility_weights loa_mobility_mia = {2, 4, 1, 2};

/* Files (ranks) whose index has bit 0, 1, 2 set: the sum of the files of
 * a set is popcount(bb & odd files) + 2 popcount(bb & ...) + 4 .... */
#define FILES_BIT0 0xAAAAAAAAAAAAAAAAULL
#define FILES_BIT1 0xCCCCCCCCCCCCCCCCULL
#define FILES_BIT2 0xF0F0F0F0F0F0F0F0ULL
#define RANKS_BIT0 0xFF00FF00FF00FF00ULL
#define RANKS_BIT1 0xFFFF0000FFFF0000ULL
#define RANKS_BIT2 0xFFFFFFFF00000000ULL

/* The squares on the board's edge. */
#define EDGE_BB (LOA_FILE_A_BB | LOA_FILE_H_BB | LOA_RANK_1_BB | LOA_RANK_8_BB)

loa_com loa_com_of(loa_bitboard bb)
{
    loa_com c;
    c.count = loa_popcount(bb);
    c.file_sum = loa_popcount(bb & FILES_BIT0) + 2 * loa_popcount(bb & FILES_BIT1) +
                 4 * loa_popcount(bb & FILES_BIT2);
    c.rank_sum = loa_popcount(bb & RANKS_BIT0) + 2 * loa_popcount(bb & RANKS_BIT1) +
                 4 * loa_popcount(bb & RANKS_BIT2);
    return c;
}

int loa_com_square(loa_com c)
{
    if (c.count <= 0)
        return -1;
    return LOA_SQUARE((c.file_sum + c.count / 2) / c.count, (c.rank_sum + c.count / 2) / c.count);
}

int loa_distance(int a, int b)
{
    int df = LOA_FILE(a) - LOA_FILE(b), dr = LOA_RANK(a) - LOA_RANK(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

int loa_distance_sum(loa_bitboard bb, int sq)
{
    /* A checker at distance d lies outside the rings 0 .. d-1 around sq:
     * it is counted once for each, d times in all. */
    loa_bitboard near = LOA_BIT(sq);
    int sum = 0;
    for (loa_bitboard out = bb & ~near; out; out = bb & ~near) {
        sum += loa_popcount(out);
        near = loa_dilate(near);
    }
    return sum;
}

int loa_distance_min(int n)
{
    int sum = 0;
    n -= 1; /* one on the square itself, at distance 0 */
    for (int d = 1; n > 0; d++) {
        int ring = n < 8 * d ? n : 8 * d;
        sum += d * ring;
        n -= ring;
    }
    return sum;
}

int loa_concentration(loa_bitboard bb)
{
    if (!bb)
        return 0;
    loa_com c = loa_com_of(bb);
    return loa_distance_sum(bb, loa_com_square(c)) - loa_distance_min(c.count);
}

int loa_centralisation(loa_bitboard bb, const int *table)
{
    if (!table)
        table = loa_centre_table;
    int sum = 0;
    while (bb)
        sum += table[loa_pop_lsb(&bb)];
    return sum;
}

int loa_centre_distance(int sq)
{
    int f = LOA_FILE(sq), r = LOA_RANK(sq);
    int df = f < 3 ? 3 - f : f > 4 ? f - 4 : 0;
    int dr = r < 3 ? 3 - r : r > 4 ? r - 4 : 0;
    return df > dr ? df : dr;
}

/* The pairs of a line's bits (bit i with bit i + 1, positions 0..len-2
 * with len = bits of x): adjacent checkers along an edge. */
static inline int edge_pairs(unsigned x)
{
    return __builtin_popcount(x & (x >> 1));
}

loa_quads loa_quad_counts(loa_bitboard bb)
{
    loa_quads q;
    /* The 49 windows inside the board, by their lower-left square (files
     * a..g, ranks 1..7): the four squares of every window at once. */
    const loa_bitboard in = ~(LOA_FILE_H_BB | LOA_RANK_8_BB);
    loa_bitboard sw = bb & in, se = (bb >> 1) & in, nw = (bb >> 8) & in, ne = (bb >> 9) & in;
    loa_bitboard low = sw ^ se, high = nw ^ ne;   /* one of the bottom (top) pair */
    loa_bitboard low2 = sw & se, high2 = nw & ne; /* both of it */
    loa_bitboard odd = low ^ high, pair = low2 | high2;
    loa_bitboard diag = low & high & (sw ^ nw); /* sw + ne or se + nw */
    q.q1 = loa_popcount(odd & ~pair);
    q.q3 = loa_popcount(odd & pair);
    q.q4 = loa_popcount(low2 & high2);
    q.qd = loa_popcount(diag);
    q.q2 = loa_popcount((low & high & ~diag) | (low2 & ~(nw | ne)) | (high2 & ~(sw | se)));
    /* The 32 windows over the edge hold one or two squares of an edge line:
     * never a diagonal pair or three. Rank 1 and rank 8 (9 windows each,
     * the corners' included), file a and file h (7 each). */
    unsigned r1 = (unsigned)(bb & 0xFF), r8 = (unsigned)(bb >> 56);
    unsigned fa = (unsigned)(((bb & LOA_FILE_A_BB) * 0x0102040810204080ULL) >> 56);
    unsigned fh = (unsigned)((((bb >> 7) & LOA_FILE_A_BB) * 0x0102040810204080ULL) >> 56);
    q.q1 += __builtin_popcount(r1 ^ (r1 << 1)) + __builtin_popcount(r8 ^ (r8 << 1)) +
            __builtin_popcount((fa ^ (fa >> 1)) & 0x7Fu) +
            __builtin_popcount((fh ^ (fh >> 1)) & 0x7Fu);
    q.q2 += edge_pairs(r1) + edge_pairs(r8) + edge_pairs(fa) + edge_pairs(fh);
    return q;
}

int loa_euler4(loa_bitboard bb)
{
    loa_quads q = loa_quad_counts(bb);
    return q.q1 - q.q3 - 2 * q.qd;
}

int loa_bounding_area(loa_bitboard bb)
{
    if (!bb)
        return 0;
    loa_bitboard x = bb | bb >> 32;
    x |= x >> 16;
    x |= x >> 8;
    unsigned files = (unsigned)(x & 0xFF);
    int width = 32 - __builtin_clz(files) - __builtin_ctz(files);
    int height = ((63 - __builtin_clzll(bb)) >> 3) - (__builtin_ctzll(bb) >> 3) + 1;
    return width * height;
}

int loa_connections(loa_bitboard bb)
{
    return loa_popcount(bb & (bb >> 1) & ~LOA_FILE_H_BB) + loa_popcount(bb & (bb >> 8)) +
           loa_popcount(bb & (bb >> 9) & ~LOA_FILE_H_BB) +
           loa_popcount(bb & (bb >> 7) & ~LOA_FILE_A_BB);
}

int loa_walls(loa_bitboard own, loa_bitboard opp)
{
    const loa_bitboard sides = ~(LOA_RANK_1_BB | LOA_RANK_8_BB),
                       ends = ~(LOA_FILE_A_BB | LOA_FILE_H_BB);
    /* each opponent checker's inward squares, shifted onto it */
    loa_bitboard shut = (opp & LOA_RANK_1_BB & ends & (own >> 7) & (own >> 8) & (own >> 9)) |
                        (opp & LOA_RANK_8_BB & ends & (own << 7) & (own << 8) & (own << 9)) |
                        (opp & LOA_FILE_A_BB & sides & (own >> 1) & (own >> 9) & (own << 7)) |
                        (opp & LOA_FILE_H_BB & sides & (own << 1) & (own >> 7) & (own << 9)) |
                        (opp & LOA_BIT(0) & (own >> 9)) | (opp & LOA_BIT(7) & (own >> 7)) |
                        (opp & LOA_BIT(56) & (own << 7)) | (opp & LOA_BIT(63) & (own << 9));
    return loa_popcount(shut);
}

int loa_mobility(const loa_board *b, loa_color side, const loa_mobility_weights *w)
{
    loa_board s = *b;
    s.side = side;
    if (!w)
        return loa_count_moves(&s);
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(&s, mv), sum = 0;
    const int weight[4] = {w->quiet, w->capture, w->quiet_edge, w->capture_edge};
    for (int i = 0; i < n; i++)
        sum += weight[((mv[i] & LOA_MOVE_CAPTURE) != 0) | (int)((EDGE_BB >> LOA_MOVE_TO(mv[i])) & 1)
                                                              << 1];
    return sum;
}

/* ---- the incremental form ---------------------------------------------- */

/* Adds (sign 1) or takes back (sign -1) the change of the packed quad
 * counts *q of a set bb when a checker is added on sq (sq empty in bb):
 * only the four windows holding sq change, and loa_quad_deltas has the
 * change by sq's 8 neighbours. The biases of tables_fill.h keep every
 * field from carrying into the next. */
static void quads_toggle(uint64_t *q, loa_bitboard bb, int sq, int sign)
{
    /* the 3x3 block around sq: bits 0..2 the rank below (files f-1..f+1),
     * 8..10 its own rank, 16..18 the rank above; off-board squares 0 */
    loa_bitboard t = sq >= 9 ? bb >> (sq - 9) : bb << (9 - sq);
    if (LOA_FILE(sq) == 0)
        t &= ~0x010101ULL;
    else if (LOA_FILE(sq) == 7)
        t &= ~0x040404ULL;
    unsigned p = (unsigned)((t & 7) | ((t >> 5) & 8) | ((t >> 6) & 16) | ((t >> 11) & 0xE0));
    if (sign > 0)
        *q = *q + loa_quad_deltas[p] - LOA_QUAD_BIASES;
    else
        *q = *q + LOA_QUAD_BIASES - loa_quad_deltas[p];
}

/* Applies move m of b->side (b before it) to *f with sign +1, or takes it
 * back with -1: the same squares change either way, and the changes are
 * computed on b's sets (the mover's without its moving checker). */
static void features_apply(loa_feature_state *f, const loa_board *b, loa_move m, int sign)
{
    if (m == LOA_MOVE_PASS)
        return;
    int us = b->side, them = us ^ 1, from = LOA_MOVE_FROM(m), to = LOA_MOVE_TO(m);
    loa_bitboard own = b->pieces[us] & ~LOA_BIT(from);
    /* the mover: a checker leaves `from` (the change of adding it to the
     * set without it, reversed), then one arrives on `to` */
    quads_toggle(&f->quads[us], own, from, -sign);
    quads_toggle(&f->quads[us], own, to, sign);
    f->com[us].file_sum += sign * (LOA_FILE(to) - LOA_FILE(from));
    f->com[us].rank_sum += sign * (LOA_RANK(to) - LOA_RANK(from));
    if (b->pieces[them] & LOA_BIT(to)) { /* a capture */
        quads_toggle(&f->quads[them], b->pieces[them] & ~LOA_BIT(to), to, -sign);
        f->com[them].count -= sign;
        f->com[them].file_sum -= sign * LOA_FILE(to);
        f->com[them].rank_sum -= sign * LOA_RANK(to);
    }
}

/* The packed form of quad counts (tables_fill.h). */
static uint64_t quads_pack(loa_quads q)
{
    return (uint64_t)q.q1 | (uint64_t)q.q2 << 12 | (uint64_t)q.qd << 24 | (uint64_t)q.q3 << 36 |
           (uint64_t)q.q4 << 48;
}

loa_quads loa_features_quads(const loa_feature_state *f, loa_color c)
{
    uint64_t p = f->quads[c];
    loa_quads q = {(int)(p & 0xFFF), (int)(p >> 12 & 0xFFF), (int)(p >> 24 & 0xFFF),
                   (int)(p >> 36 & 0xFFF), (int)(p >> 48 & 0xFFF)};
    return q;
}

int loa_features_euler4(const loa_feature_state *f, loa_color c)
{
    loa_quads q = loa_features_quads(f, c);
    return q.q1 - q.q3 - 2 * q.qd;
}

void loa_features_init(loa_feature_state *f, const loa_board *b)
{
    for (int c = 0; c < 2; c++) {
        f->com[c] = loa_com_of(b->pieces[c]);
        f->quads[c] = quads_pack(loa_quad_counts(b->pieces[c]));
    }
}

void loa_features_move(loa_feature_state *f, const loa_board *b, loa_move m)
{
    features_apply(f, b, m, 1);
}

void loa_features_unmove(loa_feature_state *f, const loa_board *b, loa_move m)
{
    features_apply(f, b, m, -1);
}

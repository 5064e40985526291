/*
 * perft.c - loa_perft(): counting the positions a few plies away, fast.
 *
 * The count is the same as the plain recursion (generate, play, skip a won
 * child, count the last ply without playing it); what makes it fast:
 *
 * - Incremental line states. A node keeps, for each of the 46 lines and for
 *   each colour, the line's index into loa_line_moves (tables.h) with that
 *   colour's checkers as "own": a base-3 number, own digit 1, opponent digit
 *   2, plus the block offset of the line's length. A move changes only the
 *   (at most eight) lines through its two squares, by adding and removing
 *   powers of 3, so the move set or the move count of any line is one
 *   lookup, with no pattern to gather from the bitboards.
 * - The last two plies are counted without playing the children. A move
 *   a->b changes, in the opponent's view, the line it runs along (a and b
 *   together), the other three lines through a (the same for every move of
 *   that checker: computed once) and the other three through b. The child's
 *   move count is the node's total plus those differences.
 * - Won children are found without a flood fill in almost every case. The
 *   mover's groups (8-connected components) are found once per node; after
 *   a->b the mover is one group only if every group, a removed, touches a
 *   king step of b, and the first group that does not ends the test. Only
 *   when all touch is the exact flood fill run. A capture can connect the
 *   opponent only if it had exactly two groups and b was one of them alone:
 *   a bit test.
 */
#include "loa/movegen.h"
#include "tables.h"

/* Lines: rows 0..7 (rank), columns 8..15 (file), anti-diagonals 16..30
 * (file + rank), diagonals 31..45 (file - rank + 7). The family of a line,
 * 0..3 in that order, is also the index of the line among a square's four. */
#define PERFT_LINES 46

/* The board's geometry in the terms of the line states, computed once per
 * loa_perft() call (a few microseconds): a local value, so perft keeps the
 * SDK free of global state. */
typedef struct perft_geo {
    uint8_t line[64][4];         /* the four lines through a square, by family */
    uint8_t cell[64][4];         /* the square's cell index on that line */
    uint16_t pw[64][4];          /* 3^cell */
    uint8_t first[PERFT_LINES];  /* the square of cell 0 */
    int8_t step[PERFT_LINES];    /* square difference between cells i and i+1 */
    uint8_t family[PERFT_LINES]; /* 0 row, 1 column, 2 anti-diagonal, 3 diagonal */
    loa_bitboard mask[PERFT_LINES];
    loa_bitboard king[64]; /* the (up to 8) squares one king step away */
} perft_geo;

/* A position as perft walks it: the checkers, the side to move, and the
 * line states of both colours (st[c][l]: line l with c's checkers as own). */
typedef struct perft_node {
    loa_bitboard pieces[2];
    int side;
    uint16_t st[2][PERFT_LINES];
} perft_node;

/* One move with its line: from a (cell i) to b (cell t) along line l. */
typedef struct perft_move {
    uint8_t a, b, l, i, t;
} perft_move;

static const uint16_t pow3[8] = {1, 3, 9, 27, 81, 243, 729, 2187};

static void geo_line(perft_geo *g, int l, int family, int first, int step, int len)
{
    g->first[l] = (uint8_t)first;
    g->step[l] = (int8_t)step;
    g->family[l] = (uint8_t)family;
    g->mask[l] = 0;
    for (int i = 0; i < len; i++) {
        int sq = first + i * step;
        g->mask[l] |= LOA_BIT(sq);
        g->line[sq][family] = (uint8_t)l;
        g->cell[sq][family] = (uint8_t)i;
        g->pw[sq][family] = pow3[i];
    }
}

static void geo_init(perft_geo *g)
{
    for (int r = 0; r < 8; r++)
        geo_line(g, r, 0, LOA_SQUARE(0, r), 1, 8);
    for (int f = 0; f < 8; f++)
        geo_line(g, 8 + f, 1, LOA_SQUARE(f, 0), 8, 8);
    /* anti-diagonal file + rank == s, cells by increasing file */
    for (int s = 0; s < 15; s++) {
        int f0 = s < 8 ? 0 : s - 7;
        geo_line(g, 16 + s, 2, LOA_SQUARE(f0, s - f0), -7, s < 8 ? s + 1 : 15 - s);
    }
    /* diagonal file - rank == d, cells by increasing file */
    for (int d = -7; d <= 7; d++) {
        int f0 = d > 0 ? d : 0;
        geo_line(g, 38 + d, 3, LOA_SQUARE(f0, f0 - d), 9, 8 - (d < 0 ? -d : d));
    }
    for (int sq = 0; sq < 64; sq++)
        g->king[sq] = loa_dilate(LOA_BIT(sq)) & ~LOA_BIT(sq);
}

/* The line states of b from scratch. */
static void node_init(const perft_geo *g, const loa_board *b, perft_node *n)
{
    n->pieces[0] = b->pieces[0];
    n->pieces[1] = b->pieces[1];
    n->side = b->side;
    for (int l = 0; l < PERFT_LINES; l++) {
        int len = loa_popcount(g->mask[l]);
        n->st[0][l] = n->st[1][l] = loa_line_offset[len];
    }
    for (int c = 0; c < 2; c++)
        for (loa_bitboard p = b->pieces[c]; p;) {
            int sq = loa_pop_lsb(&p);
            for (int k = 0; k < 4; k++) {
                n->st[c][g->line[sq][k]] += g->pw[sq][k];
                n->st[c ^ 1][g->line[sq][k]] += (uint16_t)(2 * g->pw[sq][k]);
            }
        }
}

/* Move entry (loa_line_moves: own checkers that can move toward a lower
 * cell in the low byte, toward a higher one in the high byte) and move
 * count of a line state. */
static inline unsigned entry(unsigned st) { return loa_line_moves[st]; }
static inline int count(unsigned st) { return __builtin_popcount(loa_line_moves[st]); }

/* The moves of the side to move into mv; returns how many. A side with more
 * than LOA_MAX_CHECKERS (no LOA position) gets none, as in
 * loa_generate_moves(), so mv is never overrun. */
static int node_moves(const perft_geo *g, const perft_node *n, perft_move *mv)
{
    const uint16_t *st = n->st[n->side];
    loa_bitboard occ = n->pieces[0] | n->pieces[1];
    int k = 0;
    if (loa_popcount(n->pieces[n->side]) > LOA_MAX_CHECKERS)
        return 0;
    for (int l = 0; l < PERFT_LINES; l++) {
        unsigned e = entry(st[l]);
        if (!e)
            continue;
        int dist = loa_popcount(occ & g->mask[l]), first = g->first[l], step = g->step[l];
        for (unsigned lo = e & 0xFFu; lo; lo &= lo - 1) {
            int i = __builtin_ctz(lo);
            mv[k++] = (perft_move){(uint8_t)(first + i * step), (uint8_t)(first + (i - dist) * step),
                                   (uint8_t)l, (uint8_t)i, (uint8_t)(i - dist)};
        }
        for (unsigned hi = e >> 8; hi; hi &= hi - 1) {
            int i = __builtin_ctz(hi);
            mv[k++] = (perft_move){(uint8_t)(first + i * step), (uint8_t)(first + (i + dist) * step),
                                   (uint8_t)l, (uint8_t)i, (uint8_t)(i + dist)};
        }
    }
    return k;
}

/* Number of moves of the side to move. */
static int node_count(const perft_node *n)
{
    const uint16_t *st = n->st[n->side];
    int total = 0;
    for (int l = 0; l < PERFT_LINES; l++)
        total += count(st[l]);
    return total;
}

/* c = n after the move m of the side to move. */
static void node_play(const perft_geo *g, const perft_node *n, const perft_move *m, perft_node *c)
{
    int s = n->side, o = s ^ 1, a = m->a, b = m->b;
    int cap = (int)(n->pieces[o] >> b & 1);
    *c = *n;
    c->pieces[s] ^= LOA_BIT(a) | LOA_BIT(b);
    c->pieces[o] &= ~LOA_BIT(b);
    c->side = o;
    for (int k = 0; k < 4; k++) {
        unsigned la = g->line[a][k], lb = g->line[b][k], pa = g->pw[a][k], pb = g->pw[b][k];
        c->st[s][la] = (uint16_t)(c->st[s][la] - pa);
        c->st[o][la] = (uint16_t)(c->st[o][la] - 2 * pa);
        /* b: the mover's checker arrives (own 1 / opponent 2), a captured
         * one leaves (opponent 2 / own 1) */
        c->st[s][lb] = (uint16_t)(c->st[s][lb] + pb - 2 * pb * (unsigned)cap);
        c->st[o][lb] = (uint16_t)(c->st[o][lb] + 2 * pb - pb * (unsigned)cap);
    }
}

/* The 8-connected groups of p into groups (at most 12 for a LOA side;
 * more checkers are cut off at max); returns how many. */
static int groups_of(loa_bitboard p, loa_bitboard *groups, int max)
{
    int k = 0;
    while (p && k < max) {
        loa_bitboard grp = p & (0 - p), next;
        while ((next = loa_dilate(grp) & p) != grp)
            grp = next;
        groups[k++] = grp;
        p &= ~grp;
    }
    return k;
}

/* Family steps: the square difference between consecutive cells. */
static const int8_t family_step[4] = {1, 8, -7, 9};

/* The last two plies below n (ongoing):
 * each child's move count without playing it (see the top of the file).
 *
 * Why the moves are not listed first: iterating each line's move bits ends
 * two loops per line, each end a mispredicted branch, and that cost more
 * than the counting. Here the moves of every checker become bits of one
 * 96-bit set (checker j, direction d: bit 8j + d), built without a
 * branch, and a single loop walks it. */
static uint64_t perft_last_two(const perft_geo *g, const perft_node *n)
{
    int s = n->side, o = s ^ 1;
    const uint16_t *ust = n->st[s], *ost = n->st[o];
    loa_bitboard us = n->pieces[s], them = n->pieces[o], occ = us | them;

    /* the opponent's move count per line and in all */
    uint8_t cnt[PERFT_LINES];
    int total = 0;
    for (int l = 0; l < PERFT_LINES; l++)
        total += cnt[l] = (uint8_t)count(ost[l]);

    /* per checker j: its square, the directions it can move in (bit 2f:
     * toward the lower cell of its family-f line, bit 2f + 1: toward the
     * higher), and what its leaving changes on each of its four lines */
    uint8_t sq[LOA_MAX_CHECKERS];
    int8_t gone[LOA_MAX_CHECKERS][4];
    int gone_all[LOA_MAX_CHECKERS];
    uint64_t dirs[2] = {0, 0};
    int nj = 0;
    for (loa_bitboard p = us; p && nj < LOA_MAX_CHECKERS; nj++) {
        int a = loa_pop_lsb(&p), sum = 0;
        uint64_t dm = 0;
        for (int f = 0; f < 4; f++) {
            int l = g->line[a][f], i = g->cell[a][f];
            unsigned e = entry(ust[l]);
            dm |= (uint64_t)((e >> i & 1u) | (e >> (7 + i) & 2u)) << (2 * f);
            sum += gone[nj][f] = (int8_t)(count(ost[l] - 2u * g->pw[a][f]) - cnt[l]);
        }
        sq[nj] = (uint8_t)a;
        gone_all[nj] = sum;
        dirs[nj >> 3] |= dm << (8 * (nj & 7));
    }

    if (!(dirs[0] | dirs[1]))
        return total ? (uint64_t)total : 1; /* we pass; then the opponent's moves */

    /* our groups (at least two: n is ongoing); the opponent's squares
     * whose capture leaves it one group */
    loa_bitboard grp[LOA_MAX_CHECKERS];
    int ng = groups_of(us, grp, LOA_MAX_CHECKERS);
    loa_bitboard og[2], lone = 0;
    if (groups_of(them, og, 2) == 2 && !(them & ~(og[0] | og[1])))
        lone = (og[0] & (og[0] - 1) ? 0 : og[0]) | (og[1] & (og[1] - 1) ? 0 : og[1]);

    uint64_t leaves = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = dirs[w]; bits; bits &= bits - 1) {
            int bit = __builtin_ctzll(bits), j = 8 * w + (bit >> 3), d = bit & 7, f = d >> 1;
            int a = sq[j], l = g->line[a][f];
            int dist = loa_popcount(occ & g->mask[l]);
            int b = a + (d & 1 ? dist : -dist) * family_step[f];
            unsigned cap = (unsigned)(them >> b & 1);
            if (lone >> b & 1)
                continue; /* the capture connects the opponent: won, a leaf */
            /* is the mover one group now? each group, a removed, must
             * touch b */
            loa_bitboard near = g->king[b], rest = us & ~LOA_BIT(a);
            int touches = 1;
            for (int q = 0; q < ng && touches; q++) {
                loa_bitboard x = grp[q] & rest;
                touches = !x || (x & near);
            }
            if (touches && loa_connected(rest | LOA_BIT(b)))
                continue; /* won, a leaf */
            /* the opponent's moves in the child: a's other lines, the
             * line of the move, b's other lines */
            int c = total + gone_all[j] - gone[j][f];
            c += count(ost[l] - 2u * g->pw[a][f] + (2u - cap) * g->pw[b][f]) - cnt[l];
            for (int h = 0; h < 4; h++) {
                if (h == f)
                    continue;
                int lb = g->line[b][h];
                c += count(ost[lb] + (2u - cap) * g->pw[b][h]) - cnt[lb];
            }
            leaves += c ? (uint64_t)c : 1; /* no move: the single pass */
        }
    return leaves;
}

/* n is ongoing (neither side is one group); depth >= 1. */
static uint64_t perft_rec(const perft_geo *g, const perft_node *n, int depth)
{
    if (depth == 1) {
        int c = node_count(n);
        return c ? (uint64_t)c : 1; /* no move: the single pass */
    }
    if (depth == 2)
        return perft_last_two(g, n);
    perft_move mv[LOA_MAX_MOVES];
    int k = node_moves(g, n, mv);
    if (k == 0) {
        /* the pass changes no checker: the child is ongoing too */
        perft_node c = *n;
        c.side ^= 1;
        return perft_rec(g, &c, depth - 1);
    }
    uint64_t leaves = 0;
    for (int j = 0; j < k; j++) {
        perft_node c;
        node_play(g, n, &mv[j], &c);
        int s = n->side;
        if (loa_connected(c.pieces[s]) ||
            ((n->pieces[s ^ 1] >> mv[j].b & 1) && loa_connected(c.pieces[s ^ 1])))
            continue; /* won, a leaf */
        leaves += perft_rec(g, &c, depth - 1);
    }
    return leaves;
}

uint64_t loa_perft(const loa_board *b, int depth)
{
    if (depth <= 0)
        return 1;
    if (loa_board_status(b, 0) != LOA_ONGOING)
        return 0; /* a won root is a leaf: nothing below it */
    perft_geo g;
    perft_node n;
    geo_init(&g);
    node_init(&g, b, &n);
    return perft_rec(&g, &n, depth);
}

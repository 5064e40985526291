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
 *   move count is the node's total plus those differences. Each difference
 *   on a line of a alone or b alone is one byte read: loa_line_deltas
 *   (tables.h) gives, per line state, the count's change when any one cell
 *   changes hands, and the node copies the rows of its 46 lines once. The
 *   line of the move takes one count lookup.
 * - Moves are emitted without a branch per line or direction (both
 *   candidate moves written, kept by advancing the count): which lines hold
 *   moves is data no branch predictor learns.
 * - Won children are found without a flood fill in almost every case. After
 *   a->b the mover is one group only if b is next to every group (8-connected
 *   component) but a's: one bit of a mask made once per checker from the
 *   groups (others_of()), and only then is the exact flood fill run. The
 *   masks of a side depend on its checkers alone, so a node hands the
 *   opponent's to each child that captures nothing: the nodes of the last
 *   two plies mostly find no group at all. A capture can connect the
 *   opponent only if it had exactly two groups, one of them a lone checker
 *   (lone_of()): found without a flood fill unless exactly one checker is
 *   isolated.
 *
 * Nothing here is global: the geometry is computed per loa_perft() call
 * (a few microseconds, about 8 KB of stack) and each node is a local
 * value (with its frame, under 2 KB a ply), so concurrent calls are safe.
 */
#include <string.h>

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
    /* by 4 sq + family (a move's "af": its from-square and family) */
    uint8_t line[256]; /* the four lines through a square */
    uint8_t cell[256]; /* the square's cell index on that line */
    uint16_t pw[256];  /* 3^cell */
    uint16_t pw2[256]; /* 2 3^cell: an opponent digit */
    /* 8 line + cell by family, the four twice: the three families but f
     * are ci[sq][f + 1..3], without a wrap */
    uint16_t ci[64][8];
    int8_t step[PERFT_LINES]; /* square difference between cells i and i+1 */
    loa_bitboard mask[PERFT_LINES];
    /* target[4 a + f][d]: the squares d cells from a along its family-f
     * line (d = 0..8 checkers on it), toward the lower cell [0] and the
     * higher [1]; an off-board target is a (never used: no move goes there) */
    uint8_t target[256][9][2];
} perft_geo;

/* A position as perft walks it: the checkers, the side to move, the line
 * states of both colours (st[c][l]: line l with c's checkers as own), and
 * kept with them each colour's move count per line and in all, so that no
 * node counts all 46 lines again. */
typedef struct perft_node {
    loa_bitboard pieces[2];
    int side;
    int total[2];
    uint16_t st[2][PERFT_LINES];
    uint8_t cnt[2][PERFT_LINES];
    uint8_t on[PERFT_LINES]; /* checkers on the line: the distance of its moves */
} perft_node;

static const uint16_t pow3[8] = {1, 3, 9, 27, 81, 243, 729, 2187};

static void geo_line(perft_geo *g, int l, int family, int first, int step, int len)
{
    g->step[l] = (int8_t)step;
    g->mask[l] = 0;
    for (int i = 0; i < len; i++) {
        int sq = first + i * step;
        g->mask[l] |= LOA_BIT(sq);
        g->line[4 * sq + family] = (uint8_t)l;
        g->cell[4 * sq + family] = (uint8_t)i;
        g->pw[4 * sq + family] = pow3[i];
        g->pw2[4 * sq + family] = (uint16_t)(2 * pow3[i]);
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
        for (int f = 0; f < 4; f++) {
            int l = g->line[4 * sq + f], i = g->cell[4 * sq + f], len = loa_popcount(g->mask[l]);
            g->ci[sq][f] = g->ci[sq][f + 4] = (uint16_t)(8 * l + i);
            for (int d = 0; d <= 8; d++) {
                g->target[4 * sq + f][d][0] = (uint8_t)(i - d >= 0 ? sq - d * g->step[l] : sq);
                g->target[4 * sq + f][d][1] = (uint8_t)(i + d < len ? sq + d * g->step[l] : sq);
            }
        }
}

/* Move entry (loa_line_moves: own checkers that can move toward a lower
 * cell in the low byte, toward a higher one in the high byte) and move
 * count of a line state. */
static inline unsigned entry(unsigned st)
{
    return loa_line_moves[st];
}
static inline int count(unsigned st)
{
    return loa_line_counts[st];
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
                n->st[c][g->line[4 * sq + k]] += g->pw[4 * sq + k];
                n->st[c ^ 1][g->line[4 * sq + k]] += (uint16_t)(2 * g->pw[4 * sq + k]);
            }
        }
    for (int l = 0; l < PERFT_LINES; l++)
        n->on[l] = (uint8_t)loa_popcount((b->pieces[0] | b->pieces[1]) & g->mask[l]);
    for (int c = 0; c < 2; c++) {
        n->total[c] = 0;
        for (int l = 0; l < PERFT_LINES; l++)
            n->total[c] += n->cnt[c][l] = (uint8_t)count(n->st[c][l]);
    }
}

/* Appends the moves of the checker on a along its family-f line to
 * mv[k..] as b | tag << 8; returns the new k. Why without a branch: which
 * lines and directions hold moves is data no predictor learns, and a
 * mispredicted loop end per line cost more than the counting. So both
 * moves are written, legal or not, and kept only by advancing k. The i-th
 * write is at index <= i, so LOA_MAX_MOVES entries suffice for
 * LOA_MAX_CHECKERS checkers. */
static inline int emit_family(const perft_geo *g, const perft_node *n, const uint16_t *ust, int a,
                              int f, unsigned tag, uint16_t *mv, int k)
{
    int l = g->line[4 * a + f], i = g->cell[4 * a + f];
    const uint8_t *t = g->target[4 * a + f][n->on[l]];
    unsigned e = entry(ust[l]);
    mv[k] = (uint16_t)(t[0] | tag << 8);
    k += (int)(e >> i & 1u);
    mv[k] = (uint16_t)(t[1] | tag << 8);
    return k + (int)(e >> (8 + i) & 1u);
}

/* The moves of the side to move into mv (a | b << 8); returns how many. A
 * side with more than LOA_MAX_CHECKERS (no LOA position) gets none, as in
 * loa_generate_moves(), so mv is never overrun. */
static int node_moves(const perft_geo *g, const perft_node *n, uint16_t *mv)
{
    loa_bitboard us = n->pieces[n->side];
    int k = 0;
    if (loa_popcount(us) > LOA_MAX_CHECKERS)
        return 0;
    while (us) {
        int a = loa_pop_lsb(&us);
        for (int f = 0; f < 4; f++)
            k = emit_family(g, n, n->st[n->side], a, f, (unsigned)a, mv, k);
    }
    for (int j = 0; j < k; j++) /* b | a << 8 -> a | b << 8 */
        mv[j] = (uint16_t)(mv[j] >> 8 | mv[j] << 8);
    return k;
}

/* c = n after the move m of the side to move. */
static void node_play(const perft_geo *g, const perft_node *n, int a, int b, perft_node *c)
{
    int s = n->side, o = s ^ 1;
    int cap = (int)(n->pieces[o] >> b & 1);
    *c = *n;
    c->pieces[s] ^= LOA_BIT(a) | LOA_BIT(b);
    c->pieces[o] &= ~LOA_BIT(b);
    c->side = o;
    for (int k = 0; k < 4; k++) {
        unsigned la = g->line[4 * a + k], lb = g->line[4 * b + k];
        unsigned pa = g->pw[4 * a + k], pb = g->pw[4 * b + k];
        c->st[s][la] = (uint16_t)(c->st[s][la] - pa);
        c->st[o][la] = (uint16_t)(c->st[o][la] - 2 * pa);
        /* b: the mover's checker arrives (own 1 / opponent 2), a captured
         * one leaves (opponent 2 / own 1) */
        c->st[s][lb] = (uint16_t)(c->st[s][lb] + pb - 2 * pb * (unsigned)cap);
        c->st[o][lb] = (uint16_t)(c->st[o][lb] + 2 * pb - pb * (unsigned)cap);
        c->on[la]--;
        c->on[lb] = (uint8_t)(c->on[lb] + 1 - cap);
    }
    /* the counts of the changed lines (a line met twice changes once) */
    for (int k = 0; k < 8; k++) {
        unsigned l = k < 4 ? g->line[4 * a + k] : g->line[4 * b + k - 4];
        for (int col = 0; col < 2; col++) {
            int now = count(c->st[col][l]);
            c->total[col] += now - c->cnt[col][l];
            c->cnt[col][l] = (uint8_t)now;
        }
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

/* For each checker a of p (at least two groups, at most LOA_MAX_CHECKERS
 * checkers), others[a]: the squares next to every group of p but a's. After
 * a->b, p is one group only if b is in others[a] (every other group is
 * intact and must touch b), so a destination outside it is decided by one
 * bit and only one inside needs the flood fill. Set for p's squares only. */
static void others_of(loa_bitboard p, loa_bitboard *others)
{
    loa_bitboard grp[LOA_MAX_CHECKERS], excl[LOA_MAX_CHECKERS], acc = ~(loa_bitboard)0;
    int ng = groups_of(p, grp, LOA_MAX_CHECKERS);
    /* the AND of the others' reaches: prefix, then suffix */
    for (int q = 0; q < ng; q++) {
        excl[q] = acc;
        acc &= loa_dilate(grp[q]);
    }
    acc = ~(loa_bitboard)0;
    for (int q = ng - 1; q >= 0; q--) {
        excl[q] &= acc;
        acc &= loa_dilate(grp[q]);
    }
    for (int q = 0; q < ng; q++)
        for (loa_bitboard m = grp[q]; m;)
            others[loa_pop_lsb(&m)] = excl[q];
}

/* The checkers of p with no neighbour in p: each a group of its own. */
static inline loa_bitboard isolated_of(loa_bitboard p)
{
    loa_bitboard h = ((p << 1) & ~LOA_FILE_A_BB) | ((p >> 1) & ~LOA_FILE_H_BB);
    return p & ~(h | (p | h) << 8 | (p | h) >> 8);
}

/* The checkers of p (not one group; iso its isolated_of()) whose capture
 * leaves p one group: with exactly two groups, one that is a lone checker.
 * Two isolated checkers are the two groups only if they are all of p, and
 * three mean three groups; so one flood fill at most. */
static loa_bitboard lone_of(loa_bitboard p, loa_bitboard iso)
{
    loa_bitboard rest = iso & (iso - 1);
    if (rest)
        return p == iso && !(rest & (rest - 1)) ? p : 0;
    return iso && loa_connected(p & ~iso) ? iso : 0;
}

/* The last two plies below n (ongoing): each child's move count without
 * playing it (see the top of the file). others: our others_of(), or NULL.
 *
 * A move a->b along its family-f line L changes the opponent's count on
 * a's other three lines (a checker leaves: the same for every move of a,
 * so summed once per checker), on b's other three (a checker arrives) and
 * on L (both at once). The first two are one byte each of dl: the
 * loa_line_deltas row of each of the opponent's line states, copied once
 * per node (46 copies, against the 200 or so reads). L alone needs a count
 * lookup.
 *
 * The moves are listed first (emit_family(), tagged af = 4 a + f) and
 * then walked by one loop, and everything that depends on the move's line
 * is read per move, not per checker and line: there are 48 of those and
 * about 36 moves. */
static uint64_t perft_last_two(const perft_geo *g, const perft_node *n, const loa_bitboard *others)
{
    int s = n->side, o = s ^ 1;
    const uint16_t *ust = n->st[s], *ost = n->st[o];
    loa_bitboard us = n->pieces[s], them = n->pieces[o];
    const uint8_t *cnt = n->cnt[o];
    int total = n->total[o];

    /* dl.d[8 l + i]: the change of the opponent's count on line l when
     * one of our checkers leaves cell i or arrives there */
    union {
        uint64_t v[PERFT_LINES];
        int8_t d[8 * PERFT_LINES];
    } dl;
    for (int l = 0; l < PERFT_LINES; l++)
        memcpy(&dl.v[l], loa_line_deltas[ost[l]], sizeof dl.v[l]);

    /* gone[a]: the opponent's count after checker a left its four lines
     * (set for our checkers only) */
    int gone[64];
    uint16_t mv[LOA_MAX_MOVES];
    int k = 0;
    if (loa_popcount(us) > LOA_MAX_CHECKERS)
        us = 0; /* no LOA position: no move, as in loa_generate_moves() */
    for (loa_bitboard p = us; p;) {
        int a = loa_pop_lsb(&p);
        const uint16_t *ci = g->ci[a];
        gone[a] = total + dl.d[ci[0]] + dl.d[ci[1]] + dl.d[ci[2]] + dl.d[ci[3]];
        for (int f = 0; f < 4; f++)
            k = emit_family(g, n, ust, a, f, (unsigned)(4 * a + f), mv, k);
    }

    if (k == 0)
        return total ? (uint64_t)total : 1; /* we pass; then the opponent's moves */

    /* Our groups (at least two: n is ongoing), unless the parent gave them:
     * see others_of(). */
    loa_bitboard own[64];
    if (!others) {
        others_of(us, own);
        others = own;
    }
    /* The opponent's checkers whose capture leaves it one group. */
    loa_bitboard lone = lone_of(them, isolated_of(them));

    uint64_t leaves = 0;
    for (int x = 0; x < k; x++) {
        int af = mv[x] >> 8, a = af >> 2, f = af & 3, l = g->line[af], b = mv[x] & 0xFF;
        if ((lone >> b & 1) ||
            ((others[a] >> b & 1) && loa_connected((us & ~LOA_BIT(a)) | LOA_BIT(b))))
            continue; /* a capture connects the opponent, or we are one group: won */
        /* a's four lines but L, L counted whole (without a, with our
         * checker on b: opponent digit 2, + 2 3^cell on an empty cell,
         * + 3^cell on a captured checker), b's other three (ci[f + 1..3]) */
        unsigned st = ost[l] - g->pw2[af] + (g->pw2[4 * b + f] >> (them >> b & 1));
        const uint16_t *ca = &g->ci[a][f], *cb = &g->ci[b][f];
        int c =
            gone[a] - dl.d[ca[0]] - cnt[l] + count(st) + dl.d[cb[1]] + dl.d[cb[2]] + dl.d[cb[3]];
        leaves += c ? (uint64_t)c : 1; /* no move: the single pass */
    }
    return leaves;
}

/* n is ongoing (neither side is one group); depth >= 1. others: the side
 * to move's others_of(), or NULL. */
static uint64_t perft_rec(const perft_geo *g, const perft_node *n, int depth,
                          const loa_bitboard *others)
{
    if (depth == 1) {
        int c = n->total[n->side];
        return c ? (uint64_t)c : 1; /* no move: the single pass */
    }
    if (depth == 2)
        return perft_last_two(g, n, others);
    uint16_t mv[LOA_MAX_MOVES];
    int k = node_moves(g, n, mv);
    if (k == 0) {
        /* the pass changes no checker: the child is ongoing too */
        perft_node c = *n;
        c.side ^= 1;
        return perft_rec(g, &c, depth - 1, NULL);
    }
    int s = n->side;
    loa_bitboard us = n->pieces[s], them = n->pieces[s ^ 1];
    /* The won tests of the children: ours by others_of() (one group after
     * a->b), theirs by lone_of(). The opponent's others_of() too, for the
     * children that capture nothing (they leave its checkers as they are). */
    loa_bitboard own[64], opp[64];
    if (!others) {
        others_of(us, own);
        others = own;
    }
    loa_bitboard lone = lone_of(them, isolated_of(them));
    int opp_ok = loa_popcount(them) <= LOA_MAX_CHECKERS;
    if (opp_ok)
        others_of(them, opp);
    uint64_t leaves = 0;
    for (int j = 0; j < k; j++) {
        perft_node c;
        int a = mv[j] & 0xFF, b = mv[j] >> 8;
        if ((lone >> b & 1) ||
            ((others[a] >> b & 1) && loa_connected((us & ~LOA_BIT(a)) | LOA_BIT(b))))
            continue; /* won, a leaf */
        node_play(g, n, a, b, &c);
        int cap = (int)(them >> b & 1);
        leaves += perft_rec(g, &c, depth - 1, opp_ok && !cap ? opp : NULL);
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
    return perft_rec(&g, &n, depth, NULL);
}

/*
 * check_features: every call of loa/features.h against a plain
 * implementation of its definition (loops over squares, checkers and the
 * 81 windows, written here without the SDK's bitboard tricks) over many
 * random positions, hand-counted values, the Euler number against groups
 * minus holes, and the incremental form against recomputation along
 * random games.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"
#include "loa/features.h"
#include "loa/playout.h"

#include "check_main.h"

/* Check's assertions write to a pipe even when they pass (fork mode):
 * millions of comparisons go through this instead, which asserts only a
 * difference. */
#define SAME(got, want)                                                                        \
    do {                                                                                       \
        long long got_ = (got), want_ = (want);                                                \
        if (got_ != want_)                                                                     \
            ck_abort_msg("%s = %lld, expected %lld (%s)", #got, got_, want_, #want);          \
    } while (0)

/* ---- plain reference implementations ---------------------------------- */

static int bit(loa_bitboard bb, int file, int rank)
{
    if (file < 0 || file > 7 || rank < 0 || rank > 7)
        return 0;
    return (int)(bb >> LOA_SQUARE(file, rank) & 1);
}

static int cheb(int f1, int r1, int f2, int r2)
{
    int df = abs(f1 - f2), dr = abs(r1 - r2);
    return df > dr ? df : dr;
}

static loa_com ref_com(loa_bitboard bb)
{
    loa_com c = {0, 0, 0};
    for (int sq = 0; sq < 64; sq++)
        if (bb >> sq & 1)
            c.count++, c.file_sum += sq % 8, c.rank_sum += sq / 8;
    return c;
}

static int ref_distance_sum(loa_bitboard bb, int sq)
{
    int sum = 0;
    for (int s = 0; s < 64; s++)
        if (bb >> s & 1)
            sum += cheb(s % 8, s / 8, sq % 8, sq / 8);
    return sum;
}

/* The n smallest distances of the 64 squares to d4, summed: d4 has full
 * rings up to distance 3 on the board (49 squares). */
static int ref_distance_min(int n)
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

static loa_quads ref_quads(loa_bitboard bb)
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
static void fill(int g[10][10], int f, int r, int value, int mark, int eight)
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
static int ref_euler(loa_bitboard bb)
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

static int ref_area(loa_bitboard bb)
{
    int fmin = 8, fmax = -1, rmin = 8, rmax = -1;
    for (int s = 0; s < 64; s++)
        if (bb >> s & 1) {
            fmin = s % 8 < fmin ? s % 8 : fmin, fmax = s % 8 > fmax ? s % 8 : fmax;
            rmin = s / 8 < rmin ? s / 8 : rmin, rmax = s / 8 > rmax ? s / 8 : rmax;
        }
    return fmax < 0 ? 0 : (fmax - fmin + 1) * (rmax - rmin + 1);
}

static int ref_connections(loa_bitboard bb)
{
    int n = 0;
    for (int a = 0; a < 64; a++)
        for (int b = a + 1; b < 64; b++)
            n += (bb >> a & 1) && (bb >> b & 1) && cheb(a % 8, a / 8, b % 8, b / 8) == 1;
    return n;
}

/* The squares one step off the edge from edge square s: the three on the
 * next rank or file, or the diagonal one of a corner; -1 fills. */
static void inward(int s, int out[3])
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
            int away = (r == 0 ? dr == 1 : r == 7 ? dr == -1 : 1) &&
                       (f == 0 ? df == 1 : f == 7 ? df == -1 : 1);
            int onto_next = corner ? away : ((r == 0 && dr == 1) || (r == 7 && dr == -1) ||
                                             (f == 0 && df == 1) || (f == 7 && df == -1));
            if (onto_next)
                out[n++] = LOA_SQUARE(tf, tr);
        }
}

static int ref_walls(loa_bitboard own, loa_bitboard opp)
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

static int ref_mobility(const loa_board *b, loa_color side, const loa_mobility_weights *w)
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
static loa_bitboard random_set(loa_rng *r, int k, loa_bitboard taken)
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
static loa_board random_position(loa_rng *r, int i)
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

/* ---- tests ------------------------------------------------------------ */

START_TEST(centre_of_mass_and_concentration_match_plain_loops)
{
    loa_rng r;
    loa_rng_seed(&r, 1);
    for (int i = 0; i < POSITIONS; i++) {
        loa_board b = random_position(&r, i);
        for (int c = 0; c < 2; c++) {
            loa_bitboard bb = b.pieces[c];
            loa_com got = loa_com_of(bb), want = ref_com(bb);
            SAME(got.count, want.count);
            SAME(got.file_sum, want.file_sum);
            SAME(got.rank_sum, want.rank_sum);
            int n = want.count, sq = loa_com_square(got);
            /* the nearest square, halves rounded up */
            SAME(LOA_FILE(sq), (2 * want.file_sum + n) / (2 * n));
            SAME(LOA_RANK(sq), (2 * want.rank_sum + n) / (2 * n));
            int target = (int)loa_rng_below(&r, 64);
            SAME(loa_distance_sum(bb, target), ref_distance_sum(bb, target));
            SAME(loa_concentration(bb), ref_distance_sum(bb, sq) - ref_distance_min(n));
            if (loa_concentration(bb) < 0)
                ck_abort_msg("negative concentration");
        }
    }
    loa_com none = {0, 0, 0};
    SAME(loa_com_square(none), -1);
    SAME(loa_concentration(0), 0);
    for (int n = 0; n <= 49; n++)
        SAME(loa_distance_min(n), ref_distance_min(n));
    /* loa-ab's table of old, for n = 0..12 */
    static const int known[13] = {0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14};
    for (int n = 0; n <= 12; n++)
        SAME(loa_distance_min(n), known[n]);
    for (int a = 0; a < 64; a++)
        for (int b2 = 0; b2 < 64; b2++)
            SAME(loa_distance(a, b2), cheb(a % 8, a / 8, b2 % 8, b2 / 8));
}
END_TEST

START_TEST(centralisation_and_centre_distance_match_plain_loops)
{
    int table[64];
    loa_rng r;
    loa_rng_seed(&r, 2);
    for (int s = 0; s < 64; s++)
        table[s] = (int)loa_rng_below(&r, 201) - 100;
    for (int i = 0; i < POSITIONS; i++) {
        loa_bitboard bb = random_position(&r, i).pieces[i & 1];
        int want = 0, want_own = 0;
        for (int s = 0; s < 64; s++)
            if (bb >> s & 1)
                want += loa_centre_table[s], want_own += table[s];
        SAME(loa_centralisation(bb, NULL), want);
        SAME(loa_centralisation(bb, loa_centre_table), want);
        SAME(loa_centralisation(bb, table), want_own);
    }
    for (int s = 0; s < 64; s++) {
        int best = 8;
        for (int f = 3; f <= 4; f++)
            for (int rk = 3; rk <= 4; rk++)
                best = cheb(s % 8, s / 8, f, rk) < best ? cheb(s % 8, s / 8, f, rk) : best;
        SAME(loa_centre_distance(s), best);
        /* the default table is symmetric under the board's symmetries */
        int f = s % 8, rk = s / 8;
        SAME(loa_centre_table[s], loa_centre_table[LOA_SQUARE(7 - f, rk)]);
        SAME(loa_centre_table[s], loa_centre_table[LOA_SQUARE(f, 7 - rk)]);
        SAME(loa_centre_table[s], loa_centre_table[LOA_SQUARE(rk, f)]);
    }
    SAME(loa_centre_table[0], -80);
    SAME(loa_centre_table[LOA_SQUARE(3, 3)], 50);
}
END_TEST

static void check_quads(const char *list, int q1, int q2, int qd, int q3, int q4)
{
    loa_bitboard bb = 0;
    for (const char *p = list; *p; p += p[2] ? 3 : 2) {
        bb |= LOA_BIT(loa_square_parse(p));
        if (!p[2])
            break;
    }
    loa_quads q = loa_quad_counts(bb);
    ck_assert_msg(q.q1 == q1 && q.q2 == q2 && q.qd == qd && q.q3 == q3 && q.q4 == q4,
                  "%s: %d %d %d %d %d, expected %d %d %d %d %d", list, q.q1, q.q2, q.qd, q.q3,
                  q.q4, q1, q2, qd, q3, q4);
    SAME(loa_euler4(bb), q1 - q3 - 2 * qd);
}

START_TEST(quads_match_hand_counted_windows)
{
    check_quads("d4", 4, 0, 0, 0, 0);
    check_quads("a1", 4, 0, 0, 0, 0);    /* three of its windows hang over the edge */
    check_quads("d4 e5", 6, 0, 1, 0, 0); /* one diagonal window: 4E = 6 - 2 = 4 */
    check_quads("a1 b1", 4, 2, 0, 0, 0); /* two pairs side by side, one over the edge */
    check_quads("b2 g7", 8, 0, 0, 0, 0); /* two groups: 4E = 8 */
    check_quads("d4 e4 d5", 5, 2, 0, 1, 0); /* e4 and d5 are diagonal only in the window of three */
    check_quads("d4 e4 d5 e5", 4, 4, 0, 0, 1);
    check_quads("c3 d3 e3 c4 e4 c5 d5 e5", 4, 8, 0, 4, 0); /* a ring round a hole: E = 0 */
    check_quads("b1 c1 d1 e1 f1 g1 b8 c8 d8 e8 f8 g8", 8, 20, 0, 0, 0); /* black's start */
}
END_TEST

START_TEST(quads_match_the_81_windows_and_euler_is_groups_minus_holes)
{
    loa_rng r;
    loa_rng_seed(&r, 3);
    for (int i = 0; i < POSITIONS; i++) {
        loa_board b = random_position(&r, i);
        /* and denser sets than a game has: holes and fours */
        loa_bitboard extra = random_set(&r, (int)loa_rng_below(&r, 40), 0);
        loa_bitboard sets[3] = {b.pieces[0], b.pieces[1], extra};
        for (int k = 0; k < 3; k++) {
            loa_quads got = loa_quad_counts(sets[k]), want = ref_quads(sets[k]);
            SAME(got.q1, want.q1);
            SAME(got.q2, want.q2);
            SAME(got.qd, want.qd);
            SAME(got.q3, want.q3);
            SAME(got.q4, want.q4);
            SAME(loa_euler4(sets[k]), 4 * ref_euler(sets[k]));
        }
    }
    SAME(loa_euler4(0), 0);
    SAME(loa_euler4(~0ULL), 4); /* one group, no hole */
}
END_TEST

START_TEST(area_connections_and_walls_match_plain_loops)
{
    loa_rng r;
    loa_rng_seed(&r, 4);
    int walled = 0;
    for (int i = 0; i < POSITIONS; i++) {
        loa_board b = random_position(&r, i);
        for (int c = 0; c < 2; c++) {
            loa_bitboard own = b.pieces[c], opp = b.pieces[c ^ 1];
            SAME(loa_bounding_area(own), ref_area(own));
            SAME(loa_connections(own), ref_connections(own));
            int w = loa_walls(own, opp);
            SAME(w, ref_walls(own, opp));
            walled += w;
        }
        /* walls made to happen: an edge checker with its inward squares
         * filled, somewhere on the edge */
        int s = (int)loa_rng_below(&r, 64), in[3];
        if (s % 8 == 0 || s % 8 == 7 || s / 8 == 0 || s / 8 == 7) {
            loa_bitboard opp = LOA_BIT(s), own = 0;
            inward(s, in);
            for (int k = 0; k < 3; k++)
                if (in[k] >= 0)
                    own |= LOA_BIT(in[k]);
            own |= random_set(&r, 3, own | opp);
            SAME(loa_walls(own, opp), 1);
            SAME(ref_walls(own, opp), 1);
            /* and a walled checker moves only along its edge */
            loa_board w = {{0, 0}, LOA_WHITE, 0};
            w.pieces[LOA_BLACK] = own;
            w.pieces[LOA_WHITE] = opp;
            loa_move mv[LOA_MAX_MOVES];
            int n = loa_generate_moves(&w, mv);
            for (int k = 0; k < n; k++) {
                int to = LOA_MOVE_TO(mv[k]);
                SAME(to % 8 == s % 8 || to / 8 == s / 8, 1);
                SAME(to % 8 == 0 || to % 8 == 7 || to / 8 == 0 || to / 8 == 7, 1);
            }
            walled++;
        }
    }
    ck_assert_int_gt(walled, 500);
    SAME(loa_bounding_area(0), 0);
    SAME(loa_bounding_area(~0ULL), 64);
    SAME(loa_connections(~0ULL), 2 * 7 * 8 + 2 * 7 * 7);
}
END_TEST

START_TEST(mobility_weighs_every_move_by_its_kind)
{
    loa_rng r;
    loa_rng_seed(&r, 5);
    const loa_mobility_weights odd = {3, 7, -2, 11};
    for (int i = 0; i < POSITIONS; i++) {
        loa_board b = random_position(&r, i);
        if (loa_popcount(b.pieces[0]) > LOA_MAX_CHECKERS ||
            loa_popcount(b.pieces[1]) > LOA_MAX_CHECKERS)
            continue; /* no LOA position: no moves */
        for (int c = 0; c < 2; c++) {
            loa_board s = b;
            s.side = (loa_color)c;
            SAME(loa_mobility(&b, (loa_color)c, NULL), loa_count_moves(&s));
            SAME(loa_mobility(&b, (loa_color)c, &loa_mobility_mia),
                             ref_mobility(&b, (loa_color)c, &loa_mobility_mia));
            SAME(loa_mobility(&b, (loa_color)c, &odd), ref_mobility(&b, (loa_color)c, &odd));
        }
    }
    SAME(loa_mobility_mia.quiet, 2);
    SAME(loa_mobility_mia.capture, 4);
    SAME(loa_mobility_mia.quiet_edge, 1);
    SAME(loa_mobility_mia.capture_edge, 2);
}
END_TEST

static void assert_state_is(const loa_feature_state *f, const loa_board *b)
{
    loa_feature_state want;
    loa_features_init(&want, b);
    for (int c = 0; c < 2; c++) {
        SAME(f->com[c].count, want.com[c].count);
        SAME(f->com[c].file_sum, want.com[c].file_sum);
        SAME(f->com[c].rank_sum, want.com[c].rank_sum);
        loa_quads q = ref_quads(b->pieces[c]), got = loa_features_quads(f, (loa_color)c);
        SAME(got.q1, q.q1);
        SAME(got.q2, q.q2);
        SAME(got.qd, q.qd);
        SAME(got.q3, q.q3);
        SAME(got.q4, q.q4);
        SAME(loa_features_euler4(f, (loa_color)c), q.q1 - q.q3 - 2 * q.qd);
    }
}

START_TEST(incremental_state_follows_make_and_unmake)
{
    loa_rng r;
    loa_rng_seed(&r, 6);
    int plies = 0, captures = 0;
    for (int game = 0; game < 300; game++) {
        loa_board b;
        loa_board_init(&b);
        loa_feature_state f;
        loa_features_init(&f, &b);
        assert_state_is(&f, &b);
        while (loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING) {
            loa_move mv[LOA_MAX_MOVES];
            int n = loa_generate_moves(&b, mv);
            /* every move made and taken back on the state, then one played */
            for (int k = 0; k < n; k++) {
                loa_feature_state g = f;
                loa_undo u;
                loa_features_move(&g, &b, mv[k]);
                loa_make_move(&b, mv[k], &u);
                assert_state_is(&g, &b);
                loa_unmake_move(&b, &u);
                loa_features_unmove(&g, &b, mv[k]);
                SAME(memcmp(&g, &f, sizeof g), 0);
            }
            loa_move m = n ? mv[loa_rng_below(&r, (uint32_t)n)] : LOA_MOVE_PASS;
            captures += m != LOA_MOVE_PASS && (m & LOA_MOVE_CAPTURE);
            loa_features_move(&f, &b, m);
            loa_make_move(&b, m, NULL);
            plies++;
        }
        assert_state_is(&f, &b);
    }
    ck_assert_int_gt(plies, 10000);
    ck_assert_int_gt(captures, 1000);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"centre_of_mass_and_concentration_match_plain_loops",
         centre_of_mass_and_concentration_match_plain_loops, 120},
        {"centralisation_and_centre_distance_match_plain_loops",
         centralisation_and_centre_distance_match_plain_loops, 60},
        {"quads_match_hand_counted_windows", quads_match_hand_counted_windows, 10},
        {"quads_match_the_81_windows_and_euler_is_groups_minus_holes",
         quads_match_the_81_windows_and_euler_is_groups_minus_holes, 120},
        {"area_connections_and_walls_match_plain_loops",
         area_connections_and_walls_match_plain_loops, 120},
        {"mobility_weighs_every_move_by_its_kind", mobility_weighs_every_move_by_its_kind, 60},
        {"incremental_state_follows_make_and_unmake", incremental_state_follows_make_and_unmake,
         240},
    };
    return loa_run_suite("features", cases, LOA_COUNT(cases));
}

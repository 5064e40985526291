/*
 * check_features: every call of loa/features.h against a plain
 * implementation of its definition (features_reference.h) over many
 * random positions, hand-counted values, and the Euler number against
 * groups minus holes. The incremental form against recomputation along
 * random games: check_features_incremental.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "loa/features.h"
#include "loa/loa.h"
#include "loa/playout.h"

#include "check_main.h"
#include "features_reference.h"

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
                  "%s: %d %d %d %d %d, expected %d %d %d %d %d", list, q.q1, q.q2, q.qd, q.q3, q.q4,
                  q1, q2, qd, q3, q4);
    SAME(loa_euler4(bb), q1 - q3 - 2 * qd);
}

START_TEST(quads_match_hand_counted_windows)
{
    check_quads("d4", 4, 0, 0, 0, 0);
    check_quads("a1", 4, 0, 0, 0, 0);       /* three of its windows hang over the edge */
    check_quads("d4 e5", 6, 0, 1, 0, 0);    /* one diagonal window: 4E = 6 - 2 = 4 */
    check_quads("a1 b1", 4, 2, 0, 0, 0);    /* two pairs side by side, one over the edge */
    check_quads("b2 g7", 8, 0, 0, 0, 0);    /* two groups: 4E = 8 */
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
    };
    return loa_run_suite("features", cases, LOA_COUNT(cases));
}

/*
 * check_features_incremental: the features' incremental state
 * (loa_features_move, loa_features_unmove) against recomputation
 * (loa_features_init, features_reference.h's windows) after every move of
 * random games, made and taken back. The features of a position:
 * check_features.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "loa/features.h"
#include "loa/loa.h"
#include "loa/playout.h"

#include "check_main.h"
#include "features_reference.h"

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
        {"incremental_state_follows_make_and_unmake", incremental_state_follows_make_and_unmake,
         240},
    };
    return loa_run_suite("features_incremental", cases, LOA_COUNT(cases));
}

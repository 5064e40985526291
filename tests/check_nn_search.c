/*
 * check_nn_search: loa-ab's search with the network (--eval nn) through
 * the path's accumulators (bots/ab/nnstack.h) visits the same tree as with
 * the from-scratch loa_nn_eval (same nodes, move, score, PV) over positions
 * of random games and several networks (nn_test_util.h), passes included.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "../bots/ab/eval.h"
#include "../bots/ab/search.h"
#include "loa/loa.h"
#include "loa/nn.h"
#include "loa/playout.h"

#include "check_main.h"
#include "nn_test_util.h"

static loa_nn g_nn;

/* A fixed-depth search of b from a fresh table. */
static search_result search_fresh(search_ctx *c, const loa_board *b, int depth)
{
    search_clear(c);
    search_limits lim = {.max_depth = depth};
    return search_run(c, b, lim);
}

static const nn_spec nets[] = {
    {128, 64, 64, 64, 73, 0, 40, 300, 3000, 21},
    {128, 256, 64, 32, 73, 0, 127, 2000, 0, 22},
    {128, 16, 5, 9, 300, 0, 3, 6, 50, 23},
};

START_TEST(search_with_accumulators_visits_the_tree_of_loa_nn_eval)
{
    size_t n;
    unsigned char *f = nn_spec_bytes(&nets[_i], &n);
    ck_assert_int_eq(loa_nn_load(&g_nn, f, n), 0);
    free(f);
    eval_nn = &g_nn;
    static search_ctx inc, scratch;
    ck_assert_int_eq(search_init(&inc, 2), 0);
    ck_assert_int_eq(search_init(&scratch, 2), 0);
    ck_assert_ptr_nonnull(inc.nn);
    free(scratch.nn); /* no accumulators: loa_nn_eval from scratch at each node */
    scratch.nn = NULL;
    loa_rng r;
    loa_rng_seed(&r, 30 + (uint64_t)_i);
    for (int g = 0; g < 12; g++) {
        loa_board b;
        loa_board_init(&b);
        int plies = (int)loa_rng_below(&r, 60);
        for (int p = 0; p < plies && loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING; p++)
            loa_make_move(&b, loa_random_move(&b, &r), NULL);
        if (loa_board_status(&b, LOA_MAX_PLIES) != LOA_ONGOING)
            continue;
        search_result a = search_fresh(&inc, &b, 4), s = search_fresh(&scratch, &b, 4);
        ck_assert_uint_eq(a.nodes, s.nodes);
        ck_assert_int_eq(a.best, s.best);
        ck_assert_int_eq(a.score, s.score);
        ck_assert_int_eq(a.pv_len, s.pv_len);
        ck_assert(!memcmp(a.pv, s.pv, sizeof(loa_move) * (size_t)a.pv_len));
        ck_assert_uint_gt(a.nodes, 10);
    }
    search_free(&inc);
    search_free(&scratch);
    eval_nn = NULL;
}
END_TEST

int main(void)
{
    const loa_loop_tcase loops[] = {
        {"search_with_accumulators_visits_the_tree_of_loa_nn_eval",
         search_with_accumulators_visits_the_tree_of_loa_nn_eval, 120, LOA_COUNT(nets)},
    };
    return loa_run_suite_loops("nn_search", NULL, 0, loops, LOA_COUNT(loops));
}

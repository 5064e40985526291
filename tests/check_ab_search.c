/*
 * Tests of loa-ab's search where the limits stop it (issue 35): the move
 * played, the score and the principal variation always belong together
 * (the last complete iteration's, or an interrupted iteration's later root
 * move with a better exact score), a move that lets the opponent connect
 * at once is not played when another exists, the node limit, forced moves,
 * and the table's win scores and ply keys.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab_test_util.h"
#include "check_main.h"

/* Black's only move h1xf1 joins f2: a forced move that wins. */
#define POS_FORCED_WIN \
    "......../......../......../.w.w..../.......w/....www./...w.b.w/.....w.b b 20"
/* White to move 25 plies in (a bench position): its depth 5 finds e5e2,
 * better than depth 4's move, after its first move. */
#define POS_WHITE "..b..w../.w....../..b.w.bw/..b.wb.w/.....bw./....w.bw/.......w/...b.... w 25"

/* One search context for the whole process (a table is 4 MiB). */
static search_ctx *ctx(void)
{
    static search_ctx c;
    static int ready;
    if (!ready) {
        ck_assert_int_eq(search_init(&c, 4), 0);
        ready = 1;
    }
    return &c;
}

/* Searches text from a fresh state within the limits. */
static search_result search_limited(const char *text, int depth, uint64_t nodes)
{
    search_ctx *c = ctx();
    search_clear(c);
    loa_board b = ab_board(text);
    search_limits lim = {.max_depth = depth, .max_nodes = nodes, .soft_nodes = nodes};
    return search_run(c, &b, lim);
}

/* Asserts that r, searched at text, is consistent (audit_report_check) and,
 * searched at least 2 plies deep, does not let the opponent connect at once
 * when another move would not. */
static void assert_sound(const char *text, const search_result *r, const char *what)
{
    loa_board b = ab_board(text);
    audit_report a = ab_report_of(r);
    char why[160], m[LOA_MOVE_STRING_MAX];
    ck_assert_msg(audit_report_check(&b, a.move, &a, LOA_MAX_PLIES, why, sizeof why) == 0,
                  "%s: %s depth %d score %d: %s", what, loa_move_format(r->best, m), r->depth,
                  r->score, why);
    int moves, allowing = audit_count_allowing(&b, LOA_MAX_PLIES, &moves);
    if (r->depth >= 2 && allowing < moves)
        ck_assert_msg(!audit_allows_connection(&b, a.move, LOA_MAX_PLIES),
                      "%s: %s (depth %d score %d) lets the opponent connect; %d of %d moves do not",
                      what, m, r->depth, r->score, moves - allowing, moves);
}

/* The nodes of the last line of out starting with `label` (e.g. "depth 15
 * fails low"): "... nodes N ...". 0 when there is none. */
static uint64_t nodes_of_last(const char *out, const char *label)
{
    uint64_t nodes = 0;
    for (const char *p = out; (p = strstr(p, label)) != NULL; p++) {
        if (p != out && p[-1] != '\n')
            continue;
        const char *n = strstr(p, " nodes ");
        const char *eol = strchr(p, '\n');
        if (n && (!eol || n < eol))
            nodes = strtoull(n + 7, NULL, 10);
    }
    return nodes;
}

/* loa-ab -p text with extra args; its report (the last loa-ab: line) and
 * whole output (stdout and stderr, the caller frees) in *out. */
static audit_report analyse(const char *text, const char *args, char **out)
{
    char cmd[512];
    int st;
    snprintf(cmd, sizeof cmd, "%s/loa-ab -p '%s' %s 2>&1", LOA_BIN_DIR, text, args);
    *out = ab_run(cmd, &st);
    ck_assert_msg(st == 0, "%s exited %d:\n%s", cmd, st, *out);
    audit_report r;
    ck_assert_msg(audit_report_parse(*out, &r) == 1, "no report from %s:\n%s", cmd, *out);
    return r;
}

START_TEST(keeps_the_last_iteration_when_a_fail_low_research_is_stopped)
{
    /* Where depth 15 fails low for the last time and where it completes. */
    char *full;
    analyse(POS_TRAP, "-D -d 15", &full);
    uint64_t failed = nodes_of_last(full, "depth 15 fails low");
    uint64_t done = nodes_of_last(full, "depth 15 score");
    ck_assert_msg(failed > 0 && done > failed,
                  "the position no longer fails low at depth 15 before completing it:\n%s", full);
    free(full);
    /* Stopped halfway through the widened re-search: the first move of the
     * re-search (the table's d2g5, a loss) has been searched by then. */
    char args[64], *out, *out14;
    snprintf(args, sizeof args, "--nodes %" PRIu64, failed + (done - failed) / 2);
    audit_report r = analyse(POS_TRAP, args, &out);
    ck_assert_msg(!strstr(out, "depth 15 score"), "%s completed depth 15:\n%s", args, out);
    /* Everything reported is depth 14's, as a search to depth 14 gives it. */
    audit_report r14 = analyse(POS_TRAP, "-D -d 14", &out14);
    char m[LOA_MOVE_STRING_MAX], m14[LOA_MOVE_STRING_MAX];
    ck_assert_msg(r.move == r14.move && r.depth == 14 && r.score == r14.score &&
                      r.pv_len == r14.pv_len &&
                      memcmp(r.pv, r14.pv, (size_t)r.pv_len * sizeof r.pv[0]) == 0,
                  "%s: %s depth %d score %d, but depth 14 gives %s score %d:\n%s\n%s", args,
                  loa_move_format(r.move, m), r.depth, r.score, loa_move_format(r14.move, m14),
                  r14.score, out, out14);
    loa_board b = ab_board(POS_TRAP);
    int moves, allowing = audit_count_allowing(&b, LOA_MAX_PLIES, &moves);
    ck_assert_int_eq(moves, 23);
    ck_assert_int_eq(allowing, 1);
    ck_assert_msg(!audit_allows_connection(&b, r.move, LOA_MAX_PLIES), "%s lets white connect", m);
    char why[160];
    ck_assert_msg(audit_report_check(&b, r.move, &r, LOA_MAX_PLIES, why, sizeof why) == 0, "%s",
                  why);
    /* and -v says why */
    ck_assert_msg(strstr(out, "depth 15 stopped: plays depth 14's") != NULL, "%s", out);
    free(out);
    free(out14);
}
END_TEST

START_TEST(move_score_and_pv_belong_together_wherever_the_search_stops)
{
    static const char *positions[] = {POS_TRAP, POS_MIDDLE, POS_LOSS_IN_ONE};
    /* From depth 1 to depth 12 or so, stopping in every phase of an
     * iteration: ~1.5 M nodes in all. */
    static const uint64_t limits[] = {40,    150,   600,   2000,  5000,   9000,   14000,  21000,
                                      33000, 47000, 70000, 98000, 130000, 170000, 230000, 310000};
    for (size_t p = 0; p < LOA_COUNT(positions); p++)
        for (size_t i = 0; i < LOA_COUNT(limits); i++) {
            search_result r = search_limited(positions[p], SEARCH_MAX_DEPTH, limits[i]);
            ck_assert_uint_le(r.nodes, limits[i]);
            char what[160];
            snprintf(what, sizeof what, "%s stopped at %" PRIu64 " nodes", positions[p], limits[i]);
            assert_sound(positions[p], &r, what);
        }
}
END_TEST

START_TEST(plays_the_interrupted_iterations_better_move_with_its_own_score)
{
    /* Stop points through iterations 4 to 9: a stop either keeps the last
     * complete iteration's result, or plays another move of the interrupted
     * iteration with its own score and line; some stops do the latter. */
    static const char *positions[] = {POS_WHITE, POS_MIDDLE};
    int kept = 0;
    for (size_t p = 0; p < LOA_COUNT(positions); p++) {
        search_result last = search_limited(positions[p], 3, 0);
        for (int d = 4; d <= 9; d++) {
            /* a search to depth d is the iterations up to d: they end at its nodes */
            search_result full = search_limited(positions[p], d, 0);
            ck_assert_uint_gt(full.nodes, last.nodes);
            for (int k = 1; k < 16; k++) {
                uint64_t limit = last.nodes + (full.nodes - last.nodes) * (uint64_t)k / 16;
                search_result r = search_limited(positions[p], SEARCH_MAX_DEPTH, limit);
                char what[160];
                snprintf(what, sizeof what, "%s stopped at %" PRIu64 " nodes in depth %d",
                         positions[p], limit, d);
                assert_sound(positions[p], &r, what);
                if (r.depth == d) { /* the interrupted iteration's better move */
                    ck_assert_msg(LOA_MOVE_SQUARES(r.best) != LOA_MOVE_SQUARES(last.best),
                                  "%s: depth %d's own move under depth %d", what, d - 1, d);
                    kept++;
                } else
                    ck_assert_msg(r.depth == d - 1 && r.best == last.best && r.score == last.score,
                                  "%s: not depth %d's result", what, d - 1);
            }
            last = full;
        }
    }
    ck_assert_msg(kept > 0, "no stop point kept an interrupted iteration's move");
}
END_TEST

START_TEST(plays_a_move_that_failed_high_as_a_lower_bound)
{
    /* Stops all through depth 5 of the middle game, whose first window
     * fails high: those that play the failed-high move report a lower
     * bound, with the move alone as PV. */
    search_result d4 = search_limited(POS_MIDDLE, 4, 0), d5 = search_limited(POS_MIDDLE, 5, 0);
    int lower = 0;
    for (uint64_t n = d4.nodes + 50; n < d5.nodes; n += 50) {
        search_result r = search_limited(POS_MIDDLE, SEARCH_MAX_DEPTH, n);
        char what[96];
        snprintf(what, sizeof what, "stopped at %" PRIu64 " nodes", n);
        assert_sound(POS_MIDDLE, &r, what);
        if (r.lower_bound) {
            ck_assert_int_eq(r.depth, 5);
            ck_assert_int_eq(r.pv_len, 1);
            ck_assert_uint_eq(r.pv[0], r.best);
            ck_assert_int_gt(r.score, d4.score); /* beyond the failed window */
            lower++;
        }
    }
    ck_assert_msg(lower > 0,
                  "no stop in depth 5 (%" PRIu64 "..%" PRIu64 " nodes) played a "
                  "failed-high move",
                  d4.nodes, d5.nodes);
}
END_TEST

START_TEST(scores_a_forced_move_that_ends_the_game)
{
    loa_board b = ab_board(POS_FORCED_WIN);
    loa_move mv[LOA_MAX_MOVES];
    ck_assert_int_eq(loa_generate_moves(&b, mv), 1);
    search_result r = search_limited(POS_FORCED_WIN, 5, 0);
    ck_assert_int_eq(r.depth, 0);
    ck_assert_uint_eq(r.nodes, 0);
    ck_assert_int_eq(r.score, SEARCH_WIN - 1);
    ck_assert_int_eq(r.pv_len, 1);
    ck_assert_uint_eq(r.pv[0], r.best);
    assert_sound(POS_FORCED_WIN, &r, "the forced win");
}
END_TEST

START_TEST(stops_at_the_node_limit_exactly)
{
    search_result r = search_limited(POS_MIDDLE, SEARCH_MAX_DEPTH, 12345);
    ck_assert_uint_eq(r.nodes, 12345);
    /* the same limit, the same result: no clock anywhere */
    search_result again = search_limited(POS_MIDDLE, SEARCH_MAX_DEPTH, 12345);
    ck_assert_uint_eq(again.best, r.best);
    ck_assert_int_eq(again.score, r.score);
    ck_assert_int_eq(again.depth, r.depth);
    /* no iteration starts once soft_nodes were searched */
    search_ctx *c = ctx();
    search_clear(c);
    loa_board b = ab_board(POS_MIDDLE);
    search_limits lim = {.max_depth = SEARCH_MAX_DEPTH, .soft_nodes = 1000, .max_nodes = 1000000};
    search_result soft = search_run(c, &b, lim);
    ck_assert_uint_ge(soft.nodes, 1000);
    search_result shallower = search_limited(POS_MIDDLE, soft.depth - 1, 0);
    ck_assert_uint_lt(shallower.nodes, 1000); /* the last iteration started below 1000 */
}
END_TEST

START_TEST(table_keeps_win_distances_and_the_ply_near_the_limit)
{
    tt_table t;
    ck_assert_int_eq(tt_init(&t, 1), 0);
    loa_board b = ab_board(POS_MIDDLE);
    uint64_t key = tt_key(loa_zobrist_key(&b), &b);
    /* a win 7 plies below a node 3 plies below the root ... */
    tt_store(&t, key, 9, SEARCH_WIN - 10, TT_EXACT, LOA_MOVE_NONE, 3);
    const tt_entry *e = tt_probe(&t, key);
    ck_assert_ptr_nonnull(e);
    /* ... is a win 7 plies below the same position reached 5 plies down */
    ck_assert_int_eq(tt_score_from(e->score, 5), SEARCH_WIN - 12);
    tt_store(&t, key, 9, -(SEARCH_WIN - 10), TT_EXACT, LOA_MOVE_NONE, 3);
    ck_assert_int_eq(tt_score_from(tt_probe(&t, key)->score, 1), -(SEARCH_WIN - 8));
    tt_store(&t, key, 9, -250, TT_UPPER, LOA_MOVE_NONE, 3);
    ck_assert_int_eq(tt_score_from(tt_probe(&t, key)->score, 7), -250);
    tt_free(&t);
    /* Far from the ply limit a position is one entry whatever its ply; near
     * it, where a search can reach the draw, each ply is its own. */
    loa_board early = b, late = b;
    early.ply = 10;
    uint64_t z = loa_zobrist_key(&b);
    uint64_t k10 = tt_key(z, &early);
    early.ply = 11;
    ck_assert_uint_eq(tt_key(z, &early), k10);
    late.ply = LOA_MAX_PLIES - 2;
    uint64_t k148 = tt_key(z, &late);
    late.ply = LOA_MAX_PLIES - 1;
    ck_assert_uint_ne(tt_key(z, &late), k148);
    /* what SEARCH_MAX_PLY plies can reach from the first keyed ply on */
    late.ply = LOA_MAX_PLIES - SEARCH_MAX_PLY;
    early.ply = LOA_MAX_PLIES - SEARCH_MAX_PLY - 1;
    ck_assert_uint_ne(tt_key(z, &late), tt_key(z, &early));
}
END_TEST

int main(void)
{
    /* Timeouts fit an ASan build on a loaded 2-core machine. */
    const loa_tcase cases[] = {
        {"keeps_the_last_iteration_when_a_fail_low_research_is_stopped",
         keeps_the_last_iteration_when_a_fail_low_research_is_stopped, 120},
        {"move_score_and_pv_belong_together_wherever_the_search_stops",
         move_score_and_pv_belong_together_wherever_the_search_stops, 120},
        {"plays_the_interrupted_iterations_better_move_with_its_own_score",
         plays_the_interrupted_iterations_better_move_with_its_own_score, 120},
        {"plays_a_move_that_failed_high_as_a_lower_bound",
         plays_a_move_that_failed_high_as_a_lower_bound, 60},
        {"scores_a_forced_move_that_ends_the_game", scores_a_forced_move_that_ends_the_game, 10},
        {"stops_at_the_node_limit_exactly", stops_at_the_node_limit_exactly, 30},
        {"table_keeps_win_distances_and_the_ply_near_the_limit",
         table_keeps_win_distances_and_the_ply_near_the_limit, 10},
    };
    return loa_run_suite("ab_search", cases, LOA_COUNT(cases));
}

/*
 * Tests of the bundled bots (issue 4): loa-ab's evaluation terms against
 * hand-computed values (the SDK's features under them: check_features),
 * loa-ab's search (win in one, loss in one avoided, deterministic mode),
 * its executable on a turn, loa-ab's --bench signature. Every bot's
 * program (command lines, its answers, the bundle's size, complete games
 * through loa-referee): check_bots_programs.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../bots/ab/eval.h"
#include "../bots/ab/search.h"
#include "ab_positions.h"
#include "bots_test_util.h"
#include "check_main.h"
#include "loa/loa.h"
static loa_bitboard squares(const char *list) /* "d4 e5 ..." */
{
    loa_bitboard bb = 0;
    for (const char *p = list; *p; p += p[2] ? 3 : 2) {
        int sq = loa_square_parse(p);
        ck_assert_int_ge(sq, 0);
        bb |= LOA_BIT(sq);
        if (!p[2])
            break;
    }
    return bb;
}

/* ---- evaluation ------------------------------------------------------- */

START_TEST(test_eval_terms_match_hand_computed_features)
{
    eval_terms t;
    loa_board b;
    loa_board_init(&b);
    eval_terms_of(b.pieces[LOA_BLACK], &t);
    ck_assert_int_eq(t.count, 12);
    ck_assert_int_eq(t.euler4, 8);   /* two groups */
    ck_assert_int_eq(t.area, 6 * 8); /* b..g by 1..8 */
    ck_assert_int_eq(t.com_file, 4); /* (1+..+6)*2/12 = 3.5, rounded up */
    ck_assert_int_eq(t.com_rank, 4); /* (0*6 + 7*6)/12 = 3.5 */
    eval_terms_of(squares("d4 e4 d5 e5"), &t);
    ck_assert_int_eq(t.surplus, 0); /* as tight as 4 checkers can be */
    ck_assert_int_eq(t.com_off, 0);
    ck_assert_int_eq(t.pst_avg, 50);
    /* symmetric start: the evaluation is just the side to move's bonus */
    ck_assert_int_eq(eval_board(&b), EVAL_TEMPO);
    /* a compact group beats a scattered one */
    loa_board tight =
        board_of("......../......../......../...bb.../...bb.../......../w......./......w. b");
    ck_assert_int_gt(eval_board(&tight), 0);
}
END_TEST

/* ---- search ----------------------------------------------------------- */

static search_result search_fixed(const char *text, int depth)
{
    static search_ctx ctx;
    static int ready;
    if (!ready) {
        ck_assert_int_eq(search_init(&ctx, 4), 0);
        ready = 1;
    }
    search_clear(&ctx);
    loa_board b = board_of(text);
    search_limits lim = {.max_depth = depth};
    return search_run(&ctx, &b, lim);
}

START_TEST(test_search_takes_win_in_one_at_every_depth)
{
    loa_board b = board_of(POS_WIN_IN_ONE);
    for (int depth = 1; depth <= 4; depth++) {
        search_result r = search_fixed(POS_WIN_IN_ONE, depth);
        loa_board c = b;
        ck_assert(loa_is_legal(&b, r.best));
        loa_make_move(&c, r.best, NULL);
        ck_assert_int_eq(loa_board_status(&c, LOA_MAX_PLIES), LOA_BLACK_WINS);
        ck_assert_int_eq(r.score, SEARCH_WIN - 1);
    }
}
END_TEST

START_TEST(test_search_avoids_loss_in_one)
{
    loa_board b = board_of(POS_LOSS_IN_ONE);
    /* The position is a real trap: many black moves, the capture g7xd7
     * among them, lose at once. */
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(&b, mv), losing = 0;
    for (int i = 0; i < n; i++) {
        loa_board c = b;
        loa_make_move(&c, mv[i], NULL);
        losing += loa_board_status(&c, LOA_MAX_PLIES) == LOA_WHITE_WINS || can_win_now(&c);
    }
    ck_assert_int_gt(losing, n / 2);
    ck_assert_int_lt(losing, n);
    for (int depth = 2; depth <= 5; depth++) {
        search_result r = search_fixed(POS_LOSS_IN_ONE, depth);
        loa_board c = b;
        ck_assert(loa_is_legal(&b, r.best));
        loa_make_move(&c, r.best, NULL);
        char buf[LOA_MOVE_STRING_MAX];
        ck_assert_msg(loa_board_status(&c, LOA_MAX_PLIES) == LOA_ONGOING && !can_win_now(&c),
                      "depth %d: %s loses at once", depth, loa_move_format(r.best, buf));
        /* black may be lost further on, but not on white's next ply */
        ck_assert_int_gt(r.score, -(SEARCH_WIN - 2));
    }
}
END_TEST

START_TEST(test_search_judges_ply_limit_as_referee_does)
{
    /* At ply 149 black's move is the game's last ply; connection is judged
     * before the limit, so the win in one is still a win. */
    char text[128];
    snprintf(text, sizeof text, "%.*s 149", (int)(strlen(POS_WIN_IN_ONE) - 3), POS_WIN_IN_ONE);
    search_result r = search_fixed(text, 3);
    ck_assert_int_eq(r.score, SEARCH_WIN - 1);
    /* In the middle-game position at ply 149 no win is reachable: every
     * move ends the game drawn, so the score is exactly 0. */
    snprintf(text, sizeof text, "%.*s 149", (int)(strlen(POS_MIDDLE) - 3), POS_MIDDLE);
    loa_board b = board_of(text);
    ck_assert(!can_win_now(&b));
    r = search_fixed(text, 4);
    ck_assert_int_eq(r.score, 0);
}
END_TEST

START_TEST(test_search_repeats_itself_after_clear)
{
    search_result a = search_fixed(POS_MIDDLE, 5);
    /* a different search in between must not change the next answer */
    (void)search_fixed(POS_LOSS_IN_ONE, 4);
    search_result b = search_fixed(POS_MIDDLE, 5);
    ck_assert_uint_eq(a.best, b.best);
    ck_assert_int_eq(a.score, b.score);
    ck_assert_uint_eq(a.nodes, b.nodes);
    ck_assert_int_eq(a.depth, 5);
}
END_TEST

/* ---- the executables ---------------------------------------------------- */

START_TEST(test_ab_deterministic_mode_plays_the_search_move)
{
    const char *path = turn_file(POS_MIDDLE);
    char cmd[512], first[64];
    int st;
    snprintf(cmd, sizeof cmd, "%s/loa-ab --deterministic --depth 5 -q < %s", LOA_BIN_DIR, path);
    snprintf(first, sizeof first, "%.63s", run(cmd, &st));
    ck_assert_int_eq(st, 0);
    ck_assert_int_ge((int)strlen(first), 5);
    for (int i = 0; i < 2; i++)
        ck_assert_str_eq(run(cmd, &st), first);
    /* and it is the move the search code gives */
    search_result r = search_fixed(POS_MIDDLE, 5);
    char buf[LOA_MOVE_STRING_MAX];
    ck_assert_int_eq(strncmp(first, loa_move_format(r.best, buf), 4), 0);
    unlink(path);
}
END_TEST

START_TEST(test_ab_takes_win_in_one_through_protocol)
{
    char cmd[512];
    int st;
    const char *path = turn_file(POS_WIN_IN_ONE);
    snprintf(cmd, sizeof cmd, "%s/loa-ab -q < %s", LOA_BIN_DIR, path);
    const char *out = run(cmd, &st);
    ck_assert_int_eq(st, 0);
    loa_move m;
    char action[8];
    snprintf(action, sizeof action, "%.4s", out);
    ck_assert_int_eq(loa_move_parse(action, &m), LOA_OK);
    loa_board b = board_of(POS_WIN_IN_ONE);
    loa_make_move(&b, m, NULL);
    ck_assert_int_eq(loa_board_status(&b, LOA_MAX_PLIES), LOA_BLACK_WINS);
    unlink(path);
}
END_TEST

/* ---- loa-ab --bench ---------------------------------------------------------- */

/* The node total of `loa-ab --bench` (default depth and table size): a
 * signature of the search. Any change to the search, its ordering, its
 * constants, the evaluation or the table changes it; a change that is meant
 * to leave the search alone (a refactoring) must keep it. Update it on
 * purpose when the search changes, after an arena match has shown the change
 * is an improvement (an SPRT with loa-arena, docs/bots.md). */
#define BENCH_SIGNATURE UINT64_C(1400582)

/* Positions of loa-ab's bench table (bots/ab.c): one output line each. */
#define BENCH_POSITIONS 10

/* Runs loa-ab --bench with extra arguments; its stdout (static buffer). */
static const char *bench_output(const char *args)
{
    static char out[4096];
    char cmd[512];
    int st;
    snprintf(cmd, sizeof cmd, "%s/loa-ab --bench %s", LOA_BIN_DIR, args);
    snprintf(out, sizeof out, "%.4095s", run(cmd, &st));
    ck_assert_msg(st == 0, "loa-ab --bench %s exited %d", args, st);
    return out;
}

/* The node total of a bench output's last line `bench: nodes N time ...`. */
static uint64_t bench_total(const char *out)
{
    const char *last = strstr(out, "bench: nodes ");
    ck_assert_msg(last != NULL, "no total line in:\n%s", out);
    unsigned long long total;
    ck_assert_int_eq(sscanf(last, "bench: nodes %llu time", &total), 1);
    return (uint64_t)total;
}

START_TEST(test_bench_node_total_is_the_pinned_signature)
{
    const char *out = bench_output("");
    ck_assert_msg(bench_total(out) == BENCH_SIGNATURE,
                  "the bench signature changed: %" PRIu64 " nodes, pinned %" PRIu64
                  " (a change meant to leave the search alone altered it)\n%s",
                  bench_total(out), BENCH_SIGNATURE, out);
}
END_TEST

START_TEST(test_bench_prints_one_line_per_position_summing_to_the_total)
{
    const char *out = bench_output("--bench-depth 3");
    uint64_t sum = 0;
    int lines = 0;
    for (const char *p = out; (p = strstr(p, "bench: position ")) != NULL; p++) {
        int index;
        unsigned long long nodes;
        char best[8];
        ck_assert_int_eq(sscanf(p, "bench: position %d nodes %llu best %7s", &index, &nodes, best),
                         3);
        ck_assert_int_eq(index, ++lines);
        loa_move m;
        ck_assert_msg(loa_move_parse(best, &m) == LOA_OK, "position %d: best move '%s'", index,
                      best);
        ck_assert_uint_gt(nodes, 0);
        sum += nodes;
    }
    ck_assert_int_eq(lines, BENCH_POSITIONS);
    ck_assert_uint_eq(sum, bench_total(out));
    /* a different depth searches a different tree */
    ck_assert_uint_ne(bench_total(out), BENCH_SIGNATURE);
}
END_TEST

int main(void)
{
    /* Timeouts fit an ASan build on a loaded 2-core machine (about 5 times
     * the Release time): the bench at depth 9 takes 0.5 s in Release. */
    const loa_tcase cases[] = {
        {"eval_terms_match_hand_computed_features", test_eval_terms_match_hand_computed_features,
         10},
        {"search_takes_win_in_one_at_every_depth", test_search_takes_win_in_one_at_every_depth, 30},
        {"search_avoids_loss_in_one", test_search_avoids_loss_in_one, 30},
        {"search_judges_ply_limit_as_referee_does", test_search_judges_ply_limit_as_referee_does,
         30},
        {"search_repeats_itself_after_clear", test_search_repeats_itself_after_clear, 30},
        {"ab_deterministic_mode_plays_the_search_move",
         test_ab_deterministic_mode_plays_the_search_move, 30},
        {"ab_takes_win_in_one_through_protocol", test_ab_takes_win_in_one_through_protocol, 30},
        {"bench_node_total_is_the_pinned_signature", test_bench_node_total_is_the_pinned_signature,
         60},
        {"bench_prints_one_line_per_position_summing_to_the_total",
         test_bench_prints_one_line_per_position_summing_to_the_total, 30},
    };
    return loa_run_suite("bots", cases, LOA_COUNT(cases));
}

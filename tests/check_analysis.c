/*
 * check_analysis - the analysis library (analysis/): the protocol's request
 * and answers (checked against their position with the SDK), the engine
 * process (answers after "info" lines, an engine that leaves, one that
 * writes nonsense or "error", a garbage line refused at once), the scale, the judgement of moves (drops,
 * thresholds, missed wins of both kinds, what is not judged), the cut of a
 * lost game for a suite, the game filter and the error table.
 */
#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis_test_util.h"
#include "check_main.h"
#include "loa/loa.h"
#include "loa/timer.h"

#define FIXTURES LOA_SOURCE_DIR "/tests/fixtures/replay/"
#define START ".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b"

static loa_board start(void)
{
    loa_board b;
    loa_board_init(&b);
    return b;
}

START_TEST(requests_name_the_limit_and_the_board)
{
    loa_board b = start();
    char buf[ANALYSIS_REQUEST_MAX];
    ck_assert_int_eq(analysis_request_format(&b, (analysis_limit){ANALYSIS_LIMIT_NODES, 300000},
                                             buf, sizeof buf),
                     0);
    ck_assert_str_eq(buf, "go nodes 300000 " START);
    loa_make_move(&b, LOA_MOVE_MAKE(LOA_SQUARE(1, 0), LOA_SQUARE(1, 2)), NULL); /* b1b3 */
    ck_assert_int_eq(analysis_request_format(&b, (analysis_limit){ANALYSIS_LIMIT_DEPTH, 7}, buf,
                                             sizeof buf),
                     0);
    ck_assert_msg(strncmp(buf, "go depth 7 ", 11) == 0 &&
                      strcmp(buf + strlen(buf) - 4, " w 1") == 0,
                  "%s", buf);
    ck_assert_int_eq(analysis_request_format(&b, (analysis_limit){ANALYSIS_LIMIT_MOVETIME, 0}, buf,
                                             sizeof buf),
                     ANALYSIS_E_INVAL);
    ck_assert_int_eq(analysis_request_format(&b, (analysis_limit){ANALYSIS_LIMIT_MOVETIME, 5}, buf,
                                             20),
                     ANALYSIS_E_INVAL);
}
END_TEST

START_TEST(answers_are_read_and_checked_against_the_position)
{
    loa_board b = start();
    analysis_reply r;
    char err[256];
    ck_assert_int_eq(
        analysis_reply_parse("bestmove b1d3 score cp -12 depth 8 nodes 300000 pv b1d3 a3d3 b8b7",
                             &b, &r, err, sizeof err),
        0);
    ck_assert_int_eq(r.best, LOA_MOVE_MAKE(LOA_SQUARE(1, 0), LOA_SQUARE(3, 2)));
    ck_assert_int_eq(r.eval, REPLAY_EVAL_CP);
    ck_assert_int_eq(r.score, -12);
    ck_assert_int_eq(r.depth, 8);
    ck_assert_int_eq(r.nodes, 300000);
    ck_assert_int_eq(r.pv_len, 3);
    ck_assert_int_eq(r.lower_bound, 0);
    ck_assert_int_eq(analysis_reply_parse("bestmove b1d3 score win 5 lowerbound", &b, &r, err,
                                          sizeof err),
                     0);
    ck_assert(r.eval == REPLAY_EVAL_WIN && r.score == 5 && r.lower_bound && r.pv_len == 0);
    ck_assert_int_eq(analysis_reply_parse("bestmove  b1d3  score loss 2 ", &b, &r, err, sizeof err),
                     0);
    ck_assert(r.eval == REPLAY_EVAL_LOSS && r.score == 2);
    static const char *const bad[][2] = {
        {"bestmove b1b2 score cp 1", "not a legal move"}, /* b1b2: not legal */
        {"bestmove pass score cp 1", "not a legal move"}, /* moves exist */
        {"bestmove b1d3", "no score"},
        {"bestmove b1d3 score cp", "needs cp S"},
        {"bestmove b1d3 score win 0", "is not cp S"},
        {"bestmove b1d3 score mate 3", "is not cp S"},
        {"bestmove b1d3 score cp 1e3", "is not cp S"},
        {"bestmove b1d3 score cp 1 seldepth 9", "unknown word 'seldepth'"},
        {"bestmove b1d3 score cp 1 depth x", "needs a number"},
        {"bestmove b1d3 score cp 1 pv b1d4", "pv move 1"},
        {"bestmove b1d3 score cp 1 pv c1e3", "does not start with the move"},
        {"bestmove b1d3 score cp 1 pv b1d3 b1d3", "pv move 2"},
        {"info depth 3", "is not 'bestmove"},
        {"", "is not 'bestmove"},
        {"bestmove b1d3 score cp 1 pv b1d3aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
         "too long"},
    };
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        int rc = analysis_reply_parse(bad[i][0], &b, &r, err, sizeof err);
        ck_assert_msg(rc == ANALYSIS_E_PROTOCOL && strstr(err, bad[i][1]), "'%s': %d %s", bad[i][0],
                      rc, err);
    }
}
END_TEST

/* A fake engine: a shell loop answering every request with `answer`. */
static analysis_engine *fake(const char *script)
{
    analysis_engine *e;
    char err[256];
    ck_assert_msg(analysis_engine_start(script, -1, &e, err, sizeof err) == 0, "%s", err);
    return e;
}

START_TEST(engines_answer_after_their_info_lines)
{
    signal(SIGPIPE, SIG_IGN);
    loa_board b = start();
    analysis_reply r;
    char err[512];
    analysis_engine *e =
        fake("while read l; do echo \"info $l\"; echo 'bestmove b1d3 score cp 7'; done");
    for (int i = 0; i < 3; i++) {
        ck_assert_msg(analysis_engine_analyse(e, &b, (analysis_limit){ANALYSIS_LIMIT_DEPTH, 2}, &r,
                                              err, sizeof err) == 0,
                      "%s", err);
        ck_assert_int_eq(r.score, 7);
    }
    analysis_engine_stop(e);
    /* a bad answer names the engine and the request */
    e = fake("read l; echo 'bestmove a1a1 score cp 1'");
    ck_assert_int_eq(analysis_engine_analyse(e, &b, (analysis_limit){ANALYSIS_LIMIT_NODES, 5}, &r,
                                             err, sizeof err),
                     ANALYSIS_E_PROTOCOL);
    ck_assert_msg(strstr(err, "engine 'read l;") && strstr(err, "'go nodes 5 " START "'"), "%s",
                  err);
    analysis_engine_stop(e);
    e = fake("read l; echo 'error no such position'");
    ck_assert_int_eq(analysis_engine_analyse(e, &b, (analysis_limit){ANALYSIS_LIMIT_NODES, 5}, &r,
                                             err, sizeof err),
                     ANALYSIS_E_PROTOCOL);
    ck_assert_msg(strstr(err, "with 'error no such position'"), "%s", err);
    analysis_engine_stop(e);
    /* an engine that leaves, or never was */
    e = fake("exit 0");
    ck_assert_int_eq(analysis_engine_analyse(e, &b, (analysis_limit){ANALYSIS_LIMIT_NODES, 5}, &r,
                                             err, sizeof err),
                     ANALYSIS_E_ENGINE);
    analysis_engine_stop(e);
    e = fake("/nonexistent/engine 2>/dev/null");
    ck_assert_int_eq(analysis_engine_analyse(e, &b, (analysis_limit){ANALYSIS_LIMIT_NODES, 5}, &r,
                                             err, sizeof err),
                     ANALYSIS_E_ENGINE);
    ck_assert_msg(strstr(err, "closed its output") || strstr(err, "does not read"), "%s", err);
    analysis_engine_stop(e);
    /* a line without end */
    e = fake("read l; yes x | tr -d '\\n'");
    ck_assert_int_eq(analysis_engine_analyse(e, &b, (analysis_limit){ANALYSIS_LIMIT_NODES, 5}, &r,
                                             err, sizeof err),
                     ANALYSIS_E_PROTOCOL);
    ck_assert_msg(strstr(err, "longer than"), "%s", err);
    analysis_engine_stop(e);
    ck_assert_int_eq(analysis_engine_start("", -1, &e, err, sizeof err), ANALYSIS_E_INVAL);
}
END_TEST

/* A line that is neither an answer nor "info" ends the request at once:
 * the engine below would keep its stdout open for 60 s. */
START_TEST(a_garbage_line_is_an_error_at_once)
{
    signal(SIGPIPE, SIG_IGN);
    loa_board b = start();
    analysis_reply r;
    char err[512];
    analysis_engine *e =
        fake("read l; echo 'info thinking'; echo; echo 'hello there'; exec sleep 60");
    long long t0 = (loa_wall_us() / 1000);
    ck_assert_int_eq(analysis_engine_analyse(e, &b, (analysis_limit){ANALYSIS_LIMIT_NODES, 5}, &r,
                                             err, sizeof err),
                     ANALYSIS_E_PROTOCOL);
    long long took = (loa_wall_us() / 1000) - t0;
    ck_assert_msg(took < 5000, "a garbage line took %lld ms to refuse", took);
    ck_assert_msg(strstr(err, "with 'hello there'") && strstr(err, "'go nodes 5 " START "'"), "%s",
                  err);
    analysis_engine_stop(e);
}
END_TEST

START_TEST(the_scale_is_a_logistic_chance_to_a_ten_thousandth)
{
    ck_assert(analysis_win_chance(0, 107) == 0.5);
    for (int s = -2000; s <= 2000; s += 37) {
        double w = analysis_win_chance(s, 107), v = analysis_win_chance(-s, 107);
        ck_assert(fabs(w + v - 1) <=
                  1e-4 + 1e-12); /* one side's chance is the other's complement */
        ck_assert(floor(w * 10000 + 0.5) / 10000 == w); /* on the grid */
        ck_assert(fabs(w - 1 / (1 + exp(-s / 107.0))) <= 0.5e-4 + 1e-12);
        if (s > 0)
            ck_assert(w >= analysis_win_chance(s - 37, 107));
    }
    /* the scale: K points are one unit of log-odds */
    ck_assert(fabs(analysis_win_chance(100, 100) - 0.7311) < 1e-9);
}
END_TEST

/* ---- the judgement, on games and positions built here ---------------------------- */

/* The game of a hand-written record (analysis_test_util.h). */
static replay_game *game_of(const char *moves, const char *opening)
{
    char *text = hand_record(moves, opening), err[512];
    replay_game *g;
    ck_assert_msg(replay_game_parse(text, strlen(text), "built", &g, err, sizeof err) == 0, "%s",
                  err);
    free(text);
    return g;
}

/* An analysis of g with every position CP at the chance win[n] (for its
 * side to move), best = the first legal move (a1..h8 order) that is not
 * the move played next: every ply is judged by its drop. */
static replay_analysis *judged(const replay_game *g, const double *win)
{
    const replay_info *in = replay_game_info(g);
    replay_analysis *a = replay_analysis_new(in->plies);
    a->thresholds[REPLAY_MARK_INACCURACY] = ANALYSIS_INACCURACY;
    a->thresholds[REPLAY_MARK_MISTAKE] = ANALYSIS_MISTAKE;
    a->thresholds[REPLAY_MARK_BLUNDER] = ANALYSIS_BLUNDER;
    loa_board b = start();
    for (int n = 0; n <= in->plies; n++) {
        loa_move next = LOA_MOVE_NONE, mv[LOA_MAX_MOVES];
        if (n < in->plies)
            loa_move_parse(replay_game_ply(g, n + 1)->move, &next);
        int k = loa_generate_moves(&b, mv);
        loa_sort_moves(mv, k);
        analysis_reply r = {.best = LOA_MOVE_PASS, .eval = REPLAY_EVAL_CP};
        for (int i = k - 1; i >= 0; i--)
            if (LOA_MOVE_SQUARES(mv[i]) != LOA_MOVE_SQUARES(next))
                r.best = LOA_MOVE_SQUARES(mv[i]);
        analysis_position_set(&a->positions[n], &b, &r, 100);
        a->positions[n].win = win[n];
        if (next != LOA_MOVE_NONE)
            loa_make_move(&b, next, NULL);
    }
    return a;
}

START_TEST(drops_are_judged_by_lichess_thresholds)
{
    replay_game *g = game_of("b1b3 a2c2 g1g3 h2f2 d1d3", NULL);
    /* before -> after (1 - the next position's chance): 0.60 -> 0.55,
     * 0.45 -> 0.50 (a rise), 0.50 -> 0.60, 0.40 -> 0.50, 0.50 -> 0.50 */
    const double win[] = {0.60, 0.45, 0.50, 0.40, 0.50, 0.5};
    replay_analysis *a = judged(g, win);
    ck_assert_int_eq(analysis_judge(a, g), 0);
    static const double drops[] = {0.05, 0, 0, 0, 0};
    for (int n = 1; n <= 5; n++) {
        const replay_judgement *j = &a->moves[n - 1];
        ck_assert_int_eq(j->judged, 1);
        ck_assert_msg(j->drop == drops[n - 1], "ply %d drop %.17g", n, j->drop);
        ck_assert(j->before == win[n - 1]);
        ck_assert(fabs(j->after - (1 - win[n])) < 1e-9);
    }
    ck_assert_int_eq(a->moves[0].mark, REPLAY_MARK_INACCURACY);
    replay_analysis_free(a);
    /* the thresholds: drops from 0.60 to just under and on each */
    static const struct {
        double drop;
        replay_mark mark;
    } rows[] = {{0.0499, REPLAY_MARK_NONE},       {0.05, REPLAY_MARK_INACCURACY},
                {0.0999, REPLAY_MARK_INACCURACY}, {0.10, REPLAY_MARK_MISTAKE},
                {0.1499, REPLAY_MARK_MISTAKE},    {0.15, REPLAY_MARK_BLUNDER},
                {0.60, REPLAY_MARK_BLUNDER}};
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        const double w[] = {0.60, 0.40 + rows[i].drop, 0.5, 0.5, 0.5, 0.5};
        a = judged(g, w);
        ck_assert_int_eq(analysis_judge(a, g), 0);
        ck_assert_msg(a->moves[0].mark == rows[i].mark, "drop %g: mark %d (drop %g)", rows[i].drop,
                      a->moves[0].mark, a->moves[0].drop);
        replay_analysis_free(a);
    }
    /* the engine's own move is never marked, whatever the chances say */
    const double w3[] = {0.9, 0.9, 0.5, 0.5, 0.5, 0.5};
    a = judged(g, w3);
    a->positions[0].best = LOA_MOVE_MAKE(LOA_SQUARE(1, 0), LOA_SQUARE(1, 2)); /* b1b3, played */
    ck_assert_int_eq(analysis_judge(a, g), 0);
    ck_assert(a->moves[0].judged && a->moves[0].drop == 0 && a->moves[0].mark == REPLAY_MARK_NONE);
    replay_analysis_free(a);
    replay_game_free(g);
}
END_TEST

START_TEST(opening_and_unanalysed_plies_are_not_judged)
{
    replay_game *g = game_of("g1g3 h2f2 d1d3", "b1b3 a2c2");
    const double win[] = {0.9, 0.1, 0.9, 0.1, 0.9, 0.5};
    replay_analysis *a = judged(g, win);
    a->positions[4].eval = REPLAY_EVAL_NONE;
    ck_assert_int_eq(analysis_judge(a, g), 0);
    ck_assert_int_eq(a->moves[0].judged, 0); /* opening */
    ck_assert_int_eq(a->moves[1].judged, 0);
    ck_assert_int_eq(a->moves[2].judged, 1);
    ck_assert_int_eq(a->moves[3].judged, 0); /* next to an unanalysed position */
    ck_assert_int_eq(a->moves[4].judged, 0);
    replay_analysis_free(a);
    replay_game_free(g);
}
END_TEST

START_TEST(a_connection_not_played_is_a_missed_win)
{
    char moves[4096];
    loa_board b;
    random_until(connection_and_another, moves, sizeof moves - 8, &b);
    /* a move that does not connect, and does not end the game */
    loa_move other = quiet_move(&b);
    char t[LOA_MOVE_STRING_MAX];
    strcat(moves, " ");
    strcat(moves, loa_move_format(other, t));
    replay_game *g = game_of(moves, NULL);
    int plies = replay_game_info(g)->plies;
    double win[200];
    for (int i = 0; i <= plies; i++)
        win[i] = 0.5; /* chances flat: only the connection can mark the move */
    replay_analysis *a = judged(g, win);
    ck_assert_int_gt(a->positions[plies - 1].connecting, 0);
    ck_assert_int_eq(analysis_judge(a, g), 0);
    ck_assert_int_eq(a->moves[plies - 1].mark, REPLAY_MARK_MISSED_WIN);
    for (int k = 1; k < plies; k++)
        ck_assert_int_ne(a->moves[k - 1].mark, REPLAY_MARK_MISSED_WIN);
    replay_analysis_free(a);
    replay_game_free(g);
}
END_TEST

START_TEST(a_proven_win_given_up_is_a_missed_win)
{
    replay_game *g = game_of("b1b3 a2c2 g1g3 h2f2 d1d3", NULL);
    const double win[] = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5};
    /* black proves a win in 5 plies at ply 2; after g1g3 white is not
     * proven lost: given up, unless black's next position is a win again,
     * as near or nearer */
    static const struct {
        replay_eval_kind after;
        replay_eval_kind next;
        int next_plies;
        int missed;
    } rows[] = {
        {REPLAY_EVAL_CP, REPLAY_EVAL_CP, 0, 1},
        {REPLAY_EVAL_LOSS, REPLAY_EVAL_CP, 0, 0}, /* white proven lost: kept */
        {REPLAY_EVAL_CP, REPLAY_EVAL_WIN, 3, 0},  /* the reply did not escape */
        {REPLAY_EVAL_CP, REPLAY_EVAL_WIN, 5, 1},  /* farther than before: given up */
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        replay_analysis *a = judged(g, win);
        a->positions[2].eval = REPLAY_EVAL_WIN, a->positions[2].score = 5, a->positions[2].win = 1;
        a->positions[3].eval = rows[i].after, a->positions[3].score = 4;
        a->positions[3].win = rows[i].after == REPLAY_EVAL_LOSS ? 0 : 0.5;
        a->positions[4].eval = rows[i].next, a->positions[4].score = rows[i].next_plies;
        a->positions[4].win = rows[i].next == REPLAY_EVAL_WIN ? 1 : 0.5;
        ck_assert_int_eq(analysis_judge(a, g), 0);
        ck_assert_msg((a->moves[2].mark == REPLAY_MARK_MISSED_WIN) == rows[i].missed,
                      "row %zu: mark %d", i, a->moves[2].mark);
        replay_analysis_free(a);
    }
    replay_game_free(g);
}
END_TEST

START_TEST(a_suite_takes_the_position_before_the_worst_move)
{
    /* 5 plies, black moved 1 3 5; white lost (say) */
    replay_game *g = game_of("b1b3 a2c2 g1g3 h2f2 d1d3", NULL);
    const double win[] = {0.5, 0.5, 0.9, 0.2, 0.6, 0.5};
    replay_analysis *a = judged(g, win);
    ck_assert_int_eq(analysis_judge(a, g), 0);
    /* white's plies 2 (0.5 -> 0.1) and 4 (0.2 -> 0.4): the worst is 2 */
    ck_assert_int_eq(replay_analysis_side(a, g, 1).worst, 2);
    ck_assert_int_eq(analysis_suite_cut(g, a, 1, 10), 1);
    /* without an analysis: `before` plies before the end, the loser to move */
    ck_assert_int_eq(analysis_suite_cut(g, NULL, 1, 2), 3); /* after 3 plies white moves */
    ck_assert_int_eq(analysis_suite_cut(g, NULL, 0, 2),
                     2); /* 5 - 2 = 3 is white's: one more back */
    ck_assert_int_eq(analysis_suite_cut(g, NULL, 0, 1), 4);
    ck_assert_int_eq(analysis_suite_cut(g, NULL, 1, 10), -1); /* before the first ply */
    replay_analysis_free(a);
    replay_game_free(g);
}
END_TEST

START_TEST(filters_take_a_bots_games_and_losses)
{
    char err[512];
    replay_game *g;
    ck_assert_int_eq(replay_game_load(FIXTURES "normal.json", &g, err, sizeof err),
                     0); /* loa-negamax wins */
    analysis_filter all = {0}, neg = {.bot = "loa-negamax"},
                    greedy_lost = {.bot = "loa-greedy", .lost = 1},
                    neg_lost = {.bot = "loa-negamax", .lost = 1}, other = {.bot = "loa-ab"},
                    lost = {.lost = 1};
    ck_assert(analysis_filter_match(NULL, g));
    ck_assert(analysis_filter_match(&all, g));
    ck_assert(analysis_filter_match(&neg, g));
    ck_assert(analysis_filter_match(&greedy_lost, g));
    ck_assert(!analysis_filter_match(&neg_lost, g));
    ck_assert(!analysis_filter_match(&other, g));
    ck_assert(analysis_filter_match(&lost, g));
    replay_game_free(g);
    ck_assert_int_eq(replay_game_load(FIXTURES "draw.json", &g, err, sizeof err), 0);
    ck_assert(!analysis_filter_match(&lost, g));
    replay_game_free(g);
}
END_TEST

START_TEST(error_codes_are_distinct_and_in_range)
{
#define XX(name, code, text)                 \
    ck_assert(code <= -701 && code >= -799); \
    ck_assert_str_eq(analysis_strerror(code), text);
    ANALYSIS_ERROR_MAP(XX)
#undef XX
    ck_assert_str_eq(analysis_strerror(0), "success");
    ck_assert_str_eq(analysis_strerror(-1), "unknown analysis error");
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"requests_name_the_limit_and_the_board", requests_name_the_limit_and_the_board, 10},
        {"answers_are_read_and_checked_against_the_position",
         answers_are_read_and_checked_against_the_position, 10},
        {"engines_answer_after_their_info_lines", engines_answer_after_their_info_lines, 30},
        {"a_garbage_line_is_an_error_at_once", a_garbage_line_is_an_error_at_once, 20},
        {"the_scale_is_a_logistic_chance_to_a_ten_thousandth",
         the_scale_is_a_logistic_chance_to_a_ten_thousandth, 10},
        {"drops_are_judged_by_lichess_thresholds", drops_are_judged_by_lichess_thresholds, 10},
        {"opening_and_unanalysed_plies_are_not_judged", opening_and_unanalysed_plies_are_not_judged,
         10},
        {"a_connection_not_played_is_a_missed_win", a_connection_not_played_is_a_missed_win, 10},
        {"a_proven_win_given_up_is_a_missed_win", a_proven_win_given_up_is_a_missed_win, 10},
        {"a_suite_takes_the_position_before_the_worst_move",
         a_suite_takes_the_position_before_the_worst_move, 10},
        {"filters_take_a_bots_games_and_losses", filters_take_a_bots_games_and_losses, 10},
        {"error_codes_are_distinct_and_in_range", error_codes_are_distinct_and_in_range, 10},
    };
    return loa_run_suite("analysis", cases, LOA_COUNT(cases));
}

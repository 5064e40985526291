/*
 * check_analysis_cli - loa-analyse and loa-ab --analyse end to end:
 *  - loa-ab answers the analysis protocol (the same answer twice, forced
 *    plies followed, a connection as "win 1", bad requests as "error");
 *  - on positions built here with the SDK: a connecting move the record
 *    does not play is a missed win at that ply; a forced win in 2 (found
 *    and proven here by brute force) is "wins in 2", never a chance;
 *  - on a real game of loa-random against loa-ab: every best move legal,
 *    the random side's losing moves marked, the page holding the analysis;
 *  - --depth gives byte-identical analyses, whatever --jobs;
 *  - a game CodinGame recorded is analysed as it is;
 *  - bad command lines; a --bot no input has, refused naming the bots there.
 * The analysis of a league's games (suites of lost games, loa-arena
 * --analyse): check_analysis_league.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "analysis/analysis.h"
#include "analysis_cli_test_util.h"
#include "analysis_test_util.h"
#include "check_main.h"
#include "loa/loa.h"
#include "replay_test_util.h"

#define CG_FIXTURES LOA_SOURCE_DIR "/tests/fixtures/codingame/"

/* Writes a hand-made record of `moves` (analysis_test_util.h) to path. */
static void write_record(const char *path, const char *moves)
{
    char *text = hand_record(moves, NULL);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    free(text);
}

/* ---- positions built with the SDK ------------------------------------------------ */

static int wins(const loa_board *mover_before, const loa_board *after)
{
    return loa_board_status(after, 0) ==
           (mover_before->side == LOA_BLACK ? LOA_BLACK_WINS : LOA_WHITE_WINS);
}

static int can_connect(const loa_board *b)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        if (wins(b, &c))
            return 1;
    }
    return 0;
}

/* 1 when b's side to move wins within `plies` 2 or 3 whatever the replies:
 * a first move that does not end the game after which every reply either
 * connects the mover or leaves it (for 3) a connecting move. */
static int forced_win(const loa_board *b, int plies)
{
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        if (loa_board_status(&c, 0) != LOA_ONGOING)
            continue;
        loa_move rv[LOA_MAX_MOVES];
        int k = loa_generate_moves(&c, rv), ok = 1;
        if (k == 0) {
            loa_board d = c;
            loa_make_move(&d, LOA_MOVE_PASS, NULL);
            ok = plies == 3 && can_connect(&d);
        }
        for (int j = 0; j < k && ok; j++) {
            loa_board d = c;
            loa_make_move(&d, rv[j], NULL);
            if (wins(b, &d))
                continue;
            ok = plies == 3 && loa_board_status(&d, 0) == LOA_ONGOING && can_connect(&d);
        }
        if (ok)
            return 1;
    }
    return 0;
}

/* exactly a win in 2 of the mover's moves: 3 plies, not fewer */
static int win_in_two(const loa_board *b)
{
    return loa_count_moves(b) > 1 && !can_connect(b) && !forced_win(b, 2) && forced_win(b, 3);
}

static cJSON *analysis_of(const char *path)
{
    char *text = slurp(path, NULL);
    cJSON *a = cJSON_Parse(text);
    free(text);
    ck_assert_ptr_nonnull(a);
    return a;
}

static const cJSON *at(const cJSON *a, const char *array, int i, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(
        cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, array), i), key);
}

START_TEST(a_connection_not_played_is_marked_a_missed_win)
{
    setup();
    char moves[4096], cmd[4096], out[8192];
    loa_board b;
    random_until(connection_and_another, moves, sizeof moves - 8, &b);
    int plies = 1;
    for (const char *s = moves; *s; s++)
        plies += *s == ' ';
    /* the record plays a move that does not connect (nor end the game) */
    loa_move other = quiet_move(&b);
    char t[LOA_MOVE_STRING_MAX];
    snprintf(moves + strlen(moves), 8, " %s", loa_move_format(other, t));
    write_record(tmp("g.json"), moves);
    snprintf(cmd, sizeof cmd, BIN "loa-analyse --nodes 20000 --marks %s 2>&1", tmp("g.json"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    cJSON *a = analysis_of(tmp("g.analysis.json"));
    ck_assert_int_gt(at(a, "positions", plies, "connecting")->valueint, 0);
    ck_assert_str_eq(at(a, "moves", plies, "mark")->valuestring, "missed_win");
    for (int k = 0; k < plies; k++) /* the random plies before gave up no connection */
        ck_assert(cJSON_IsNull(at(a, "moves", k, "mark")) ||
                  strcmp(at(a, "moves", k, "mark")->valuestring, "missed_win") != 0);
    char want[64];
    snprintf(want, sizeof want, "ply %3d %smiss", plies + 1, t);
    ck_assert_msg(strstr(out, want) && strstr(out, "1 missed win"), "no '%s' in:\n%s", want, out);
    cJSON_Delete(a);
    teardown();
}
END_TEST

START_TEST(a_forced_win_in_2_is_shown_as_wins_in_2)
{
    setup();
    char moves[4096], cmd[4096], out[8192];
    loa_board b;
    random_until(win_in_two, moves, sizeof moves, &b);
    int plies = 1;
    for (const char *s = moves; *s; s++)
        plies += *s == ' ';
    write_record(tmp("w.json"), moves);
    snprintf(cmd, sizeof cmd, BIN "loa-analyse --nodes 20000 %s 2>&1", tmp("w.json"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    cJSON *a = analysis_of(tmp("w.analysis.json"));
    ck_assert_str_eq(at(a, "positions", plies, "eval")->valuestring, "win");
    ck_assert_int_eq(at(a, "positions", plies, "score")->valueint, 3);
    ck_assert(at(a, "positions", plies, "win")->valuedouble == 1); /* exact, not a chance */
    replay_position p = {.eval = REPLAY_EVAL_WIN, .score = 3};
    char text[32];
    ck_assert_str_eq(replay_eval_text(&p, text, sizeof text), "wins in 2");
    char *html = slurp(tmp("w.html"), NULL);
    ck_assert_ptr_nonnull(strstr(html, "\"text\":\"wins in 2\""));
    free(html);
    cJSON_Delete(a);
    teardown();
}
END_TEST

/* A real game of loa-random (black) against loa-ab (white), its record.
 * loa-ab stops at a node count; the limits are raised so that a slow build
 * (ASan) on a loaded machine does not lose on time a game whose moves are
 * all this test is about. */
static void real_game(const char *path)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd,
             BIN "loa-referee -p1 '" BIN "loa-random -s 5' -p2 '" BIN
                 "loa-ab --nodes 20000' -d seed=5 --first-turn-ms 20000 --turn-ms 5000 -l %s 2>&1",
             path);
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
}

START_TEST(the_random_sides_losing_moves_are_marked)
{
    setup();
    char cmd[4096], out[16384], err[512];
    real_game(tmp("r.json"));
    snprintf(cmd, sizeof cmd, BIN "loa-analyse --nodes 20000 %s 2>&1", tmp("r.json"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    replay_game *g;
    replay_analysis *a;
    ck_assert_int_eq(replay_game_load(tmp("r.json"), &g, err, sizeof err), 0);
    ck_assert_str_eq(replay_game_info(g)->winner, "white");
    /* the strict reader: every best move and line legal, the marks those
     * of the thresholds, the summaries those of the marks */
    ck_assert_msg(replay_analysis_load(g, tmp("r.analysis.json"), &a, err, sizeof err) == 0, "%s",
                  err);
    loa_board b;
    loa_board_init(&b);
    int losing = 0;
    for (int n = 0; n < a->plies; n++) {
        const replay_position *p = &a->positions[n];
        ck_assert(p->eval == REPLAY_EVAL_CP || p->eval == REPLAY_EVAL_WIN ||
                  p->eval == REPLAY_EVAL_LOSS);
        ck_assert_msg(loa_is_legal(&b, p->best), "ply %d: best move not legal", n);
        loa_move m;
        loa_move_parse(replay_game_ply(g, n + 1)->move, &m);
        loa_make_move(&b, m, NULL);
        /* a move of the random side (black) from a position not yet lost
         * into one lost (proven, or the end): marked */
        const replay_judgement *j = &a->moves[n];
        const replay_position *q = &a->positions[n + 1];
        int lost_after = q->eval == REPLAY_EVAL_WIN || (q->eval == REPLAY_EVAL_END && q->score > 0);
        if (replay_game_ply(g, n + 1)->player == 0 && j->judged && lost_after &&
            j->before >= ANALYSIS_BLUNDER) {
            losing++;
            ck_assert_msg(j->mark == REPLAY_MARK_BLUNDER || j->mark == REPLAY_MARK_MISSED_WIN,
                          "ply %d: a losing move (%g -> %g) marked %d", n + 1, j->before, j->after,
                          j->mark);
        }
    }
    replay_side_summary rnd = replay_analysis_side(a, g, 0), ab = replay_analysis_side(a, g, 1);
    ck_assert_int_eq(rnd.lost, 1);
    ck_assert_int_gt(rnd.worst, 0);
    ck_assert_int_ne(a->moves[rnd.worst - 1].mark, REPLAY_MARK_NONE);
    int marked_rnd = 0, marked_ab = 0;
    double lost_rnd = 0, lost_ab = 0; /* the chance each side gave away */
    for (int m = REPLAY_MARK_INACCURACY; m < REPLAY_MARK_COUNT; m++)
        marked_rnd += rnd.marks[m], marked_ab += ab.marks[m];
    for (int n = 1; n <= a->plies; n++)
        *(replay_game_ply(g, n)->player ? &lost_ab : &lost_rnd) += a->moves[n - 1].drop;
    ck_assert_msg(marked_rnd >= 3 && marked_rnd > marked_ab, "random %d marks, loa-ab %d",
                  marked_rnd, marked_ab);
    ck_assert_msg(lost_rnd > 2 * lost_ab, "random gave away %g, loa-ab %g", lost_rnd, lost_ab);
    /* the summary names the worst moment of the lost game */
    char want[64];
    snprintf(want, sizeof want, "worst: ply %d %s", rnd.worst, replay_game_ply(g, rnd.worst)->move);
    ck_assert_msg(strstr(out, want), "no '%s' in\n%s", want, out);
    /* (a game where the random side is lost gradually has no such move:
     * losing counts those it had) */
    (void)losing;
    replay_analysis_free(a);
    replay_game_free(g);
    teardown();
}
END_TEST

START_TEST(depth_gives_byte_identical_analyses)
{
    setup();
    char cmd[4096], out[4096];
    real_game(tmp("d.json"));
    size_t len[3];
    char *text[3];
    static const char *const runs[] = {"--jobs 1", "--jobs 2", "--jobs 3"};
    for (int i = 0; i < 3; i++) {
        snprintf(cmd, sizeof cmd, BIN "loa-analyse --depth 4 %s --no-pages -q %s 2>&1", runs[i],
                 tmp("d.json"));
        ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
        text[i] = slurp(tmp("d.analysis.json"), &len[i]);
    }
    for (int i = 1; i < 3; i++) {
        ck_assert_int_eq(len[i], len[0]);
        ck_assert_msg(memcmp(text[i], text[0], len[0]) == 0, "%s differs", runs[i]);
    }
    ck_assert_ptr_nonnull(strstr(text[0], "\"limit\":\t\"depth\""));
    for (int i = 0; i < 3; i++)
        free(text[i]);
    teardown();
}
END_TEST

START_TEST(a_codingame_file_is_analysed_as_it_is)
{
    setup();
    char cmd[4096], out[8192], err[512];
    snprintf(cmd, sizeof cmd,
             "cp " CG_FIXTURES "normal.site.json %s && " BIN "loa-analyse --nodes 5000 %s 2>&1",
             tmp("cg.json"), tmp("cg.json"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    replay_game *g;
    replay_analysis *a;
    ck_assert_int_eq(replay_game_load(tmp("cg.json"), &g, err, sizeof err), 0);
    ck_assert_str_eq(replay_game_info(g)->imported_from, "codingame-site");
    ck_assert_msg(replay_analysis_load(g, tmp("cg.analysis.json"), &a, err, sizeof err) == 0, "%s",
                  err);
    ck_assert_int_eq(a->plies, replay_game_info(g)->plies);
    char *html = slurp(tmp("cg.html"), NULL);
    ck_assert_ptr_nonnull(strstr(html, "\"analysis\":{"));
    free(html);
    replay_analysis_free(a);
    replay_game_free(g);
    teardown();
}
END_TEST

START_TEST(loa_ab_answers_the_analysis_protocol)
{
    setup();
    char cmd[4096], out[8192];
    FILE *f = fopen(tmp("req.txt"), "w");
    ck_assert_ptr_nonnull(f);
    /* the start twice (a cleared table: the same answer); a position with
     * one legal move (h8e5: a1 and h8 boxed in by white) and one with none
     * (a pass); a bad request; a board with the game over */
    fputs(
        "go depth 4 .bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b\n"
        "go nodes 5000 .bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b\n"
        "go nodes 5000 .bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b\n"
        "go depth 3 ......wb/.......w/......../......../......../......../ww....../bw...... b\n"
        "go depth 3 ......wb/......ww/......../......../......../......../ww....../bw...... b 10\n"
        "go fast 3 .bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b\n"
        "hello\n"
        "go depth 3 b......./......../......../......../......../......../......../w....... b\n"
        "quit\n"
        "go depth 3 never read\n",
        f);
    fclose(f);
    snprintf(cmd, sizeof cmd, BIN "loa-ab --analyse < %s 2>&1", tmp("req.txt"));
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    char *line[16];
    int n = 0;
    for (char *sv = NULL, *l = strtok_r(out, "\n", &sv); l && n < 16; l = strtok_r(NULL, "\n", &sv))
        line[n++] = l;
    ck_assert_int_eq(n, 8);
    loa_board b;
    loa_board_init(&b);
    analysis_reply r;
    char err[512];
    ck_assert_msg(analysis_reply_parse(line[0], &b, &r, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(r.depth, 4);
    ck_assert_int_eq(r.pv_len, 4);
    ck_assert_str_eq(line[1], line[2]);
    ck_assert_int_eq(analysis_reply_parse(line[1], &b, &r, err, sizeof err), 0);
    ck_assert_int_le(r.nodes, 5000);
    ck_assert_msg(strncmp(line[3], "bestmove h8e5 score cp ", 23) == 0 &&
                      strstr(line[3], " pv h8e5 "),
                  "%s", line[3]);
    ck_assert_msg(strncmp(line[4], "bestmove pass score cp ", 23) == 0 &&
                      strstr(line[4], " pv pass "),
                  "%s", line[4]);
    ck_assert_msg(strncmp(line[5], "error bad limit", 15) == 0, "%s", line[5]);
    ck_assert_msg(strncmp(line[6], "error unknown request", 21) == 0, "%s", line[6]);
    ck_assert_msg(strncmp(line[7], "error bad board or game over", 28) == 0, "%s", line[7]);
    teardown();
}
END_TEST

START_TEST(a_connection_is_a_win_in_1_for_loa_ab)
{
    setup();
    char moves[4096], cmd[8192], out[4096];
    loa_board b;
    random_until(connection_and_another, moves, sizeof moves, &b);
    char board[LOA_BOARD_STRING_MAX];
    loa_board_format(&b, board, sizeof board);
    snprintf(cmd, sizeof cmd, "echo 'go nodes 1000 %s' | " BIN "loa-ab --analyse 2>&1", board);
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    analysis_reply r;
    char err[512];
    out[strcspn(out, "\n")] = '\0';
    ck_assert_msg(analysis_reply_parse(out, &b, &r, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(r.eval, REPLAY_EVAL_WIN);
    ck_assert_int_eq(r.score, 1);
    loa_board c = b;
    loa_make_move(&c, r.best, NULL);
    ck_assert(wins(&b, &c));
    teardown();
}
END_TEST

START_TEST(bad_command_lines_exit_2_with_one_line)
{
    static const char *const bad[] = {"",
                                      "--depth 0 x.json",
                                      "--depth 3 --nodes 5 x.json",
                                      "--jobs 0 x.json",
                                      "--scale -3 x.json",
                                      "--suite s.txt x.json",
                                      "--bogus x.json",
                                      "--nodes",
                                      "--game x d"};
    char cmd[1024], out[4096];
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        snprintf(cmd, sizeof cmd, BIN "loa-analyse %s 2>&1", bad[i]);
        ck_assert_msg(run(cmd, out, sizeof out) == 2, "'%s': %s", bad[i], out);
        ck_assert_msg(strncmp(out, "loa-analyse: ", 13) == 0 &&
                          strchr(out, '\n') == out + strlen(out) - 1,
                      "'%s' -> %s", bad[i], out);
    }
    snprintf(cmd, sizeof cmd, BIN "loa-analyse /nonexistent.json 2>&1");
    ck_assert_int_eq(run(cmd, out, sizeof out), 1);
    ck_assert_msg(strstr(out, "/nonexistent.json"), "%s", out);
    snprintf(cmd, sizeof cmd,
             BIN "loa-analyse --engine 'exit 0' " LOA_SOURCE_DIR
                 "/tests/fixtures/replay/normal.json --no-pages 2>&1");
    ck_assert_int_eq(run(cmd, out, sizeof out), 1);
    ck_assert_msg(strstr(out, "engine 'exit 0'"), "%s", out);
}
END_TEST

/* --bot NAME in none of the inputs: exit 2, one line naming NAME and the
 * bots there (it was "no game matched", exit 0); a NAME in any input is
 * taken, even when the others lack it. */
START_TEST(an_unknown_bot_is_refused_naming_the_bots_there)
{
    setup();
    char cmd[2048], out[4096];
    static const char *const runs[] = {"--bot nobody", "--suite %s --bot nobody",
                                       "--lost --bot nobody --depth 1"};
    for (size_t i = 0; i < LOA_COUNT(runs); i++) {
        char opts[512];
        snprintf(opts, sizeof opts, runs[i], tmp("suite.txt"));
        snprintf(cmd, sizeof cmd,
                 BIN "loa-analyse %s " LOA_SOURCE_DIR
                     "/tests/fixtures/replay/normal.json " LOA_SOURCE_DIR
                     "/tests/fixtures/replay/draw.json 2>&1",
                 opts);
        ck_assert_msg(run(cmd, out, sizeof out) == 2, "'%s': %s", opts, out);
        ck_assert_msg(strstr(out, "loa-analyse: --bot: no bot 'nobody' in ") &&
                          strstr(out, "'loa-negamax', 'loa-greedy', './hostile-random')") &&
                          strchr(out, '\n') == out + strlen(out) - 1,
                      "'%s': %s", opts, out);
        ck_assert_msg(access(tmp("suite.txt"), F_OK) != 0, "'%s': a suite was written", opts);
    }
    /* a bot of the second input only: its games taken */
    snprintf(cmd, sizeof cmd,
             BIN "loa-analyse --suite %s --bot loa-greedy " LOA_SOURCE_DIR
                 "/tests/fixtures/replay/draw.json " LOA_SOURCE_DIR
                 "/tests/fixtures/replay/normal.json 2>&1",
             tmp("suite.txt"));
    ck_assert_msg(run(cmd, out, sizeof out) == 0 && strstr(out, "1 openings"), "%s", out);
    teardown();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"loa_ab_answers_the_analysis_protocol", loa_ab_answers_the_analysis_protocol, 30},
        {"a_connection_is_a_win_in_1_for_loa_ab", a_connection_is_a_win_in_1_for_loa_ab, 30},
        {"a_connection_not_played_is_marked_a_missed_win",
         a_connection_not_played_is_marked_a_missed_win, 120},
        {"a_forced_win_in_2_is_shown_as_wins_in_2", a_forced_win_in_2_is_shown_as_wins_in_2, 120},
        {"the_random_sides_losing_moves_are_marked", the_random_sides_losing_moves_are_marked, 120},
        {"depth_gives_byte_identical_analyses", depth_gives_byte_identical_analyses, 120},
        {"a_codingame_file_is_analysed_as_it_is", a_codingame_file_is_analysed_as_it_is, 60},
        {"bad_command_lines_exit_2_with_one_line", bad_command_lines_exit_2_with_one_line, 30},
        {"an_unknown_bot_is_refused_naming_the_bots_there",
         an_unknown_bot_is_refused_naming_the_bots_there, 30},
    };
    return loa_run_suite("analysis_cli", cases, LOA_COUNT(cases));
}

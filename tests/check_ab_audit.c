/*
 * Tests of loa-ab-audit and its checks (bots/tools/audit_check.c): which
 * moves let the opponent connect at once, loa-ab's report line parsed and
 * judged against its principal variation, and the tool on a game played
 * through loa-referee, clean and doctored.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "ab_test_util.h"
#include "check_main.h"

static loa_move move_of(const char *text)
{
    loa_move m;
    ck_assert_int_eq(loa_move_parse(text, &m), LOA_OK);
    return m;
}

START_TEST(finds_the_moves_that_let_the_opponent_connect)
{
    loa_board b = ab_board(POS_TRAP);
    int moves;
    ck_assert_int_eq(audit_count_allowing(&b, LOA_MAX_PLIES, &moves), 1);
    ck_assert_int_eq(moves, 23);
    ck_assert(audit_allows_connection(&b, move_of("d2g5"), LOA_MAX_PLIES));
    ck_assert(!audit_allows_connection(&b, move_of("f3c3"), LOA_MAX_PLIES));
    /* the capture g7xd7 connects white's d4 e4 at once: it counts too */
    b = ab_board(POS_LOSS_IN_ONE);
    ck_assert(audit_allows_connection(&b, move_of("g7d7"), LOA_MAX_PLIES));
    int allowing = audit_count_allowing(&b, LOA_MAX_PLIES, &moves);
    ck_assert_int_gt(allowing, moves / 2);
    ck_assert_int_lt(allowing, moves);
    /* a winning move allows nothing */
    b = ab_board(POS_WIN_IN_ONE);
    ck_assert(!audit_allows_connection(&b, move_of("d7d5"), LOA_MAX_PLIES));
}
END_TEST

START_TEST(parses_the_last_report_among_other_lines)
{
    audit_report r;
    ck_assert_int_eq(audit_report_parse(NULL, &r), 0);
    ck_assert_int_eq(audit_report_parse("depth 1 score 5 nodes 20 time 3 us\n", &r), 0);
    ck_assert_int_eq(
        audit_report_parse("loa-ab: warning: a1a2 is not in the referee's list; playing its "
                           "first move\n",
                           &r),
        0);
    const char *text =
        "depth 9 score -173 nodes 101878 time 104488 us\n"
        "loa-ab: c8a6 depth 9 score -144 nodes 86387 time 84.2 ms nps 1025584 pv c8a6 e6e3\n"
        "loa-ab: d2g5 depth 2 score -29998 nodes 120 time 0.1 ms nps 1 pv d2g5 a4b3 (got 61% of "
        "a core)\n";
    ck_assert_int_eq(audit_report_parse(text, &r), 1);
    ck_assert_uint_eq(r.move, move_of("d2g5"));
    ck_assert_int_eq(r.depth, 2);
    ck_assert_int_eq(r.score, -29998);
    ck_assert_int_eq(r.nodes, 120);
    ck_assert_int_eq(r.pv_len, 2);
    ck_assert_uint_eq(r.pv[1], move_of("a4b3"));
    ck_assert_int_eq(audit_report_parse("loa-ab: pass depth 0 score 0 nodes 0 time 0.0 ms nps 0 "
                                        "pv pass",
                                        &r),
                     1);
    ck_assert_uint_eq(r.pv[0], LOA_MOVE_PASS);
    ck_assert_int_eq(r.lower_bound, 0);
    ck_assert_int_eq(audit_report_parse("loa-ab: f3c3 depth 9 score -57 lowerbound nodes 5 time 0 "
                                        "ms nps 0 pv f3c3",
                                        &r),
                     1);
    ck_assert_int_eq(r.lower_bound, 1);
    ck_assert_int_eq(r.score, -57);
    ck_assert_int_eq(r.nodes, 5);
    /* malformed: a bad move, a missing field, a bad PV move */
    ck_assert_int_eq(audit_report_parse("loa-ab: d2g9 depth 2 score 1 nodes 1 time 0 ms nps 0 "
                                        "pv d2g9",
                                        &r),
                     -1);
    ck_assert_int_eq(audit_report_parse("loa-ab: d2g5 depth 2 nodes 1 time 0 ms nps 0 pv d2g5", &r),
                     -1);
    ck_assert_int_eq(audit_report_parse("loa-ab: d2g5 depth 2 score 1 nodes 1 time 0 ms nps 0 "
                                        "pv d2g5 zz",
                                        &r),
                     -1);
}
END_TEST

/* audit_report_check of the report line `line` for the move played. */
static int check_line(const char *board, const char *played, const char *line)
{
    loa_board b = ab_board(board);
    audit_report r;
    ck_assert_int_eq(audit_report_parse(line, &r), 1);
    char why[160];
    return audit_report_check(&b, move_of(played), &r, LOA_MAX_PLIES, why, sizeof why);
}

START_TEST(judges_a_report_against_its_pv)
{
#define L(rest) "loa-ab: " rest
    /* the lost game's report: a loss in 2 plies reported as -223 */
    ck_assert_int_eq(check_line(POS_TRAP, "d2g5",
                                L("d2g5 depth 12 score -223 nodes 1 time 1 ms nps 1 pv d2g5 a4b3")),
                     -1);
    ck_assert_int_eq(
        check_line(POS_TRAP, "d2g5",
                   L("d2g5 depth 12 score -29998 nodes 1 time 1 ms nps 1 pv d2g5 a4b3")),
        0);
    /* a win: the mover's, scored from the root side */
    ck_assert_int_eq(check_line(POS_WIN_IN_ONE, "d7d5",
                                L("d7d5 depth 3 score 29999 nodes 1 time 1 ms nps 1 pv d7d5")),
                     0);
    ck_assert_int_eq(check_line(POS_WIN_IN_ONE, "d7d5",
                                L("d7d5 depth 3 score -29999 nodes 1 time 1 ms nps 1 pv d7d5")),
                     -1);
    /* an ordinary score with a PV of its depth */
    ck_assert_int_eq(check_line(POS_TRAP, "f3c3",
                                L("f3c3 depth 2 score -180 nodes 1 time 1 ms nps 1 pv f3c3 c7f4")),
                     0);
    /* ... not as long as its depth; a win score with no end; another move
     * played; a PV not starting with it; an illegal PV move; a PV going on
     * after the end */
    ck_assert_int_eq(check_line(POS_TRAP, "f3c3",
                                L("f3c3 depth 3 score -180 nodes 1 time 1 ms nps 1 pv f3c3 c7f4")),
                     -1);
    ck_assert_int_eq(check_line(POS_TRAP, "f3c3",
                                L("f3c3 depth 2 score 29990 nodes 1 time 1 ms nps 1 pv f3c3 c7f4")),
                     -1);
    ck_assert_int_eq(check_line(POS_TRAP, "c8a6",
                                L("f3c3 depth 2 score -180 nodes 1 time 1 ms nps 1 pv f3c3 c7f4")),
                     -1);
    ck_assert_int_eq(check_line(POS_TRAP, "f3c3",
                                L("f3c3 depth 2 score -180 nodes 1 time 1 ms nps 1 pv c8a6 c7f4")),
                     -1);
    ck_assert_int_eq(check_line(POS_TRAP, "f3c3",
                                L("f3c3 depth 2 score -180 nodes 1 time 1 ms nps 1 pv f3c3 f3c3")),
                     -1);
    ck_assert_int_eq(
        check_line(POS_TRAP, "d2g5",
                   L("d2g5 depth 3 score -29998 nodes 1 time 1 ms nps 1 pv d2g5 a4b3 c8a6")),
        -1);
    /* a lower bound: the move alone, not a move that ends the game */
    ck_assert_int_eq(
        check_line(POS_TRAP, "f3c3",
                   L("f3c3 depth 15 score -180 lowerbound nodes 1 time 1 ms nps 1 pv f3c3")),
        0);
    ck_assert_int_eq(
        check_line(POS_TRAP, "f3c3",
                   L("f3c3 depth 15 score -180 lowerbound nodes 1 time 1 ms nps 1 pv f3c3 c7f4")),
        -1);
    ck_assert_int_eq(check_line(POS_WIN_IN_ONE, "d7d5",
                                L("d7d5 depth 3 score 29999 lowerbound nodes 1 time 1 ms nps 1 "
                                  "pv d7d5")),
                     -1);
#undef L
}
END_TEST

/* Path of a temporary file named after this process and `name`. */
static const char *tmp_path(const char *name)
{
    static char path[4][128];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "/tmp/check_ab_audit_%d_%s", (int)getpid(), name);
    return p;
}

/* Runs loa-ab-audit with args; its output (the caller frees), status. */
static char *audit(const char *args, int *status)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/loa-ab-audit %s 2>&1", LOA_BIN_DIR, args);
    return ab_run(cmd, status);
}

/* Plays `loa-ab --nodes N` (black, named ab) against loa-greedy -s 3
 * (white, named greedy) through loa-referee, with generous time limits and
 * `extra` arguments; the record goes to path. A node limit: the same game
 * on any machine. */
static void play(const char *nodes, const char *extra, const char *path)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "%s/loa-referee -p1 '%s/loa-ab --nodes %s' -p2 '%s/loa-greedy -s 3' "
             "--black-name ab --white-name greedy --seed 5 --first-turn-ms 5000 --turn-ms 2000 "
             "%s -l %s > /dev/null 2>&1",
             LOA_BIN_DIR, LOA_BIN_DIR, nodes, LOA_BIN_DIR, extra, path);
    ck_assert_msg(system(cmd) == 0, "%s", cmd);
}

START_TEST(audit_passes_a_clean_game_and_flags_a_doctored_report)
{
    char cmd[1024], *out;
    int st;
    snprintf(cmd, sizeof cmd, "%s/loa-referee", LOA_BIN_DIR);
    if (access(cmd, X_OK) != 0) {
        fprintf(stderr, "check_ab_audit: SKIPPED the game: %s is not built\n", cmd);
        return;
    }
    const char *record = tmp_path("game.json"), *doctored = tmp_path("doctored.json");
    play("20000", "", record);
    out = audit(record, &st);
    ck_assert_msg(st == 0, "loa-ab-audit %s exited %d:\n%s", record, st, out);
    ck_assert_msg(strstr(out, "moves letting the opponent connect when another did not: 0") &&
                      strstr(out, "reports contradicting their PV: 0") &&
                      !strstr(out, " 0 turns of loa-ab"),
                  "%s", out);
    free(out);
    /* loa-ab's first report with a win score: its PV ends no game */
    cJSON *root = ab_read_json(record);
    cJSON *ply = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "plies"), 0);
    const cJSON *err = cJSON_GetObjectItemCaseSensitive(ply, "stderr");
    ck_assert(cJSON_IsString(err));
    const char *score = strstr(err->valuestring, " score ");
    ck_assert_ptr_nonnull(score);
    const char *rest = strstr(score + 7, " nodes ");
    ck_assert_ptr_nonnull(rest);
    char line[4096];
    snprintf(line, sizeof line, "%.*s score 29990%s", (int)(score - err->valuestring),
             err->valuestring, rest);
    cJSON_ReplaceItemInObjectCaseSensitive(ply, "stderr", cJSON_CreateString(line));
    char *json = cJSON_PrintUnformatted(root);
    FILE *f = fopen(doctored, "w");
    ck_assert_ptr_nonnull(f);
    fputs(json, f);
    fclose(f);
    free(json);
    cJSON_Delete(root);
    out = audit(doctored, &st);
    ck_assert_msg(st == 1 && strstr(out, "ply 1: ") && strstr(out, "score 29990") &&
                      strstr(out, "reports contradicting their PV: 1"),
                  "%s", out);
    free(out);
    /* --bot: loa-ab's plies are ab's; greedy's have no report */
    snprintf(cmd, sizeof cmd, "-q --bot ab %s", doctored);
    out = audit(cmd, &st);
    ck_assert_msg(st == 1 && strstr(out, "reports contradicting their PV: 1") &&
                      !strstr(out, "ply 1: "),
                  "%s", out);
    free(out);
    snprintf(cmd, sizeof cmd, "-q --bot greedy %s", doctored);
    out = audit(cmd, &st);
    ck_assert_msg(st == 0 && strstr(out, " 0 turns of loa-ab"), "%s", out);
    free(out);
    /* An opening and a short game: loa-ab counts its plies from its first
     * turn and plays to 150, so its PVs cross the real end at ply 16 (a
     * draw it cannot see): apart, not defects. */
    play("5000", "--opening 'f1f3 a5c7 d1d3 a3a8' --max-plies 16", record);
    out = audit(record, &st);
    ck_assert_msg(st == 0 && strstr(out, "reports contradicting their PV: 0 (and ") &&
                      !strstr(out, "reports contradicting their PV: 0 (and 0 "),
                  "%s", out);
    free(out);
    unlink(record);
    unlink(doctored);
}
END_TEST

START_TEST(audit_refuses_bad_usage_and_names_a_bad_record)
{
    int st;
    char *out = audit("", &st);
    ck_assert_int_eq(st, 2);
    free(out);
    out = audit("--help", &st);
    ck_assert_int_eq(st, 0);
    ck_assert_ptr_nonnull(strstr(out, "Usage:"));
    free(out);
    const char *bad = tmp_path("bad.json");
    FILE *f = fopen(bad, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"plies\": 3}", f);
    fclose(f);
    out = audit(bad, &st);
    ck_assert_msg(st == 2 && strstr(out, "not a game record"), "%s", out);
    free(out);
    /* an illegal move in an otherwise good record */
    f = fopen(bad, "w");
    fputs("{\"opening\": \"\", \"plies\": [{\"move\": \"a1a2\", \"stderr\": \"\"}]}", f);
    fclose(f);
    out = audit(bad, &st);
    ck_assert_msg(st == 2 && strstr(out, "an illegal move at ply 1"), "%s", out);
    free(out);
    unlink(bad);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"finds_the_moves_that_let_the_opponent_connect",
         finds_the_moves_that_let_the_opponent_connect, 10},
        {"parses_the_last_report_among_other_lines", parses_the_last_report_among_other_lines, 10},
        {"judges_a_report_against_its_pv", judges_a_report_against_its_pv, 10},
        {"audit_passes_a_clean_game_and_flags_a_doctored_report",
         audit_passes_a_clean_game_and_flags_a_doctored_report, 120},
        {"audit_refuses_bad_usage_and_names_a_bad_record",
         audit_refuses_bad_usage_and_names_a_bad_record, 30},
    };
    return loa_run_suite("ab_audit", cases, LOA_COUNT(cases));
}
